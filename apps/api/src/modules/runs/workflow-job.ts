import { z } from "zod";
import { WORKFLOWS, type RunConfig } from "@sieve/contracts";

/** The engine domains that execute the New Job modal's workflows (their handlers are in `workflows/jobs.ts`). */
export const VHTS_DOMAIN = "vhts";
export const LEAD_OPT_DOMAIN = "lead_opt";
export const CUSTOM_DOMAIN = "custom";

/** What a workflow engine job stores as its input: the run it executes, and who launched it. */
export const WorkflowJobInput = z.looseObject({
  run_id: z.string(),
  workflow: z.enum(WORKFLOWS),
  /** The run's config, checked in full when the run was created (RunCreateBody); here only its shape. */
  config: z.custom<RunConfig>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      ["inputs", "budget", "search_space"].every(
        (key) => typeof (value as Record<string, unknown>)[key] === "object",
      ) &&
      Array.isArray((value as Record<string, unknown>).modules),
    "the run config must have inputs, modules, budget and search_space",
  ),
  user_id: z.number().int(),
  /** This job's part of a VHTS run split over several remote workers (the RemoteExecution module's `shards`). */
  shard: z.object({ index: z.number().int().min(0), count: z.number().int().min(1) }).optional(),
});
export type WorkflowJobInput = z.infer<typeof WorkflowJobInput>;

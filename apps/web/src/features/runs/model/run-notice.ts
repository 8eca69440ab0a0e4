import type { Run } from "@sieve/contracts";
import { waitingForExecutor } from "../../../config/workflows";
import { shortId } from "../../../lib/format";

const ACTIVE = new Set(["queued", "running"]);

/** Whether a run may still change status, so a view of it keeps polling. */
export function runIsActive(status: string): boolean {
  return ACTIVE.has(status);
}

/**
 * The dashboard's line about the run just launched, for its current status (it follows the run): what it waits
 * for while queued, then running, then how it ended.
 */
export function runNotice(run: Pick<Run, "id" | "status" | "workflow">): {
  tone: "success" | "info" | "error";
  text: string;
} {
  const name = `Run ${shortId(run.id)}`;
  switch (run.status) {
    case "queued":
      return { tone: "success", text: `${name} is queued. ${waitingForExecutor(run.workflow)}.` };
    case "running":
      return { tone: "info", text: `${name} is running.` };
    case "completed":
      return { tone: "success", text: `${name} has completed.` };
    case "failed":
      return { tone: "error", text: `${name} has failed: its page says why.` };
    default:
      return { tone: "info", text: `${name} is ${run.status}.` };
  }
}

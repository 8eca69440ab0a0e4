import { z } from "zod";
import type { EngineJobRow } from "./store";

/**
 * What a module adds around its domain's compute task, on the API side of a job: threads never open
 * the database, so `prepare` reads what the task needs and `finish` stores what it made. Both get the
 * job's input already checked against its type's schema.
 */
export interface EngineDomainHandler<Input = unknown> {
  /** The compute task's input, built from the job's stored input. */
  prepare(job: EngineJobRow, input: Input): Promise<unknown>;
  /** Stores the task's output and returns the job's result. */
  finish(job: EngineJobRow, output: unknown, input: Input): Promise<unknown>;
}

/** One kind of engine job: the schemas of what it stores, and its database-side steps if it has any. */
export interface JobType<Input = unknown> {
  domain: string;
  /** The job's stored input (`engine_jobs.input`), checked before the job is prepared and finished. */
  input: z.ZodType<Input>;
  /** The job's result (`engine_jobs.result`), checked before the job completes. */
  result: z.ZodType;
  /** Without one, the stored input is the compute task's input and the task's output the result. */
  handler?: EngineDomainHandler<Input>;
}

/** The result most engine jobs store: a headline figure and the metrics the run page shows. */
export const EngineJobResult = z.looseObject({
  best_fitness: z.number().nullable(),
  final_metrics: z.record(z.string(), z.unknown()),
});

/** A job's stored input or its result does not match its type: the job fails with this message. */
export class JobPayloadError extends Error {
  constructor(
    readonly domain: string,
    readonly payload: "input" | "result",
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `The ${domain} job's ${payload} does not match its type: ${issues
        .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
        .join("; ")}`,
    );
    this.name = "JobPayloadError";
  }
}

/**
 * Every engine job type of the platform, built once in `buildApp` and handed to the embedded
 * dispatcher and the worker port, so both prepare and finish a job the same way.
 */
export class JobTypeRegistry {
  private readonly types = new Map<string, JobType>();

  add<Input>(type: JobType<Input>): this {
    if (this.types.has(type.domain)) throw new Error(`The engine job type ${type.domain} is registered twice`);
    // Stored without its input type: `prepare` and `finish` hand the handler what its own schema parsed.
    this.types.set(type.domain, type as unknown as JobType);
    return this;
  }

  get domains(): string[] {
    return [...this.types.keys()];
  }

  /** The compute task's input of a claimed job; a JobPayloadError when its stored input is not of its type. */
  async prepare(job: EngineJobRow): Promise<unknown> {
    const type = this.types.get(job.domain);
    if (!type) return job.input;
    const input = checkedInput(type, job);
    return type.handler ? type.handler.prepare(job, input) : job.input;
  }

  /** The result to store for a task's output; a JobPayloadError when the input or the result is not of its type. */
  async finish(job: EngineJobRow, output: unknown): Promise<unknown> {
    const type = this.types.get(job.domain);
    if (!type) return output;
    const input = checkedInput(type, job);
    const result = type.handler ? await type.handler.finish(job, output, input) : output;
    const checked = type.result.safeParse(result);
    if (!checked.success) throw new JobPayloadError(job.domain, "result", checked.error.issues);
    return result;
  }
}

function checkedInput(type: JobType, job: EngineJobRow): unknown {
  const checked = type.input.safeParse(job.input);
  if (!checked.success) throw new JobPayloadError(job.domain, "input", checked.error.issues);
  return checked.data;
}

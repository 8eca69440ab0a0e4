import { TERMINAL_STATUSES, type IdentifyAccepted, type IdentifyTargetsResponse } from "@sieve/contracts";

export type IdentifyAnswer = IdentifyTargetsResponse | IdentifyAccepted;

/** Where a 202 stands: the engine job computing the disease's target features and its last status. */
export interface IdentifyWaiting {
  jobId: string;
  status: string;
}

export interface JobState {
  status: string | null;
  error_message: string | null;
}

interface IdentifySteps {
  identify: () => Promise<IdentifyAnswer>;
  getJob: (id: string) => Promise<JobState>;
  /** Called with each status while a job runs, and with null once the ranking is there. */
  onWaiting: (waiting: IdentifyWaiting | null) => void;
  signal?: AbortSignal;
  /** §4 gives no interval; one second keeps the wait short without flooding the server. */
  intervalMs?: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** If the server still answers 202 after this many finished jobs, something is wrong: stop asking. */
const MAX_ROUNDS = 5;

/** §4: a 202 carries `detail.engine_job_id`; a ranking carries `results`. */
export function isAccepted(answer: IdentifyAnswer): answer is IdentifyAccepted {
  return "detail" in answer && !("results" in answer);
}

export class IdentificationFailed extends Error {
  constructor(
    message: string,
    readonly jobId: string,
  ) {
    super(message);
    this.name = "IdentificationFailed";
  }
}

/**
 * Asks for the ranking; while the server answers 202 it polls the engine job every `intervalMs`
 * until the job finishes, then asks again. A failed or cancelled job ends with its error message.
 */
export async function identifyUntilReady({
  identify,
  getJob,
  onWaiting,
  signal,
  intervalMs = 1000,
  wait = sleep,
}: IdentifySteps): Promise<IdentifyTargetsResponse> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const answer = await identify();
    if (!isAccepted(answer)) {
      onWaiting(null);
      return answer;
    }
    const jobId = answer.detail.engine_job_id;
    let job: JobState = { status: answer.detail.status || "running", error_message: null };
    onWaiting({ jobId, status: job.status ?? "unknown" });
    while (!isTerminal(job.status)) {
      await wait(intervalMs, signal);
      job = await getJob(jobId);
      onWaiting({ jobId, status: job.status ?? "unknown" });
    }
    if (job.status !== "completed") {
      throw new IdentificationFailed(
        `Target identification failed (engine job ${jobId}, ${job.status}): ${job.error_message ?? "no reason given"}`,
        jobId,
      );
    }
  }
  throw new Error(
    `Target identification is still computing after ${MAX_ROUNDS} finished engine jobs. Try again later.`,
  );
}

function isTerminal(status: string | null): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status ?? "");
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What a running task can do besides compute: report progress, and learn that it should stop. */
export interface TaskContext {
  progress(event: unknown): void;
  /** Cheap and synchronous: long tasks call it at least once per iteration (e.g. per generation). */
  cancelled(): boolean;
}

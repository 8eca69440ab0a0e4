import { Worker } from "node:worker_threads";
import { chunkSizes } from "./chunks";
import type { TaskInput, TaskOutput, TaskType } from "./tasks";

export type Priority = "interactive" | "batch";

export interface RunOptions {
  priority?: Priority;
  /** Progress events the task reports while it runs (engine jobs: generations, curve points). */
  onProgress?: (event: unknown) => void;
  /** Aborting stops a queued task before it starts, and tells a running one to stop at its next check. */
  signal?: AbortSignal;
}

export class TaskCancelledError extends Error {
  constructor() {
    super("The task was cancelled");
    this.name = "TaskCancelledError";
  }
}

interface PendingTask {
  id: number;
  type: TaskType;
  input: unknown;
  /** One Int32 a running handler reads synchronously: 1 means stop. */
  cancelFlag: Int32Array;
  onProgress?: (event: unknown) => void;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: PendingTask | null;
}

const THREAD_ENTRY = new URL("./thread-entry.mjs", import.meta.url);

/**
 * The platform's one pool of compute threads. CPU-heavy work (chemistry, proteins, later engine
 * jobs) runs here, never on the API event loop. Interactive tasks (a user waiting on a request) are
 * dispatched before batch tasks; within a priority, first come first served. A thread that dies is
 * replaced, and the task it was running fails with a clear error instead of hanging.
 */
export class ComputePool {
  private readonly slots: Slot[] = [];
  private readonly queues: Record<Priority, PendingTask[]> = { interactive: [], batch: [] };
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  run<T extends TaskType>(type: T, input: TaskInput<T>, options: RunOptions = {}): Promise<TaskOutput<T>> {
    if (this.closed) return Promise.reject(new Error("The compute pool is closed"));
    if (options.signal?.aborted) return Promise.reject(new TaskCancelledError());
    const queue = this.queues[options.priority ?? "interactive"];
    return new Promise((resolve, reject) => {
      const task: PendingTask = {
        id: this.nextId++,
        type,
        input,
        cancelFlag: new Int32Array(new SharedArrayBuffer(4)),
        onProgress: options.onProgress,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      options.signal?.addEventListener("abort", () => {
        Atomics.store(task.cancelFlag, 0, 1);
        const waiting = queue.indexOf(task);
        if (waiting !== -1) {
          queue.splice(waiting, 1);
          reject(new TaskCancelledError());
        }
      });
      queue.push(task);
      this.dispatch();
    });
  }

  /** Threads that have started and can take work. */
  get liveThreads(): number {
    return this.slots.filter((s) => s.ready).length;
  }

  get queued(): number {
    return this.queues.interactive.length + this.queues.batch.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of [...this.queues.interactive, ...this.queues.batch])
      task.reject(new Error("The compute pool is closed"));
    this.queues.interactive.length = 0;
    this.queues.batch.length = 0;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(THREAD_ENTRY);
    const slot: Slot = { worker, ready: false, busy: null };
    worker.on(
      "message",
      (message: {
        ready?: true;
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: string;
        progress?: unknown;
        cancelled?: boolean;
      }) => {
        if (message.ready) {
          slot.ready = true;
        } else if (slot.busy && message.id === slot.busy.id && "progress" in message) {
          slot.busy.onProgress?.(message.progress);
          return;
        } else if (slot.busy && message.id === slot.busy.id) {
          const task = slot.busy;
          slot.busy = null;
          if (message.ok) task.resolve(message.result);
          else if (message.cancelled) task.reject(new TaskCancelledError());
          else task.reject(new Error(message.error ?? "Compute task failed"));
        }
        this.dispatch();
      },
    );
    worker.on("error", (error) => this.replace(slot, error));
    worker.on("exit", (code) => this.replace(slot, new Error(`Compute thread exited with code ${code}`)));
    return slot;
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    slot.busy?.reject(new Error(`The compute thread running this task stopped: ${error.message}`));
    slot.busy = null;
    if (this.closed) return;
    this.slots[index] = this.spawn();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.busy) continue;
      const task = this.queues.interactive.shift() ?? this.queues.batch.shift();
      if (!task) return;
      slot.busy = task;
      slot.worker.postMessage({ id: task.id, type: task.type, input: task.input, cancelFlag: task.cancelFlag });
    }
  }

  /**
   * Splits a large list into chunks of at most `maxChunk`, smaller towards the end, spread over the threads,
   * keeping the input order in the result.
   */
  async map<T extends "molecules.analyze" | "proteins.analyze">(
    type: T,
    items: TaskInput<T>["items"],
    makeInput: (chunk: TaskInput<T>["items"]) => TaskInput<T>,
    maxChunk: number,
    priority: Priority = "interactive",
  ): Promise<TaskOutput<T>> {
    const chunks: TaskInput<T>["items"][] = [];
    let start = 0;
    for (const size of chunkSizes(items.length, this.size, maxChunk)) {
      chunks.push(items.slice(start, start + size) as TaskInput<T>["items"]);
      start += size;
    }
    const results = await Promise.all(chunks.map((chunk) => this.run(type, makeInput(chunk), { priority })));
    return results.flat() as TaskOutput<T>;
  }
}

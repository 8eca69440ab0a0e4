import { parentPort } from "node:worker_threads";
import { TaskCancelled } from "./task-cancelled";
import type { TaskContext } from "./task-context";
import { taskHandlers, warmUp, type TaskType } from "./tasks";

/** A compute thread of the platform's pool: receives tasks, answers results. It never opens the database. */
interface TaskMessage {
  id: number;
  type: TaskType;
  input: unknown;
  cancelFlag: Int32Array;
}

const port = parentPort;
if (!port) throw new Error("thread.ts must run as a worker thread");

await warmUp();
port.postMessage({ ready: true });

port.on("message", async ({ id, type, input, cancelFlag }: TaskMessage) => {
  const context: TaskContext = {
    progress: (event) => port.postMessage({ id, progress: event }),
    cancelled: () => Atomics.load(cancelFlag, 0) === 1,
  };
  try {
    const handler = taskHandlers[type] as ((input: unknown, context: TaskContext) => Promise<unknown>) | undefined;
    if (!handler) throw new Error(`Unknown task type ${type}`);
    port.postMessage({ id, ok: true, result: await handler(input, context) });
  } catch (error) {
    if (error instanceof TaskCancelled) port.postMessage({ id, ok: false, cancelled: true });
    else port.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});

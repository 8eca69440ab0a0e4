import type { Database } from "@sieve/db";
import type { EngineJobRow } from "./store";

/** The transaction a transition was made in: a subscriber's writes commit or roll back with it. */
export type TransitionTransaction = Pick<Database, "select" | "insert" | "update" | "delete">;

/** A job after a state change (claimed, finished, failed, cancelled, requeued or failed by the reaper). */
export type JobTransition = Pick<EngineJobRow, "id" | "runId" | "status" | "domain">;

export type JobTransitionSubscriber = (tx: TransitionTransaction, job: JobTransition) => Promise<void>;

/**
 * The engine's job transitions, published to whoever subscribed (runs mirror their jobs' status).
 * Subscribers run inside the transaction of the transition, in the order they subscribed, so what
 * they derive from a job is never seen out of step with it. The engine knows no subscriber.
 */
export class JobTransitions {
  private readonly subscribers: JobTransitionSubscriber[] = [];

  subscribe(subscriber: JobTransitionSubscriber): void {
    this.subscribers.push(subscriber);
  }

  async publish(tx: TransitionTransaction, job: JobTransition): Promise<void> {
    for (const subscriber of this.subscribers) await subscriber(tx, job);
  }
}

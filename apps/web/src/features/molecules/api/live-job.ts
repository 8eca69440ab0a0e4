import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Curves, EngineJob } from "@sieve/contracts";
import { getCurves } from "../../../lib/endpoints";
import { readServerEvents, type ServerEvent } from "../../../lib/event-stream";
import { isFinished } from "../model/engine-job";
import { getEngineJob, MOLECULAR_JOBS_KEY, usePatchCachedJob } from "./molecular-jobs";

export type CurveSeries = Curves["curves"];
type CurvePointEvent = { name: string; x: number; y: number };

/** How the page follows a job: the event stream, polling when the stream fails, nothing once it is finished. */
export type Transport = "stream" | "polling" | "finished";

const POLL_MS = 1_000;

export interface LiveJob {
  job: EngineJob;
  curves: CurveSeries;
  transport: Transport;
  /** §8: 'getCurves failed: {status}' when a finished job's curves cannot be read. */
  curvesError: string | null;
}

function appendPoints(curves: CurveSeries, points: CurvePointEvent[]): CurveSeries {
  const byName = new Map(curves.map((curve) => [curve.name, [...curve.points]]));
  for (const { name, x, y } of points) byName.set(name, [...(byName.get(name) ?? []), { x, y }]);
  return [...byName].map(([name, list]) => ({ name, points: list }));
}

/**
 * Follows one engine job: live `status`, `progress` and `curve` events while it runs (fetch and a
 * stream reader, because EventSource cannot send the bearer header), falling back to polling the
 * job and its run's curves when the stream cannot be read. A finished job's curves come from
 * `/v1/runs/{id}/curves`. What is learnt is also written into the cached job list.
 */
export function useLiveJob(listed: EngineJob): LiveJob {
  const queryClient = useQueryClient();
  const patchJob = usePatchCachedJob();
  const [live, setLive] = useState<{ id: string; job: EngineJob; curves: CurveSeries; transport: Transport } | null>(
    null,
  );
  const current = live?.id === listed.id ? live : null;
  const job = current && !isFinished(listed.status) ? current.job : listed;
  const following = !isFinished(listed.status);

  useEffect(() => {
    if (!following) return;
    const controller = new AbortController();
    const { signal } = controller;
    let state = { id: listed.id, job: listed, curves: [] as CurveSeries, transport: "stream" as Transport };
    const update = (next: Partial<typeof state>) => {
      state = { ...state, ...next };
      if (!signal.aborted) setLive(state);
    };
    const finish = (finished: EngineJob) => {
      patchJob(finished.id, finished);
      void queryClient.invalidateQueries({ queryKey: MOLECULAR_JOBS_KEY });
    };

    const onEvent = ({ event, data }: ServerEvent) => {
      const payload = JSON.parse(data) as Record<string, unknown>;
      if (event === "status") {
        const status = payload.status as EngineJob["status"];
        update({ job: { ...state.job, status, error_message: (payload.error_message as string | null) ?? null } });
        // A finished status waits for `end`, which carries the result; marking it earlier would stop the stream.
        if (!isFinished(status)) patchJob(listed.id, { status });
      } else if (event === "progress") {
        update({ job: { ...state.job, progress: payload } });
        patchJob(listed.id, { progress: payload });
      } else if (event === "curve") {
        update({ curves: appendPoints(state.curves, payload.points as CurvePointEvent[]) });
      } else if (event === "end") {
        finish(payload as unknown as EngineJob);
      }
    };

    const poll = async () => {
      update({ transport: "polling" });
      while (!signal.aborted) {
        try {
          const [polled, curves] = await Promise.all([
            getEngineJob(listed.id),
            listed.run_id ? getCurves(listed.run_id) : Promise.resolve(state.curves),
          ]);
          update({ job: polled, curves });
          if (isFinished(polled.status)) return finish(polled);
        } catch {
          // A failed poll is retried on the next tick; the list keeps showing the last known state.
        }
        await new Promise((wake) => setTimeout(wake, POLL_MS));
      }
    };

    readServerEvents(`/v1/engine/jobs/${encodeURIComponent(listed.id)}/events`, onEvent, signal)
      .then(() => {
        // The server closes the stream after `end`; a close without one (a proxy timeout) means poll.
        if (!signal.aborted && !isFinished(state.job.status)) void poll();
      })
      .catch(() => {
        if (!signal.aborted) void poll();
      });
    return () => controller.abort();
    // Restart only for another job, or once the list learns it finished; not on every list refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately narrower, as said above
  }, [listed.id, following]);

  const finishedCurves = useQuery({
    queryKey: ["runs", "curves", listed.run_id],
    queryFn: () => getCurves(listed.run_id!),
    enabled: !following && listed.run_id !== null,
  });

  if (!following)
    return {
      job,
      curves: finishedCurves.data ?? current?.curves ?? [],
      transport: "finished",
      curvesError: finishedCurves.error?.message ?? null,
    };
  return { job, curves: current?.curves ?? [], transport: current?.transport ?? "stream", curvesError: null };
}

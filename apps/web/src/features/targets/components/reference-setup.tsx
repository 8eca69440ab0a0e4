import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TargetReferenceStatus } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { useElapsedSeconds } from "../../../lib/use-elapsed-seconds";
import { apiRequest } from "../../../lib/api-client";

export const REFERENCE_STATUS_KEY = ["targets", "reference-status"] as const;

export function useTargetReferenceStatus() {
  return useQuery({
    queryKey: REFERENCE_STATUS_KEY,
    queryFn: () => apiRequest<TargetReferenceStatus>("/v1/targets/reference-status"),
    staleTime: 60_000,
  });
}

/**
 * On a first run, target ranking's public reference data (genes, diseases, DrugCentral, JensenLab,
 * withDRAWN) is not loaded yet: this panel says so and loads what is missing in one click, one dataset
 * after another so the page can show which one is loading, with the measured time as the estimate.
 * It renders nothing once everything is loaded.
 */
export function TargetReferenceSetup() {
  const queryClient = useQueryClient();
  const status = useTargetReferenceStatus();
  const [current, setCurrent] = useState<{ index: number; name: string } | null>(null);
  const missing = (status.data?.datasets ?? []).filter((d) => !d.loaded);
  const loadable = missing.filter((d) => d.available);
  const load = useMutation({
    mutationFn: async () => {
      for (const [index, dataset] of loadable.entries()) {
        setCurrent({ index, name: dataset.name });
        await apiRequest("/v1/admin/reference-data/load", { method: "POST", body: { datasets: [dataset.name] } });
      }
    },
    onSettled: () => {
      setCurrent(null);
      void queryClient.invalidateQueries({ queryKey: ["targets"] });
    },
  });
  const elapsed = useElapsedSeconds(load.isPending);
  if (!status.data || status.data.ready) return null;

  return (
    <section className="panel stack" aria-labelledby="reference-setup-title" data-testid="reference-setup">
      <h2 id="reference-setup-title" className="panel__title">
        Load the reference data for target ranking
      </h2>
      <p>
        Target ranking reads public reference data that is not loaded yet:{" "}
        {missing.map((d) => d.description).join("; ")}. Loading all of it took {status.data.measured_load_seconds} s on
        a 2-core server; it is done once, for everyone on this server.
      </p>
      {loadable.length < missing.length && (
        <Notice tone="warning">
          The files of{" "}
          {missing
            .filter((d) => !d.available)
            .map((d) => d.name)
            .join(", ")}{" "}
          are not in the server&apos;s reference-data root; load what is there, and see the Admin page for the rest.
        </Notice>
      )}
      <div className="button-row">
        <Button onClick={() => load.mutate()} disabled={load.isPending || loadable.length === 0}>
          {load.isPending ? "Loading…" : `Load reference data (${loadable.length} datasets)`}
        </Button>
      </div>
      {load.isPending && current && (
        <p className="busy-line" role="status">
          Loading {current.name} ({current.index + 1} of {loadable.length}):{" "}
          <span aria-hidden="true">{elapsed} s so far.</span>
        </p>
      )}
      {load.isError && <Notice tone="error">{load.error.message}</Notice>}
    </section>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Artifact, ArtifactLink, Manifest, ReportRun } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { apiBase } from "../../../config/env";
import { useRecordReview } from "../../../lib/reviews";

export const REPORTS_QUERY_KEY = ["reports"] as const;

/** The organization's latest runs with their review progress; one project's when `projectId` is given. */
export function useReportRuns(projectId?: number) {
  const query = new URLSearchParams({
    limit: "100",
    ...(projectId === undefined ? {} : { project_id: String(projectId) }),
  });
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, "runs", projectId ?? "all"],
    queryFn: async () => (await apiRequest<{ runs: ReportRun[] }>(`/v1/reports/runs?${query}`)).runs,
  });
}

/**
 * Opens a download through a short-lived link token: the browser fetches the file itself (a plain
 * navigation cannot carry the bearer header), and the link is useless for anything else after 15 minutes.
 */
export async function downloadArtifact(runId: string, artifact: Artifact): Promise<void> {
  const link = await apiRequest<ArtifactLink>(`/v1/runs/${runId}/artifacts/link`, {
    method: "POST",
    body: { artifact },
  });
  const anchor = document.createElement("a");
  anchor.href = `${apiBase()}${link.url}`;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A run's signed manifest: its outputs with hash, origin and current review. */
export function useManifest(runId: string | null) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, "manifest", runId],
    queryFn: () => apiRequest<Manifest>(`/v1/reports/manifest/${runId}`),
    enabled: runId !== null,
  });
}

/**
 * Records a decision on a run or one of its outputs (the shared review mutation); run lists and manifests refresh too.
 */
export function useReview() {
  const queryClient = useQueryClient();
  return useRecordReview(() => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }));
}

/** The public sample dossier (demo data): the same address the landing page opens. */
export const SAMPLE_REPORT_PATH = "/v1/reports/sample/report.html";
export const SAMPLE_DOSSIER_PATH = "/v1/reports/sample/dossier";
export const sampleUrl = (path: string) => `${apiBase()}${path}`;

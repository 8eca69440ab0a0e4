import { useMutation, useQuery } from "@tanstack/react-query";
import type { EngineJob } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

export interface OracleDockResult {
  input: string;
  smiles: string | null;
  affinity: number | null;
  error: string | null;
}

export function useLaunchDocking() {
  return useMutation({
    mutationFn: (body: { pdb_s3: string; smiles: string[]; exhaustiveness: number }) =>
      apiRequest<{ job_id: string; status: string }>("/v1/negatome/synthetic/oracle/dock", { method: "POST", body }),
  });
}

export function useLaunchMd() {
  return useMutation({
    mutationFn: (body: { system_tar_s3: string; ns: number; ligand_smiles?: string; target_uniprot_id?: string }) =>
      apiRequest<{ job_id: string; status: string }>("/v1/negatome/synthetic/oracle/md", { method: "POST", body }),
  });
}

/** An oracle job (docking or MD), polled every second until it has finished. */
export function useOracleJob(jobId: string | null) {
  return useQuery({
    queryKey: ["oracle-job", jobId],
    queryFn: () => apiRequest<EngineJob>(`/v1/engine/jobs/${encodeURIComponent(jobId!)}`),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data && ["completed", "failed", "cancelled"].includes(query.state.data.status) ? false : 1000,
  });
}

export function useRegisterNegatives() {
  return useMutation({
    mutationFn: (body: {
      job_id: string;
      affinity_threshold?: number;
      rmsd_threshold_nm?: number;
      ligand_smiles?: string;
    }) =>
      apiRequest<{ registered: number; inserted: number; skipped: number }>("/v1/negatome/synthetic/oracle/register", {
        method: "POST",
        body,
      }),
  });
}

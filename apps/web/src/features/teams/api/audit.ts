import { useMutation, useQuery } from "@tanstack/react-query";
import type { AuditList, AuditVerification } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

/** The newest rows of the organization's audit trail (admins and owners; others get 403 forbidden_role). */
export function useAuditTrail(limit: number) {
  return useQuery({
    queryKey: ["audit", limit],
    queryFn: () => apiRequest<AuditList>(`/v1/audit?limit=${limit}`),
    retry: false,
  });
}

/** Recomputes the hash chain on the server and names the first broken link. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => apiRequest<AuditVerification>("/v1/audit/verify") });
}

import { useMutation, useQuery } from "@tanstack/react-query";
import type { InvitationAccepted, InvitationPreview } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { useBeginNewAccountSession, useRenewedSession } from "../../../lib/auth";
import type { NewMember } from "../model/invitation";

/** What the link offers (organization, role, address); a used, revoked or expired link answers 410. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: () => apiRequest<InvitationPreview>(`/v1/invitations/${encodeURIComponent(token)}`, { anonymous: true }),
    retry: false,
  });
}

/**
 * POST /v1/invitations/{token}/accept: the signed-in user joins with their bearer token and no body;
 * a new person sends a name and password and the server creates the account.
 */
export function acceptInvitation(token: string, newMember: NewMember | null): Promise<InvitationAccepted> {
  return apiRequest(`/v1/invitations/${encodeURIComponent(token)}/accept`, {
    method: "POST",
    body: newMember ?? undefined,
    anonymous: newMember !== null,
  });
}

export function useAcceptInvitation(token: string) {
  const beginSession = useBeginNewAccountSession();
  const renewSession = useRenewedSession();
  return useMutation({
    mutationFn: (newMember: NewMember | null) => acceptInvitation(token, newMember),
    // Either way the server starts a session for the member; the page keeps it (and drops cached data, which
    // now misses the new organization).
    onSuccess: (accepted, newMember) => (newMember ? beginSession(accepted) : renewSession(accepted)),
  });
}

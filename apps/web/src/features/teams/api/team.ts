import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Invitation, InvitationCreateBody, InvitationCreated, Member, OrgRole } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";

const teamKey = (orgId: number) => ["teams", orgId] as const;

export function useMembers(orgId: number) {
  return useQuery({
    queryKey: [...teamKey(orgId), "members"],
    queryFn: async () => (await apiRequest<{ members: Member[] }>(`/v1/orgs/${orgId}/members`)).members,
  });
}

/** Admins and owners only: anyone else gets 403 forbidden_role, which the panel shows as it is. */
export function useInvitations(orgId: number) {
  return useQuery({
    queryKey: [...teamKey(orgId), "invitations"],
    queryFn: async () => (await apiRequest<{ invitations: Invitation[] }>(`/v1/orgs/${orgId}/invitations`)).invitations,
    retry: false,
  });
}

export function useInvite(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<InvitationCreateBody, "email" | "role">) =>
      apiRequest<InvitationCreated>(`/v1/orgs/${orgId}/invitations`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...teamKey(orgId), "invitations"] }),
  });
}

export function useRevokeInvitation(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ ok: true }>(`/v1/orgs/${orgId}/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...teamKey(orgId), "invitations"] }),
  });
}

export function useChangeRole(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: OrgRole }) =>
      (
        await apiRequest<{ members: Member[] }>(`/v1/orgs/${orgId}/members/${userId}`, {
          method: "PATCH",
          body: { role },
        })
      ).members,
    onSuccess: (members) => queryClient.setQueryData([...teamKey(orgId), "members"], members),
  });
}

export function useRemoveMember(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<{ ok: true }>(`/v1/orgs/${orgId}/members/${userId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...teamKey(orgId), "members"] }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileResponse, ProfileUpdateBody } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQuery } from "../../../lib/auth";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => apiRequest<ProfileResponse>("/v1/auth/profile", { method: "PUT", body }),
    onSuccess: (response) => queryClient.setQueryData(currentUserQuery.queryKey, response.user),
  });
}

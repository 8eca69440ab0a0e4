import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Project } from "@sieve/contracts";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { currentUserQuery } from "../../../lib/auth";
import { createProject, listProjects } from "../../../lib/endpoints";
import { PROJECTS_KEY } from "../../../lib/project-launch";

/** The projects list's key, shared with the launch forms that create a project on the way. */
export const PROJECTS_QUERY_KEY = PROJECTS_KEY;

export function useProjects() {
  return useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: listProjects });
}

export interface ProjectDraft {
  name: string;
  disease_area: string;
  assay_context: string;
}

/** Projects belong to the caller's own organization, read from the profile. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: ProjectDraft) => {
      const user = await queryClient.ensureQueryData(currentUserQuery);
      return createProject({
        org_id: user.org_id,
        name: draft.name,
        disease_area: draft.disease_area.trim() || null,
        assay_context: draft.assay_context.trim() || null,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}

/** §8: a 405 means the request was not authenticated; every other failure is 'Create failed'. */
export function createFailureMessage(error: unknown): string {
  const said405 =
    (error instanceof ApiError && error.status === 405) || (error instanceof Error && error.message.includes("405"));
  return said405 ? "Authentication required. Please log in again or check if you're authenticated." : "Create failed";
}

export function useProject(id: number) {
  return useQuery({
    queryKey: [...PROJECTS_QUERY_KEY, id],
    queryFn: () => apiRequest<Project>(`/v1/projects/${id}`),
  });
}

/** PATCH /v1/projects/{id}: the disease as a Disease Ontology id, which the server checks against the ontology. */
export function useSetProjectDisease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (diseaseOntologyId: string | null) =>
      apiRequest<Project>(`/v1/projects/${id}`, { method: "PATCH", body: { disease_ontology_id: diseaseOntologyId } }),
    onSuccess: (project) => {
      queryClient.setQueryData([...PROJECTS_QUERY_KEY, id], project);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY, exact: true });
    },
  });
}

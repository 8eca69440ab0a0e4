import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";

/** A Disease Ontology term suggested for what was typed (GET /v1/targets/diseases). */
export interface DiseaseSuggestion {
  id: string;
  name: string;
  /** The name or synonym the query matched. */
  matched: string;
}

const SUGGESTION_LIMIT = 10;

/** The autocomplete over the Disease Ontology; the caller debounces `query`. */
export function useDiseaseSuggestions(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ["diseases", q],
    queryFn: async () =>
      (
        await apiRequest<{ items: DiseaseSuggestion[] }>(
          `/v1/targets/diseases?${new URLSearchParams({ q, limit: String(SUGGESTION_LIMIT) })}`,
        )
      ).items,
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

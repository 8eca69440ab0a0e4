import { useMutation, useQuery } from "@tanstack/react-query";
import { LITERATURE_DEFAULTS, type CompositeBody, type IngestDocument } from "@sieve/contracts";
import { apiRequest } from "../../../lib/api-client";
import type { CompositeResult, DocumentDetail, PassageSearchResults, TargetPrior, TriplePage } from "@sieve/contracts";

const BASE = "/v1/nlp";

/** The server's default confidence thresholds, or every triple (`min_confidence=0`) when asked. */
const confidenceParams = (showAll: boolean): Record<string, string> => (showAll ? { min_confidence: "0" } : {});

export interface SearchParams {
  query: string;
  topk: number;
}

/** Runs once a search is submitted, and again for each new query, top-K or confidence filter. */
export function usePassageSearch(params: SearchParams | null, showAll = false) {
  return useQuery({
    queryKey: ["literature", "search", params, showAll],
    queryFn: () =>
      apiRequest<PassageSearchResults>(
        `${BASE}/search?${new URLSearchParams({
          query: params!.query,
          topk: String(params!.topk),
          ...confidenceParams(showAll),
        })}`,
      ),
    enabled: params !== null,
  });
}

export interface TargetParams {
  symbol: string;
  disease: string;
}

const targetQuery = ({ symbol, disease }: TargetParams, extra: Record<string, string> = {}) =>
  new URLSearchParams({ symbol, disease, ...extra });

export function useTargetPrior(params: TargetParams | null) {
  return useQuery({
    queryKey: ["literature", "prior", params],
    queryFn: () => apiRequest<TargetPrior>(`${BASE}/target/prior?${targetQuery(params!)}`),
    enabled: params !== null,
  });
}

/** §9: 20 triples are fetched and the top 10 shown; by default those at the server's confidence thresholds. */
export function useTargetTriples(params: TargetParams | null, showAll = false) {
  return useQuery({
    queryKey: ["literature", "triples", params, showAll],
    queryFn: () =>
      apiRequest<TriplePage>(
        `${BASE}/target/triples?${targetQuery(params!, {
          topk: String(LITERATURE_DEFAULTS.triplesTopk),
          ...confidenceParams(showAll),
        })}`,
      ),
    enabled: params !== null,
  });
}

export function useComposite() {
  return useMutation({
    mutationFn: (body: CompositeBody) =>
      apiRequest<CompositeResult>(`${BASE}/target/composite`, { method: "POST", body }),
  });
}

export interface DocumentRef {
  source: string;
  externalId: string;
}

export function useDocument(ref: DocumentRef | null, showAll = false) {
  return useQuery({
    queryKey: ["literature", "document", ref, showAll],
    queryFn: () =>
      apiRequest<DocumentDetail>(
        `${BASE}/documents?${new URLSearchParams({
          source: ref!.source,
          external_id: ref!.externalId,
          ...confidenceParams(showAll),
        })}`,
      ),
    enabled: ref !== null,
  });
}

export interface UploadFields {
  source: string;
  external_id: string;
  year: string;
  venue: string;
  url: string;
}

export interface UploadOutcome {
  inserted: number;
  skipped: number;
  source: string;
  external_id: string;
  characters: number;
}

/** The server reads the fields before the file, so they are appended first; empty ones are left out. */
export function useUploadIngest() {
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: UploadFields }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) if (value.trim()) form.append(name, value.trim());
      form.append("file", file, file.name);
      return apiRequest<UploadOutcome>(`${BASE}/ingest/upload`, { method: "POST", body: form });
    },
  });
}

export function ingestDocuments(docs: IngestDocument[]): Promise<{ inserted: number; skipped: number }> {
  return apiRequest(`${BASE}/ingest/docs`, { method: "POST", body: { docs } });
}

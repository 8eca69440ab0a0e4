import { ApiError } from "./api-client";

/** A term the ontologies offer for a name they could not resolve to one. */
export interface NameCandidate {
  id: string;
  name: string;
}

export interface NameProblem {
  /** Which input the name came from; the server's message names it ("Ambiguous disease …", "Unknown gene symbol …"). */
  field: "symbol" | "disease";
  message: string;
  ambiguous: boolean;
  candidates: NameCandidate[];
}

/**
 * A gene symbol or disease the ontologies cannot resolve to one term answers 422 with
 * `ambiguous_name` or `unknown_name` and the closest terms in `detail.candidates`; any other
 * failure is not a naming problem. Shared by every page that sends names (Evidence, Targets, Target Narrowing).
 */
export function nameProblem(error: unknown): NameProblem | null {
  if (!(error instanceof ApiError) || (error.code !== "ambiguous_name" && error.code !== "unknown_name")) return null;
  const detail = error.detail as { candidates?: unknown } | undefined;
  const candidates = Array.isArray(detail?.candidates)
    ? detail.candidates.filter(
        (c): c is NameCandidate =>
          typeof c === "object" && c !== null && typeof c.id === "string" && typeof c.name === "string",
      )
    : [];
  return {
    field: /gene symbol/i.test(error.message) ? "symbol" : "disease",
    message: error.message,
    ambiguous: error.code === "ambiguous_name",
    candidates,
  };
}

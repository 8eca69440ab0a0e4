import type { IdentifyTargetsResponse } from "@sieve/contracts";
export type { Manifest, Review } from "@sieve/contracts";

/** The part of a cached target ranking a dossier shows: the top of the shortlist with its weights. */
export type StoredTargetShortlist = Pick<IdentifyTargetsResponse, "disease" | "feature_set_version" | "weights" | "computed_at" | "results">;

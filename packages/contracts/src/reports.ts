import { z } from "zod";

/** What a human review can be about: anything the platform produced. */
export const REVIEW_ITEM_KINDS = [
  "run",
  "molecule",
  "target",
  "triple",
  "negatome_record",
  "docking_pose",
  "optimization_result",
] as const;
export const REVIEW_STATES = ["unreviewed", "accepted", "rejected"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const ReviewBody = z.object({
  kind: z.enum(REVIEW_ITEM_KINDS),
  item_id: z.string().trim().min(1).max(500),
  state: z.enum(REVIEW_STATES),
  comment: z.string().trim().max(5_000).nullish(),
  /** The run the item is an output of; its organization owns the review and its manifest lists it. */
  run_id: z.string().max(100).nullish(),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

export const Review = z.object({
  id: z.number().int(),
  kind: z.string(),
  item_id: z.string(),
  run_id: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  comment: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }),
  reviewed_at: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewQuery = z.object({
  kind: z.enum(REVIEW_ITEM_KINDS).optional(),
  item_id: z.string().max(500).optional(),
  run_id: z.string().max(100).optional(),
});
/** Current state of each item (its newest review) and the full history, newest first. */
export const ReviewList = z.object({ items: z.array(Review), history: z.array(Review) });
export type ReviewList = z.infer<typeof ReviewList>;

/** Where a result came from: a method run by the platform, or a person. */
export const Origin = z.union([
  z.object({
    kind: z.literal("computed"),
    method: z.string(),
    version: z.string(),
    parameters: z.record(z.string(), z.unknown()),
    input_hashes: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal("human"), who: z.string(), when: z.string(), what: z.string() }),
]);
export type Origin = z.infer<typeof Origin>;

export const ManifestOutput = z.object({
  name: z.string(),
  sha256: z.string(),
  /** What a reviewer accepts or rejects for this output (a molecule by its SMILES, or the run's result). */
  item: z.object({ kind: z.string(), id: z.string() }),
  origin: Origin,
  review: z.object({
    state: z.enum(REVIEW_STATES),
    by: z.string().nullable(),
    at: z.string().nullable(),
    comment: z.string().nullable(),
  }),
});

export const Manifest = z.object({
  manifest_version: z.literal(1),
  job: z
    .object({
      id: z.string(),
      domain: z.string(),
      status: z.string(),
      execution: z.string(),
      attempts: z.number().int(),
      created_at: z.string(),
      started_at: z.string().nullable(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
  run: z.object({
    id: z.string(),
    workflow: z.string(),
    status: z.string(),
    created_at: z.string(),
    config: z.record(z.string(), z.unknown()),
  }),
  project: z.object({ id: z.number().int(), name: z.string(), disease_area: z.string().nullable() }),
  inputs: z.array(z.object({ name: z.string(), uri: z.string(), sha256: z.string().nullable() })),
  software: z.object({
    sieve_version: z.string(),
    rdkit_version: z.string(),
    oracles: z.record(z.string(), z.string()),
  }),
  steps: z.array(
    z.object({
      name: z.string(),
      origin: Origin,
      started_at: z.string().nullable(),
      completed_at: z.string().nullable(),
      metrics: z.record(z.string(), z.unknown()),
    }),
  ),
  outputs: z.array(ManifestOutput),
  reviews: z.array(Review),
  signatures: z.array(
    z.object({ alg: z.literal("HMAC-SHA256"), key_id: z.string(), signed: z.string(), value: z.string() }),
  ),
});
export type Manifest = z.infer<typeof Manifest>;

export const ARTIFACTS = ["dossier", "replay"] as const;
export type Artifact = (typeof ARTIFACTS)[number];
export const ArtifactLinkBody = z.object({ artifact: z.enum(ARTIFACTS) });
export const ArtifactLink = z.object({
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
  artifact: z.enum(ARTIFACTS),
});
export type ArtifactLink = z.infer<typeof ArtifactLink>;

export const ReplayOutcome = z.object({
  status: z.enum(["identical", "different", "not_replayable"]),
  run_id: z.string(),
  checksums_verified: z.boolean(),
  signature_verified: z.boolean(),
  reason: z.string().nullable(),
  duration_s: z.number(),
  outputs: z.array(
    z.object({
      name: z.string(),
      expected_sha256: z.string(),
      actual_sha256: z.string().nullable(),
      identical: z.boolean(),
    }),
  ),
});
export type ReplayOutcome = z.infer<typeof ReplayOutcome>;

/** One run as the Reports page lists it. */
export const ReportRun = z.object({
  run_id: z.string(),
  job_id: z.string().nullable(),
  project_name: z.string(),
  workflow: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** Whether the artifacts can be built now (the run finished). */
  artifacts_ready: z.boolean(),
  reviews: z.object({ accepted: z.number().int(), rejected: z.number().int(), unreviewed: z.number().int() }),
});
export const ReportRunList = z.object({ runs: z.array(ReportRun) });
export type ReportRun = z.infer<typeof ReportRun>;

export const ProvenanceQuery = z.object({
  kind: z.enum(REVIEW_ITEM_KINDS),
  item_id: z.string().trim().min(1).max(500),
  run_id: z.string().max(100).optional(),
});
/** Where one stored result came from, and its review state (null: unreviewed). */
export const ItemProvenance = z.object({
  kind: z.string(),
  item_id: z.string(),
  origin: Origin,
  review: Review.nullable(),
  history: z.array(Review),
});
export type ItemProvenance = z.infer<typeof ItemProvenance>;

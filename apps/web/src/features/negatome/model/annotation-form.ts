import type { FailureClass, NegativeAnnotation } from "@sieve/contracts";

/** The contribution form as typed: every field a string, as inputs hold them. */
export interface AnnotationDraft {
  uniprot_id: string;
  smiles: string;
  failure_class: FailureClass;
  assay_type: string;
  experimental_conditions: string;
  measured_outcome: string;
  reason_for_failure: string;
  replicate_count: string;
  metadata: string;
}

export const EMPTY_ANNOTATION: AnnotationDraft = {
  uniprot_id: "",
  smiles: "",
  failure_class: "BINDING",
  assay_type: "",
  experimental_conditions: "",
  measured_outcome: "",
  reason_for_failure: "",
  replicate_count: "",
  metadata: "",
};

export type AnnotationErrors = Partial<Record<keyof AnnotationDraft, string>>;

const MAX_REPLICATES = 10_000;

/**
 * §3 Negative annotation from the form: required fields present, numbers and JSON parsed, empty
 * optional fields left out. The server checks again (UniProt format, lengths) and its field errors
 * are shown beside the same inputs.
 */
export function toAnnotation(
  draft: AnnotationDraft,
): { annotation: NegativeAnnotation } | { errors: AnnotationErrors } {
  const errors: AnnotationErrors = {};
  const text = (value: string) => value.trim() || undefined;
  if (!draft.smiles.trim()) errors.smiles = "Enter the compound's SMILES.";
  if (!draft.reason_for_failure.trim()) errors.reason_for_failure = "Say why the compound failed.";

  let replicateCount: number | undefined;
  if (draft.replicate_count.trim()) {
    replicateCount = Number(draft.replicate_count);
    if (!Number.isInteger(replicateCount) || replicateCount < 1 || replicateCount > MAX_REPLICATES)
      errors.replicate_count = `A whole number from 1 to ${MAX_REPLICATES.toLocaleString("en")}.`;
  }

  let metadata: Record<string, unknown> | undefined;
  if (draft.metadata.trim()) {
    try {
      const parsed: unknown = JSON.parse(draft.metadata);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new TypeError("not an object");
      metadata = parsed as Record<string, unknown>;
    } catch {
      errors.metadata = 'Metadata must be a JSON object, e.g. {"cell_line": "HEK293"}.';
    }
  }
  if (Object.keys(errors).length > 0) return { errors };

  return {
    annotation: {
      target: draft.uniprot_id.trim() ? { uniprot_id: draft.uniprot_id.trim().toUpperCase() } : {},
      compound: { smiles: draft.smiles.trim() },
      failure_class: draft.failure_class,
      assay_type: text(draft.assay_type),
      experimental_conditions: text(draft.experimental_conditions),
      measured_outcome: text(draft.measured_outcome),
      reason_for_failure: draft.reason_for_failure.trim(),
      replicate_count: replicateCount,
      metadata,
    },
  };
}

/** The server names fields by their path in the annotation (`compound.smiles`); the form by its own keys. */
export function fieldForPath(path: string): keyof AnnotationDraft | null {
  const last = path.split(".").pop() ?? "";
  return last in EMPTY_ANNOTATION ? (last as keyof AnnotationDraft) : null;
}

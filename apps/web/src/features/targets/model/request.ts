import { TARGET_MODES, type TargetMode } from "@sieve/contracts";

/** How many targets a page asks for: Targets 1–1000 (default 10), Target Narrowing's top-K 1–100 (default 5). */
export interface CountRule {
  label: string;
  min: number;
  max: number;
  fallback: number;
}

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

/** A whole number within the rule's range, else the message shown beside the input. */
export function parseCount(text: string, rule: CountRule): Parsed {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === "" || !Number.isInteger(value) || value < rule.min || value > rule.max)
    return { ok: false, error: `${rule.label} must be a whole number from ${rule.min} to ${rule.max}.` };
  return { ok: true, value };
}

/** A submitted identification as it is kept in the page's address, so it survives a reload and can be shared. */
export interface TargetQuery {
  disease: string;
  count: number;
  featureSet: string | null;
  /** `all` (the default) or `novel`. */
  mode: TargetMode;
}

export const QUERY_PARAMS = {
  disease: "disease",
  count: "n",
  featureSet: "feature_set",
  mode: "mode",
  gene: "gene",
} as const;

const isMode = (text: string | null): text is TargetMode => TARGET_MODES.includes(text as TargetMode);

export function readQuery(params: URLSearchParams, rule: CountRule): TargetQuery | null {
  const disease = params.get(QUERY_PARAMS.disease)?.trim();
  if (!disease) return null;
  const count = parseCount(params.get(QUERY_PARAMS.count) ?? String(rule.fallback), rule);
  return {
    disease,
    count: count.ok ? count.value : rule.fallback,
    featureSet: params.get(QUERY_PARAMS.featureSet)?.trim() || null,
    mode: isMode(params.get(QUERY_PARAMS.mode)) ? (params.get(QUERY_PARAMS.mode) as TargetMode) : "all",
  };
}

export function writeQuery(params: URLSearchParams, query: TargetQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(QUERY_PARAMS.disease, query.disease);
  next.set(QUERY_PARAMS.count, String(query.count));
  if (query.featureSet) next.set(QUERY_PARAMS.featureSet, query.featureSet);
  else next.delete(QUERY_PARAMS.featureSet);
  next.set(QUERY_PARAMS.mode, query.mode);
  next.delete(QUERY_PARAMS.gene);
  return next;
}

/** Loaded datasets name the compound in a record's evidence; user contributions may not. */
export function compoundName(evidence: Record<string, unknown>): string | null {
  return typeof evidence.compound_name === "string" && evidence.compound_name ? evidence.compound_name : null;
}

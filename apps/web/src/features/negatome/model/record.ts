/** Loaded datasets name the compound in a record's evidence; user contributions may not. */
export function compoundName(evidence: Record<string, unknown>): string | null {
  return typeof evidence.compound_name === "string" && evidence.compound_name ? evidence.compound_name : null;
}

/** One compound of a record list: its records (same InChIKey first block: the parent skeleton, stereo collapsed). */
export interface RecordEntry<R extends { compound_inchi_key: string; source: string }> {
  entry_key: string;
  records: R[];
  sources: string[];
}

/** Folds a record list into one row per compound, in the order each compound first appears. */
export function recordsByEntry<R extends { compound_inchi_key: string; source: string }>(
  records: readonly R[],
): RecordEntry<R>[] {
  const entries = new Map<string, RecordEntry<R>>();
  for (const record of records) {
    const key = record.compound_inchi_key.slice(0, 14);
    const entry = entries.get(key) ?? { entry_key: key, records: [], sources: [] };
    entry.records.push(record);
    if (!entry.sources.includes(record.source)) entry.sources.push(record.source);
    entries.set(key, entry);
  }
  return [...entries.values()];
}

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  clintoxCandidates,
  demoCandidates,
  drugCentralStructuresByChembl,
  parseClintox,
  parseDrugCentralStructures,
  parseWithdrawn,
  type NegatomeCandidate,
  type NegatomeRecordInput,
} from "@sieve/negatome";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import { insertRecords } from "../modules/negatome/store";

export const NEGATOME_DATASETS = ["demo", "clintox", "withdrawn"] as const;
export type NegatomeDataset = (typeof NEGATOME_DATASETS)[number];

export interface DatasetLoad {
  dataset: string;
  inserted: number;
  skipped: number;
  /** Source rows whose structure RDKit refused, by line: reported, never silently dropped. */
  rejected: { line: number | null; reason: string }[];
}

/** Files each dataset reads, relative to the reference-data root (the shared-data layout). */
const FILES = {
  clintox: ["clintox/clintox.csv"],
  withdrawn: ["withdrawn/drug_withdrawal_reasons.csv", "withdrawn/drug_info.csv"],
} as const;

export function datasetAvailable(root: string, dataset: NegatomeDataset): boolean {
  return dataset === "demo" || FILES[dataset].every((file) => existsSync(join(root, file)));
}

function candidatesOf(root: string, dataset: NegatomeDataset): NegatomeCandidate[] {
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  switch (dataset) {
    case "demo":
      return demoCandidates();
    case "clintox":
      return clintoxCandidates(parseClintox(read("clintox/clintox.csv")).rows);
    case "withdrawn": {
      // Withdrawn drugs without a structure in drug_info.csv are looked up in DrugCentral by ChEMBL id.
      const [structuresFile, identifiersFile] = [
        join(root, "drugcentral/structures.smiles.tsv"),
        join(root, "drugcentral/identifiers.tsv"),
      ];
      const structures =
        existsSync(structuresFile) && existsSync(identifiersFile)
          ? drugCentralStructuresByChembl(
              parseDrugCentralStructures(readFileSync(structuresFile, "utf8")),
              readFileSync(identifiersFile, "utf8"),
            )
          : new Map();
      return parseWithdrawn(
        { reasons: read("withdrawn/drug_withdrawal_reasons.csv"), drugInfo: read("withdrawn/drug_info.csv") },
        structures,
      ).candidates;
    }
  }
}

/** Identity of a record within its source, from the ids the loader recorded: reloading never duplicates. */
function sourceKey(record: NegatomeRecordInput): string {
  const ids = Object.entries(record.evidence.source_ids).sort(([a], [b]) => a.localeCompare(b));
  return ids.length ? ids.map(([k, v]) => `${k}=${v}`).join(";") : record.compound_inchi_key;
}

/**
 * Loads one public negatome dataset from the reference-data root: structures are checked and
 * fingerprinted on the compute threads, then written in one transaction; records already present are
 * skipped, so a reload is idempotent.
 */
export async function loadNegatomeDataset(
  db: Database,
  pool: ComputePool,
  root: string,
  dataset: NegatomeDataset,
): Promise<DatasetLoad> {
  if (!datasetAvailable(root, dataset)) throw new Error(`The ${dataset} files are not in ${root}`);
  const prepared = await pool.run(
    "negatome.prepare",
    { candidates: candidatesOf(root, dataset) },
    { priority: "batch" },
  );
  const ids = await db.transaction((tx) =>
    insertRecords(
      tx,
      prepared.records.map((record) => ({
        orgId: null,
        failureClass: record.failure_class,
        targetUniprotId: record.target_uniprot_id,
        compoundInchiKey: record.compound_inchi_key,
        compoundSmiles: record.compound_smiles,
        fingerprint: record.fingerprint,
        source: record.source,
        sourceKey: sourceKey(record),
        score: record.score,
        reason: record.reason,
        evidence: record.evidence as unknown as Record<string, unknown>,
        confidenceTier: record.confidence_tier,
        contributorId: null,
      })),
    ),
  );
  return {
    dataset,
    inserted: ids.length,
    skipped: prepared.records.length - ids.length,
    rejected: prepared.rejected.map((r) => ({ line: r.line, reason: r.error })),
  };
}

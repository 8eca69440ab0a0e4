import type { ReferenceCompound } from "../reference-set";
import type { NegatomeCandidate } from "../types";
import { columnIndex, readDelimited, type SkippedRow } from "./lines";

/**
 * ClinTox (Wu et al., "MoleculeNet", Chem Sci 2018, 9:513): FDA-approved drugs and compounds that
 * failed clinical trials for toxicity. Provenance and licence as recorded in shared/data/README.md.
 */
export const CLINTOX_DATASET =
  "ClinTox, MoleculeNet (Huanqing-Mao/MoleculeNet_Classification_Data raw_data/clintox.csv, commit 563178699e59)";
export const CLINTOX_LICENCE =
  "None stated in the source repository; MoleculeNet/DeepChem distribute it for research use.";

export interface ClintoxRow {
  /** 1-based line in clintox.csv (the header is line 1). */
  line: number;
  smiles: string;
  fdaApproved: boolean;
  /** CT_TOX = 1: failed clinical trials for toxicity. */
  ctTox: boolean;
}

export interface ClintoxFile {
  rows: ClintoxRow[];
  malformed: SkippedRow[];
}

function binaryLabel(value: string | undefined): boolean | null {
  return value === "1" ? true : value === "0" ? false : null;
}

/**
 * Parses clintox.csv (columns smiles, FDA_APPROVED, CT_TOX); rows with a missing SMILES or a label other than 0/1 are
 * reported.
 */
export function parseClintox(text: string): ClintoxFile {
  const { header, rows } = readDelimited(text, ",");
  const smilesColumn = columnIndex(header, "smiles", "clintox.csv");
  const approvedColumn = columnIndex(header, "FDA_APPROVED", "clintox.csv");
  const toxColumn = columnIndex(header, "CT_TOX", "clintox.csv");
  const parsed: ClintoxRow[] = [];
  const malformed: SkippedRow[] = [];
  for (const { line, fields } of rows) {
    const smiles = fields[smilesColumn]?.trim() ?? "";
    const fdaApproved = binaryLabel(fields[approvedColumn]?.trim());
    const ctTox = binaryLabel(fields[toxColumn]?.trim());
    if (smiles.length === 0 || fdaApproved === null || ctTox === null) {
      malformed.push({ line, error: `Expected a SMILES and 0/1 labels, got "${fields.join(",")}".` });
      continue;
    }
    parsed.push({ line, smiles, fdaApproved, ctTox });
  }
  return { rows: parsed, malformed };
}

/**
 * CT_TOX = 1 rows as SAFETY failures. Silver tier: a curated label without a stated mechanism.
 * The 18 rows that are FDA-approved as well (aspirin, celecoxib, imatinib, pioglitazone among
 * them) are bronze, the failure being contradicted by the approval, and say so in their reason.
 */
export function clintoxCandidates(rows: readonly ClintoxRow[]): NegatomeCandidate[] {
  return rows
    .filter((row) => row.ctTox)
    .map((row) => ({
      line: row.line,
      smiles: row.smiles,
      failure_class: "SAFETY",
      target_uniprot_id: null,
      source: "clintox",
      score: null,
      reason: row.fdaApproved
        ? "FDA-approved, but labelled as having failed clinical trials for toxicity (ClinTox CT_TOX = 1)."
        : "Labelled as failed clinical trials for toxicity (ClinTox CT_TOX = 1).",
      evidence: {
        dataset: CLINTOX_DATASET,
        licence: CLINTOX_LICENCE,
        source_ids: { clintox_line: String(row.line) },
      },
      confidence_tier: row.fdaApproved ? "bronze" : "silver",
    }));
}

/**
 * The rows that did not fail for toxicity (CT_TOX = 0, all FDA-approved), as reference compounds for
 * `buildReferenceIndex`.
 */
export function clintoxReferenceCompounds(rows: readonly ClintoxRow[]): ReferenceCompound[] {
  return rows.filter((row) => !row.ctTox).map((row) => ({ id: `clintox:${row.line}`, smiles: row.smiles }));
}

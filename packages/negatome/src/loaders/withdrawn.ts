import { classifyWithdrawalReason } from "../failure-classes";
import type { NegatomeCandidate } from "../types";
import { DRUGCENTRAL_STRUCTURES_DATASET, type DrugCentralStructure } from "./drugcentral";
import { columnIndex, readDelimited, type SkippedRow } from "./lines";

/**
 * withDRAWN (Schlessinger lab, Mount Sinai; github.com/schlessinger-lab/withDRAWN): ChEMBL drugs
 * withdrawn from the market with the toxicity ChEMBL reports for the withdrawal. Provenance and
 * licence as recorded in shared/data/README.md.
 */
export const WITHDRAWN_DATASET =
  "withDRAWN (schlessinger-lab/withDRAWN drug_withdrawal_reasons.csv and drug_info.csv, commit 9fdaffccef3a)";
export const WITHDRAWN_LICENCE = "None stated in the repository; the ChEMBL-derived fields are CC BY-SA 3.0 upstream.";

export interface WithdrawnFiles {
  /**
   * drug_withdrawal_reasons.csv: Drug, Toxicity as reported in ChEMBL, Standardized toxicity label, Overall toxicity
   * category.
   */
  reasons: string;
  /** drug_info.csv: ChEMBL ID (unnamed first column), …, smiles, name (underscore-joined names). */
  drugInfo: string;
}

export interface WithdrawnDrugs {
  candidates: NegatomeCandidate[];
  /** Reason rows that cannot become candidates (no structure in drug_info.csv nor in the lookup). */
  unresolved: SkippedRow[];
}

interface DrugInfo {
  smiles: string;
  name: string;
}

function readDrugInfo(text: string): Map<string, DrugInfo> {
  const { header, rows } = readDelimited(text, ",");
  const smiles = columnIndex(header, "smiles", "drug_info.csv");
  const name = columnIndex(header, "name", "drug_info.csv");
  return new Map(
    rows.map(({ fields }) => [
      fields[0] ?? "",
      { smiles: fields[smiles] ?? "", name: (fields[name] ?? "").split("_")[0] ?? "" },
    ]),
  );
}

/**
 * One SAFETY/… candidate per withdrawn drug of drug_withdrawal_reasons.csv, its class and
 * organ-system categories from `classifyWithdrawalReason`. The structure comes from drug_info.csv;
 * 127 of the 230 drugs have none there, and `structures` (DrugCentral by ChEMBL ID, see
 * `drugCentralStructuresByChembl`) fills most of them. Gold tier when a reason is recorded,
 * silver when ChEMBL gives none.
 */
export function parseWithdrawn(
  files: WithdrawnFiles,
  structures: ReadonlyMap<string, DrugCentralStructure> = new Map(),
): WithdrawnDrugs {
  const info = readDrugInfo(files.drugInfo);
  const { header, rows } = readDelimited(files.reasons, ",");
  const drugColumn = columnIndex(header, "Drug", "drug_withdrawal_reasons.csv");
  const reasonColumn = columnIndex(header, "Toxicity as reported in ChEMBL", "drug_withdrawal_reasons.csv");
  const candidates: NegatomeCandidate[] = [];
  const unresolved: SkippedRow[] = [];
  for (const { line, fields } of rows) {
    const chemblId = fields[drugColumn]?.trim() ?? "";
    const reported = fields[reasonColumn]?.trim() ?? "";
    const own = info.get(chemblId);
    const external = own?.smiles ? undefined : structures.get(chemblId);
    const smiles = own?.smiles || external?.smiles;
    if (!smiles) {
      unresolved.push({ line, error: `${chemblId}: no structure in drug_info.csv or DrugCentral.` });
      continue;
    }
    const { failure_class, categories } = classifyWithdrawalReason(reported);
    const documented = failure_class !== "UNSPECIFIED";
    candidates.push({
      line,
      smiles,
      failure_class,
      target_uniprot_id: null,
      source: "withdrawn",
      score: null,
      // Only what the source says: a ChEMBL flag, not where or when a drug left the market.
      reason: documented
        ? `Flagged withdrawn in ChEMBL (reason: ${reported.replace(/\.$/, "")}).`
        : "Flagged withdrawn in ChEMBL; no reason recorded.",
      evidence: {
        dataset: WITHDRAWN_DATASET,
        licence: WITHDRAWN_LICENCE,
        source_ids: { chembl_id: chemblId },
        compound_name: structures.get(chemblId)?.name || own?.name || undefined,
        ...(documented ? { reported_reason: reported, safety_categories: categories } : {}),
        ...(external ? { structure_source: `${DRUGCENTRAL_STRUCTURES_DATASET}, ID ${external.id}; CC BY-SA 4.0` } : {}),
      },
      confidence_tier: documented ? "gold" : "silver",
    });
  }
  return { candidates, unresolved };
}

import type { GeneIndex } from "../genes";
import type { FeatureRow } from "../types";
import { drugsByGene, type DrugTarget } from "./drugcentral";
import { findColumn, readTable } from "../ingest/table";

/**
 * withDRAWN's `drug_info.csv` (Schlessinger lab, ChEMBL-derived): the first column, with an empty
 * header, is the ChEMBL id; `withdrawn flag` is TRUE/FALSE, `black_box warning` 0/1 and `name` the
 * underscore-joined names and trade names.
 */
export interface WithdrawnDrug {
  chembl_id: string;
  withdrawn: boolean;
  black_box: boolean;
  names: string[];
}

export function parseWithdrawn(drugInfoCsv: string): WithdrawnDrug[] {
  const table = readTable(drugInfoCsv);
  const c = {
    withdrawn: findColumn(table, "withdrawn flag"),
    blackBox: findColumn(table, "black_box warning"),
    name: findColumn(table, "name"),
  };
  if (c.withdrawn < 0 || c.blackBox < 0)
    throw new Error("withDRAWN drug_info: expected 'withdrawn flag' and 'black_box warning' columns");
  const flag = (v: string | undefined) => ["true", "1", "yes"].includes((v ?? "").trim().toLowerCase());
  return table.rows
    .map((row) => row.cells)
    .filter((r) => /^CHEMBL\d+$/i.test((r[0] ?? "").trim()))
    .map((r) => ({
      chembl_id: r[0]!.trim().toUpperCase(),
      withdrawn: flag(r[c.withdrawn]),
      black_box: flag(r[c.blackBox]),
      names:
        c.name >= 0
          ? (r[c.name] ?? "")
              .split("_")
              .map((n) => n.trim())
              .filter((n) => n !== "")
          : [],
    }));
}

/** Liability of a gene hit by a withdrawn drug, and by a drug with a black-box warning. */
export const SAFETY_LIABILITY = { withdrawn: 1, blackBox: 0.5, none: 0 } as const;

export interface SafetyOptions {
  /**
   * "flat" (default): the liability of a flagged gene is the flag's value whatever else hits it.
   * "share": the value times the share of the gene's DrugCentral drugs that carry the flag, so a
   * target with twenty marketed drugs and one withdrawal reads as mostly safe, and a target whose
   * only drug was withdrawn keeps the full liability (withdrawals and boxed warnings are often about
   * one compound's off-target or idiosyncratic toxicity, not the mechanism).
   */
  scale?: "flat" | "share";
}

/**
 * Known safety liabilities of targets (component safe, disease null), joining DrugCentral targets
 * to withDRAWN by ChEMBL id. Per gene:
 * - `withdrawn_drug_target`, liability 1, raw = n withdrawn drugs hitting it;
 * - `black_box_drug_target`, liability 0.5, raw = n drugs with a black-box warning hitting it;
 * - otherwise, when DrugCentral names approved drugs for the gene, `drug_safety_record`, liability 0,
 *   raw = n drugs: the gene's drugs are on the market with no withdrawal or boxed warning, so its
 *   safe component reads 1 as "known, no liability" rather than null ("no data").
 * Genes that no DrugCentral drug targets get no row: their safety is unknown. The component is then
 * 1 − harmonicSum(liabilities): 0.39 with a withdrawn drug, 0.69 with a black-box one, 0.31 with both.
 */
export function safetyLiabilityFeatures(
  drugTargets: readonly DrugTarget[],
  withdrawn: readonly WithdrawnDrug[],
  genes: GeneIndex,
  options: SafetyOptions = {},
): FeatureRow[] {
  const byChembl = new Map(withdrawn.map((w) => [w.chembl_id, w]));
  const record = new Map<string, WithdrawnDrug>();
  for (const t of drugTargets) {
    const w = t.chembl_id ? byChembl.get(t.chembl_id.toUpperCase()) : undefined;
    if (w) record.set(t.drugcentral_id, w);
  }
  const rows: FeatureRow[] = [];
  for (const [gene, drugs] of drugsByGene(drugTargets, genes)) {
    let nWithdrawn = 0;
    let nBlackBox = 0;
    for (const d of drugs) {
      if (record.get(d)?.withdrawn) nWithdrawn++;
      if (record.get(d)?.black_box) nBlackBox++;
    }
    const share = (n: number) => (options.scale === "share" ? n / drugs.size : 1);
    if (nWithdrawn > 0)
      rows.push({
        gene,
        feature_name: "withdrawn_drug_target",
        component: "safe",
        score: SAFETY_LIABILITY.withdrawn * share(nWithdrawn),
        raw: nWithdrawn,
        disease: null,
      });
    if (nBlackBox > 0)
      rows.push({
        gene,
        feature_name: "black_box_drug_target",
        component: "safe",
        score: SAFETY_LIABILITY.blackBox * share(nBlackBox),
        raw: nBlackBox,
        disease: null,
      });
    if (nWithdrawn === 0 && nBlackBox === 0)
      rows.push({
        gene,
        feature_name: "drug_safety_record",
        component: "safe",
        score: SAFETY_LIABILITY.none,
        raw: drugs.size,
        disease: null,
      });
  }
  return rows;
}

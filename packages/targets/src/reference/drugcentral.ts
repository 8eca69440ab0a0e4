import type { DrugIndication } from "@sieve/literature";
import type { GeneIndex } from "../genes";
import type { FeatureRow } from "../types";
import { findColumn, readTable } from "../ingest/table";

/**
 * DrugCentral's mechanism-of-action targets of approved drugs (`drug_target.tsv`, the DrugCentral
 * authors' 2016 export; Ursu et al., Nucleic Acids Res. 2017): DRUG_ID, CHEMBL_ID, DRUG_NAME,
 * TARGET_NAME, TARGET_FAMILY, UNIPROT, GENE, SWISSPROT, ACTION_TYPE, SOURCE, REFERENCE. A
 * multi-component target (a receptor complex, an ion channel) lists its accessions, genes and
 * SwissProt names separated by `|`, position by position.
 */
export interface DrugTarget {
  drugcentral_id: string;
  chembl_id: string | null;
  drug_name: string;
  target_name: string;
  action_type: string | null;
  /** Every component of the target; `human` from its SwissProt entry name (`…_HUMAN`). */
  components: { symbol: string | null; uniprot: string | null; human: boolean }[];
}

export function parseDrugTargets(text: string): DrugTarget[] {
  const table = readTable(text);
  const column = (name: string) => findColumn(table, name);
  const c = {
    id: column("DRUG_ID"),
    chembl: column("CHEMBL_ID"),
    name: column("DRUG_NAME"),
    target: column("TARGET_NAME"),
    uniprot: column("UNIPROT"),
    gene: column("GENE"),
    swissprot: column("SWISSPROT"),
    action: column("ACTION_TYPE"),
  };
  if (c.id < 0 || (c.gene < 0 && c.uniprot < 0))
    throw new Error("DrugCentral drug_target: expected DRUG_ID and GENE or UNIPROT columns");
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? "") : "");
  const parts = (value: string) => value.split("|").map((v) => v.trim());
  const out: DrugTarget[] = [];
  for (const { cells: row } of table.rows) {
    const id = cell(row, c.id);
    if (id === "") continue;
    const uniprot = parts(cell(row, c.uniprot));
    const symbols = parts(cell(row, c.gene));
    const swissprot = parts(cell(row, c.swissprot));
    const n = Math.max(uniprot.length, symbols.length);
    const components: DrugTarget["components"] = [];
    for (let i = 0; i < n; i++) {
      const symbol = symbols[i] || null;
      const accession = uniprot[i] || null;
      if (symbol === null && accession === null) continue;
      // Without a SwissProt name the organism is unknown: trust the row (the 2016 export always has one).
      const entry = swissprot[i] ?? "";
      components.push({ symbol, uniprot: accession, human: entry === "" || entry.toUpperCase().endsWith("_HUMAN") });
    }
    out.push({
      drugcentral_id: id,
      chembl_id: cell(row, c.chembl) || null,
      drug_name: cell(row, c.name),
      target_name: cell(row, c.target),
      action_type: cell(row, c.action) || null,
      components,
    });
  }
  return out;
}

/**
 * HGNC ids of the human components of a target: the symbol first, the UniProt accession when the
 * symbol is unknown to the index. Bacterial, viral and fungal components are skipped, since their
 * lower-case symbols (`gyrA`, `folP`) would otherwise match human genes case-insensitively.
 */
export function targetGenes(target: DrugTarget, genes: GeneIndex): string[] {
  const out = new Set<string>();
  for (const c of target.components) {
    if (!c.human) continue;
    const id = (c.symbol ? genes.resolve(c.symbol) : null) ?? (c.uniprot ? genes.resolve(c.uniprot) : null);
    if (id) out.add(id);
  }
  return [...out];
}

/** Distinct drugs (DrugCentral ids) hitting each gene, over the given target rows. */
export function drugsByGene(
  drugTargets: readonly DrugTarget[],
  genes: GeneIndex,
  keep: (drugId: string) => boolean = () => true,
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of drugTargets) {
    if (!keep(t.drugcentral_id)) continue;
    for (const gene of targetGenes(t, genes)) {
      let drugs = out.get(gene);
      if (!drugs) out.set(gene, (drugs = new Set()));
      drugs.add(t.drugcentral_id);
    }
  }
  return out;
}

export interface ExclusionOptions {
  /**
   * Disease ids (DOIDs) whose clinical record is switched off. A drug is dropped when it has at least
   * one DOID-coded indication and all of them are in this set; indications without a DOID are not
   * counted as "outside", so an unmapped indication never lets a disease's own drug back in.
   */
  excludeDiseaseIds?: ReadonlySet<string>;
}

/**
 * Approved drugs at which `approved_drug_targets` reaches 1. It is high because the most-drugged
 * genes are the likeliest targets of yet another disease, and the composite must still order them;
 * chosen on the development half of the known-target benchmark (bench/targets) with related
 * precedence combined by noisy-or: recall@50 0.511, 0.514, 0.534, 0.536, 0.535, 0.533 at 200, 500,
 * 700, 1,000, 2,000 and 5,000 drugs.
 */
export const APPROVED_DRUGS_FOR_FULL_SCORE = 1000;

/**
 * Disease-agnostic druggability: feature `approved_drug_targets` (component drugg, disease null),
 * raw = n distinct approved drugs whose mechanism-of-action target includes the gene,
 * score = min(1, ln(1 + n) / ln(1 + 1000)), so one drug gives 0.10, ten 0.35, fifty 0.57.
 */
export function approvedDrugFeatures(
  drugTargets: readonly DrugTarget[],
  indications: readonly DrugIndication[],
  genes: GeneIndex,
  options: ExclusionOptions = {},
): FeatureRow[] {
  const excluded =
    options.excludeDiseaseIds && options.excludeDiseaseIds.size > 0
      ? excludedDrugs(indications, options.excludeDiseaseIds)
      : new Set<string>();
  const rows: FeatureRow[] = [];
  for (const [gene, drugs] of drugsByGene(drugTargets, genes, (id) => !excluded.has(id))) {
    rows.push({
      gene,
      feature_name: "approved_drug_targets",
      component: "drugg",
      score: approvedDrugScore(drugs.size),
      raw: drugs.size,
      disease: null,
    });
  }
  return rows;
}

export function approvedDrugScore(drugs: number): number {
  return Math.min(1, Math.log1p(drugs) / Math.log1p(APPROVED_DRUGS_FOR_FULL_SCORE));
}

/** Drugs all of whose DOID-coded indications lie in `diseaseIds` (see ExclusionOptions). */
export function excludedDrugs(indications: readonly DrugIndication[], diseaseIds: ReadonlySet<string>): Set<string> {
  const inside = new Set<string>();
  const outside = new Set<string>();
  for (const ind of indications) {
    if (ind.doid === null) continue;
    (diseaseIds.has(ind.doid) ? inside : outside).add(ind.drugcentral_id);
  }
  return new Set([...inside].filter((d) => !outside.has(d)));
}

/**
 * Clinical precedence: feature `clinical_precedence` (component drugg, disease = the indication's
 * DOID), score 1 for each gene × DOID where an approved drug indicated for that DOID targets the gene;
 * raw = the number of such drugs. Indications in `excludeDiseaseIds` are left out.
 */
export function clinicalPrecedenceFeatures(
  drugTargets: readonly DrugTarget[],
  indications: readonly DrugIndication[],
  genes: GeneIndex,
  options: ExclusionOptions = {},
): FeatureRow[] {
  const targets = drugsByGene(drugTargets, genes);
  const genesOfDrug = new Map<string, string[]>();
  for (const [gene, drugs] of targets) {
    for (const d of drugs) {
      const list = genesOfDrug.get(d);
      if (list) list.push(gene);
      else genesOfDrug.set(d, [gene]);
    }
  }
  const drugsOf = new Map<string, Set<string>>(); // gene \t doid → drugs
  for (const ind of indications) {
    if (ind.doid === null || options.excludeDiseaseIds?.has(ind.doid)) continue;
    for (const gene of genesOfDrug.get(ind.drugcentral_id) ?? []) {
      const key = `${gene}\t${ind.doid}`;
      let drugs = drugsOf.get(key);
      if (!drugs) drugsOf.set(key, (drugs = new Set()));
      drugs.add(ind.drugcentral_id);
    }
  }
  return [...drugsOf].map(([key, drugs]) => {
    const [gene, disease] = key.split("\t") as [string, string];
    return { gene, feature_name: "clinical_precedence", component: "drugg", score: 1, raw: drugs.size, disease };
  });
}

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
 * Corroboration of an indication. DrugCentral's indications come from product labels (FDB), and a
 * combination product's indication is also recorded for its adjunct ingredient: lansoprazole (the
 * gastro-protection of naproxen / lansoprazole packs) is "indicated" for rheumatoid arthritis,
 * ankylosing spondylitis and osteoarthritis, which credits the proton pump (ATP4A, ATP4B) with
 * approved-drug precedence there. The export has no product or ingredient table to tell such rows
 * apart, but they leave a mark on both sides. A gene × disease is withheld when all three hold:
 * - at most `maxDrugs` of the gene's approved drugs are indicated for the disease (an adjunct rides on
 *   one or two products; a class used for the disease has more);
 * - under `minClassShare` of the gene's approved drugs have any indication in the disease's
 *   therapeutic area (the pharmacological class is not used there: 2 of 10 proton-pump inhibitors
 *   have a musculoskeletal indication, and both through NSAID packs);
 * - for each of those drugs, under `minOwnShare` of its own DOID-coded indications lie in that area
 *   (the disease is foreign to the drug: tiotropium's asthma is kept, its indications are respiratory);
 * - one of them carries at least `minBlock` DOID-coded indications in that area: a combination product
 *   brings its partner's block of indications (lansoprazole: rheumatoid arthritis, osteoarthritis,
 *   ankylosing spondylitis), where a single foreign label claim (diazepam for tetanus) is the drug's own.
 * Chosen on the development half of bench/targets.
 */
export const PRECEDENCE_CORROBORATION = { maxDrugs: 2, minClassShare: 0.25, minOwnShare: 0.5, minBlock: 2 } as const;

export interface PrecedenceOptions extends ExclusionOptions {
  /** Therapeutic area of a DOID (therapeuticArea); without it the corroboration rule is off. */
  areaOf?: (doid: string) => string;
  corroboration?: { maxDrugs: number; minClassShare: number; minOwnShare: number; minBlock: number };
}

/** A gene × disease whose precedence the corroboration rule withholds, with the numbers behind it. */
export interface UncorroboratedPrecedence {
  gene: string;
  disease: string;
  /** Names of the gene's approved drugs indicated for the disease. */
  drugs: string[];
  reason: string;
}

/**
 * Clinical precedence: feature `clinical_precedence` (component drugg, disease = the indication's
 * DOID), score 1 for each gene × DOID where an approved drug indicated for that DOID targets the gene
 * and the drug class corroborates it (PRECEDENCE_CORROBORATION); raw = the number of such drugs.
 * Indications in `excludeDiseaseIds` are left out.
 */
export function clinicalPrecedenceFeatures(
  drugTargets: readonly DrugTarget[],
  indications: readonly DrugIndication[],
  genes: GeneIndex,
  options: PrecedenceOptions = {},
): FeatureRow[] {
  return clinicalPrecedence(drugTargets, indications, genes, options).features;
}

/** clinicalPrecedenceFeatures with the gene × disease pairs the corroboration rule withheld. */
export function clinicalPrecedence(
  drugTargets: readonly DrugTarget[],
  indications: readonly DrugIndication[],
  genes: GeneIndex,
  options: PrecedenceOptions = {},
): { features: FeatureRow[]; uncorroborated: UncorroboratedPrecedence[] } {
  const rule = options.corroboration ?? PRECEDENCE_CORROBORATION;
  const areaOf = options.areaOf;
  const targets = drugsByGene(drugTargets, genes);
  const genesOfDrug = new Map<string, string[]>();
  for (const [gene, drugs] of targets) {
    for (const d of drugs) {
      const list = genesOfDrug.get(d);
      if (list) list.push(gene);
      else genesOfDrug.set(d, [gene]);
    }
  }
  const nameOf = new Map(drugTargets.map((t) => [t.drugcentral_id, t.drug_name]));
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
  const areasOfDrug = new Map<string, string[]>(); // one entry per DOID-coded indication
  if (areaOf)
    for (const ind of indications)
      if (ind.doid !== null) {
        const list = areasOfDrug.get(ind.drugcentral_id);
        if (list) list.push(areaOf(ind.doid));
        else areasOfDrug.set(ind.drugcentral_id, [areaOf(ind.doid)]);
      }
  const share = <T>(items: readonly T[], hit: (item: T) => boolean) =>
    items.length === 0 ? 0 : items.filter(hit).length / items.length;
  const features: FeatureRow[] = [];
  const uncorroborated: UncorroboratedPrecedence[] = [];
  for (const [key, drugs] of drugsOf) {
    const [gene, disease] = key.split("\t") as [string, string];
    if (areaOf && drugs.size <= rule.maxDrugs) {
      const area = areaOf(disease);
      const inArea = (d: string) => (areasOfDrug.get(d) ?? []).includes(area);
      const classDrugs = [...(targets.get(gene) ?? [])];
      const classShare = share(classDrugs, inArea);
      const ownShares = [...drugs].map((d) => share(areasOfDrug.get(d) ?? [], (a) => a === area));
      const block = Math.max(...[...drugs].map((d) => (areasOfDrug.get(d) ?? []).filter((a) => a === area).length));
      if (classShare < rule.minClassShare && ownShares.every((s) => s < rule.minOwnShare) && block >= rule.minBlock) {
        const names = [...drugs].map((d) => nameOf.get(d) ?? d).sort((a, b) => a.localeCompare(b));
        uncorroborated.push({
          gene,
          disease,
          drugs: names,
          reason:
            `${names.join(", ")}: ${drugs.size} of the gene's ${classDrugs.length} approved drugs indicated for it, ` +
            `${Math.round(classShare * 100)}% with any ${area} indication (< ${rule.minClassShare * 100}%), ` +
            `and ${area} is a minority of the drug's own indications (< ${rule.minOwnShare * 100}%): ` +
            "the mark of an adjunct in a combination product",
        });
        continue;
      }
    }
    features.push({
      gene,
      feature_name: "clinical_precedence",
      component: "drugg",
      score: 1,
      raw: drugs.size,
      disease,
    });
  }
  return { features, uncorroborated };
}

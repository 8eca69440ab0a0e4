import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDrugIndications, REFERENCE_FILES } from "@sieve/literature";
import { parseDrugTargets, parseWithdrawn, type DrugTarget, type WithdrawnDrug } from "@sieve/targets";

const WITHDRAWN_FILE = "withdrawn/drug_info.csv";
const DRUG_TARGET_FILE = "drugcentral/drug_target.tsv";

/** DrugCentral's approved drugs with their targets and indications, and withDRAWN's flags, as read from the reference files. */
export interface DrugReference {
  targets: DrugTarget[];
  /** Indication names of each drug (DrugCentral id). */
  indications: Map<string, string[]>;
  /** Disease Ontology ids of each drug's DOID-coded indications. */
  indicationDoids: Map<string, string[]>;
  withdrawn: Map<string, WithdrawnDrug>;
}

const loaded = new Map<string, DrugReference>();

/** The drug reference of a reference-data root, read once per process; a missing file reads as empty. */
export function drugReference(root: string): DrugReference {
  const held = loaded.get(root);
  if (held) return held;
  const read = (rel: string) => (existsSync(join(root, rel)) ? readFileSync(join(root, rel), "utf8") : null);
  const targets = read(DRUG_TARGET_FILE);
  const indicationText = read(REFERENCE_FILES.drugcentralIndications);
  const withdrawnText = read(WITHDRAWN_FILE);
  const indications = new Map<string, string[]>();
  const indicationDoids = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key) ?? [];
    if (!list.includes(value)) list.push(value);
    map.set(key, list);
  };
  for (const i of indicationText ? parseDrugIndications(indicationText) : []) {
    add(indications, i.drugcentral_id, i.indication);
    if (i.doid) add(indicationDoids, i.drugcentral_id, i.doid);
  }
  const reference: DrugReference = {
    targets: targets ? parseDrugTargets(targets) : [],
    indications,
    indicationDoids,
    withdrawn: new Map((withdrawnText ? parseWithdrawn(withdrawnText) : []).map((w) => [w.chembl_id, w])),
  };
  loaded.set(root, reference);
  return reference;
}

/**
 * The approved drugs indicated for any disease of `diseaseIds` (a disease and its subtree) that act on
 * each gene (HGNC id, from a target component's symbol or UniProt accession through `geneOf`), sorted
 * by name: the label of an established target.
 */
export function approvedDrugsForDisease(
  reference: DrugReference,
  diseaseIds: ReadonlySet<string>,
  geneOf: (component: DrugTarget["components"][number]) => string | null,
): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const t of reference.targets) {
    if (!(reference.indicationDoids.get(t.drugcentral_id) ?? []).some((d) => diseaseIds.has(d))) continue;
    for (const c of t.components) {
      const gene = c.human ? geneOf(c) : null;
      if (!gene) continue;
      const drugs = out.get(gene) ?? new Set<string>();
      drugs.add(t.drug_name);
      out.set(gene, drugs);
    }
  }
  return new Map([...out].map(([gene, drugs]) => [gene, [...drugs].sort((a, b) => a.localeCompare(b))]));
}

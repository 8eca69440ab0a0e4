import type { TargetRef } from "@sieve/contracts";
import { parseDrugIndications, parseHgnc, parseJensenDiseases, parseObo, type DrugIndication } from "@sieve/literature";
import {
  DiseaseHierarchy,
  drugsByGene,
  GeneIndex,
  jensenLabFeatures,
  parseDrugTargets,
  parseWithdrawn,
  type DrugTarget,
  type FeatureRow,
  type WithdrawnDrug,
} from "@sieve/targets";
import { hasSharedData, readSharedData, sharedDataFile } from "@sieve/testing";
import { TARGET_REFERENCE_FILES as F } from "../../packages/targets/test/reference-files";

export interface BenchData {
  /** Protein-coding-like HGNC genes: those with a UniProt accession. */
  universe: TargetRef[];
  index: GeneIndex;
  hierarchy: DiseaseHierarchy;
  targets: DrugTarget[];
  /** Indications with their DOID resolved to the primary term. */
  indications: DrugIndication[];
  withdrawn: WithdrawnDrug[];
  jensen: FeatureRow[];
}

export function loadBenchData(): BenchData {
  const files = [F.hgnc, F.diseaseOntology, F.drugTargets, F.drugIndications, F.withdrawn, F.jensenlab];
  if (!hasSharedData(...files)) {
    console.error(`bench/targets needs the shared reference data (${files.join(", ")}) under ${sharedDataFile("")}`);
    process.exit(1);
  }
  const hgnc = parseHgnc(readSharedData(F.hgnc));
  const index = new GeneIndex(hgnc);
  const hierarchy = new DiseaseHierarchy(parseObo(readSharedData(F.diseaseOntology)));
  const indications = parseDrugIndications(readSharedData(F.drugIndications)).map((i) => ({
    ...i,
    doid: i.doid === null ? null : hierarchy.resolve(i.doid),
  }));
  const jensen = jensenLabFeatures(parseJensenDiseases(readSharedData(F.jensenlab)), index).map((r) => ({
    ...r,
    disease: r.disease === null ? null : hierarchy.resolve(r.disease),
  }));
  const universe = hgnc
    .filter((g) => g.uniprot.length > 0)
    .map((g) => ({
      hgnc_id: g.hgnc_id,
      gene_symbol: g.symbol,
      protein_name: g.name,
      uniprot_id: g.uniprot[0] ?? null,
    }));
  return {
    universe,
    index,
    hierarchy,
    targets: parseDrugTargets(readSharedData(F.drugTargets)),
    indications,
    withdrawn: parseWithdrawn(readSharedData(F.withdrawn)),
    jensen,
  };
}

export interface BenchDisease {
  doid: string;
  name: string;
  /** The disease and its descendants. */
  subtree: Set<string>;
  /** Genes hit by approved drugs indicated for the disease or a descendant. */
  known: Set<string>;
}

/** Every indication DOID whose subtree has at least `minTargets` approved-drug targets. */
export function benchDiseases(data: BenchData, minTargets: number): BenchDisease[] {
  const genesOfDrug = new Map<string, string[]>();
  for (const [gene, drugs] of drugsByGene(data.targets, data.index)) {
    for (const d of drugs) {
      const genes = genesOfDrug.get(d);
      if (genes) genes.push(gene);
      else genesOfDrug.set(d, [gene]);
    }
  }
  const drugsOfDisease = new Map<string, Set<string>>();
  for (const ind of data.indications) {
    if (ind.doid === null) continue;
    let drugs = drugsOfDisease.get(ind.doid);
    if (!drugs) drugsOfDisease.set(ind.doid, (drugs = new Set()));
    drugs.add(ind.drugcentral_id);
  }
  const out: BenchDisease[] = [];
  for (const doid of [...drugsOfDisease.keys()].sort()) {
    const subtree = data.hierarchy.descendants(doid);
    const known = new Set<string>();
    for (const d of subtree)
      for (const drug of drugsOfDisease.get(d) ?? []) for (const g of genesOfDrug.get(drug) ?? []) known.add(g);
    if (known.size >= minTargets) out.push({ doid, name: data.hierarchy.name(doid) ?? doid, subtree, known });
  }
  return out;
}

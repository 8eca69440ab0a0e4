import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import { ingestPubTator } from "../modules/literature/service";
import type { LiteratureReference } from "../modules/literature/reference";
import { datasetAvailable, loadNegatomeDataset, NEGATOME_DATASETS, type DatasetLoad } from "./negatome-datasets";
import { diseaseDatasetAvailable, geneDatasetAvailable, loadDiseases, loadGenes } from "./gene-disease-datasets";
import {
  loadTargetDataset,
  TARGET_FEATURE_DATASETS,
  targetDatasetAvailable,
  type TargetFeatureDataset,
} from "./target-datasets";

export interface ReferenceLoadContext {
  db: Database;
  pool: ComputePool;
  root: string;
  literature: LiteratureReference;
  /** org.Hs.eg.db's SQLite, for the full name of every gene (AppConfig.geneNamesSqlite). */
  geneNamesSqlite: string | null;
}

interface ReferenceDataset {
  description: string;
  available(root: string): boolean;
  load(context: ReferenceLoadContext): Promise<DatasetLoad>;
}

/** Corpora imported as public literature, with their gold annotations (test splits are kept aside upstream). */
const CORPORA = {
  "literature:bc5cdr": {
    source: "bc5cdr",
    files: ["bc5cdr/CDR_TrainingSet.PubTator.txt", "bc5cdr/CDR_DevelopmentSet.PubTator.txt"],
    license: "BioCreative V CDR corpus, free for research use",
  },
  "literature:biored": {
    source: "biored",
    files: ["biored/Train.PubTator", "biored/Dev.PubTator"],
    license: "BioRED corpus, CC0 / public domain (NCBI)",
  },
} as const;

/**
 * Everything `npm run data:load` and the admin console can load into the platform as public
 * reference data, read from the reference-data root in the shared-data layout.
 */
export const REFERENCE_DATASETS: Record<string, ReferenceDataset> = {
  // Genes and diseases first: the target features are built against them.
  "reference:genes": {
    description:
      "HGNC genes (symbol, HGNC id, Ensembl, NCBI Gene, UniProt), with protein names (ChEMBL) and full names (org.Hs.eg.db)",
    available: geneDatasetAvailable,
    load: ({ db, root, geneNamesSqlite }) => loadGenes(db, root, geneNamesSqlite),
  },
  "reference:diseases": {
    description: "Disease Ontology terms (names, synonyms, hierarchy, cross-references)",
    available: diseaseDatasetAvailable,
    load: ({ db, root }) => loadDiseases(db, root),
  },
  ...Object.fromEntries(
    NEGATOME_DATASETS.map((name) => [
      `negatome:${name}`,
      {
        description:
          name === "demo"
            ? "Built-in demo set of well-known failed and withdrawn drugs"
            : `Negatome records from ${name}`,
        available: (root: string) => datasetAvailable(root, name),
        load: ({ db, pool, root }: ReferenceLoadContext) => loadNegatomeDataset(db, pool, root, name),
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(CORPORA).map(([name, corpus]) => [
      name,
      {
        description: `${corpus.source} abstracts with gold entities and relations`,
        available: (root: string) => corpus.files.every((file) => existsSync(join(root, file))),
        async load({ db, pool, root, literature }: ReferenceLoadContext): Promise<DatasetLoad> {
          let inserted = 0;
          let skipped = 0;
          for (const file of corpus.files) {
            const outcome = await ingestPubTator(
              { db, pool, reference: literature },
              null,
              readFileSync(join(root, file), "utf8"),
              corpus.source,
              corpus.license,
            );
            inserted += outcome.inserted;
            skipped += outcome.skipped;
          }
          return { dataset: name, inserted, skipped, rejected: [] };
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    (Object.keys(TARGET_FEATURE_DATASETS) as TargetFeatureDataset[]).map((name) => [
      name,
      {
        description: TARGET_FEATURE_DATASETS[name].description,
        available: (root: string) => targetDatasetAvailable(root, name),
        load: ({ db, root }: ReferenceLoadContext) => loadTargetDataset(db, root, name),
      },
    ]),
  ),
};

export async function loadReferenceDatasets(context: ReferenceLoadContext, names: string[]): Promise<DatasetLoad[]> {
  const unknown = names.filter((name) => !Object.hasOwn(REFERENCE_DATASETS, name));
  if (unknown.length)
    throw new Error(`Unknown datasets: ${unknown.join(", ")}. Known: ${Object.keys(REFERENCE_DATASETS).join(", ")}`);
  const results: DatasetLoad[] = [];
  for (const name of names) results.push({ ...(await REFERENCE_DATASETS[name]!.load(context)), dataset: name });
  return results;
}

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TARGET_DEFAULTS } from "@sieve/contracts";
import { parseDrugIndications, parseJensenDiseases, parseObo, REFERENCE_FILES } from "@sieve/literature";
import { schema, type Database } from "@sieve/db";
import {
  approvedDrugFeatures,
  clinicalPrecedence,
  DiseaseHierarchy,
  GeneIndex,
  jensenLabFeatures,
  parseDrugTargets,
  parseWithdrawn,
  PRECEDENCE_CORROBORATION,
  safetyLiabilityFeatures,
  therapeuticArea,
  type FeatureRow,
} from "@sieve/targets";
import { publicFeatureSet, storeIngestion } from "../modules/targets/store";
import type { DatasetLoad } from "./negatome-datasets";

const FILES = {
  drugTargets: "drugcentral/drug_target.tsv",
  indications: REFERENCE_FILES.drugcentralIndications,
  withdrawn: "withdrawn/drug_info.csv",
  jensenlab: REFERENCE_FILES.jensenDiseases,
  diseaseOntology: REFERENCE_FILES.diseaseOntology,
} as const;

type Read = (rel: keyof typeof FILES) => string;

/** Public target features built from reference files, each a source of the public feature set priors_v1. */
export const TARGET_FEATURE_DATASETS = {
  "targets:drugcentral": {
    description: "Approved-drug targets (DrugCentral): druggability and clinical precedence per disease",
    files: ["drugTargets", "indications", "diseaseOntology"],
    build: (read: Read, genes: GeneIndex) => {
      const targets = parseDrugTargets(read("drugTargets"));
      const indications = parseDrugIndications(read("indications"));
      const hierarchy = new DiseaseHierarchy(parseObo(read("diseaseOntology")));
      const precedence = clinicalPrecedence(targets, indications, genes, {
        areaOf: (doid) => therapeuticArea(hierarchy, doid),
      });
      return {
        features: [...approvedDrugFeatures(targets, indications, genes), ...precedence.features],
        // The rule and every gene × disease it withheld, with its reason: shown with the ingestion.
        parameters: {
          precedence_corroboration: PRECEDENCE_CORROBORATION,
          uncorroborated_precedence: precedence.uncorroborated,
        },
      };
    },
  },
  "targets:jensenlab": {
    description: "Curated gene–disease associations (JensenLab DISEASES, knowledge channel)",
    files: ["jensenlab"],
    build: (read: Read, genes: GeneIndex) => ({
      features: jensenLabFeatures(parseJensenDiseases(read("jensenlab")), genes),
    }),
  },
  "targets:withdrawn": {
    description: "Safety liabilities: targets of withdrawn and black-box drugs (withDRAWN × DrugCentral)",
    files: ["drugTargets", "withdrawn"],
    // Scaled by the share of the gene's drugs carrying the flag: the known-target benchmark's choice (bench/targets).
    build: (read: Read, genes: GeneIndex) => ({
      features: safetyLiabilityFeatures(
        parseDrugTargets(read("drugTargets")),
        parseWithdrawn(read("withdrawn")),
        genes,
        {
          scale: "share",
        },
      ),
    }),
  },
} satisfies Record<
  string,
  {
    description: string;
    files: (keyof typeof FILES)[];
    build(read: Read, genes: GeneIndex): { features: FeatureRow[]; parameters?: Record<string, unknown> };
  }
>;

export type TargetFeatureDataset = keyof typeof TARGET_FEATURE_DATASETS;

export function targetDatasetAvailable(root: string, name: TargetFeatureDataset): boolean {
  return TARGET_FEATURE_DATASETS[name].files.every((key) => existsSync(join(root, FILES[key])));
}

/**
 * Builds one dataset's features against the genes in the database (load `reference:genes` first) and
 * replaces that source in the public priors_v1 feature set, recording the files' SHA-256.
 */
export async function loadTargetDataset(db: Database, root: string, name: TargetFeatureDataset): Promise<DatasetLoad> {
  const dataset = TARGET_FEATURE_DATASETS[name];
  const texts = new Map(dataset.files.map((key) => [key, readFileSync(join(root, FILES[key]), "utf8")]));
  const geneRows = await db.select().from(schema.refGenes);
  if (geneRows.length === 0) throw new Error(`${name} needs the reference genes: load reference:genes first`);
  const genes = new GeneIndex(
    geneRows.map((g) => ({
      hgnc_id: g.hgncId,
      symbol: g.symbol,
      name: g.name,
      aliases: g.aliases,
      previous_symbols: g.previousSymbols,
      ncbigene: g.ncbiGeneId,
      ensembl: g.ensemblGeneId,
      uniprot: g.uniprotIds,
    })),
  );
  const built: { features: FeatureRow[]; parameters?: Record<string, unknown> } = dataset.build(
    (key) => texts.get(key)!,
    genes,
  );
  const { features, parameters } = built;
  const hash = createHash("sha256");
  for (const key of dataset.files) hash.update(texts.get(key)!);
  const featureSetId = await publicFeatureSet(
    db,
    TARGET_DEFAULTS.featureSet,
    "Public reference features (DrugCentral, JensenLab DISEASES, withDRAWN)",
  );
  const source = name.slice("targets:".length);
  await storeIngestion(
    db,
    {
      orgId: null,
      featureSetId,
      source,
      fileName: dataset.files.map((key) => FILES[key]).join(", "),
      fileSha256: hash.digest("hex"),
      parameters: { dataset: name, ...parameters },
      rowsRead: features.length,
      unmatched: [],
      features: features.map((f) => ({
        hgncId: f.gene,
        featureName: f.feature_name,
        component: f.component,
        diseaseId: f.disease,
        score: f.score,
        raw: f.raw,
      })),
      createdBy: null,
    },
    { replaceSource: true },
  );
  return { dataset: name, inserted: features.length, skipped: 0, rejected: [] };
}

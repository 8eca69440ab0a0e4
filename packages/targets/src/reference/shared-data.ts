import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The shared reference data live beside the repository (`../shared/data` from its root) and are read
 * in place, never copied: tests skip with SKIP_MESSAGE and the benchmark stops when a file is absent.
 */
const SHARED_DATA = new URL("../../../../../shared/data/", import.meta.url);

export const TARGET_REFERENCE_FILES = {
  hgnc: "hgnc/hgnc_mapper.tsv",
  diseaseOntology: "disease_ontology/HumanDO.obo",
  drugTargets: "drugcentral/drug_target.tsv",
  drugIndications: "drugcentral/drug_indication.tsv",
  withdrawn: "withdrawn/drug_info.csv",
  jensenlab: "jensenlab_diseases/human_disease_knowledge_filtered.tsv",
  stringNsclc: "string_ppi/nsclc_string_interactions.tsv",
  stringAlzheimers: "string_ppi/alzheimers_string_interactions.tsv",
} as const;

export function sharedDataFile(relative: string): string {
  return fileURLToPath(new URL(relative, SHARED_DATA));
}

export function hasSharedData(...relatives: string[]): boolean {
  return relatives.every((r) => existsSync(sharedDataFile(r)));
}

export function readSharedData(relative: string): string {
  return readFileSync(sharedDataFile(relative), "utf8");
}

export const SKIP_MESSAGE =
  "../shared/data not found next to the repository: skipping tests on the real reference files";

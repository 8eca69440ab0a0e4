import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadReferenceDir, parsePubTator, type PubTatorDocument, type ReferenceData } from "@sieve/literature";
import { geneInfoDir } from "../../apps/api/src/config";

/** The shared data folder, `../shared/data` relative to the repository root. */
export const SHARED_DATA = new URL("../../../shared/data/", import.meta.url);

export const CORPUS_FILES = {
  cdrTrain: "bc5cdr/CDR_TrainingSet.PubTator.txt",
  cdrDev: "bc5cdr/CDR_DevelopmentSet.PubTator.txt",
  bioredTrain: "biored/Train.PubTator",
  bioredDev: "biored/Dev.PubTator",
} as const;

export function sharedDataPath(rel = ""): string {
  return fileURLToPath(new URL(rel, SHARED_DATA));
}

/**
 * The reference data (HGNC, Disease Ontology, DrugCentral, optional NCBI gene_info files) in the
 * shared-data layout: REFERENCE_DATA_DIR, as for the server, else the shared data folder.
 */
export function referenceDataDir(): string {
  return process.env.REFERENCE_DATA_DIR ?? sharedDataPath();
}

/**
 * The reference data as the server's compute threads read it: the reference folder plus the extra NCBI Gene
 * `gene_info` folder of the server's configuration (NCBI_GENE_INFO_DIR, else the user cache: human aliases from
 * org.Hs.eg.db, `npm run data:gene-info`).
 */
export function loadServerReference(): ReferenceData {
  const extra = geneInfoDir(process.env);
  return loadReferenceDir(referenceDataDir(), { geneInfoDirs: extra ? [extra] : [] });
}

/** Exits with a clear message when the shared data folder is missing. */
export function requireSharedData(): void {
  const missing = Object.values(CORPUS_FILES).filter((f) => !existsSync(sharedDataPath(f)));
  if (missing.length > 0) {
    console.error(
      `Shared data not found (${missing.join(", ")} under ${sharedDataPath()}); the literature evaluation needs ../shared/data next to the repository.`,
    );
    process.exit(1);
  }
}

export function readCorpus(file: keyof typeof CORPUS_FILES): PubTatorDocument[] {
  return parsePubTator(readFileSync(sharedDataPath(CORPUS_FILES[file]), "utf8"));
}

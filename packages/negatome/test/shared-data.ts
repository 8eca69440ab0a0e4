import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The shared reference data live beside the repository (`../shared/data` from its root) and are
 * read in place, never copied; tests skip with a message when a file is absent.
 */
const SHARED_DATA = new URL("../../../../shared/data/", import.meta.url);

export const CLINTOX = "clintox/clintox.csv";
export const TOX21 = "tox21/tox21.csv";
export const WITHDRAWN_REASONS = "withdrawn/drug_withdrawal_reasons.csv";
export const WITHDRAWN_DRUG_INFO = "withdrawn/drug_info.csv";
export const DRUGCENTRAL_STRUCTURES = "drugcentral/structures.smiles.tsv";
export const DRUGCENTRAL_IDENTIFIERS = "drugcentral/identifiers.tsv";

/** Text of a shared data file, or null when it is absent. */
export function readSharedData(relative: string): string | null {
  const path = fileURLToPath(new URL(relative, SHARED_DATA));
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

/** The shared data files the negatome tests read (in place, through @sieve/testing). */
export { readSharedData } from "@sieve/testing";

export const CLINTOX = "clintox/clintox.csv";
export const TOX21 = "tox21/tox21.csv";
export const WITHDRAWN_REASONS = "withdrawn/drug_withdrawal_reasons.csv";
export const WITHDRAWN_DRUG_INFO = "withdrawn/drug_info.csv";
export const DRUGCENTRAL_STRUCTURES = "drugcentral/structures.smiles.tsv";
export const DRUGCENTRAL_IDENTIFIERS = "drugcentral/identifiers.tsv";

import { SimilarityIndex, type RDKitModule } from "@sieve/chem";
import { prepareCompound } from "./compound";
import type { NegatomeEntry } from "./types";

/** Fingerprints of the negatome records, keyed by negatome_id (the `index` of `assessSafety`). */
export function negatomeIndex(entries: Iterable<NegatomeEntry>): SimilarityIndex<string> {
  const index = new SimilarityIndex<string>();
  for (const entry of entries) index.add(entry.negatome_id, entry.fingerprint);
  return index;
}

export interface ReferenceCompound {
  id: string;
  smiles: string;
}

export interface ReferenceSet {
  index: SimilarityIndex<string>;
  /** Compounds left out because they are negatome failures themselves (same InChIKey). */
  excluded: string[];
  rejected: { id: string; error: string }[];
}

/**
 * The reference set of `assessSafety`: compounds without a recorded failure (e.g. ClinTox's
 * approved drugs, `clintoxReferenceCompounds`), fingerprinted like the negatome (parent fragment,
 * Morgan radius 2, 2048 bits). A compound whose InChIKey is in `failureInchiKeys` is left out, so
 * that a withdrawn drug does not count as its own safe neighbour.
 */
export function buildReferenceIndex(
  rdkit: RDKitModule,
  compounds: readonly ReferenceCompound[],
  failureInchiKeys: ReadonlySet<string>,
): ReferenceSet {
  const index = new SimilarityIndex<string>();
  const excluded: string[] = [];
  const rejected: { id: string; error: string }[] = [];
  for (const { id, smiles } of compounds) {
    const compound = prepareCompound(rdkit, smiles);
    if (!compound.ok) rejected.push({ id, error: compound.error });
    else if (compound.inchi_key && failureInchiKeys.has(compound.inchi_key)) excluded.push(id);
    else index.add(id, compound.fingerprint);
  }
  return { index, excluded, rejected };
}

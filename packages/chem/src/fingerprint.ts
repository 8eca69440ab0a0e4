import type { Mol } from "@rdkit/rdkit";
import { parseSmiles } from "./parse";
import type { RDKitModule } from "./rdkit";

/** Morgan radius and length used across Sieve (ECFP4-like, 2048 bits). */
export const MORGAN_RADIUS = 2;
export const MORGAN_BITS = 2048;
/** 32-bit words per fingerprint. */
export const MORGAN_WORDS = MORGAN_BITS / 32;

const MORGAN_DETAILS = JSON.stringify({ radius: MORGAN_RADIUS, nBits: MORGAN_BITS });

/**
 * Folded Morgan fingerprint (Rogers & Hahn, J Chem Inf Model 2010, 50:742) from RDKit.js
 * `get_morgan_fp_as_uint8array({radius: 2, nBits: 2048})`, the bits of RDKit's
 * `GetMorganFingerprintAsBitVect(mol, 2, nBits=2048)`, packed into 64 32-bit words.
 */
export function morganFingerprint(mol: Mol): Uint32Array {
  const bytes = mol.get_morgan_fp_as_uint8array(MORGAN_DETAILS) as Uint8Array;
  // Copied into a fresh, aligned buffer (the bit order inside a word does not matter for Tanimoto).
  return new Uint32Array(Uint8Array.from(bytes).buffer);
}

/** Fingerprint of a SMILES, or null when `parseSmiles` refuses it. */
export function morganFingerprintOfSmiles(rdkit: RDKitModule, smiles: string): Uint32Array | null {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return null;
  try {
    return morganFingerprint(parsed.mol);
  } finally {
    parsed.mol.delete();
  }
}

/** Set bits in a 32-bit word (SWAR popcount, Hacker's Delight 5-1). */
export function popcount32(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Set bits in a bitset. */
export function popcount(bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += popcount32(bits[i]!);
  return count;
}

/**
 * Tanimoto (Jaccard) similarity of two equal-length bitsets, |a ∧ b| / |a ∨ b|; two empty
 * bitsets score 1, as RDKit's `DataStructs.TanimotoSimilarity` does.
 */
export function tanimoto(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new Error(`Fingerprints differ in length: ${a.length} and ${b.length} words`);
  let common = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    common += popcount32(a[i]! & b[i]!);
    either += popcount32(a[i]! | b[i]!);
  }
  return either === 0 ? 1 : common / either;
}

/**
 * Tanimoto similarity of two count fingerprints (id → count), Σ min / (Σa + Σb − Σ min), as
 * RDKit's `DataStructs.TanimotoSimilarity` computes it on `SparseIntVect`s (unfolded Morgan or
 * atom-pair counts); two empty fingerprints score 0 there, and here.
 */
export function countTanimoto(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): number {
  let sumA = 0;
  let sumB = 0;
  let common = 0;
  for (const [id, count] of a) {
    sumA += count;
    const other = b.get(id);
    if (other !== undefined) common += Math.min(count, other);
  }
  for (const count of b.values()) sumB += count;
  const denominator = sumA + sumB - common;
  return Math.abs(denominator) < 1e-6 ? 0 : common / denominator;
}

import type { Mol } from "@rdkit/rdkit";
import { morganFingerprint } from "@sieve/chem";
import { Random } from "./random";

/**
 * A continuous descriptor embedding of a molecule in [−1, 1]^dimension, the space in which
 * BatchDiversity measures how far apart candidates are (the run's `dimension`, 1 to 50).
 *
 * 1. Fifty features: twenty RDKit descriptors (from `Mol.get_descriptors()`), each standardised
 *    robustly as (x − median)/(IQR/1.349) with the median and interquartile range over the
 *    3,763 single-component DrugCentral structures of 6 to 60 heavy atoms (RDKit.js 2026.09);
 *    and thirty structural axes, each a fixed ±1 signed sum over the set bits of the Morgan
 *    fingerprint (radius 2, 2048 bits) divided by √(bits set), which is ~N(0, 1) for unrelated
 *    molecules and equal for identical ones.
 * 2. A fixed random projection to `dimension` axes (Gaussian matrix from seed 0x5eed, rows of
 *    unit length): distances between molecules are kept up to a small distortion at any
 *    dimension (Johnson–Lindenstrauss), and every axis mixes properties with structure.
 * 3. tanh(z/2) per axis, which maps ±2 standard deviations to ±0.76 and keeps every axis in
 *    (−1, 1) without clipping outliers to one value.
 */
export const MAX_EMBEDDING_DIMENSION = 50;

/** [descriptor, median, robust scale] */
const DESCRIPTOR_SCALES: [string, number, number][] = [
  ["amw", 320.3, 117],
  ["CrippenClogP", 2.603, 2.04],
  ["tpsa", 65.06, 43.8],
  ["NumHBD", 1, 0.741],
  ["NumHBA", 4, 2.22],
  ["NumRotatableBonds", 4, 3.71],
  ["NumRings", 3, 2.22],
  ["NumAromaticRings", 1, 0.741],
  ["FractionCSP3", 0.4286, 0.254],
  ["NumHeavyAtoms", 22, 8.15],
  ["NumHeteroatoms", 5, 2.97],
  ["NumAmideBonds", 0, 0.741],
  ["NumAliphaticRings", 1, 1.48],
  ["NumHeterocycles", 1, 1.48],
  ["NumSaturatedRings", 0, 0.741],
  ["CrippenMR", 88.48, 31.7],
  ["labuteASA", 134.7, 48.9],
  ["hallKierAlpha", -1.79, 0.927],
  ["kappa2", 6.617, 2.92],
  ["chi3v", 4.561, 2.48],
];
const FINGERPRINT_AXES = MAX_EMBEDDING_DIMENSION - DESCRIPTOR_SCALES.length;
const FINGERPRINT_BITS = 2048;
const PROJECTION_SEED = 0x5eed;

interface ProjectionTables {
  /** FINGERPRINT_AXES × 2048 signs. */
  signs: Int8Array;
  /** MAX × MAX projection rows of unit length; the first `dimension` rows are used. */
  projection: Float64Array;
}

let tables: ProjectionTables | undefined;

function projectionTables(): ProjectionTables {
  if (tables) return tables;
  const random = new Random(PROJECTION_SEED);
  const signs = new Int8Array(FINGERPRINT_AXES * FINGERPRINT_BITS).map(() => (random.next() < 0.5 ? -1 : 1));
  const n = MAX_EMBEDDING_DIMENSION;
  const projection = new Float64Array(n * n).map(() => random.normal());
  for (let row = 0; row < n; row++) {
    let norm = 0;
    for (let col = 0; col < n; col++) norm += projection[row * n + col]! ** 2;
    for (let col = 0; col < n; col++) projection[row * n + col]! /= Math.sqrt(norm);
  }
  tables = { signs, projection };
  return tables;
}

/**
 * The 50 standardised features behind the embedding. `fingerprint`: the molecule's
 * `morganFingerprint`, when the caller already has it.
 */
export function embeddingFeatures(mol: Mol, fingerprint: Uint32Array = morganFingerprint(mol)): Float64Array {
  const descriptors = JSON.parse(mol.get_descriptors()) as Record<string, number>;
  const features = new Float64Array(MAX_EMBEDDING_DIMENSION);
  DESCRIPTOR_SCALES.forEach(
    ([name, median, scale], i) => (features[i] = ((descriptors[name] ?? median) - median) / scale),
  );
  const words = fingerprint;
  const { signs } = projectionTables();
  const setBits: number[] = [];
  words.forEach((word, w) => {
    for (let bit = 0; bit < 32; bit++) if ((word >>> bit) & 1) setBits.push(w * 32 + bit);
  });
  const norm = Math.sqrt(Math.max(1, setBits.length));
  for (let axis = 0; axis < FINGERPRINT_AXES; axis++) {
    let sum = 0;
    for (const bit of setBits) sum += signs[axis * FINGERPRINT_BITS + bit]!;
    features[DESCRIPTOR_SCALES.length + axis] = sum / norm;
  }
  return features;
}

/** The molecule's embedding in [−1, 1]^dimension (`fingerprint` as in `embeddingFeatures`). */
export function moleculeEmbedding(mol: Mol, dimension: number, fingerprint?: Uint32Array): Float64Array {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_EMBEDDING_DIMENSION) {
    throw new RangeError(`dimension must be an integer from 1 to ${MAX_EMBEDDING_DIMENSION}, got ${dimension}`);
  }
  const features = embeddingFeatures(mol, fingerprint);
  const { projection } = projectionTables();
  const n = MAX_EMBEDDING_DIMENSION;
  const embedding = new Float64Array(dimension);
  for (let axis = 0; axis < dimension; axis++) {
    let z = 0;
    for (let i = 0; i < n; i++) z += projection[axis * n + i]! * features[i]!;
    embedding[axis] = Math.tanh(z / 2);
  }
  return embedding;
}

export function euclideanDistance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

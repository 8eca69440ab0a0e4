import { STANDARD_RESIDUES } from "./residues";

/** A seeded generator of floats in [0, 1): benchmarks and property tests must be repeatable. */
export type RandomSource = () => number;

/** mulberry32 (Tommy Ettinger, public domain): 32-bit state, good enough to draw residues. */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sequence of `length` residues drawn uniformly from `alphabet` (the 20 standard residues by default). */
export function randomProteinSequence(length: number, random: RandomSource, alphabet = STANDARD_RESIDUES): string {
  const letters = new Array<string>(length);
  for (let i = 0; i < length; i++) letters[i] = alphabet[Math.floor(random() * alphabet.length)]!;
  return letters.join("");
}

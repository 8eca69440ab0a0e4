import type { RDKitModule } from "@sieve/chem";
import { moleculeEmbedding, mutateSmiles, selectDiverseBatch, type Random } from "@sieve/optimize";
import { bioisostericAnalogs } from "./bioisosteres";

/** The analog strategies of the New Job modal (§9). */
export const ANALOG_STRATEGY_NAMES = [
  "generate_simple_analogs",
  "generate_diverse_analogs",
  "generate_bioisosteres",
  "upload_custom",
] as const;
export type AnalogStrategy = (typeof ANALOG_STRATEGY_NAMES)[number];

export interface Analog {
  smiles: string;
  /** The molecule it was made from. */
  parent: string;
  strategy: string;
}

/**
 * Up to `count` new analogs of a parent:
 * - simple: single GB-GA graph mutations (`@sieve/optimize` `mutateSmiles`, Jensen 2019);
 * - diverse: three times as many mutations, then the BatchDiversity max–min pick in the descriptor
 *   embedding so the analogs spread out;
 * - bioisosteres: the classic replacements of `bioisosteres.ts`, topped up with simple mutations
 *   when a parent has fewer matching sites.
 * `upload_custom` analogs are read from the upload, not generated; later rounds use simple mutations.
 */
export function generateAnalogs(
  rdkit: RDKitModule,
  parent: string,
  strategy: AnalogStrategy,
  count: number,
  random: Random,
  exclude: Set<string>,
): Analog[] {
  const out: Analog[] = [];
  const add = (smiles: string, label: string) => {
    if (exclude.has(smiles) || out.some((a) => a.smiles === smiles)) return;
    out.push({ smiles, parent, strategy: label });
  };
  const mutations = (n: number) => {
    for (let attempt = 0; attempt < n * 4 && out.length < n; attempt++) {
      const mutant = mutateSmiles(rdkit, parent, random);
      if (mutant) add(mutant.smiles, `mutation: ${mutant.type}`);
    }
  };
  if (strategy === "generate_bioisosteres") {
    for (const product of bioisostericAnalogs(rdkit, parent))
      if (out.length < count) add(product.smiles, product.strategy);
    mutations(count);
    return out.slice(0, count);
  }
  if (strategy === "generate_diverse_analogs") {
    mutations(count * 3);
    const embedded = out.map((a) => {
      const mol = rdkit.get_mol(a.smiles)!;
      try {
        return { fitness: 0, embedding: moleculeEmbedding(mol, 8) };
      } finally {
        mol.delete();
      }
    });
    return selectDiverseBatch(embedded, count, { eliteFraction: 0, fitnessBand: 1 }).map((i) => ({
      ...out[i]!,
      strategy: `diverse ${out[i]!.strategy}`,
    }));
  }
  mutations(count);
  return out.slice(0, count);
}

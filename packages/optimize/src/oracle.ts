import type { Mol } from "@rdkit/rdkit";
import { parseSmiles, type RDKitModule } from "@sieve/chem";
import { cachePerModule } from "./bounded-cache";
import type { MoleculeAcceptability, Objective } from "./objective";

/** One scored molecule; `call` is its 1-based position in the run's sequence of oracle calls. */
export interface Evaluation {
  smiles: string;
  fitness: number;
  properties: Record<string, number>;
  acceptability?: MoleculeAcceptability;
  call: number;
}

const canonicalSmilesCache = cachePerModule<RDKitModule, string | null>(20_000);

/**
 * RDKit canonical SMILES without stereochemistry (the objectives here are 2D, and the operators
 * do not keep stereo), or null when `@sieve/chem` refuses the input or it has more than one
 * fragment.
 */
export function canonicalSmiles(rdkit: RDKitModule, smiles: string): string | null {
  // Runs start from the same pools again and again (the benchmark's 2,000 molecules per run).
  return canonicalSmilesCache(rdkit).get(smiles, (input) => parseCanonical(rdkit, input));
}

function parseCanonical(rdkit: RDKitModule, smiles: string): string | null {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return null;
  try {
    const canonical = parsed.mol.get_smiles(JSON.stringify({ doIsomericSmiles: false }));
    return canonical.includes(".") ? null : canonical;
  } finally {
    parsed.mol.delete();
  }
}

/**
 * The objective behind a cache and a budget, as PMO counts oracle calls (Gao et al., NeurIPS
 * 2022): a molecule is scored once, identified by its canonical SMILES; asking again costs no
 * call; once `maxCalls` calls are spent nothing new is scored.
 */
export class Oracle {
  private readonly cache = new Map<string, Evaluation>();
  private readonly order: Evaluation[] = [];
  private rankedCache: Evaluation[] | undefined;

  constructor(
    private readonly rdkit: RDKitModule,
    readonly objective: Objective,
    readonly maxCalls = Number.POSITIVE_INFINITY,
    private readonly onEvaluation?: (evaluation: Evaluation) => void,
    /**
     * Called with each newly scored molecule while its RDKit molecule is still alive (before
     * `onEvaluation`), so that a caller needing more of it (a fingerprint, an embedding) does not
     * parse the SMILES again.
     */
    private readonly onScoredMol?: (smiles: string, mol: Mol) => void,
  ) {}

  get calls(): number {
    return this.order.length;
  }

  get exhausted(): boolean {
    return this.calls >= this.maxCalls;
  }

  /** The evaluation of a molecule already scored, without spending a call. */
  cached(smiles: string): Evaluation | undefined {
    return this.cache.get(smiles);
  }

  /**
   * Scores a canonical SMILES unless it was scored before. Null when the budget is spent or RDKit
   * cannot read it (neither costs a call). Objectives returning NaN or values outside [0, 1]
   * are clamped, so one faulty property cannot derail selection.
   */
  evaluate(smiles: string): Evaluation | null {
    const known = this.cache.get(smiles);
    if (known) return known;
    if (this.exhausted) return null;
    const mol = this.rdkit.get_mol(smiles);
    if (!mol) return null;
    let evaluation: Evaluation;
    try {
      const { fitness, properties, acceptability } = this.objective.score(mol);
      evaluation = {
        smiles,
        fitness: Number.isFinite(fitness) ? Math.min(1, Math.max(0, fitness)) : 0,
        properties,
        ...(acceptability ? { acceptability } : {}),
        call: this.order.length + 1,
      };
      this.onScoredMol?.(smiles, mol);
    } finally {
      mol.delete();
    }
    this.cache.set(smiles, evaluation);
    this.order.push(evaluation);
    this.rankedCache = undefined;
    this.onEvaluation?.(evaluation);
    return evaluation;
  }

  /** Everything scored so far, best first (ties: the earlier call first). */
  ranked(): readonly Evaluation[] {
    this.rankedCache ??= [...this.order].sort(compareEvaluations);
    return this.rankedCache;
  }

  /** Mean fitness of the best `k` molecules scored so far (of all of them while fewer than k). */
  topMean(k: number): number {
    const top = this.ranked().slice(0, k);
    return top.length === 0 ? 0 : top.reduce((sum, e) => sum + e.fitness, 0) / top.length;
  }
}

export function compareEvaluations(a: Evaluation, b: Evaluation): number {
  return b.fitness - a.fitness || a.call - b.call;
}

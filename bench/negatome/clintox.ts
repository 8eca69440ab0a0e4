import { tanimoto, type RDKitModule } from "@sieve/chem";
import {
  ANALOGUE_RAMP,
  clintoxCandidates,
  failureWeight,
  inspectCompound,
  murckoScaffold,
  parseClintox,
  structuralAlerts,
  type AlertCatalog,
  type ClintoxRow,
  type NegatomeCandidate,
  type SafetyEvidence,
} from "@sieve/negatome";
import { Random } from "@sieve/optimize";

/** A parsed ClinTox compound with what the benchmark reuses across splits. */
export interface ClintoxCompound {
  row: ClintoxRow;
  fingerprint: Uint32Array;
  inchiKey: string | null;
  /** Bemis–Murcko scaffold of the parent fragment ("" when acyclic). */
  scaffold: string;
  alertCatalogs: AlertCatalog[];
  /** The negatome candidate of a CT_TOX = 1 row (as `clintoxCandidates` makes it), else null. */
  failure: NegatomeCandidate | null;
  /** Its failure weight as safety evidence (0 for CT_TOX = 0). */
  failureWeight: number;
}

export function readClintoxCompounds(
  rdkit: RDKitModule,
  text: string,
): { compounds: ClintoxCompound[]; unparsed: number[] } {
  const compounds: ClintoxCompound[] = [];
  const unparsed: number[] = [];
  for (const row of parseClintox(text).rows) {
    const failure = clintoxCandidates([row])[0] ?? null;
    const inspected = inspectCompound(rdkit, row.smiles, (parent, compound) => ({
      row,
      failure,
      failureWeight: failure ? failureWeight(failure.failure_class, failure.confidence_tier) : 0,
      fingerprint: compound.fingerprint,
      inchiKey: compound.inchi_key,
      scaffold: murckoScaffold(rdkit, parent),
      alertCatalogs: structuralAlerts(rdkit, parent).map((alert) => alert.catalog),
    }));
    if (inspected.ok) compounds.push(inspected.value);
    else unparsed.push(row.line);
  }
  return { compounds, unparsed };
}

/** All-pairs Tanimoto, row-major. */
export function similarityMatrix(compounds: readonly ClintoxCompound[]): Float32Array {
  const n = compounds.length;
  const matrix = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    matrix[i * n + i] = 1;
    for (let j = i + 1; j < n; j++)
      matrix[i * n + j] = matrix[j * n + i] = tanimoto(compounds[i]!.fingerprint, compounds[j]!.fingerprint);
  }
  return matrix;
}

/**
 * Seeded balanced scaffold split (as Chemprop's `scaffold_balanced`): compounds grouped by
 * Bemis–Murcko scaffold; groups larger than half the test size always go to training (so the big
 * acyclic and benzene groups never make up the test part); the other groups, in seeded random
 * order, fill the test part up to `testFraction`, the rest go to training.
 */
export function scaffoldSplit(
  scaffolds: readonly string[],
  seed: number,
  testFraction = 0.2,
): { train: number[]; test: number[] } {
  const groups = new Map<string, number[]>();
  scaffolds.forEach((scaffold, i) => groups.set(scaffold, [...(groups.get(scaffold) ?? []), i]));
  const testSize = Math.round(testFraction * scaffolds.length);
  const big: number[][] = [];
  const small: number[][] = [];
  for (const members of groups.values()) (members.length > testSize / 2 ? big : small).push(members);
  const random = new Random(seed);
  for (let i = small.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [small[i], small[j]] = [small[j]!, small[i]!];
  }
  const train = big.flat();
  const test: number[] = [];
  for (const members of small) (test.length + members.length <= testSize ? test : train).push(...members);
  return { train: train.sort((a, b) => a - b), test: test.sort((a, b) => a - b) };
}

/**
 * Evidence for training compound `i` as `assessSafety` would gather it, from the other training
 * compounds of other scaffolds only (leave-scaffold-out), so that fitted parameters face the
 * same novelty as the test part: the `keep` most similar above `minSimilarity`, plus every failure
 * close enough to count as a nearest analogue.
 */
export function leaveScaffoldOutEvidence(
  i: number,
  train: readonly number[],
  compounds: readonly ClintoxCompound[],
  matrix: Float32Array,
  keep: number,
  minSimilarity: number,
): SafetyEvidence {
  const n = compounds.length;
  const self = compounds[i]!;
  const others = train.filter((j) => compounds[j]!.scaffold !== self.scaffold);
  const neighbours = others
    .map((j) => ({ similarity: matrix[i * n + j]!, failure_weight: compounds[j]!.failureWeight }))
    .filter((neighbour) => neighbour.similarity > minSimilarity)
    .sort((a, b) => b.similarity - a.similarity);
  const nearest = neighbours.slice(0, keep);
  const analogues = neighbours
    .slice(keep)
    .filter((neighbour) => neighbour.failure_weight > 0 && neighbour.similarity >= ANALOGUE_RAMP[0]![0]);
  return {
    exact_failure_weights: others
      .filter((j) => compounds[j]!.failure && self.inchiKey !== null && compounds[j]!.inchiKey === self.inchiKey)
      .map((j) => compounds[j]!.failureWeight),
    neighbours: [...nearest, ...analogues],
    alert_catalogs: self.alertCatalogs,
    target_failure_weights: [],
  };
}

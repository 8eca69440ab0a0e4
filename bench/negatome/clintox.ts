import { describeMolecule, tanimoto, type RDKitModule } from "@sieve/chem";
import {
  ANALOGUE_RAMP,
  clintoxCandidates,
  entryKey,
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
  /**
   * Split group: compounds that share a scaffold or an entry (`entryKey`, the InChIKey's first block) are one group,
   * so the same compound (another salt, stereoisomer or ClinTox row) never sits on both sides of a split.
   */
  group: string;
  /** Descriptors of the parent for the logistic baseline: MW, logP, TPSA, HBD, HBA, rotatable bonds, rings, aromatic rings, heavy atoms, Fsp3, QED. */
  descriptors: number[];
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
      group: "",
      descriptors: descriptorVector(rdkit, parent),
      alertCatalogs: structuralAlerts(rdkit, parent).map((alert) => alert.catalog),
    }));
    if (inspected.ok) compounds.push(inspected.value);
    else unparsed.push(row.line);
  }
  assignGroups(compounds);
  return { compounds, unparsed };
}

function descriptorVector(rdkit: RDKitModule, parent: Parameters<typeof murckoScaffold>[1]): number[] {
  const d = describeMolecule(rdkit, parent).descriptors;
  return [
    d.mw,
    d.logp,
    d.tpsa,
    d.hbd,
    d.hba,
    d.rotatable_bonds,
    d.rings,
    d.aromatic_rings,
    d.heavy_atoms,
    d.fraction_csp3,
    d.qed,
  ];
}

/** Union–find over shared scaffolds and shared entry keys; each group is named by its first member's scaffold. */
function assignGroups(compounds: ClintoxCompound[]): void {
  const parent = compounds.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const firstOf = new Map<string, number>();
  compounds.forEach((c, i) => {
    for (const label of [`s:${c.scaffold}`, c.inchiKey ? `e:${entryKey(c.inchiKey)}` : null]) {
      if (label === null) continue;
      const first = firstOf.get(label);
      if (first === undefined) firstOf.set(label, i);
      else parent[find(i)] = find(first);
    }
  });
  compounds.forEach((c, i) => (c.group = `${find(i)}`));
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
 * compounds of other groups only (leave-group-out: other scaffolds and other entries), so that fitted parameters face the
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
  const others = train.filter((j) => compounds[j]!.group !== self.group);
  const neighbours = others
    .map((j) => ({ similarity: matrix[i * n + j]!, failure_weight: compounds[j]!.failureWeight }))
    .filter((neighbour) => neighbour.similarity > minSimilarity)
    .sort((a, b) => b.similarity - a.similarity);
  const nearest = neighbours.slice(0, keep);
  const analogues = neighbours
    .slice(keep)
    .filter((neighbour) => neighbour.failure_weight > 0 && neighbour.similarity >= ANALOGUE_RAMP[0]![0]);
  return {
    // Another group never holds the same entry: exact matches cannot occur.
    exact_failure_weights: [],
    neighbours: [...nearest, ...analogues],
    target_failure_weights: [],
  };
}

/**
 * L2-regularised logistic regression on standardised descriptors (full-batch gradient descent), the
 * descriptor baseline: fitted on the training part, scores the test part.
 */
export function logisticScores(
  train: readonly number[][],
  labels: readonly boolean[],
  test: readonly number[][],
  l2 = 1e-2,
  iterations = 500,
  rate = 0.5,
): number[] {
  const width = train[0]!.length;
  const mean = Array.from({ length: width }, (_, k) => train.reduce((a, x) => a + x[k]!, 0) / train.length);
  const sd = Array.from({ length: width }, (_, k) =>
    Math.max(1e-9, Math.sqrt(train.reduce((a, x) => a + (x[k]! - mean[k]!) ** 2, 0) / train.length)),
  );
  const scale = (x: readonly number[]) => x.map((v, k) => (v - mean[k]!) / sd[k]!);
  const xs = train.map(scale);
  const w = new Array<number>(width).fill(0);
  let b = 0;
  const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
  const dot = (x: number[]) => x.reduce((a, v, k) => a + v * w[k]!, b);
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(width).fill(0);
    let gb = 0;
    xs.forEach((x, i) => {
      const err = sigmoid(dot(x)) - (labels[i] ? 1 : 0);
      x.forEach((v, k) => (gw[k]! += err * v));
      gb += err;
    });
    for (let k = 0; k < width; k++) w[k]! -= rate * (gw[k]! / xs.length + l2 * w[k]!);
    b -= (rate * gb) / xs.length;
  }
  return test.map((x) => sigmoid(dot(scale(x))));
}

import { hasUnstableGroup, type RDKitModule } from "@sieve/chem";
import type { Random } from "./random";
import { componentLabels, toMolblock, type MolGraph } from "./mol-graph";

/**
 * Which children the operators may return. GB-GA (Jensen, Chem Sci 2019, 10:3567; `mol_ok` and
 * `ring_OK` in crossover.py of github.com/jensengroup/GB-GA) accepts a child that RDKit can
 * sanitise, has more than 5 atoms and fewer than a size drawn from N(mean, sd) — the
 * "average-size control" that keeps the population near drug size — and has no ring allene,
 * no ring over 6 atoms and no double bond inside a 3- or 4-ring. Sieve adds: one connected
 * molecule, a hard ceiling on heavy atoms, no radicals, and no charges except the N⁺/O⁻ of
 * nitro groups and N-oxides, with a net charge of zero.
 */
export interface ChildLimits {
  minHeavyAtoms: number;
  maxHeavyAtoms: number;
  /** GB-GA's size control: N(sizeMean, sizeSd) per child; GuacaMol's defaults are 39.15 and 3.50. */
  sizeMean: number;
  sizeSd: number;
  /**
   * Refuse children carrying an unstable group (`UNSTABLE_GROUPS` of `@sieve/chem`: hypohalites,
   * acyl halides, acyclic S–O and O–O, N–N–N chains, polyenes …), so that operators do not spend
   * oracle calls on them. Off for the GB-GA baseline, on in product runs with the filters on.
   */
  avoidUnstableGroups: boolean;
}

export const DEFAULT_CHILD_LIMITS: ChildLimits = {
  minHeavyAtoms: 6,
  maxHeavyAtoms: 60,
  sizeMean: 39.15,
  sizeSd: 3.5,
  avoidUnstableGroups: false,
};

const RING_PATTERNS = ["[R]=[R]=[R]", "[r3,r4]=[r3,r4]", "[r{7-}]"];
type QueryMol = NonNullable<ReturnType<RDKitModule["get_qmol"]>>;
const compiledRingPatterns = new WeakMap<RDKitModule, QueryMol[]>();

/** Ring patterns compiled once per RDKit module and kept for its lifetime (never deleted). */
function ringPatterns(rdkit: RDKitModule): QueryMol[] {
  let patterns = compiledRingPatterns.get(rdkit);
  if (!patterns) {
    patterns = RING_PATTERNS.map((smarts) => {
      const query = rdkit.get_qmol(smarts);
      if (!query) throw new Error(`RDKit rejected the SMARTS ${smarts}`);
      return query;
    });
    compiledRingPatterns.set(rdkit, patterns);
  }
  return patterns;
}

/** Charges Sieve lets a child carry (the nitro group and N-oxide zwitterions of drug molecules). */
function chargesAcceptable(graph: MolGraph): boolean {
  let net = 0;
  for (const atom of graph.atoms) {
    if (atom.radicals !== 0) return false;
    if (atom.charge === 0) continue;
    if (!((atom.z === 7 && atom.charge === 1) || (atom.z === 8 && atom.charge === -1))) return false;
    net += atom.charge;
  }
  return net === 0;
}

/**
 * Highest valence RDKit allows per element (neutral; N⁺ 4, O⁻ 1). Checked before RDKit so that
 * over-bonded products are refused without RDKit logging a sanitisation error for each.
 */
const MAX_VALENCE = new Map([
  [5, 3],
  [6, 4],
  [7, 3],
  [8, 2],
  [9, 1],
  [14, 4],
  [15, 7],
  [16, 6],
  [17, 1],
  [34, 6],
  [35, 1],
  [53, 5],
]);

function bondsAcceptable(graph: MolGraph): boolean {
  // Joining fragments can bond the same two atoms twice, or an atom to itself.
  const pairs = new Set<number>();
  for (const { a, b } of graph.bonds) {
    const key = Math.min(a, b) * 65536 + Math.max(a, b);
    if (a === b || pairs.has(key)) return false;
    pairs.add(key);
  }
  const valence = new Array<number>(graph.atoms.length).fill(0);
  for (const bond of graph.bonds) {
    valence[bond.a]! += bond.order;
    valence[bond.b]! += bond.order;
  }
  return graph.atoms.every((atom, i) => {
    const max = MAX_VALENCE.get(atom.z);
    return max === undefined || valence[i]! <= max + atom.charge;
  });
}

/**
 * The canonical SMILES of an edited graph if it is an acceptable child, else null. The cheap
 * graph checks run before RDKit sees the molecule; the size draw consumes one normal deviate.
 */
export function acceptChild(
  rdkit: RDKitModule,
  graph: MolGraph,
  random: Random,
  limits: ChildLimits = DEFAULT_CHILD_LIMITS,
): string | null {
  const size = graph.atoms.length;
  const targetSize = limits.sizeSd * random.normal() + limits.sizeMean;
  if (size < limits.minHeavyAtoms || size > limits.maxHeavyAtoms || size >= targetSize) return null;
  if (!chargesAcceptable(graph) || !bondsAcceptable(graph)) return null;
  const labels = componentLabels(graph);
  if (labels.some((label) => label !== labels[0])) return null;
  const molblock = toMolblock(graph);
  if (molblock === null) return null;
  const mol = rdkit.get_mol(molblock);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    for (const pattern of ringPatterns(rdkit)) if (mol.get_substruct_match(pattern) !== "{}") return null;
    if (limits.avoidUnstableGroups && hasUnstableGroup(rdkit, mol)) return null;
    return mol.get_smiles();
  } finally {
    mol.delete();
  }
}

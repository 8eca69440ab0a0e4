import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { Mol as JSMol } from "@rdkit/rdkit";
import { morganCountsOfGraph, readMolGraph, type MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";

/**
 * Synthetic accessibility score, 1 (easy) to 10 (hard): Ertl & Schuffenhauer,
 * J Cheminf 2009, 1:8, ported from RDKit 2022.09 `Contrib/SA_Score/sascorer.py`
 * (`calculateScore`), with its fragment table `fpscores.pkl.gz` converted by
 * `scripts/sa-export-fragment-scores.py` (licence and provenance in
 * `sa-fragment-scores.LICENSE`).
 */

/** Contribution of a Morgan id absent from the table, as in sascorer.py. */
const UNKNOWN_FRAGMENT = -4;

interface FragmentTable {
  ids: Uint32Array;
  scoreIndex: Uint16Array;
  scores: Float64Array;
}

let fragmentTable: FragmentTable | undefined;

/** Decodes the table once per process; the format is described in the export script. */
function loadFragmentTable(): FragmentTable {
  if (fragmentTable) return fragmentTable;
  const bytes = gunzipSync(readFileSync(new URL("./sa-fragment-scores.bin.gz", import.meta.url)));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  const nScores = view.getUint32(offset, true);
  offset += 4;
  const scores = new Float64Array(nScores);
  for (let i = 0; i < nScores; i++, offset += 2) scores[i] = view.getInt16(offset, true) / 10000;
  const nIds = view.getUint32(offset, true);
  offset += 4;
  const scoreIndex = new Uint16Array(nIds);
  for (let i = 0; i < nIds; i++, offset += 2) scoreIndex[i] = view.getUint16(offset, true);
  const ids = new Uint32Array(nIds);
  let id = 0;
  for (let i = 0; i < nIds; i++) {
    let gap = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[offset++]!;
      gap += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    id += gap;
    ids[i] = id;
  }
  fragmentTable = { ids, scoreIndex, scores };
  return fragmentTable;
}

function fragmentContribution(table: FragmentTable, id: number): number {
  let lo = 0;
  let hi = table.ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const midId = table.ids[mid]!;
    if (midId === id) return table.scores[table.scoreIndex[mid]!]!;
    if (midId < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return UNKNOWN_FRAGMENT;
}

/** RDKit's bond rings, as sets: each atom ring's consecutive atom pairs. */
function bondRings(graph: MolGraph): Set<number>[] {
  const bondOf = new Map<number, number>();
  const n = graph.atomicNumbers.length;
  graph.bondAtoms.forEach(([a, b], bond) => {
    bondOf.set(a * n + b, bond);
    bondOf.set(b * n + a, bond);
  });
  return graph.atomRings.map(
    (ring) => new Set(ring.map((atom, k) => bondOf.get(atom * n + ring[(k + 1) % ring.length]!)!)),
  );
}

/** `CalcNumSpiroAtoms`: atoms that are the only atom two rings share. */
function countSpiroAtoms(graph: MolGraph): number {
  const spiro = new Set<number>();
  const rings = graph.atomRings.map((ring) => new Set(ring));
  for (let i = 0; i < rings.length; i++) {
    for (let j = i + 1; j < rings.length; j++) {
      const shared = [...rings[i]!].filter((atom) => rings[j]!.has(atom));
      if (shared.length === 1) spiro.add(shared[0]!);
    }
  }
  return spiro.size;
}

/** `CalcNumBridgeheadAtoms`: the ends of a path of two or more bonds that two rings share. */
function countBridgeheadAtoms(graph: MolGraph, rings: Set<number>[]): number {
  const bridgeheads = new Set<number>();
  for (let i = 0; i < rings.length; i++) {
    for (let j = i + 1; j < rings.length; j++) {
      const shared = [...rings[i]!].filter((bond) => rings[j]!.has(bond));
      if (shared.length < 2) continue;
      const ends = new Map<number, number>();
      for (const bond of shared) for (const atom of graph.bondAtoms[bond]!) ends.set(atom, (ends.get(atom) ?? 0) + 1);
      for (const [atom, count] of ends) if (count === 1) bridgeheads.add(atom);
    }
  }
  return bridgeheads.size;
}

/**
 * `queryIsAtomBridgehead` as RDKit 2022.09 applies it to 3-coordinate N: three or more
 * ring bonds, and two rings through the atom that share two or more bonds. (Later
 * RDKit versions also require every ring through the atom to overlap, and sp3 N.)
 */
function isBridgeheadAtom(graph: MolGraph, rings: Set<number>[], atom: number): boolean {
  const atomBonds = (graph.neighbours[atom] ?? []).map(([bond]) => bond);
  const atomRingBonds = atomBonds.filter((bond) => rings.some((ring) => ring.has(bond)));
  if (atomBonds.length < 3 || atomRingBonds.length < 3) return false;
  const through = rings.filter((ring) => atomRingBonds.some((bond) => ring.has(bond)));
  return through.some((ring, i) =>
    through.slice(i + 1).some((other) => [...other].filter((bond) => ring.has(bond)).length >= 2),
  );
}

/**
 * Chiral centres, assigned or not, as RDKit 2022.09's legacy
 * `Chem.FindMolChiralCenters(m, includeUnassigned=True)` counts them: atoms that
 * `isAtomPotentialChiralCenter` (Chirality.cpp) accepts and whose neighbours all have
 * distinct legacy CIP ranks. RDKit.js's own stereo tags follow the newer perception
 * (ring cis/trans centres count, 3-coordinate bridgehead N does not), so the legacy
 * rule is applied here to the legacy ranks RDKit.js computes when it parses a molecule
 * with a possible stereocentre (its default, legacy stereo perception). A molecule whose
 * only candidates are ones newer RDKit rejects gets no ranks and so counts 0.
 */
function countChiralCentres(graph: MolGraph, rings: Set<number>[]): number {
  const ranks = graph.cipRanks;
  if (!ranks) return 0;
  let centres = 0;
  graph.atomicNumbers.forEach((z, atom) => {
    const neighbours = graph.neighbours[atom] ?? [];
    const degree = neighbours.length;
    const hs = graph.attachedHs[atom] ?? 0;
    const phosphorusLike = z === 15 || z === 33;
    if (degree + hs > 4 || degree + hs < 3 || (degree < 3 && !phosphorusLike)) return;
    if (degree === 3 && hs !== 1 && !phosphorusLike) {
      const valence = neighbours.reduce((sum, [bond]) => sum + (graph.bondOrders[bond] ?? 0), 0);
      const charge = graph.formalCharges[atom] ?? 0;
      const legal =
        (z === 7 &&
          (graph.atomRings.some((ring) => ring.length === 3 && ring.includes(atom)) ||
            isBridgeheadAtom(graph, rings, atom))) ||
        ((z === 16 || z === 34) && (valence === 4 || (valence === 3 && charge === 1)));
      if (!legal) return;
    }
    const neighbourRanks = new Set(neighbours.map(([, other]) => ranks[other]));
    if (neighbourRanks.size === degree) centres++;
  });
  return centres;
}

/** SA score of an RDKit.js molecule the caller owns (not deleted here). */
export function saScore(rdkit: RDKitModule, mol: JSMol): number {
  return saScoreOfGraph(rdkit, readMolGraph(mol));
}

/** SA score of a molecule graph already read with {@link readMolGraph}. */
export function saScoreOfGraph(rdkit: RDKitModule, graph: MolGraph): number {
  const table = loadFragmentTable();
  if (graph.atomicNumbers.length === 0) throw new Error("The SA score is undefined for a molecule without atoms");
  const fingerprint = [...morganCountsOfGraph(rdkit, graph, 2)].sort((p, q) => p[0] - q[0]);

  // Summed in ascending id order, as Python iterates GetNonzeroElements().
  let fragmentSum = 0;
  let nFragments = 0;
  for (const [id, count] of fingerprint) {
    fragmentSum += fragmentContribution(table, id) * count;
    nFragments += count;
  }
  const fragmentScore = fragmentSum / nFragments;

  const nAtoms = graph.atomicNumbers.length;
  const sizePenalty = nAtoms ** 1.005 - nAtoms;
  const rings = bondRings(graph);
  const stereoPenalty = Math.log10(countChiralCentres(graph, rings) + 1);
  const spiroPenalty = Math.log10(countSpiroAtoms(graph) + 1);
  const bridgePenalty = Math.log10(countBridgeheadAtoms(graph, rings) + 1);
  // sascorer.py deviates from the paper here: one flat penalty for any ring over 8 atoms.
  const macrocyclePenalty = graph.atomRings.some((ring) => ring.length > 8) ? Math.log10(2) : 0;
  const complexityScore = 0 - sizePenalty - stereoPenalty - spiroPenalty - bridgePenalty - macrocyclePenalty;

  // Fingerprint density correction (sascorer 1.1): symmetric molecules are easier to make.
  const symmetryScore = nAtoms > fingerprint.length ? Math.log(nAtoms / fingerprint.length) * 0.5 : 0;

  const raw = fragmentScore + complexityScore + symmetryScore;
  const min = -4.0;
  const max = 2.5;
  let score = 11 - ((raw - min + 1) / (max - min)) * 9;
  // Smooths the hard end of the scale.
  if (score > 8) score = 8 + Math.log(score + 1 - 9);
  return Math.min(10, Math.max(1, score));
}

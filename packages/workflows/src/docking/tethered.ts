import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProgramFailedError, ProgramTimeoutError, runProgram } from "../programs";
import { protonatedSmiles, sdfRecordToPdbqt } from "./vina";

/** A docked molecule whose pose an analog is placed on: its SMILES and its best pose (PDBQT). */
export interface ReferencePose {
  smiles: string;
  pose_pdbqt: string;
  /**
   * The analog's common core with this molecule as a SMARTS (`commonCore`), when the caller has found it: RDKit's
   * WebAssembly FMCS found amprenavir analogs' cores in well under a second where the Debian RDKit's took up to 10 s.
   * Without it, or when it does not match both molecules as Open Babel charges them, the placement searches itself.
   */
  core_smarts?: string;
}

/** How an analog was placed: on its parent's pose by their common core, with what it shares and how well it fits. */
export interface TetheredPlacement {
  method: "tethered";
  parent: string;
  /** Heavy atoms in the common core (see MCS_TIMEOUT_S); `fixed_atoms` of them (same element) keep the parent's place. */
  core_atoms: number;
  fixed_atoms: number;
  heavy_atoms: number;
  /**
   * Σ (limit − distance)² over the heavy atoms the placement decides (not the fixed core; every one when pulled)
   * closer than the limit to a receptor heavy atom (3 Å; 2.5 Å between two nitrogens or oxygens), before Vina's local
   * optimisation.
   */
  clash: number;
  /**
   * Present when ETKDG could not build the analog on the parent's exact core, or only with a stretched bond (an
   * inverted centre, say; `fixed_atoms` 0): the RMSD (Å) of its core from the parent's after it was pulled there (see
   * PULL_FORCE).
   */
  pulled_core_rmsd?: number;
  /**
   * The molecule whose pose was scored: its charge state at pH 7.4 and every stereocentre as placed (an analog's
   * unassigned centres take the parent's configuration where the core held them), as RDKit isomeric SMILES. Absent
   * on results stored before it was reported.
   */
  scored_as?: string;
}

/** Below this share of its heavy atoms in the common core, an analog is docked by a full search instead. */
export const MIN_TETHERED_CORE_FRACTION = 0.5;

/** Placements built per analog; the least clashing one is optimised. */
export const TETHERED_PLACEMENTS = 6;

/**
 * RDKit FMCS's time limit (wall clock) for the common core. Past it, FMCS returns the largest common substructure it
 * has found, and that core is used: on 114 generated analogs of amprenavir, the core found within 1 s was the one a
 * 10 s search proved maximal in all but one (an analog sharing too little either way), while proving it took up to
 * 10 s and 0.6 CPU-s per analog on average.
 */
const MCS_TIMEOUT_S = 2;

/**
 * An analog whose core ETKDG cannot build at the parent's exact coordinates is pulled there instead: each free
 * conformer, superposed on the core, is minimised with MMFF94 plus a spring of this force constant
 * (kcal/mol/Å²) from every core atom to its parent's place, so its own bond lengths and angles win where the two
 * disagree (a search cost 45–90 CPU-s where this costs a few).
 */
const PULL_FORCE = 10;

/**
 * A placement with a bond between heavy atoms further than this (Å) from its covalent length is not kept: ETKDG can
 * meet fixed core coordinates that do not suit the analog by stretching a bond (a C–N of 2.0 Å, seen in a run), and
 * Vina, which keeps bond lengths, would score that molecule and hand the pose on to its own analogs. Such an analog is
 * pulled onto the core instead. RDKit's covalent radii (shortened by bond order, as the pose reading uses them) put
 * MMFF94's bond lengths of amprenavir, indinavir and their analogs within 0.2 Å of the sum (a C–C single bond 0.17–0.2
 * Å longer); that stretched C–N was 0.64 Å longer, and a bond 0.45 Å longer is no longer read as a bond at all.
 */
const MAX_BOND_STRAIN = 0.35;

/** A pulled core further than this (RMSD, Å) from the parent's does not share its binding mode: searched for. */
const MAX_PULLED_CORE_RMSD = 1.5;

/** The analog does not share enough of its parent to be placed on the parent's pose (exit status 3). */
export class TetherNotApplicableError extends Error {}

/**
 * Places an analog on its parent's docked pose. The parent's heavy atoms are read from the pose PDBQT (bonds from
 * distances) and matched to the parent's graph: of every match of its skeleton, the one whose bond lengths fit the
 * parent's bond orders best and whose 3D stereocentres are the parent's. The maximum common substructure of parent and
 * analog (bond orders equal, aromatic only to aromatic, rings only whole, any element; the largest found within
 * MCS_TIMEOUT_S) is their common core; its atoms of the same element keep the parent's coordinates, so a pyridyl for a
 * phenyl keeps its place while a bromine for a fluorine is built at its own bond length. The core ignores stereo
 * tags: the analog generators' mutations leave stereocentres unassigned, and an unassigned centre takes the parent's
 * configuration from the fixed coordinates, while an analog with an inverted centre cannot be embedded on them and is
 * pulled onto them instead (PULL_FORCE). ETKDG builds the rest around
 * the fixed atoms (`coordMap`), each placement is superposed on them (Kabsch), the one whose other atoms clash least
 * with the receptor's heavy atoms is kept and relaxed with MMFF94 with the fixed atoms held. Exit status 3 (with the
 * reason): the core is too small or the analog cannot be built around it.
 */
const TETHER_SCRIPT = `
import sys, json
import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem, rdFMCS
from rdkit.Geometry import Point3D

parent_smiles, pose_path, receptor_path, analog_smiles = sys.argv[1:5]
seed, count, min_fraction, mcs_timeout = int(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7]), int(sys.argv[8])
given_core = sys.argv[9] if len(sys.argv) > 9 else ""
PULL_FORCE, MAX_PULLED_CORE_RMSD, MAX_BOND_STRAIN = ${PULL_FORCE}, ${MAX_PULLED_CORE_RMSD}, ${MAX_BOND_STRAIN}
table = Chem.GetPeriodicTable()
ELEMENTS = {"A": 6, "C": 6, "N": 7, "NA": 7, "NS": 7, "O": 8, "OA": 8, "OS": 8, "S": 16, "SA": 16, "F": 9,
            "Cl": 17, "CL": 17, "Br": 35, "BR": 35, "I": 53, "P": 15, "Si": 14, "B": 5}

def heavy_atoms(path):
    atoms = []
    for line in open(path):
        if line.startswith(("ATOM", "HETATM")):
            kind = line[77:].strip()
            if kind in ("H", "HD", "HS"):
                continue
            atoms.append((ELEMENTS.get(kind, 6), [float(line[30:38]), float(line[38:46]), float(line[46:54])]))
    return atoms

def fail(message):
    sys.stderr.write(message + "\\n")
    sys.exit(3)

pose = heavy_atoms(pose_path)
xyz = np.array([c for _, c in pose])
graph = Chem.RWMol()
for number, _ in pose:
    graph.AddAtom(Chem.Atom(number))
radius = [table.GetRcovalent(n) for n, _ in pose]
for i in range(len(pose)):
    for j in range(i + 1, len(pose)):
        if np.linalg.norm(xyz[i] - xyz[j]) < radius[i] + radius[j] + 0.45:
            graph.AddBond(i, j, Chem.BondType.SINGLE)
graph.UpdatePropertyCache(strict=False)
parent = Chem.MolFromSmiles(parent_smiles)
skeleton = Chem.RWMol()
for atom in parent.GetAtoms():
    skeleton.AddAtom(Chem.Atom(atom.GetAtomicNum()))
for bond in parent.GetBonds():
    skeleton.AddBond(bond.GetBeginAtomIdx(), bond.GetEndAtomIdx(), Chem.BondType.SINGLE)
matches = graph.GetSubstructMatches(Chem.MolFromSmarts(Chem.MolToSmarts(skeleton)), uniquify=False, maxMatches=10000)
if not matches:
    fail("the parent's pose does not match the parent's structure")

# The pose's bonds carry no orders: of every match of the parent's skeleton, keep the one whose bond lengths fit the
# parent's bond orders best (a C=O where the parent has its C=O, not its C-OH) and whose 3D stereocentres are the
# parent's.
SHORTER = {Chem.BondType.SINGLE: 0.0, Chem.BondType.AROMATIC: 0.1, Chem.BondType.DOUBLE: 0.2, Chem.BondType.TRIPLE: 0.34}
ideal = [(b.GetBeginAtomIdx(), b.GetEndAtomIdx(),
          table.GetRcovalent(b.GetBeginAtom().GetAtomicNum()) + table.GetRcovalent(b.GetEndAtom().GetAtomicNum())
          - SHORTER.get(b.GetBondType(), 0.0)) for b in parent.GetBonds()]

def misfit(match):
    return sum((np.linalg.norm(xyz[match[i]] - xyz[match[j]]) - length) ** 2 for i, j, length in ideal)

wanted = dict(Chem.FindMolChiralCenters(parent, useLegacyImplementation=False))

def same_stereo(match):
    if not wanted:
        return True
    copy = Chem.Mol(parent)
    conformer = Chem.Conformer(copy.GetNumAtoms())
    for i, m in enumerate(match):
        conformer.SetAtomPosition(i, Point3D(*map(float, xyz[m])))
    copy.RemoveAllConformers()
    copy.AddConformer(conformer, assignId=True)
    Chem.AssignStereochemistryFrom3D(copy)
    found = dict(Chem.FindMolChiralCenters(copy, includeUnassigned=True, useLegacyImplementation=False))
    return all(found.get(i) == label for i, label in wanted.items())

in_pose = next((m for m in sorted(matches, key=misfit) if same_stereo(m)), None)
if in_pose is None:
    fail("the parent's pose does not have the parent's stereocentres")

analog = Chem.MolFromSmiles(analog_smiles)
hydrogens = Chem.AddHs(analog)
core = Chem.MolFromSmarts(given_core) if given_core else None
in_parent = parent.GetSubstructMatch(core) if core is not None else ()
in_analog = hydrogens.GetSubstructMatch(core) if in_parent else ()
if not in_analog:
    mcs = rdFMCS.FindMCS([parent, analog], ringMatchesRingOnly=True, completeRingsOnly=True,
                         atomCompare=rdFMCS.AtomCompare.CompareAny,
                         bondCompare=rdFMCS.BondCompare.CompareOrderExact, timeout=mcs_timeout)
    core = Chem.MolFromSmarts(mcs.smartsString)
    in_parent = parent.GetSubstructMatch(core)
    in_analog = hydrogens.GetSubstructMatch(core)
heavy = analog.GetNumAtoms()
if core.GetNumAtoms() < min_fraction * heavy:
    fail(f"shares {core.GetNumAtoms()} of its {heavy} heavy atoms with its parent")
# Only atoms of the same element keep the parent's coordinates: a bromine where the parent had a fluorine is built
# by ETKDG and MMFF at its own bond length, not left at the C-F distance.
pinned = [(a, p) for a, p in zip(in_analog, in_parent)
          if hydrogens.GetAtomWithIdx(a).GetAtomicNum() == parent.GetAtomWithIdx(p).GetAtomicNum()]
if len(pinned) < 3:
    fail("shares fewer than 3 atoms of the same element with its parent")

# Few attempts: when the fixed atoms leave no room for the rest (an alkyne where the parent had an sp3 carbon), ETKDG
# would retry for minutes.
def embed(pinned):
    fixed = [a for a, _ in pinned]
    target = np.array([xyz[in_pose[p]] for _, p in pinned])
    coord_map = {a: Point3D(*map(float, t)) for a, t in zip(fixed, target)}
    ids = list(AllChem.EmbedMultipleConfs(hydrogens, numConfs=count, coordMap=coord_map, randomSeed=seed,
                                          useRandomCoords=True, pruneRmsThresh=0.5, maxAttempts=5))
    return fixed, target, ids

fixed, target, ids = embed(pinned)
if not ids:
    # The core's atoms next to a change hold the parent's geometry there (an sp3 angle where the analog has a double
    # bond or a new substituent): on a second attempt ETKDG builds them too, and the rest of the core stays.
    partner = dict(pinned)
    def changed(a):
        atom = hydrogens.GetAtomWithIdx(a)
        for bond in atom.GetBonds():
            other = bond.GetOtherAtom(atom)
            if other.GetAtomicNum() == 1:
                continue
            if other.GetIdx() not in partner:
                return True
            same = parent.GetBondBetweenAtoms(partner[a], partner[other.GetIdx()])
            if same is None or same.GetBondType() != bond.GetBondType():
                return True
        return False
    inner = [(a, p) for a, p in pinned if not changed(a)]
    if len(inner) >= 3 and len(inner) >= min_fraction * heavy:
        fixed, target, ids = embed(inner)
every_target = np.array([xyz[in_pose[p]] for _, p in pinned])
receptor_atoms = heavy_atoms(receptor_path)
receptor = np.array([c for _, c in receptor_atoms])
receptor_polar = np.array([n in (7, 8) for n, _ in receptor_atoms])
near = np.linalg.norm(receptor - every_target.mean(axis=0), axis=1) < 25
receptor, receptor_polar = receptor[near], receptor_polar[near]
heavy_idx = [a.GetIdx() for a in hydrogens.GetAtoms() if a.GetAtomicNum() > 1]
heavy_polar = np.array([hydrogens.GetAtomWithIdx(a).GetAtomicNum() in (7, 8) for a in heavy_idx])
free = [a for a in heavy_idx if a not in set(fixed)]
free_polar = np.array([hydrogens.GetAtomWithIdx(a).GetAtomicNum() in (7, 8) for a in free])

def superpose(conf):
    moving = np.array([list(conf.GetAtomPosition(a)) for a in fixed])
    mc, tc = moving.mean(axis=0), target.mean(axis=0)
    u, _, vt = np.linalg.svd((moving - mc).T @ (target - tc))
    d = np.sign(np.linalg.det(vt.T @ u.T))
    rotation = vt.T @ np.diag([1, 1, d]) @ u.T
    every = np.array([list(conf.GetAtomPosition(i)) for i in range(hydrogens.GetNumAtoms())])
    placed = (every - mc) @ rotation.T + tc
    for i, p in enumerate(placed):
        conf.SetAtomPosition(i, Point3D(*map(float, p)))
    return placed

# Overlap of the atoms the placement decides (not the parent's core) with receptor heavy atoms: closer than 3 Å, or
# 2.5 Å between two nitrogens or oxygens, which may hydrogen-bond.
def clash(placed, every_heavy=False):
    atoms, polar = (heavy_idx, heavy_polar) if every_heavy else (free, free_polar)
    if len(receptor) == 0 or not atoms:
        return 0.0
    distance = np.linalg.norm(placed[atoms][:, None, :] - receptor[None, :, :], axis=2)
    limit = np.where(polar[:, None] & receptor_polar[None, :], 2.5, 3.0)
    return float(np.sum(np.clip(limit - distance, 0, None) ** 2))

# A bond between heavy atoms further than MAX_BOND_STRAIN from its covalent length: ETKDG met the fixed atoms'
# distances by stretching it.
analog_bonds = [(b.GetBeginAtomIdx(), b.GetEndAtomIdx(),
                 table.GetRcovalent(b.GetBeginAtom().GetAtomicNum()) + table.GetRcovalent(b.GetEndAtom().GetAtomicNum())
                 - SHORTER.get(b.GetBondType(), 0.0))
                for b in hydrogens.GetBonds() if b.GetBeginAtom().GetAtomicNum() > 1 and b.GetEndAtom().GetAtomicNum() > 1]

def strained(conf):
    positions = conf.GetPositions()
    return any(abs(np.linalg.norm(positions[i] - positions[j]) - length) > MAX_BOND_STRAIN
               for i, j, length in analog_bonds)

def core_rmsd(conf):
    return float(np.sqrt(np.mean(np.sum((conf.GetPositions()[fixed] - target) ** 2, axis=1))))

def pull(i):
    superpose(hydrogens.GetConformer(i))
    field = AllChem.MMFFGetMoleculeForceField(hydrogens, AllChem.MMFFGetMoleculeProperties(hydrogens), confId=i)
    for a, t in zip(fixed, target):
        point = field.AddExtraPoint(*map(float, t), fixed=True) - 1
        field.AddDistanceConstraint(a, point, 0.0, 0.0, PULL_FORCE)
    field.Initialize()
    field.Minimize(maxIts=1000)
    placed = superpose(hydrogens.GetConformer(i))
    return core_rmsd(hydrogens.GetConformer(i)), clash(placed, every_heavy=True), i

pulled = not ids
if not pulled:
    best = min((clash(superpose(hydrogens.GetConformer(i))), i) for i in ids)[1]
    if AllChem.MMFFHasAllMoleculeParams(hydrogens):
        field = AllChem.MMFFGetMoleculeForceField(hydrogens, AllChem.MMFFGetMoleculeProperties(hydrogens), confId=best)
        for a in fixed:
            field.AddFixedPoint(a)
        field.Minimize(maxIts=500)
    pulled = strained(hydrogens.GetConformer(best))
if pulled:
    # The core cannot keep the parent's exact coordinates (an inverted centre, a ring the parent lacks, a bond ETKDG
    # stretched to keep them): free conformers are superposed on the core and MMFF94 pulls the core atoms towards the
    # parent's places, so the analog keeps its own geometry and sits where its parent sat; the conformer whose core
    # ends closest is kept.
    fixed = [a for a, _ in pinned]
    target = every_target
    ids = list(AllChem.EmbedMultipleConfs(hydrogens, numConfs=count, randomSeed=seed, pruneRmsThresh=0.5))
    if not ids:
        fail("ETKDG could not build the analog around its parent's core")
    if not AllChem.MMFFHasAllMoleculeParams(hydrogens):
        fail("ETKDG could not build the analog around its parent's core, and MMFF94 has no parameters to pull it there")
    rmsd, _, best = min(pull(i) for i in ids)
    if rmsd > MAX_PULLED_CORE_RMSD:
        fail(f"its core ends {rmsd:.1f} A from its parent's (limit {MAX_PULLED_CORE_RMSD} A)")
    if strained(hydrogens.GetConformer(best)):
        fail("pulling it onto its parent's core strained a bond")
best_clash = clash(hydrogens.GetConformer(best).GetPositions(), every_heavy=pulled)
# The analog generators leave stereocentres unassigned; the placement gives each a configuration (the parent's where
# the core was held), and this is the molecule that was scored.
scored = Chem.Mol(hydrogens, confId=best)
Chem.AssignStereochemistryFrom3D(scored)
scored_as = Chem.MolToSmiles(Chem.RemoveHs(scored))
sys.stdout.write(json.dumps({"core_atoms": core.GetNumAtoms(), "fixed_atoms": 0 if pulled else len(fixed),
                             "heavy_atoms": heavy, "clash": round(best_clash, 3), "scored_as": scored_as,
                             **({"pulled_core_rmsd": round(core_rmsd(hydrogens.GetConformer(best)), 3)} if pulled else {})})
                 + "\\n")
sys.stdout.write(Chem.MolToMolBlock(hydrogens, confId=best) + "$$$$\\n")
`;

/** Names the placement method in docking cache keys: a change to the script or its settings is a new method. */
export const TETHER_METHOD = `tethered ${createHash("sha256")
  .update(JSON.stringify([TETHER_SCRIPT, TETHERED_PLACEMENTS, MIN_TETHERED_CORE_FRACTION, MCS_TIMEOUT_S]))
  .digest("hex")
  .slice(0, 16)}`;

/** Parents' charged forms: a run places many analogs on each parent. */
const protonatedParents = new Map<string, string>();

/** Options of `placeOnReference`. */
export interface TetherOptions {
  seed: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The analog's PDBQT placed on the reference pose (see TETHER_SCRIPT), with how it was placed; throws
 * TetherNotApplicableError when the two share too little (the caller docks by a full search then).
 */
export async function placeOnReference(
  smiles: string,
  reference: ReferencePose,
  receptorPath: string,
  options: TetherOptions,
): Promise<{ pdbqt: string; placement: TetheredPlacement }> {
  const { seed, signal, timeoutMs = 120_000 } = options;
  const deadline = performance.now() + timeoutMs;
  const limit = () => {
    const left = deadline - performance.now();
    if (left < 1) throw new ProgramTimeoutError("rdkit", Math.round(timeoutMs / 1000));
    return { timeoutMs: Math.round(left), ...(signal ? { signal } : {}) };
  };
  const analog = await protonatedSmiles(smiles, limit());
  let parent = protonatedParents.get(reference.smiles);
  if (!parent) protonatedParents.set(reference.smiles, (parent = await protonatedSmiles(reference.smiles, limit())));
  if (protonatedParents.size > 1000) protonatedParents.delete(protonatedParents.keys().next().value!);
  const dir = await mkdtemp(join(tmpdir(), "sieve-tether-"));
  try {
    const posePath = join(dir, "parent.pdbqt");
    await writeFile(posePath, reference.pose_pdbqt);
    const args = [parent, posePath, receptorPath, analog, String(seed), String(TETHERED_PLACEMENTS)];
    const placed = await runProgram(
      "rdkit",
      [
        "-c",
        TETHER_SCRIPT,
        ...args,
        String(MIN_TETHERED_CORE_FRACTION),
        String(MCS_TIMEOUT_S),
        reference.core_smarts ?? "",
      ],
      limit(),
    ).catch((error: unknown) => {
      if (error instanceof ProgramFailedError && error.exitCode === 3)
        throw new TetherNotApplicableError(error.output.stderr.trim().split("\n").pop()!);
      throw error;
    });
    const newline = placed.stdout.indexOf("\n");
    const meta = JSON.parse(placed.stdout.slice(0, newline)) as Omit<TetheredPlacement, "method" | "parent">;
    const pdbqt = await sdfRecordToPdbqt(placed.stdout.slice(newline + 1), smiles, limit());
    return { pdbqt, placement: { method: "tethered", parent: reference.smiles, ...meta } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads Vina's local optimisation result: "Estimated Free Energy of Binding : −8.27 (kcal/mol)". */
export function parseLocalOptimisation(stdout: string): number {
  const match = /Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)/.exec(stdout);
  if (!match) throw new Error("Vina's local optimisation printed no binding free energy");
  return Number(match[1]);
}

/**
 * Vina's local optimisation of a placed ligand (`--local_only`, the grid around the ligand: `--autobox`): position,
 * orientation and torsions relaxed to the nearest minimum, no search. Returns the free energy and the relaxed pose.
 */
export async function optimiseInPlace(
  receptorPath: string,
  ligandPdbqt: string,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<{ affinity: number; posePdbqt: string }> {
  const dir = await mkdtemp(join(tmpdir(), "sieve-vina-local-"));
  try {
    await writeFile(join(dir, "ligand.pdbqt"), ligandPdbqt);
    const args = ["--receptor", receptorPath, "--ligand", "ligand.pdbqt", "--out", "out.pdbqt"];
    const { stdout } = await runProgram("vina", [...args, "--local_only", "--autobox", "--verbosity", "1"], {
      cwd: dir,
      ...(signal ? { signal } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    const pose = await readFile(join(dir, "out.pdbqt"), "utf8");
    // One model, written as a search's poses are, so every pose of a run reads the same way.
    return {
      affinity: parseLocalOptimisation(stdout),
      posePdbqt: /^MODEL/m.test(pose) ? pose : `MODEL 1\n${pose.trimEnd()}\nENDMDL\n`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProgramFailedError, ProgramTimeoutError, runProgram } from "../programs";
import { protonatedSmiles, sdfRecordToPdbqt } from "./vina";

/** A docked molecule whose pose an analog is placed on: its SMILES and its best pose (PDBQT). */
export interface ReferencePose {
  smiles: string;
  pose_pdbqt: string;
}

/** How an analog was placed: on its parent's pose by their common core, with what it shares and how well it fits. */
export interface TetheredPlacement {
  method: "tethered";
  parent: string;
  core_atoms: number;
  heavy_atoms: number;
  /** Σ (3 Å − distance)² over the analog's heavy atoms closer than 3 Å to a receptor heavy atom, before Vina's local optimisation. */
  clash: number;
}

/** Below this share of its heavy atoms in the common core, an analog is docked by a full search instead. */
export const MIN_TETHERED_CORE_FRACTION = 0.5;

/** Placements built per analog; the least clashing one is optimised. */
export const TETHERED_PLACEMENTS = 6;

/** The analog does not share enough of its parent to be placed on the parent's pose (exit status 3). */
export class TetherNotApplicableError extends Error {}

/**
 * Places an analog on its parent's docked pose. The parent's heavy atoms are read from the pose PDBQT (bonds from
 * distances, matched to the parent's graph by element and connectivity). The maximum common substructure of parent
 * and analog keeps the parent's coordinates: bond orders equal (aromatic only to aromatic), rings only whole, any
 * element, so a pyridyl for a phenyl or an oxygen for a methylene keeps its place in the pose. ETKDG builds the rest
 * around it (`coordMap`), each placement is superposed on the core (Kabsch), the one that clashes least with the
 * receptor's heavy atoms is kept and relaxed with MMFF94 with the core fixed. Exit status 3: core too small or the
 * analog cannot be embedded around it.
 */
const TETHER_SCRIPT = `
import sys, json
import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem, rdFMCS
from rdkit.Geometry import Point3D

parent_smiles, pose_path, receptor_path, analog_smiles = sys.argv[1:5]
seed, count, min_fraction = int(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7])
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
in_pose = graph.GetSubstructMatch(Chem.MolFromSmarts(Chem.MolToSmarts(skeleton)))
if not in_pose:
    fail("the parent's pose does not match the parent's structure")

analog = Chem.MolFromSmiles(analog_smiles)
mcs = rdFMCS.FindMCS([parent, analog], ringMatchesRingOnly=True, completeRingsOnly=True,
                     atomCompare=rdFMCS.AtomCompare.CompareAny,
                     bondCompare=rdFMCS.BondCompare.CompareOrderExact, timeout=2)
heavy = analog.GetNumAtoms()
if mcs.numAtoms < min_fraction * heavy:
    fail(f"shares {mcs.numAtoms} of its {heavy} heavy atoms with its parent")
core = Chem.MolFromSmarts(mcs.smartsString)
in_parent = parent.GetSubstructMatch(core)
hydrogens = Chem.AddHs(analog)
in_analog = hydrogens.GetSubstructMatch(core)
target = np.array([xyz[in_pose[p]] for p in in_parent])
coord_map = {a: Point3D(*map(float, t)) for a, t in zip(in_analog, target)}
ids = list(AllChem.EmbedMultipleConfs(hydrogens, numConfs=count, coordMap=coord_map, randomSeed=seed,
                                      useRandomCoords=True, pruneRmsThresh=0.5))
if not ids:
    fail("ETKDG could not build the analog around its parent's core")
receptor = np.array([c for _, c in heavy_atoms(receptor_path)])
receptor = receptor[np.linalg.norm(receptor - target.mean(axis=0), axis=1) < 25]
heavy_indices = [a.GetIdx() for a in hydrogens.GetAtoms() if a.GetAtomicNum() > 1]

def superpose(conf):
    moving = np.array([list(conf.GetAtomPosition(a)) for a in in_analog])
    mc, tc = moving.mean(axis=0), target.mean(axis=0)
    u, _, vt = np.linalg.svd((moving - mc).T @ (target - tc))
    d = np.sign(np.linalg.det(vt.T @ u.T))
    rotation = vt.T @ np.diag([1, 1, d]) @ u.T
    every = np.array([list(conf.GetAtomPosition(i)) for i in range(hydrogens.GetNumAtoms())])
    placed = (every - mc) @ rotation.T + tc
    for i, p in enumerate(placed):
        conf.SetAtomPosition(i, Point3D(*map(float, p)))
    return placed

def clash(placed):
    if len(receptor) == 0:
        return 0.0
    nearest = np.linalg.norm(placed[heavy_indices][:, None, :] - receptor[None, :, :], axis=2).min(axis=1)
    return float(np.sum(np.clip(3.0 - nearest, 0, None) ** 2))

scored = sorted((clash(superpose(hydrogens.GetConformer(i))), i) for i in ids)
best_clash, best = scored[0]
if AllChem.MMFFHasAllMoleculeParams(hydrogens):
    field = AllChem.MMFFGetMoleculeForceField(hydrogens, AllChem.MMFFGetMoleculeProperties(hydrogens), confId=best)
    for a in in_analog:
        field.AddFixedPoint(a)
    field.Minimize(maxIts=500)
sys.stdout.write(json.dumps({"core_atoms": mcs.numAtoms, "heavy_atoms": heavy, "clash": round(best_clash, 3)}) + "\\n")
sys.stdout.write(Chem.MolToMolBlock(hydrogens, confId=best) + "$$$$\\n")
`;

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
      ["-c", TETHER_SCRIPT, ...args, String(MIN_TETHERED_CORE_FRACTION)],
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
    return { affinity: parseLocalOptimisation(stdout), posePdbqt: await readFile(join(dir, "out.pdbqt"), "utf8") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

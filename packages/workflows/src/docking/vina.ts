import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProgramTimeoutError, runProgram } from "../programs";
import type { DockingBox } from "./structure";
import { stripToProtein } from "./structure";

/**
 * AutoDock Vina 1.2 (Eberhardt et al., J Chem Inf Model 2021, 61:3891; Debian autodock-vina 1.2.3)
 * with Open Babel 3.1 (O'Boyle et al., J Cheminf 2011, 3:33; Debian openbabel 3.1.1) for file
 * preparation, both called as programs.
 */
export interface VinaParameters {
  exhaustiveness: number;
  seed: number;
  num_modes: number;
  /** Threads per Vina process; parallelism across ligands comes from running several processes. */
  cpu: number;
}

export const DEFAULT_VINA_PARAMETERS: VinaParameters = { exhaustiveness: 8, seed: 42, num_modes: 9, cpu: 1 };

export interface DockingMode {
  mode: number;
  affinity: number;
  rmsd_lb: number;
  rmsd_ub: number;
}

/**
 * Receptor PDBQT from a PDB (waters, ligands, ions and alternate locations stripped, every chain
 * kept; hydrogens added for pH 7.4 so Vina sees donors; `-xr` writes a rigid receptor). A PDBQT
 * input is used as given.
 */
export async function prepareReceptor(text: string, format: "pdb" | "pdbqt"): Promise<string> {
  if (format === "pdbqt") return text;
  const { stdout } = await runProgram("obabel", ["-ipdb", "-opdbqt", "-xr", "-p", "7.4"], {
    input: stripToProtein(text),
    timeoutMs: 120_000,
  });
  if (!/^ATOM/m.test(stdout)) throw new Error("Open Babel produced no receptor atoms from this structure");
  return stdout;
}

/** The seed of a ligand's conformers; a retry after implausible scores takes the next one. */
export const CONFORMER_SEED = 42;

/** Conformers closer than this (heavy-atom RMSD, Å) to one already kept are dropped by ETKDG: a near-copy adds nothing. */
export const CONFORMER_PRUNE_RMSD = 0.5;

/** ETKDG candidates embedded per start conformer wanted, among which the start conformers are chosen. */
export const CONFORMER_CANDIDATES_PER_START = 4;

/**
 * Start conformers closer than this (Å, RMSD over the atoms Vina keeps rigid: those of non-aromatic rings and their
 * heavy neighbours) are one ring conformation: Vina turns every rotatable bond itself, so they would start the same
 * search.
 */
export const RING_CONFORMATION_RMSD = 0.5;

/**
 * RDKit's ETKDG v3 (Wang et al., J Chem Inf Model 2020, 60:2044) with a fixed seed, then MMFF94 (UFF where MMFF has
 * no parameters). The molecule is first rewritten from its canonical SMILES, so its atoms come in RDKit's canonical
 * order: ETKDG's random draws follow the atom order, so without it two writings of one molecule got different
 * conformers and Vina scores (indinavir −10.55 and −12.97 kcal/mol). Reads a SMILES (hydrogens implicit), the seed and
 * the number of start conformers wanted; writes an SD file with every hydrogen, one record per start conformer.
 *
 * Vina keeps a start conformer's rings (and bond angles) as given and samples every torsion itself, so start
 * conformers are worth docking only when their flexible rings differ. The script embeds
 * CONFORMER_CANDIDATES_PER_START candidates per conformer wanted, minimises them, and keeps the lowest-energy
 * candidate of each ring conformation (RING_CONFORMATION_RMSD), lowest energy first: a molecule without a
 * non-aromatic ring gets one start conformer and the whole search budget. Nelfinavir's decahydroisoquinoline is the
 * case: its first two ETKDG conformers in embedding order carried ring conformations about 0.8 Å from the crystal's,
 * and its best-scored pose in a 1OHR screen lay 4.16 Å from the crystal (1.74 Å from these start conformers).
 */
const EMBED_SCRIPT = `
import sys
from rdkit import Chem
from rdkit.Chem import AllChem, rdMolAlign
smiles, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
mol = Chem.MolFromSmiles(smiles)
if mol is None:
    sys.exit("RDKit could not read " + smiles)
mol = Chem.AddHs(Chem.MolFromSmiles(Chem.MolToSmiles(mol)))
params = AllChem.ETKDGv3()
params.randomSeed = seed
params.pruneRmsThresh = ${CONFORMER_PRUNE_RMSD}
candidates = count * ${CONFORMER_CANDIDATES_PER_START}
ids = list(AllChem.EmbedMultipleConfs(mol, candidates, params))
if not ids:
    params.useRandomCoords = True
    ids = list(AllChem.EmbedMultipleConfs(mol, candidates, params))
    if not ids:
        sys.exit("RDKit could not embed 3D coordinates (ETKDG, random starting coordinates too)")
if AllChem.MMFFHasAllMoleculeParams(mol):
    energies = [e for _, e in AllChem.MMFFOptimizeMoleculeConfs(mol, numThreads=1, maxIters=2000)]
elif AllChem.UFFHasAllMoleculeParams(mol):
    energies = [e for _, e in AllChem.UFFOptimizeMoleculeConfs(mol, numThreads=1, maxIters=2000)]
else:
    energies = [0.0] * len(ids)
ring = {a.GetIdx() for a in mol.GetAtoms() if a.GetAtomicNum() > 1 and a.IsInRing() and not a.GetIsAromatic()}
rigid = sorted(ring | {n.GetIdx() for i in ring for n in mol.GetAtomWithIdx(i).GetNeighbors() if n.GetAtomicNum() > 1})
pairs = [(i, i) for i in rigid]
kept = []
for i in sorted(ids, key=lambda i: energies[ids.index(i)]):
    if len(kept) == count or (kept and not rigid):
        break
    # Aligning moves only this candidate's coordinates, which Vina randomises anyway.
    if all(rdMolAlign.AlignMol(mol, mol, prbCid=i, refCid=k, atomMap=pairs) >= ${RING_CONFORMATION_RMSD} for k in kept):
        kept.append(i)
for i in kept:
    sys.stdout.write(Chem.MolToMolBlock(mol, confId=i) + "$$$$\\n")
`;

/**
 * Names how a search builds and scores a ligand in docking cache keys: a change to the conformer script or to how
 * Vina's modes are scored (`parseVinaModes`) is a new method, so no cache answers with the old one.
 */
export const SEARCH_METHOD = `search ${createHash("sha256")
  .update(JSON.stringify([EMBED_SCRIPT, "modes scored as vina --score_only scores them"]))
  .digest("hex")
  .slice(0, 16)}`;

/** Options of `prepareLigandConformers`. */
export interface LigandPreparation {
  /** Start conformers wanted, at most: one per ring conformation (see EMBED_SCRIPT); default 1. */
  count?: number;
  seed?: number;
  signal?: AbortSignal;
  /** Bounds the three steps together; default 120 s. */
  timeoutMs?: number;
}

/**
 * Ligand PDBQTs from SMILES, reproducibly, one per start conformer: Open Babel's pH 7.4 model sets the charges
 * (`-p 7.4`, rules on the molecular graph), RDKit builds seeded conformers of the charged molecule in canonical atom
 * order (`EMBED_SCRIPT`), and Open Babel writes each as PDBQT (polar hydrogens kept, Gasteiger charges). Two writings
 * of one molecule give the same files. Open Babel's own `--gen3d` is seeded from the clock (indinavir's PDBQT differed
 * on each call, and so did its Vina score and rank), and its fragment builder gave up on amprenavir; ETKDG has neither
 * problem.
 */
export async function prepareLigandConformers(smiles: string, options: LigandPreparation = {}): Promise<string[]> {
  const { count = 1, seed = CONFORMER_SEED, signal, timeoutMs = 120_000 } = options;
  if (/\s/.test(smiles) || smiles.startsWith("-")) throw new Error(`Not a single SMILES string: ${smiles}`);
  const deadline = performance.now() + timeoutMs;
  const limit = () => {
    const left = deadline - performance.now();
    if (left < 1) throw new ProgramTimeoutError("obabel", Math.round(timeoutMs / 1000));
    return { timeoutMs: Math.round(left), ...(signal ? { signal } : {}) };
  };
  const timed = <T>(work: () => Promise<T>) =>
    work().catch((error: unknown) => {
      if (error instanceof ProgramTimeoutError)
        throw new ProgramTimeoutError(error.binary, Math.round(timeoutMs / 1000));
      throw error;
    });
  const protonated = await timed(() => protonatedSmiles(smiles, limit()));
  const embedded = await timed(() =>
    runProgram("rdkit", ["-c", EMBED_SCRIPT, protonated, String(seed), String(count)], limit()),
  );
  const records = embedded.stdout.split(/^\$\$\$\$\n/m).filter((record) => record.trim());
  const ligands: string[] = [];
  for (const record of records) ligands.push(await timed(() => sdfRecordToPdbqt(record, smiles, limit())));
  return ligands;
}

type ProgramLimit = { timeoutMs: number; signal?: AbortSignal };

/** The molecule as Open Babel's pH 7.4 model charges it (rules on the molecular graph), as SMILES. */
export async function protonatedSmiles(smiles: string, limit: ProgramLimit): Promise<string> {
  const charged = await runProgram("obabel", [`-:${smiles}`, "-osmi", "-p", "7.4"], limit);
  const protonated = charged.stdout.trim().split(/\s+/)[0];
  if (!protonated) throw new Error(`Open Babel could not read ${smiles}`);
  return protonated;
}

/** One SD record (3D, every hydrogen) as Open Babel's PDBQT: polar hydrogens kept, Gasteiger charges. */
export async function sdfRecordToPdbqt(record: string, smiles: string, limit: ProgramLimit): Promise<string> {
  const { stdout, stderr } = await runProgram("obabel", ["-isdf", "-opdbqt"], {
    input: `${record.replace(/\$\$\$\$\s*$/, "")}$$$$\n`,
    ...limit,
  });
  if (!/^(ATOM|HETATM)/m.test(stdout)) throw new Error(`Open Babel could not write a PDBQT for ${smiles}`);
  assertLigandBuilt(stdout, stderr);
  return stdout;
}

/** One seeded conformer's PDBQT (see `prepareLigandConformers`). */
export async function prepareLigand(
  smiles: string,
  signal?: AbortSignal,
  timeoutMs = 120_000,
  seed = CONFORMER_SEED,
): Promise<string> {
  const [ligand] = await prepareLigandConformers(smiles, { seed, timeoutMs, ...(signal ? { signal } : {}) });
  return ligand!;
}

/** Throws, with Open Babel's own message, when every atom of its PDBQT sits at (0, 0, 0): a build it gave up on. */
export function assertLigandBuilt(pdbqt: string, stderr: string): void {
  const atoms = pdbqt.split("\n").filter((line) => /^(ATOM|HETATM)/.test(line));
  const atOrigin = (line: string) =>
    [line.slice(30, 38), line.slice(38, 46), line.slice(46, 54)].every((v) => Number(v) === 0);
  if (atoms.length === 0 || !atoms.every(atOrigin)) return;
  const own = /Open Babel Error[^\n]*\n\s*([^\n]+)/.exec(stderr)?.[1]?.trim();
  throw new Error(`Open Babel could not build 3D coordinates (${own ?? "every atom left at the origin"})`);
}

/** Runs Vina on prepared files in a temporary folder; returns every mode and the output PDBQT. */
export async function runVina(
  receptorPath: string,
  ligandPdbqt: string,
  box: DockingBox,
  params: VinaParameters,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<{ modes: DockingMode[]; posesPdbqt: string }> {
  const dir = await mkdtemp(join(tmpdir(), "sieve-vina-"));
  try {
    await writeFile(join(dir, "ligand.pdbqt"), ligandPdbqt);
    const args = [
      "--receptor",
      receptorPath,
      "--ligand",
      "ligand.pdbqt",
      "--out",
      "out.pdbqt",
      "--center_x",
      String(box.center[0]),
      "--center_y",
      String(box.center[1]),
      "--center_z",
      String(box.center[2]),
      "--size_x",
      String(box.size[0]),
      "--size_y",
      String(box.size[1]),
      "--size_z",
      String(box.size[2]),
      "--exhaustiveness",
      String(params.exhaustiveness),
      "--seed",
      String(params.seed),
      "--num_modes",
      String(params.num_modes),
      "--cpu",
      String(params.cpu),
      "--verbosity",
      "0",
    ];
    await runProgram("vina", args, { cwd: dir, ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
    const posesPdbqt = await readFile(join(dir, "out.pdbqt"), "utf8");
    const modes = parseVinaModes(posesPdbqt);
    if (modes.length === 0) throw new Error("Vina returned no binding modes");
    return { modes, posesPdbqt };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every mode of a Vina output, best first, with the affinity `vina --score_only` gives its pose.
 *
 * Vina 1.2.3 reports each mode as (INTER + INTRA − UNBOUND) × its torsion factor, where UNBOUND is the best pose's
 * intramolecular energy summed over every pair of ligand atoms, pairs inside a rigid ring included
 * (AutoDock-Vina issues #68 and #200). That term follows the start conformer's ring geometry, not binding: two ring
 * conformers of nelfinavir, docked into 1OHR to poses 0.4 and 1.4 Å from the crystal, got UNBOUND −1.72 and
 * +13.12 kcal/mol and were reported as −10.46 and −19.64. Vina 1.1.2 and `--score_only` subtract the best pose's own
 * INTRA instead, so mode k scores (INTER + INTRA of mode k − INTRA of mode 1) × the factor: the best mode scores its
 * INTER × the factor (nelfinavir's two: −10.42 and −10.80, as `--score_only` says). An output without those REMARK
 * lines (Vina 1.1.2) already reports it.
 */
export function parseVinaModes(pdbqt: string): DockingMode[] {
  const models = pdbqt.split(/^ENDMDL\s*$/m).filter((model) => /^REMARK VINA RESULT:/m.test(model));
  const read = (model: string, label: string) => {
    const match = new RegExp(`^REMARK ${label}:\\s+(-?[\\d.]+)`, "m").exec(model);
    return match ? Number(match[1]) : null;
  };
  const remarks = models.map((model) => {
    const result = /^REMARK VINA RESULT:\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/m.exec(model)!;
    return {
      reported: Number(result[1]),
      rmsd_lb: Number(result[2]),
      rmsd_ub: Number(result[3]),
      total: read(model, "INTER \\+ INTRA"),
      intra: read(model, "INTRA"),
      unbound: read(model, "UNBOUND"),
    };
  });
  const best = remarks[0];
  const boundMinusUnbound = best && best.total !== null && best.unbound !== null ? best.total - best.unbound : 0;
  // The torsion factor 1 / (1 + w · N_rot), read back from the best mode's own numbers.
  const factor =
    best && best.intra !== null && Math.abs(boundMinusUnbound) > 1e-6 ? best.reported / boundMinusUnbound : null;
  return remarks.map((mode, index) => ({
    mode: index + 1,
    affinity:
      factor !== null && mode.total !== null
        ? Math.round((mode.total - best!.intra!) * factor * 1000) / 1000
        : mode.reported,
    rmsd_lb: mode.rmsd_lb,
    rmsd_ub: mode.rmsd_ub,
  }));
}

/** The first MODEL of a multi-model PDBQT (the best pose). */
export function firstModel(pdbqt: string): string {
  const end = pdbqt.indexOf("ENDMDL");
  return end === -1 ? pdbqt : pdbqt.slice(0, end + "ENDMDL".length) + "\n";
}

/**
 * Reading PDB/PDBQT coordinate records and choosing a docking box. PDB fixed columns (wwPDB format
 * 3.3): record 1–6, atom name 13–16, residue name 18–20, chain 22, residue number 23–26, x/y/z 31–54,
 * element 77–78.
 */
export interface StructureAtom {
  record: "ATOM" | "HETATM";
  name: string;
  residueName: string;
  chain: string;
  residueNumber: number;
  x: number;
  y: number;
  z: number;
  element: string;
}

export interface DockingBox {
  center: [number, number, number];
  size: [number, number, number];
}

/** How the box is chosen: around a co-crystallised ligand, around residues, or given outright. */
export type BoxSpec =
  | { kind: "ligand"; residue_name?: string; size?: number; padding?: number }
  | { kind: "residues"; residues: string[]; padding?: number }
  | { kind: "explicit"; center: [number, number, number]; size: [number, number, number] };

/** The box Vina was validated with for 1HSG re-docking: a 22 Å cube around the crystal ligand. */
export const DEFAULT_BOX_SIZE = 22;
const WATERS = new Set(["HOH", "WAT", "DOD", "H2O"]);
/** Ions and crystallisation additives that are never the ligand of interest. */
const ADDITIVES = new Set([
  "NA",
  "CL",
  "K",
  "MG",
  "CA",
  "ZN",
  "MN",
  "FE",
  "SO4",
  "PO4",
  "GOL",
  "EDO",
  "ACT",
  "DMS",
  "PEG",
  "FMT",
  "IOD",
  "BR",
  "NO3",
  "TRS",
  "MPD",
]);

export function readAtoms(text: string): StructureAtom[] {
  const atoms: StructureAtom[] = [];
  for (const line of text.split(/\r?\n/)) {
    const record = line.slice(0, 6).trim();
    if (record !== "ATOM" && record !== "HETATM") continue;
    const x = Number(line.slice(30, 38));
    const y = Number(line.slice(38, 46));
    const z = Number(line.slice(46, 54));
    if (![x, y, z].every(Number.isFinite)) continue;
    const name = line.slice(12, 16).trim();
    atoms.push({
      record,
      name,
      residueName: line.slice(17, 20).trim(),
      chain: line.slice(21, 22).trim(),
      residueNumber: Number(line.slice(22, 26)),
      x,
      y,
      z,
      element: line.slice(76, 78).trim() || name.replace(/[^A-Za-z]/g, "").slice(0, 1),
    });
  }
  return atoms;
}

/**
 * The protein part of a PDB for receptor preparation: ATOM records of every chain (TER kept),
 * without waters, co-crystallised ligands, ions or alternate locations other than A.
 */
export function stripToProtein(text: string): string {
  const kept = text.split(/\r?\n/).filter((line) => {
    if (line.startsWith("ATOM  ")) return line[16] === " " || line[16] === "A";
    return line.startsWith("TER");
  });
  if (!kept.some((line) => line.startsWith("ATOM  ")))
    throw new Error("The receptor has no ATOM records (protein atoms) to dock into");
  return [...kept, "END", ""].join("\n");
}

/** Hetero groups that could be a bound ligand, largest first: `NAME:chain:number` with their atoms. */
export function ligandCandidates(
  atoms: StructureAtom[],
): { id: string; residueName: string; atoms: StructureAtom[] }[] {
  const groups = new Map<string, StructureAtom[]>();
  for (const atom of atoms) {
    if (atom.record !== "HETATM" || WATERS.has(atom.residueName) || ADDITIVES.has(atom.residueName)) continue;
    const id = `${atom.residueName}:${atom.chain}:${atom.residueNumber}`;
    if (!groups.has(id)) groups.set(id, []);
    groups.get(id)!.push(atom);
  }
  return [...groups]
    .map(([id, group]) => ({ id, residueName: group[0]!.residueName, atoms: group }))
    .sort((a, b) => b.atoms.length - a.atoms.length);
}

/** The co-crystallised ligand as PDB HETATM lines (for re-docking RMSD and the viewer). */
export function ligandRecords(text: string, residueName: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith("HETATM") && line.slice(17, 20).trim() === residueName)
    .join("\n");
}

/** The co-crystallised ligand a ligand box is drawn around: the one named, else the largest hetero group. */
export function boxLigand(
  atoms: StructureAtom[],
  spec: Extract<BoxSpec, { kind: "ligand" }>,
): ReturnType<typeof ligandCandidates>[number] {
  const candidates = ligandCandidates(atoms);
  const wanted = spec.residue_name?.toUpperCase();
  const ligand = wanted ? candidates.find((c) => c.residueName === wanted) : candidates[0];
  if (!ligand)
    throw new Error(
      spec.residue_name
        ? `The structure has no hetero group named ${spec.residue_name}`
        : "The structure has no co-crystallised ligand to centre the box on; give a residue list or an explicit centre and size",
    );
  return ligand;
}

export function resolveBox(text: string, spec: BoxSpec): DockingBox {
  if (spec.kind === "explicit") return { center: spec.center, size: spec.size };
  const atoms = readAtoms(text);
  if (spec.kind === "ligand")
    return boxAround(boxLigand(atoms, spec).atoms, spec.padding, spec.size ?? DEFAULT_BOX_SIZE);
  const wanted = spec.residues.map(parseResidueRef);
  const selected = atoms.filter(
    (a) =>
      a.record === "ATOM" &&
      wanted.some((w) => w.number === a.residueNumber && (w.chain === null || w.chain === a.chain)),
  );
  if (selected.length === 0) throw new Error(`None of the residues ${spec.residues.join(", ")} is in the structure`);
  return boxAround(selected, spec.padding ?? 8, 0);
}

/** `A:25`, `25`, `ASP25`, `A:ASP25` → chain and residue number. */
function parseResidueRef(ref: string): { chain: string | null; number: number } {
  const match = /^(?:([A-Za-z0-9]):)?(?:[A-Za-z]{3})?(-?\d+)$/.exec(ref.trim());
  if (!match) throw new Error(`Residue "${ref}" is not of the form A:25, 25 or A:ASP25`);
  return { chain: match[1] ?? null, number: Number(match[2]) };
}

/** Centre at the atoms' centroid; each side the extent plus 2 × padding, at least `minimum`. */
function boxAround(atoms: StructureAtom[], padding: number | undefined, minimum: number): DockingBox {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const a of atoms) {
    [a.x, a.y, a.z].forEach((v, i) => {
      lo[i] = Math.min(lo[i]!, v);
      hi[i] = Math.max(hi[i]!, v);
    });
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const sum = atoms.reduce((acc, a) => [acc[0]! + a.x, acc[1]! + a.y, acc[2]! + a.z], [0, 0, 0]);
  const center = sum.map((v) => round(v / atoms.length)) as [number, number, number];
  const size = [0, 1, 2].map((i) => round(Math.max(minimum, hi[i]! - lo[i]! + 2 * (padding ?? 0)))) as [
    number,
    number,
    number,
  ];
  return { center, size };
}

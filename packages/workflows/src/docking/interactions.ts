import { runProgram } from "../programs";
import { boxLigand, readAtoms, type BoxSpec } from "./structure";

/**
 * Protein–ligand interaction fingerprints (IFP) after Marcou & Rognan (J Chem Inf Model 2007, 47:195): which residue
 * a pose touches, and how. Compared with the co-crystal ligand's, they tell a pose that makes the interactions the
 * known ligand makes (an HIV-1 protease inhibitor's hydroxyl between the catalytic aspartates) from one that only fills
 * the pocket as well; rescoring docking by that similarity is how practitioners recover actives a force-field score
 * alone ranks among decoys.
 *
 * Three kinds of bit per residue, from the PDBQT atom types AutoDock assigns (polar hydrogens explicit):
 * - hydrophobic: a ligand carbon (C, A) within `hydrophobic_A` of a residue carbon;
 * - hbond_donor / hbond_acceptor: a ligand N or O within `hbond_A` of a residue N or O, the donor carrying a polar
 *   hydrogen (HD within `polar_hydrogen_A`) and the acceptor typed as one (NA, OA).
 */
export const INTERACTION_CUTOFFS = { hydrophobic_A: 4.0, hbond_A: 3.5, polar_hydrogen_A: 1.15 } as const;

export type InteractionKind = "hydrophobic" | "hbond_donor" | "hbond_acceptor";

interface PdbqtAtom {
  /** Residue as `ASP25:A` (name, number, chain). */
  residue: string;
  type: string;
  x: number;
  y: number;
  z: number;
}

const CARBON = new Set(["C", "A"]);
const POLAR = new Set(["N", "NA", "OA"]);
const ACCEPTOR = new Set(["NA", "OA"]);

/** ATOM/HETATM records of a PDBQT with their AutoDock types; the first model only, as Vina's best pose. */
export function readPdbqtAtoms(text: string): PdbqtAtom[] {
  const atoms: PdbqtAtom[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("ENDMDL")) break;
    if (!line.startsWith("ATOM") && !line.startsWith("HETATM")) continue;
    const [x, y, z] = [line.slice(30, 38), line.slice(38, 46), line.slice(46, 54)].map(Number) as [
      number,
      number,
      number,
    ];
    const type = line.slice(77, 79).trim();
    if (!type || ![x, y, z].every(Number.isFinite)) continue;
    const residue = `${line.slice(17, 20).trim()}${line.slice(22, 26).trim()}:${line.slice(21, 22).trim()}`;
    atoms.push({ residue, type, x, y, z });
  }
  return atoms;
}

const distance = (a: PdbqtAtom, b: PdbqtAtom) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

/** The N and O atoms that carry a polar hydrogen. */
function donors(atoms: PdbqtAtom[]): Set<PdbqtAtom> {
  const hydrogens = atoms.filter((a) => a.type === "HD");
  return new Set(
    atoms.filter(
      (a) => POLAR.has(a.type) && hydrogens.some((h) => distance(a, h) <= INTERACTION_CUTOFFS.polar_hydrogen_A),
    ),
  );
}

/** A ligand pose's interactions with the receptor, as `residue/kind` bits (`ASP25:A/hbond_donor`). */
export function interactionFingerprint(ligand: PdbqtAtom[], receptor: PdbqtAtom[]): Set<string> {
  const heavy = ligand.filter((a) => a.type !== "H" && a.type !== "HD");
  const reach = Math.max(INTERACTION_CUTOFFS.hydrophobic_A, INTERACTION_CUTOFFS.hbond_A);
  const near = receptor.filter((r) => r.type !== "H" && r.type !== "HD" && heavy.some((a) => distance(a, r) <= reach));
  const ligandDonors = donors(ligand);
  const receptorDonors = donors(receptor);
  const bits = new Set<string>();
  const add = (residue: string, kind: InteractionKind) => bits.add(`${residue}/${kind}`);
  for (const r of near)
    for (const a of heavy) {
      const d = distance(a, r);
      if (CARBON.has(a.type) && CARBON.has(r.type) && d <= INTERACTION_CUTOFFS.hydrophobic_A)
        add(r.residue, "hydrophobic");
      if (d > INTERACTION_CUTOFFS.hbond_A || !POLAR.has(a.type) || !POLAR.has(r.type)) continue;
      if (ligandDonors.has(a) && ACCEPTOR.has(r.type)) add(r.residue, "hbond_donor");
      if (receptorDonors.has(r) && ACCEPTOR.has(a.type)) add(r.residue, "hbond_acceptor");
    }
  return bits;
}

/** Tanimoto of two fingerprints: shared bits over bits in either (0 when both are empty). */
export function fingerprintTanimoto(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const bit of a) if (b.has(bit)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The co-crystal ligand's interactions, the reference every pose is compared with. */
export interface InteractionReference {
  /** The ligand as `NAME:chain:number` (MK1:B:902 in 1HSG). */
  ligand: string;
  bits: Set<string>;
}

/**
 * The fingerprint of the co-crystal ligand a ligand box is drawn around, in the prepared receptor: its crystal
 * coordinates (alternate location A), hydrogens added for pH 7.4 by Open Babel as the receptor's are, so its donors
 * are known. Null for a box given by residues or coordinates: then no ligand is known to compare with.
 */
export async function interactionReference(
  structure: string,
  box: BoxSpec,
  receptor: PdbqtAtom[],
): Promise<InteractionReference | null> {
  if (box.kind !== "ligand") return null;
  const ligand = boxLigand(readAtoms(structure), box);
  const records = structure
    .split(/\r?\n/)
    .filter(
      (line) =>
        line.startsWith("HETATM") &&
        (line[16] === " " || line[16] === "A") &&
        `${line.slice(17, 20).trim()}:${line.slice(21, 22).trim()}:${Number(line.slice(22, 26))}` === ligand.id,
    );
  const { stdout } = await runProgram("obabel", ["-ipdb", "-opdbqt", "-h", "-p", "7.4"], {
    input: `${records.join("\n")}\nEND\n`,
    timeoutMs: 60_000,
  });
  const bits = interactionFingerprint(readPdbqtAtoms(stdout), receptor);
  return bits.size ? { ligand: ligand.id, bits } : null;
}

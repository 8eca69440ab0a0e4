import { runProgram } from "../programs";
import { boxLigand, readAtoms, type BoxSpec } from "./structure";

/**
 * Protein–ligand interaction fingerprints (IFP), a simplified form of Marcou & Rognan's (J Chem Inf Model 2007,
 * 47:195): which receptor residue a pose touches, and how. Compared with the co-crystal ligand's, they tell a pose
 * that makes the interactions the known ligand makes (an HIV-1 protease inhibitor's hydroxyl between the catalytic
 * aspartates) from one that only fills the pocket as well; rescoring docking by that similarity is how practitioners
 * recover actives a force-field score alone ranks among decoys.
 *
 * Three kinds of bit per residue, from the PDBQT atom types AutoDock assigns (polar hydrogens explicit), distances only
 * (no hydrogen-bond angle, no aromatic, ionic or metal bits):
 * - hydrophobic: a ligand apolar atom within `hydrophobic_A` of a residue apolar atom; apolar atoms are carbons
 *   bonded to no N or O (none within `bond_A`), sulfur, chlorine, bromine and iodine;
 * - hbond_donor / hbond_acceptor: a ligand N or O within `hbond_A` of a residue N or O, the donor carrying a polar
 *   hydrogen (HD within `polar_hydrogen_A`) and the acceptor typed as one (NA, OA).
 */
export const INTERACTION_CUTOFFS = { hydrophobic_A: 4.0, hbond_A: 3.5, polar_hydrogen_A: 1.15, bond_A: 1.7 } as const;

export type InteractionKind = "hydrophobic" | "hbond_donor" | "hbond_acceptor";

interface PdbqtAtom {
  /** Residue as `ASP25:A` (name, number with any insertion code, chain). */
  residue: string;
  chain: string;
  type: string;
  x: number;
  y: number;
  z: number;
}

const CARBON = new Set(["C", "A"]);
const POLAR = new Set(["N", "NA", "OA", "O"]);
const ACCEPTOR = new Set(["NA", "OA"]);
const APOLAR_HETEROATOM = new Set(["S", "SA", "Cl", "CL", "Br", "BR", "I"]);

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
    const chain = line.slice(21, 22).trim();
    const residue = `${line.slice(17, 20).trim()}${line.slice(22, 27).trim()}:${chain}`;
    atoms.push({ residue, chain, type, x, y, z });
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

/** Carbons bonded to no N or O, and S, Cl, Br, I: the atoms of a hydrophobic contact. */
function apolar(atoms: PdbqtAtom[]): Set<PdbqtAtom> {
  const polar = atoms.filter((a) => POLAR.has(a.type));
  return new Set(
    atoms.filter(
      (a) =>
        APOLAR_HETEROATOM.has(a.type) ||
        (CARBON.has(a.type) && !polar.some((p) => distance(a, p) <= INTERACTION_CUTOFFS.bond_A)),
    ),
  );
}

/** The receptor's donors and apolar atoms, found once per receptor rather than once per pose. */
const receptorRoles = new WeakMap<PdbqtAtom[], { donors: Set<PdbqtAtom>; apolar: Set<PdbqtAtom> }>();
function rolesOf(receptor: PdbqtAtom[]) {
  let roles = receptorRoles.get(receptor);
  if (!roles) {
    roles = { donors: donors(receptor), apolar: apolar(receptor) };
    receptorRoles.set(receptor, roles);
  }
  return roles;
}

/** A ligand pose's interactions with the receptor, as `residue/kind` bits (`ASP25:A/hbond_donor`). */
export function interactionFingerprint(ligand: PdbqtAtom[], receptor: PdbqtAtom[]): Set<string> {
  const heavy = ligand.filter((a) => a.type !== "H" && a.type !== "HD");
  const reach = Math.max(INTERACTION_CUTOFFS.hydrophobic_A, INTERACTION_CUTOFFS.hbond_A);
  const near = receptor.filter((r) => r.type !== "H" && r.type !== "HD" && heavy.some((a) => distance(a, r) <= reach));
  const ligandDonors = donors(ligand);
  const ligandApolar = apolar(ligand);
  const receptorRole = rolesOf(receptor);
  const bits = new Set<string>();
  const add = (residue: string, kind: InteractionKind) => bits.add(`${residue}/${kind}`);
  for (const r of near)
    for (const a of heavy) {
      const d = distance(a, r);
      if (ligandApolar.has(a) && receptorRole.apolar.has(r) && d <= INTERACTION_CUTOFFS.hydrophobic_A)
        add(r.residue, "hydrophobic");
      if (d > INTERACTION_CUTOFFS.hbond_A || !POLAR.has(a.type) || !POLAR.has(r.type)) continue;
      if (ligandDonors.has(a) && ACCEPTOR.has(r.type)) add(r.residue, "hbond_donor");
      if (receptorRole.donors.has(r) && ACCEPTOR.has(a.type)) add(r.residue, "hbond_acceptor");
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

/**
 * Pairs of receptor chains with the same residues at the same numbers (the two monomers of HIV-1 protease): a pose
 * bound in the symmetry-related orientation touches the same residues of the other chain, and is the same binding mode.
 */
export function identicalChainPairs(receptor: PdbqtAtom[]): [string, string][] {
  const sequences = new Map<string, Set<string>>();
  for (const atom of receptor) {
    if (!sequences.has(atom.chain)) sequences.set(atom.chain, new Set());
    sequences.get(atom.chain)!.add(atom.residue.slice(0, atom.residue.lastIndexOf(":")));
  }
  const chains = [...sequences.keys()].filter((c) => c !== "");
  const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((r) => b.has(r));
  return chains.flatMap((a, i) =>
    chains
      .slice(i + 1)
      .flatMap((b) => (same(sequences.get(a)!, sequences.get(b)!) ? [[a, b] as [string, string]] : [])),
  );
}

/**
 * Similarity of a pose's fingerprint to the reference's: the Tanimoto, or, in a receptor with identical chains, the
 * best over the pose's fingerprint as it is and with each such pair of chains swapped.
 */
export function interactionSimilarity(bits: Set<string>, reference: InteractionReference): number {
  const swapped = reference.identicalChains.map(
    ([a, b]) =>
      new Set(
        [...bits].map((bit) =>
          bit.replace(/:([^/]*)\//, (whole, chain: string) =>
            chain === a ? `:${b}/` : chain === b ? `:${a}/` : whole,
          ),
        ),
      ),
  );
  return Math.max(...[bits, ...swapped].map((candidate) => fingerprintTanimoto(candidate, reference.bits)));
}

/** The co-crystal ligand's interactions, the reference every pose is compared with. */
export interface InteractionReference {
  /** The ligand as `NAME:chain:number` (MK1:B:902 in 1HSG). */
  ligand: string;
  bits: Set<string>;
  identicalChains: [string, string][];
}

/** The reference, or why there is none (then the run leaves interaction similarity out, saying so). */
export type InteractionReferenceResult = { reference: InteractionReference } | { unavailable: string };

/**
 * The fingerprint of the co-crystal ligand a ligand box is drawn around, in the prepared receptor: its crystal
 * coordinates (alternate location A) and CONECT bonds, hydrogens added for pH 7.4 by Open Babel as the receptor's are,
 * so its donors are known.
 */
export async function interactionReference(
  structure: string,
  format: "pdb" | "pdbqt",
  box: BoxSpec,
  receptor: PdbqtAtom[],
): Promise<InteractionReferenceResult> {
  if (box.kind !== "ligand")
    return {
      unavailable:
        "the docking box is given by residues or coordinates, not drawn around a co-crystallised ligand: there are no known interactions to compare with",
    };
  if (format === "pdbqt")
    return {
      unavailable:
        "the receptor was given as PDBQT, which does not carry the co-crystallised ligand's bonds: give the PDB file to compare poses with it",
    };
  const ligand = boxLigand(readAtoms(structure), box);
  try {
    const { stdout } = await runProgram("obabel", ["-ipdb", "-opdbqt", "-h", "-p", "7.4"], {
      input: ligandWithBonds(structure, ligand.id),
      timeoutMs: 60_000,
    });
    const bits = interactionFingerprint(readPdbqtAtoms(stdout), receptor);
    if (!bits.size) return { unavailable: `the co-crystallised ligand ${ligand.id} touches no receptor residue` };
    return { reference: { ligand: ligand.id, bits, identicalChains: identicalChainPairs(receptor) } };
  } catch (error) {
    return {
      unavailable: `Open Babel could not prepare the co-crystallised ligand ${ligand.id}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The ligand's HETATM records (alternate location A) and its CONECT bonds among its own atoms, as a PDB. */
function ligandWithBonds(structure: string, id: string): string {
  const lines = structure.split(/\r?\n/);
  const records = lines.filter(
    (line) =>
      line.startsWith("HETATM") &&
      (line[16] === " " || line[16] === "A") &&
      `${line.slice(17, 20).trim()}:${line.slice(21, 22).trim()}:${Number(line.slice(22, 26))}` === id,
  );
  const serials = new Set(records.map((line) => Number(line.slice(6, 11))));
  const bonds = lines.flatMap((line) => {
    if (!line.startsWith("CONECT")) return [];
    const [from, ...to] = (line.slice(6).match(/.{1,5}/g) ?? []).map(Number);
    const bonded = to.filter((n) => serials.has(n));
    return from !== undefined && serials.has(from) && bonded.length
      ? [`CONECT${[from, ...bonded].map((n) => String(n).padStart(5)).join("")}`]
      : [];
  });
  return [...records, ...bonds, "END", ""].join("\n");
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readSharedData, requirePrograms, requireSharedData } from "@sieve/testing";
import {
  fingerprintTanimoto,
  identicalChainPairs,
  interactionFingerprint,
  interactionReference,
  interactionSimilarity,
  readPdbqtAtoms,
  type InteractionReference,
} from "./interactions";
import { prepareReceptor } from "./vina";

requireSharedData("structures/1HSG.pdb");
const STRUCTURE = readSharedData("structures/1HSG.pdb");
/** Best poses the screen docked into 1HSG (exhaustiveness 2, seed 42), as Vina wrote them. */
const pose = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "..", "test", "fixtures", `1hsg-${name}-pose.pdbqt`), "utf8");

type Atom = [type: string, residue: string, chain: string, number: string, xyz: number[]];
/** Atoms as PDBQT lines: AutoDock type, residue, chain, number (with any insertion code), coordinates. */
const pdbqt = (atoms: Atom[]) =>
  atoms
    .map(
      ([type, residue, chain, number, [x, y, z]], i) =>
        `ATOM  ${String(i + 1).padStart(5)} ${type.padEnd(4)} ${residue} ${chain.padEnd(1)}${number.replace(/\D$/, "").padStart(4)}${number.replace(/^\d+/, "").padEnd(1)}   ${x!.toFixed(3).padStart(8)}${y!.toFixed(3).padStart(8)}${z!.toFixed(3).padStart(8)}  1.00  0.00     0.000 ${type.padEnd(2)}`,
    )
    .join("\n");
const fingerprint = (ligand: Atom[], receptor: Atom[]) =>
  [...interactionFingerprint(readPdbqtAtoms(pdbqt(ligand)), readPdbqtAtoms(pdbqt(receptor)))].sort();

describe("interaction fingerprints", () => {
  it("tells a hydrogen bond donated from one accepted by which side carries the polar hydrogen", () => {
    // An aspartate carboxylate oxygen (acceptor) and a serine hydroxyl (donor and acceptor), each 2.8 Å from a ligand atom.
    const receptor: Atom[] = [
      ["OA", "ASP", "A", "25", [0, 0, 0]],
      ["OA", "SER", "A", "30", [10, 0, 0]],
      ["HD", "SER", "A", "30", [10.96, 0, 0]],
    ];
    const hydroxyl: Atom[] = [
      ["OA", "UNL", "", "1", [2.8, 0, 0]],
      ["HD", "UNL", "", "1", [1.84, 0, 0]],
    ];
    expect(fingerprint(hydroxyl, receptor)).toEqual(["ASP25:A/hbond_donor"]);
    expect(fingerprint([["OA", "UNL", "", "1", [12.8, 0, 0]]], receptor)).toEqual(["SER30:A/hbond_acceptor"]);
  });

  it("counts apolar contacts only: carbons bonded to no N or O, sulfur and halogens, within 4.0 Å", () => {
    const leucine: Atom[] = [["C", "LEU", "B", "23", [0, 20, 0]]];
    const methyl = (d: number): Atom[] => [["C", "UNL", "", "1", [d, 20, 0]]];
    expect(fingerprint(methyl(3.9), leucine)).toEqual(["LEU23:B/hydrophobic"]);
    expect(fingerprint(methyl(4.1), leucine)).toEqual([]);
    // A carbonyl carbon (an O 1.23 Å away) is polar: no hydrophobic contact however close.
    const carbonyl: Atom[] = [...methyl(3.6), ["OA", "UNL", "", "1", [3.6, 21.23, 0]]];
    expect(fingerprint(carbonyl, leucine)).toEqual([]);
    // An aryl chloride against a methionine sulfur, in a residue with an insertion code and no chain.
    expect(fingerprint([["Cl", "UNL", "", "1", [3.7, 40, 0]]], [["SA", "MET", "", "184A", [0, 40, 0]]])).toEqual([
      "MET184A:/hydrophobic",
    ]);
  });

  it("reads a pose's first model only: Vina writes every mode after it", () => {
    const model = (x: number) => `MODEL 1\n${pdbqt([["C", "UNL", "", "1", [x, 0, 0]]])}\nENDMDL`;
    expect(readPdbqtAtoms(`${model(1)}\n${model(2).replace("MODEL 1", "MODEL 2")}`).map((a) => a.x)).toEqual([1]);
  });

  it("compares fingerprints by Tanimoto, and a homodimer's pose also with its chains swapped", () => {
    expect(fingerprintTanimoto(new Set(["a", "b", "c"]), new Set(["b", "c", "d"]))).toBe(0.5);
    expect(fingerprintTanimoto(new Set(), new Set())).toBe(0);
    const reference: InteractionReference = {
      ligand: "L:A:1",
      bits: new Set(["ASP25:A/hbond_donor", "ILE50:B/hydrophobic"]),
      identicalChains: [["A", "B"]],
    };
    const flipped = new Set(["ASP25:B/hbond_donor", "ILE50:A/hydrophobic"]);
    expect(interactionSimilarity(flipped, reference)).toBe(1);
    expect(interactionSimilarity(flipped, { ...reference, identicalChains: [] })).toBe(0);
  });
});

describe("the co-crystal ligand's interactions in 1HSG", () => {
  let receptor: ReturnType<typeof readPdbqtAtoms>;
  let reference: InteractionReference;
  beforeAll(async () => {
    requirePrograms("openbabel", "obabel");
    receptor = readPdbqtAtoms(await prepareReceptor(STRUCTURE, "pdb"));
    const found = await interactionReference(STRUCTURE, "pdb", { kind: "ligand" }, receptor);
    if (!("reference" in found)) throw new Error(found.unavailable);
    reference = found.reference;
  }, 120_000);

  it("has indinavir's hydroxyl donating to both catalytic aspartates, in a dimer of two identical chains", () => {
    expect(reference.ligand).toBe("MK1:B:902");
    expect(reference.bits).toContain("ASP25:A/hbond_donor");
    expect(reference.bits).toContain("ASP25:B/hbond_donor");
    expect(reference.identicalChains).toEqual([["A", "B"]]);
    expect(identicalChainPairs(receptor)).toEqual([["A", "B"]]);
  });

  it("finds amprenavir's pose making indinavir's bonds to the catalytic aspartates, and loratadine's none", () => {
    const bits = (name: string) => interactionFingerprint(readPdbqtAtoms(pose(name)), receptor);
    const [amprenavir, loratadine] = [bits("amprenavir"), bits("loratadine")];
    expect(amprenavir).toContain("ASP25:A/hbond_donor");
    expect(amprenavir).toContain("ASP25:B/hbond_donor");
    expect([...loratadine].filter((b) => b.endsWith("hbond_donor"))).toEqual([]);
    expect(interactionSimilarity(amprenavir, reference)).toBeGreaterThan(interactionSimilarity(loratadine, reference));
    // Moved 30 Å out of the pocket, the pose touches nothing.
    const away = readPdbqtAtoms(pose("amprenavir")).map((a) => ({ ...a, x: a.x + 30 }));
    expect(interactionFingerprint(away, receptor).size).toBe(0);
  });

  it("has no reference, saying why, for a box given by residues or a receptor given as PDBQT", async () => {
    const byResidues = await interactionReference(STRUCTURE, "pdb", { kind: "residues", residues: ["A:25"] }, receptor);
    expect(byResidues).toEqual({ unavailable: expect.stringMatching(/^the docking box is given by residues/) });
    const asPdbqt = await interactionReference(STRUCTURE, "pdbqt", { kind: "ligand" }, receptor);
    expect(asPdbqt).toEqual({ unavailable: expect.stringMatching(/^the receptor was given as PDBQT/) });
  });
});

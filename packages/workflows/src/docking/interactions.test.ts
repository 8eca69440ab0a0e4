import { beforeAll, describe, expect, it } from "vitest";
import { readSharedData, requirePrograms, requireSharedData } from "@sieve/testing";
import { runProgram } from "../programs";
import {
  fingerprintTanimoto,
  interactionFingerprint,
  interactionReference,
  readPdbqtAtoms,
  type InteractionReference,
} from "./interactions";
import { prepareReceptor } from "./vina";

requireSharedData("structures/1HSG.pdb");
const STRUCTURE = readSharedData("structures/1HSG.pdb");

/** Atoms as a PDBQT line each: AutoDock type, residue, coordinates. */
const pdbqt = (atoms: [type: string, residue: string, chain: string, number: number, xyz: number[]][]) =>
  atoms
    .map(
      ([type, residue, chain, number, [x, y, z]], i) =>
        `ATOM  ${String(i + 1).padStart(5)} ${type.padEnd(4)} ${residue} ${chain.padEnd(1)}${String(number).padStart(4)}    ${x!.toFixed(3).padStart(8)}${y!.toFixed(3).padStart(8)}${z!.toFixed(3).padStart(8)}  1.00  0.00     0.000 ${type.padEnd(2)}`,
    )
    .join("\n");

describe("interaction fingerprints", () => {
  it("tells a hydrogen bond donated from one accepted by which side carries the polar hydrogen", () => {
    // An aspartate carboxylate oxygen (acceptor) and a serine hydroxyl (donor and acceptor), each 2.8 Å from a ligand atom.
    const receptor = readPdbqtAtoms(
      pdbqt([
        ["OA", "ASP", "A", 25, [0, 0, 0]],
        ["OA", "SER", "A", 30, [10, 0, 0]],
        ["HD", "SER", "A", 30, [10.96, 0, 0]],
      ]),
    );
    const hydroxyl = readPdbqtAtoms(
      pdbqt([
        ["OA", "UNL", "", 1, [2.8, 0, 0]],
        ["HD", "UNL", "", 1, [1.84, 0, 0]],
      ]),
    );
    const ketone = readPdbqtAtoms(pdbqt([["OA", "UNL", "", 1, [12.8, 0, 0]]]));
    expect([...interactionFingerprint(hydroxyl, receptor)]).toEqual(["ASP25:A/hbond_donor"]);
    expect([...interactionFingerprint(ketone, receptor)]).toEqual(["SER30:A/hbond_acceptor"]);
    // A carbon 3.9 Å from a residue carbon is a hydrophobic contact; at 4.1 Å it is not.
    const methyl = (d: number) => readPdbqtAtoms(pdbqt([["C", "UNL", "", 1, [d, 20, 0]]]));
    const leucine = readPdbqtAtoms(pdbqt([["C", "LEU", "B", 23, [0, 20, 0]]]));
    expect([...interactionFingerprint(methyl(3.9), leucine)]).toEqual(["LEU23:B/hydrophobic"]);
    expect(interactionFingerprint(methyl(4.1), leucine).size).toBe(0);
  });

  it("compares fingerprints by Tanimoto", () => {
    expect(fingerprintTanimoto(new Set(["a", "b", "c"]), new Set(["b", "c", "d"]))).toBe(0.5);
    expect(fingerprintTanimoto(new Set(), new Set())).toBe(0);
  });
});

describe("the co-crystal ligand's interactions in 1HSG", () => {
  let receptor: ReturnType<typeof readPdbqtAtoms>;
  let reference: InteractionReference | null;
  beforeAll(async () => {
    requirePrograms("openbabel", "obabel");
    receptor = readPdbqtAtoms(await prepareReceptor(STRUCTURE, "pdb"));
    reference = await interactionReference(STRUCTURE, { kind: "ligand" }, receptor);
  }, 120_000);

  it("has indinavir's hydroxyl donating to both catalytic aspartates and its own pose scoring 1", async () => {
    expect(reference?.ligand).toBe("MK1:B:902");
    expect(reference?.bits).toContain("ASP25:A/hbond_donor");
    expect(reference?.bits).toContain("ASP25:B/hbond_donor");
    expect([...reference!.bits].filter((b) => b.endsWith("hydrophobic")).length).toBeGreaterThan(10);
    const crystal = STRUCTURE.split("\n")
      .filter((line) => line.startsWith("HETATM") && line.slice(17, 20) === "MK1")
      .join("\n");
    const { stdout } = await runProgram("obabel", ["-ipdb", "-opdbqt", "-h", "-p", "7.4"], {
      input: `${crystal}\nEND\n`,
    });
    const pose = readPdbqtAtoms(stdout);
    expect(fingerprintTanimoto(interactionFingerprint(pose, receptor), reference!.bits)).toBe(1);
    // The same ligand 30 Å away from the pocket touches nothing.
    const away = pose.map((a) => ({ ...a, x: a.x + 30 }));
    expect(fingerprintTanimoto(interactionFingerprint(away, receptor), reference!.bits)).toBe(0);
  });

  it("has no reference for a box given by residues: no ligand is known to compare with", async () => {
    expect(
      await interactionReference(STRUCTURE, { kind: "residues", residues: ["A:25", "B:25"] }, receptor),
    ).toBeNull();
  });
});

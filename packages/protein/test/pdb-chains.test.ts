import { readSharedData, sharedDataFile } from "@sieve/testing";
import { describe, expect, it } from "vitest";
import { parsePdbChains } from "../src/index";
import { biopythonPdbChains } from "../scripts/biopython";

// Fixed-column PDB records (wwPDB v3.3): atom name 13–16, altLoc 17, residue 18–20, chain 22,
// residue number 23–26, insertion code 27.
function atom(
  record: "ATOM" | "HETATM",
  name: string,
  residue: string,
  chain: string,
  number: number,
  altLoc = " ",
  insertion = " ",
): string {
  return (
    `${record.padEnd(6)}    1 ${name.padEnd(4)}${altLoc}${residue.padStart(3)} ${chain}${String(number).padStart(4)}${insertion}   ` +
    "   1.000   2.000   3.000  1.00 20.00           C"
  );
}
function seqres(chain: string, residues: string[]): string {
  return `SEQRES   1 ${chain} ${String(residues.length).padStart(4)}  ${residues.join(" ")}`;
}

const SNIPPET = [
  "HEADER    TEST SNIPPET",
  seqres("A", ["MET", "ALA", "MSE", "GLY", "XYZ"]),
  seqres("D", ["DA", "DT", "DG"]),
  atom("ATOM", " N  ", "MET", "A", 1),
  atom("ATOM", " CA ", "MET", "A", 1),
  atom("ATOM", " CA ", "ALA", "A", 2),
  // Chain B has no SEQRES: its sequence comes from CA atoms.
  atom("ATOM", " CA ", "LYS", "B", 1),
  atom("ATOM", " CA ", "SER", "B", 2, "A"),
  atom("ATOM", " CA ", "SER", "B", 2, "B"), // alternate location of the same residue: once
  atom("ATOM", " CA ", "GLU", "B", 2, " ", "A"), // insertion code 2A: a residue of its own
  atom("HETATM", " CA ", "MSE", "B", 3), // selenomethionine → M
  atom("ATOM", " CA ", "UNK", "B", 4),
  "TER",
  atom("HETATM", "CA  ", "CA", "B", 101), // calcium ion, atom name CA
  atom("HETATM", " O  ", "HOH", "B", 201),
  atom("HETATM", " CA ", "LIG", "B", 301), // a ligand atom named CA
  atom("ATOM", " P  ", "DA", "D", 1),
  "ENDMDL",
  atom("ATOM", " CA ", "TRP", "B", 5), // second model: ignored
  "END",
].join("\n");

describe("parsePdbChains on a hand-written snippet", () => {
  const chains = parsePdbChains(SNIPPET);

  it("takes SEQRES where present, mapping MSE → M and unknown names → X", () => {
    expect(chains[0]).toEqual({ chain: "A", sequence: "MAMGX", source: "SEQRES" });
  });
  it("falls back to CA atoms of the first model, once per residue, skipping ions, waters and ligands", () => {
    expect(chains[1]).toEqual({ chain: "B", sequence: "KSEMX", source: "ATOM" });
  });
  it("leaves out chains without amino acids (DNA)", () => {
    expect(chains.map((c) => c.chain)).toEqual(["A", "B"]);
  });
  it("returns nothing for text without coordinates or SEQRES", () => {
    expect(parsePdbChains("not a pdb file")).toEqual([]);
  });
});

const structures = ["1HSG", "1OHR", "3HTB"].map((id) => ({ id, file: `structures/${id}.pdb` }));

describe("1HSG, HIV-1 protease", () => {
  const text = readSharedData("structures/1HSG.pdb");

  it("has two chains of 99 residues from SEQRES", () => {
    const chains = parsePdbChains(text);
    expect(chains.map((c) => [c.chain, c.sequence.length, c.source])).toEqual([
      ["A", 99, "SEQRES"],
      ["B", 99, "SEQRES"],
    ]);
    expect(chains[0]!.sequence).toBe(chains[1]!.sequence);
  });

  it("gives the same sequences from ATOM records alone (ligand MK1 and waters ignored)", () => {
    const withoutSeqres = text
      .split("\n")
      .filter((line) => !line.startsWith("SEQRES"))
      .join("\n");
    const fromAtoms = parsePdbChains(withoutSeqres);
    expect(fromAtoms.map((c) => c.source)).toEqual(["ATOM", "ATOM"]);
    expect(fromAtoms.map((c) => c.sequence)).toEqual(parsePdbChains(text).map((c) => c.sequence));
  });
});

describe("agreement with Biopython PDBParser/PPBuilder and SEQRES", () => {
  it.each(structures.map((s) => [s.id, s.file] as const))("%s", (_id, file) => {
    const text = readSharedData(file);
    const reference = biopythonPdbChains(sharedDataFile(file));
    const fromSeqres = Object.fromEntries(parsePdbChains(text).map((c) => [c.chain, c.sequence]));
    expect(fromSeqres).toEqual(reference.seqres);
    // PPBuilder splits a chain at gaps; our CA path joins the pieces.
    const atomsOnly = text
      .split("\n")
      .filter((line) => !line.startsWith("SEQRES"))
      .join("\n");
    const fromAtoms = Object.fromEntries(parsePdbChains(atomsOnly).map((c) => [c.chain, c.sequence]));
    expect(fromAtoms).toEqual(
      Object.fromEntries(Object.entries(reference.ppbuilder).map(([chain, pieces]) => [chain, pieces.join("")])),
    );
  });
});

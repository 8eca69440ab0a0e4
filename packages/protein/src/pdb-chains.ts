/**
 * Protein chains of a PDB-format file (wwPDB format v3.3), for `.pdb` uploads.
 *
 * A chain's sequence comes from its SEQRES records, which list every residue of the construct
 * (including those disordered in the crystal). A chain without SEQRES takes its sequence from the
 * CA atoms of its residues in file order, first model only, one per residue (alternate locations of
 * the same residue number and insertion code count once) — the sequence Biopython 1.80's
 * `PDBParser` + `PPBuilder` sees, without PPBuilder's splitting at chain breaks.
 *
 * Residue names map to one-letter codes by `RESIDUE_LETTERS`: the 20 standard residues, SEC → U,
 * PYL → O, UNK → X and common modified residues to their parent (MSE → M, SEP → S, …), as in the
 * PDB chemical component dictionary and Biopython's `PDBData.protein_letters_3to1_extended`.
 * Waters, ions and ligands have no entry there and are ignored; an unknown name inside a protein
 * SEQRES or ATOM record becomes X. A chain with no amino acid (DNA, RNA, a ligand-only chain) is left out.
 */
export interface PdbChain {
  /** Chain identifier (column 12 of SEQRES, 22 of ATOM); may be a space in old files. */
  chain: string;
  sequence: string;
  /** Where the sequence came from. */
  source: "SEQRES" | "ATOM";
}

export const RESIDUE_LETTERS: Readonly<Record<string, string>> = {
  ALA: "A",
  ARG: "R",
  ASN: "N",
  ASP: "D",
  CYS: "C",
  GLN: "Q",
  GLU: "E",
  GLY: "G",
  HIS: "H",
  ILE: "I",
  LEU: "L",
  LYS: "K",
  MET: "M",
  PHE: "F",
  PRO: "P",
  SER: "S",
  THR: "T",
  TRP: "W",
  TYR: "Y",
  VAL: "V",
  SEC: "U",
  PYL: "O",
  UNK: "X",
  MSE: "M",
  FME: "M",
  SEP: "S",
  TPO: "T",
  PTR: "Y",
  CSO: "C",
  CSD: "C",
  CME: "C",
  OCS: "C",
  HYP: "P",
  MLY: "K",
  MLZ: "K",
  M3L: "K",
  ALY: "K",
  KCX: "K",
  LLP: "K",
  PCA: "Q",
  HIC: "H",
  CGU: "E",
};

interface ChainResidues {
  letters: string[];
  known: number;
}

function addResidue(chains: Map<string, ChainResidues>, chain: string, residueName: string): void {
  let residues = chains.get(chain);
  if (!residues) chains.set(chain, (residues = { letters: [], known: 0 }));
  const letter = RESIDUE_LETTERS[residueName];
  residues.letters.push(letter ?? "X");
  if (letter !== undefined) residues.known++;
}

/** Splits PDB text into protein chains, in order of first appearance. */
export function parsePdbChains(pdbText: string): PdbChain[] {
  const fromSeqres = new Map<string, ChainResidues>();
  const fromAtoms = new Map<string, ChainResidues>();
  const seenResidues = new Set<string>();
  let modelEnded = false;
  for (const line of pdbText.split(/\r\n|\r|\n/)) {
    const record = line.slice(0, 6).trimEnd();
    if (record === "SEQRES") {
      const chain = line[11] ?? " ";
      for (const name of line.slice(19, 70).trim().split(/\s+/)) if (name) addResidue(fromSeqres, chain, name);
    } else if (record === "ENDMDL") {
      modelEnded = true;
    } else if ((record === "ATOM" || record === "HETATM") && !modelEnded && line.slice(12, 16).trim() === "CA") {
      const name = line.slice(17, 20).trim();
      // HETATM CA is a calcium ion or a ligand atom unless the residue is a known (modified) amino acid.
      if (record === "HETATM" && RESIDUE_LETTERS[name] === undefined) continue;
      const chain = line[21] ?? " ";
      const residueKey = `${chain}|${line.slice(22, 27)}`;
      if (seenResidues.has(residueKey)) continue;
      seenResidues.add(residueKey);
      addResidue(fromAtoms, chain, name);
    }
  }
  const order = [...new Set([...fromSeqres.keys(), ...fromAtoms.keys()])];
  return order.flatMap((chain): PdbChain[] => {
    const seqres = fromSeqres.get(chain);
    if (seqres && seqres.known > 0) return [{ chain, sequence: seqres.letters.join(""), source: "SEQRES" }];
    const atoms = fromAtoms.get(chain);
    if (atoms && atoms.known > 0) return [{ chain, sequence: atoms.letters.join(""), source: "ATOM" }];
    return [];
  });
}

import { describe, expect, it } from "vitest";
import { LibraryFileError, parseCsv, readLibraryFile } from "./library-file";

describe("compound library files", () => {
  it("reads SMILES lines with names, skipping blanks, comments and a header", () => {
    const file = readLibraryFile(
      "lib.smi",
      "SMILES Name\nCCO ethanol\n\n# a comment\n  c1ccccc1   benzene ring  \nCC(=O)O\n",
    );
    expect(file.records).toEqual([
      { position: 2, structure: "CCO", format: "smiles", name: "ethanol" },
      { position: 5, structure: "c1ccccc1", format: "smiles", name: "benzene ring" },
      { position: 6, structure: "CC(=O)O", format: "smiles", name: null },
    ]);
  });

  it("detects the SMILES column of a CSV, or uses the one asked for", () => {
    const csv = 'id,canonical_smiles,activity\nCHEMBL25,"CC(=O)Oc1ccccc1C(=O)O",5.1\nX2,,3\nX3,CCN,1\n';
    expect(readLibraryFile("a.csv", csv)).toEqual({
      smilesColumn: "canonical_smiles",
      records: [
        { position: 2, structure: "CC(=O)Oc1ccccc1C(=O)O", format: "smiles", name: "CHEMBL25" },
        { position: 4, structure: "CCN", format: "smiles", name: "X3" },
      ],
    });
    expect(readLibraryFile("a.csv", "mol,label\nCCO,1\n", { smilesColumn: "mol" }).records[0]!.structure).toBe("CCO");
    expect(() => readLibraryFile("a.csv", "mol,label\nCCO,1\n")).toThrow(LibraryFileError);
    expect(() => readLibraryFile("a.csv", "mol,label\nCCO,1\n", { smilesColumn: "nope" })).toThrow(
      /no column named "nope"/,
    );
  });

  it("splits an SDF into molblocks with their titles", () => {
    const record = (title: string) =>
      `${title}\n  RDKit          2D\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0\nM  END\n> <note>\nx\n\n$$$$\n`;
    const file = readLibraryFile("lib.sdf", record("methane") + record(""));
    expect(file.records).toHaveLength(2);
    expect(file.records[0]).toMatchObject({ position: 1, format: "molblock", name: "methane" });
    expect(file.records[0]!.structure.endsWith("M  END\n")).toBe(true);
    expect(file.records[0]!.structure).not.toContain("<note>");
    expect(file.records[1]!.name).toBeNull();
  });

  it("parses RFC 4180 quoting", () => {
    expect(parseCsv('a,"b, with comma","say ""hi"""\r\n"multi\nline",2,3\n')).toEqual([
      ["a", "b, with comma", 'say "hi"'],
      ["multi\nline", "2", "3"],
    ]);
  });
});

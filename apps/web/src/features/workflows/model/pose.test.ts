import { describe, expect, it } from "vitest";
import { pdbqtToPdb } from "./pose";

// The first model of Vina 1.2.3's output for ibuprofen docked into 1HSG (REMARKs shortened).
const IBUPROFEN_POSE = `MODEL 1
REMARK VINA RESULT:    -6.896      0.000      0.000
ROOT
ATOM      1  C   UNL     1      15.261  19.169   3.789  0.00  0.00    +0.000 A 
ATOM      2  C   UNL     1      14.981  19.583   5.097  0.00  0.00    +0.000 A 
ATOM      3  C   UNL     1      14.330  20.795   5.339  0.00  0.00    +0.000 A 
ATOM      4  C   UNL     1      13.953  21.627   4.275  0.00  0.00    +0.000 A 
ATOM      5  C   UNL     1      14.273  21.232   2.970  0.00  0.00    +0.000 A 
ATOM      6  C   UNL     1      14.922  20.018   2.730  0.00  0.00    +0.000 A 
ENDROOT
BRANCH   4   7
ATOM      7  C   UNL     1      13.175  22.909   4.542  0.00  0.00    +0.000 C 
ATOM      8  C   UNL     1      11.822  22.602   5.190  0.00  0.00    +0.000 C 
BRANCH   7   9
ATOM      9  C   UNL     1      13.942  23.939   5.378  0.00  0.00    +0.000 C 
ATOM     10  O   UNL     1      13.663  24.221   6.535  0.00  0.00    +0.000 OA
BRANCH   9  11
ATOM     11  O   UNL     1      14.924  24.598   4.719  0.00  0.00    +0.000 OA
ATOM     12  H   UNL     1      14.698  25.516   4.474  0.00  0.00    +0.000 HD
ENDBRANCH   9  11
ENDBRANCH   7   9
ENDBRANCH   4   7
BRANCH   1  13
ATOM     13  C   UNL     1      15.908  17.828   3.515  0.00  0.00    +0.000 C 
BRANCH  13  15
ATOM     14  C   UNL     1      18.436  17.498   3.637  0.00  0.00    +0.000 C 
ATOM     15  C   UNL     1      17.252  17.923   2.762  0.00  0.00    +0.000 C 
ATOM     16  C   UNL     1      17.217  17.057   1.499  0.00  0.00    +0.000 C 
ENDBRANCH  13  15
ENDBRANCH   1  13
TORSDOF 5
ENDMDL
MODEL 2
ROOT
ATOM      1  C   UNL     1      99.000  99.000  99.000  0.00  0.00    +0.000 A 
ENDROOT
ENDMDL
`;

describe("a Vina PDBQT pose for the 3D viewer", () => {
  const pdb = pdbqtToPdb(IBUPROFEN_POSE);
  const records = pdb.split("\n").filter((line) => line.startsWith("HETATM"));

  it("keeps every atom of the first model, not only the rigid root before ENDROOT", () => {
    expect(records).toHaveLength(16);
    expect(records.map((line) => Number(line.slice(6, 11)))).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(pdb).not.toContain("99.000");
  });

  it("has no record starting with END before the atoms end (PDB readers stop a model there)", () => {
    const lines = pdb.trimEnd().split("\n");
    expect(lines.findIndex((line) => line.startsWith("END"))).toBe(lines.length - 1);
    expect(pdb).not.toMatch(/ROOT|BRANCH|TORSDOF|MODEL/);
  });

  it("writes element symbols from the AutoDock types in columns 77–78 and keeps the coordinates", () => {
    const elements = records.map((line) => line.slice(76, 78).trim());
    expect(elements.filter((e) => e === "C")).toHaveLength(13);
    expect(elements.filter((e) => e === "O")).toHaveLength(2);
    expect(elements.filter((e) => e === "H")).toHaveLength(1);
    expect(records[9]!.slice(30, 54)).toBe("  13.663  24.221   6.535");
    expect(records.every((line) => line.length === 78)).toBe(true);
  });

  it("maps other AutoDock types and falls back to the atom name when the type is missing", () => {
    const atom = (name: string, type: string) =>
      `ATOM      1 ${name.padEnd(4)} UNL     1       0.000   0.000   0.000  0.00  0.00    +0.000 ${type}`;
    const elementsOf = (text: string) =>
      pdbqtToPdb(text)
        .split("\n")
        .filter((line) => line.startsWith("HETATM"))
        .map((line) => line.slice(76, 78).trim());
    expect(
      elementsOf(
        [
          atom("N", "NA"),
          atom("S", "SA"),
          atom("CL", "Cl"),
          atom("BR", "Br"),
          atom("C", "G0"),
          atom("C", "CG1"),
          atom("F", "F"),
          atom("N", ""),
        ].join("\n"),
      ),
    ).toEqual(["N", "S", "Cl", "Br", "C", "C", "F", "N"]);
  });
});

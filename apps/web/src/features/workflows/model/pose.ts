/**
 * AutoDock atom types (PDBQT columns 78–79) to elements. Aromatic carbon `A`, acceptor/donor
 * variants (`NA`, `OA`, `SA`, `HD`…) and Vina's macrocycle glue atoms (`G0`, `CG0`…) are not
 * element symbols, so a PDB reader would guess them wrongly from the type or the atom name.
 */
const AUTODOCK_TYPES: Record<string, string> = {
  A: "C",
  NA: "N",
  NS: "N",
  OA: "O",
  OS: "O",
  SA: "S",
  HD: "H",
  HS: "H",
};

function elementOf(autodockType: string): string {
  const type = autodockType.trim().toUpperCase();
  if (AUTODOCK_TYPES[type]) return AUTODOCK_TYPES[type];
  if (/^C?G\d*$/.test(type)) return "C";
  return type.length === 0 ? "" : type[0] + type.slice(1).toLowerCase();
}

/**
 * Vina's PDBQT pose as plain PDB atom records with element symbols. PDB readers such as 3Dmol's
 * stop a model at the first record starting with "END", and a PDBQT ligand opens with
 * ROOT … ENDROOT, so read as PDB or PDBQT only the rigid root's atoms would show. This keeps the
 * first model's ATOM/HETATM records (as HETATM, columns 1–66) with the element from the AutoDock
 * type in columns 77–78, and drops the torsion tree, REMARKs and charges; bonds are then assigned
 * by distance.
 */
export function pdbqtToPdb(pdbqt: string): string {
  const atoms: string[] = [];
  for (const line of pdbqt.split(/\r?\n/)) {
    if (line.startsWith("ENDMDL")) break;
    if (!line.startsWith("ATOM  ") && !line.startsWith("HETATM")) continue;
    const element = elementOf(line.slice(77, 79)) || elementOf(line.slice(12, 14).replace(/\d/g, ""));
    atoms.push(`HETATM${line.slice(6, 66).padEnd(60)}          ${element.padStart(2)}`);
  }
  return `${atoms.join("\n")}\nEND\n`;
}

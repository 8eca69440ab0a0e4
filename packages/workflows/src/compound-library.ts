import {
  describeMolecule,
  readLibraryFile,
  LibraryFileError,
  type MoleculeProfile,
  type RDKitModule,
} from "@sieve/chem";

export interface LibraryCompound {
  smiles: string;
  name: string | null;
  /** Line (SMILES/CSV) or record (SDF) number in the file. */
  position: number;
  profile: MoleculeProfile;
}

export interface InvalidEntry {
  position: number;
  input: string;
  error: string;
}

export interface ReadLibrary {
  compounds: LibraryCompound[];
  invalid: InvalidEntry[];
  duplicates: number;
}

/**
 * A compound file (`.smi`, `.txt`, `.csv`, `.sdf`) or pasted SMILES lines as unique canonical
 * molecules. A structure RDKit cannot read is reported with its line and reason, never fatal.
 */
export function readCompounds(rdkit: RDKitModule, fileName: string, text: string): ReadLibrary {
  let records;
  try {
    records = readLibraryFile(fileName, text).records;
  } catch (error) {
    if (error instanceof LibraryFileError)
      return { compounds: [], invalid: [{ position: 0, input: fileName, error: error.message }], duplicates: 0 };
    throw error;
  }
  const seen = new Set<string>();
  const result: ReadLibrary = { compounds: [], invalid: [], duplicates: 0 };
  for (const record of records) {
    const shown = record.format === "smiles" ? record.structure : (record.name ?? `record ${record.position}`);
    const mol = readableMol(rdkit, record.structure);
    try {
      if (!mol) {
        result.invalid.push({
          position: record.position,
          input: shown.slice(0, 200),
          error: "RDKit could not read this structure",
        });
        continue;
      }
      const profile = describeMolecule(rdkit, mol);
      if (seen.has(profile.smiles)) {
        result.duplicates++;
        continue;
      }
      seen.add(profile.smiles);
      result.compounds.push({ smiles: profile.smiles, name: record.name, position: record.position, profile });
    } catch (error) {
      result.invalid.push({
        position: record.position,
        input: shown.slice(0, 200),
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      mol?.delete();
    }
  }
  return result;
}

/** The molecule RDKit reads from a structure record, or null (the caller deletes it). */
function readableMol(rdkit: RDKitModule, structure: string) {
  const mol = structure.length <= 100_000 ? rdkit.get_mol(structure) : null;
  if (mol && mol.is_valid() && mol.get_num_atoms() > 0) return mol;
  mol?.delete();
  return null;
}

/**
 * Whether any structure of a compound file is one RDKit reads, checked record by record until the first that is
 * (the check a screen's library gets before it is queued), with the number of records, or why the file itself
 * cannot be read (a CSV without a SMILES column).
 */
export function libraryReadability(
  rdkit: RDKitModule,
  fileName: string,
  text: string,
): { records: number; readable: boolean; file_error: string | null } {
  let records;
  try {
    records = readLibraryFile(fileName, text).records;
  } catch (error) {
    if (error instanceof LibraryFileError) return { records: 0, readable: false, file_error: error.message };
    throw error;
  }
  const readable = records.some((record) => {
    const mol = readableMol(rdkit, record.structure);
    mol?.delete();
    return mol !== null;
  });
  return { records: records.length, readable, file_error: null };
}

/** The drug-likeness filter of the screening workflows: at most one rule-of-five violation, MW under 600. */
export function drugLikenessProblem(profile: MoleculeProfile): string | null {
  if (profile.lipinski.violations > 1) return `${profile.lipinski.violations} rule-of-five violations`;
  if (!profile.drug_like) return `molecular weight ${profile.descriptors.mw.toFixed(0)} is 600 or more`;
  return null;
}

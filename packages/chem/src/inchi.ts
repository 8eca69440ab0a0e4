import type { Mol } from "@rdkit/rdkit";
import type { RDKitModule } from "./rdkit";

export interface InchiIdentifiers {
  inchi: string;
  inchikey: string;
}

/**
 * Standard InChI and InChIKey (IUPAC InChI, Heller et al., J Cheminform 2015, 7:23) through
 * RDKit.js `get_inchi()` and `get_inchikey_for_inchi()`, which wrap the InChI library bundled
 * with RDKit. Null where InChI cannot represent the molecule (dummy atoms, query features).
 */
export function inchiIdentifiers(rdkit: RDKitModule, mol: Mol): InchiIdentifiers | null {
  const inchi = mol.get_inchi();
  if (!inchi) return null;
  const inchikey = rdkit.get_inchikey_for_inchi(inchi);
  return inchikey ? { inchi, inchikey } : null;
}

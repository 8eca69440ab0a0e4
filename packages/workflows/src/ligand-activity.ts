import { morganFingerprintOfSmiles, tanimoto, type RDKitModule } from "@sieve/chem";
import type { MoleculeOracle, OracleScore } from "./oracle";

export interface KnownActive {
  smiles: string;
  name: string | null;
  /** Where it comes from: "user" or a reference set such as "drugcentral:P04585". */
  source: string;
}

/**
 * Ligand-based activity when no structure is docked: the maximum Tanimoto similarity (Morgan
 * radius 2, 2,048 bits, as `@sieve/chem`) to the known actives of the target. A similarity
 * principle proxy (Maggiora et al., J Med Chem 2014, 57:3186), reported as such, not as a potency.
 */
export class LigandActivityOracle implements MoleculeOracle {
  readonly name = "ligand_similarity";
  readonly version = "max-tanimoto morgan-r2-2048 v1";
  readonly direction = "maximize" as const;
  readonly unit = "Tanimoto";
  readonly description =
    "Maximum Tanimoto similarity (Morgan r2, 2048 bits) to the target's known actives — a ligand-based proxy, not a measured potency";
  private readonly actives: { active: KnownActive; fingerprint: Uint32Array }[];
  readonly skipped: KnownActive[] = [];

  constructor(
    private readonly rdkit: RDKitModule,
    actives: KnownActive[],
  ) {
    this.actives = actives.flatMap((active) => {
      const fingerprint = morganFingerprintOfSmiles(rdkit, active.smiles);
      if (!fingerprint) this.skipped.push(active);
      return fingerprint ? [{ active, fingerprint }] : [];
    });
    if (this.actives.length === 0)
      throw new Error(
        "Ligand-based activity needs at least one readable known active (hit compounds, or approved drugs of the target's UniProt id in the reference data)",
      );
  }

  get activeCount(): number {
    return this.actives.length;
  }

  async score(smiles: string): Promise<OracleScore> {
    const fingerprint = morganFingerprintOfSmiles(this.rdkit, smiles);
    if (!fingerprint) return { value: null, error: "RDKit could not read this SMILES" };
    let best = -1;
    let nearest: KnownActive | null = null;
    for (const { active, fingerprint: other } of this.actives) {
      const similarity = tanimoto(fingerprint, other);
      if (similarity > best) {
        best = similarity;
        nearest = active;
      }
    }
    return { value: Math.round(best * 1e4) / 1e4, details: { nearest_active: nearest } };
  }
}

/**
 * Approved-drug ligands of a UniProt accession from DrugCentral's `drug_target.tsv` (DRUG_ID,
 * UNIPROT columns; UNIPROT may list several accessions separated by `|`) joined to
 * `structures.smiles.tsv` (SMILES, ID, INN).
 */
export function drugCentralActives(uniprotId: string, drugTargetTsv: string, structuresTsv: string): KnownActive[] {
  const wanted = uniprotId.trim().toUpperCase();
  const drugIds = new Set<string>();
  const [targetHeader, ...targetRows] = drugTargetTsv.split(/\r?\n/);
  const columns = targetHeader?.split("\t") ?? [];
  const drugColumn = columns.indexOf("DRUG_ID");
  const uniprotColumn = columns.indexOf("UNIPROT");
  if (drugColumn === -1 || uniprotColumn === -1) return [];
  for (const row of targetRows) {
    const cells = row.split("\t");
    if ((cells[uniprotColumn] ?? "").toUpperCase().split("|").includes(wanted)) drugIds.add(cells[drugColumn]!);
  }
  if (drugIds.size === 0) return [];
  const [structureHeader, ...structureRows] = structuresTsv.split(/\r?\n/);
  const sColumns = structureHeader?.split("\t") ?? [];
  const smilesColumn = sColumns.indexOf("SMILES");
  const idColumn = sColumns.indexOf("ID");
  const nameColumn = sColumns.indexOf("INN");
  return structureRows.flatMap((row) => {
    const cells = row.split("\t");
    const smiles = cells[smilesColumn]?.trim();
    return smiles && drugIds.has(cells[idColumn]!)
      ? [{ smiles, name: cells[nameColumn] || null, source: `drugcentral:${wanted}` }]
      : [];
  });
}

import { readFileSync } from "node:fs";
import type { Mol } from "@rdkit/rdkit";
import { parseSmiles } from "./parse";
import type { RDKitModule } from "./rdkit";

/**
 * Structural alerts: the PAINS families A–C (Baell & Holloway, J Med Chem 2010, 53:2719) and the
 * Brenk unwanted-functionality filters (Brenk et al., ChemMedChem 2008, 3:435), as RDKit's
 * FilterCatalog implements them. RDKit.js has no FilterCatalog, so scripts/export-alerts.py writes
 * the 585 entries out as SMARTS (structural-alerts.json, BSD notice in structural-alerts.LICENSE).
 * Every entry is a plain "matches at least once" SMARTS filter (the export checks this), so a
 * substructure match here is a FilterCatalog match there.
 */
export const ALERT_CATALOGS = ["PAINS_A", "PAINS_B", "PAINS_C", "BRENK"] as const;
export type AlertCatalog = (typeof ALERT_CATALOGS)[number];

export interface StructuralAlertDefinition {
  catalog: AlertCatalog;
  name: string;
  smarts: string;
}

export interface StructuralAlert {
  catalog: AlertCatalog;
  /** RDKit's entry name, e.g. "quinone_A(370)" or "Michael_acceptor_1". */
  name: string;
  /** What the alert flags and where it comes from. */
  description: string;
  /** Atom indices (of the molecule as given) of the first match, ascending. */
  atoms: number[];
}

/** structural-alerts.json as the export script writes it. */
export interface StructuralAlertCatalogue {
  rdkit_version: string;
  catalogs: Record<AlertCatalog, { scope: string; reference: string }>;
  alerts: StructuralAlertDefinition[];
}

const CITATIONS: Record<AlertCatalog, string> = {
  PAINS_A: "PAINS family A, pan-assay interference (Baell & Holloway, J Med Chem 2010)",
  PAINS_B: "PAINS family B, pan-assay interference (Baell & Holloway, J Med Chem 2010)",
  PAINS_C: "PAINS family C, pan-assay interference (Baell & Holloway, J Med Chem 2010)",
  BRENK:
    "Brenk unwanted functionality, potential toxicity or unfavourable pharmacokinetics (Brenk et al., ChemMedChem 2008)",
};

let alertDocument: StructuralAlertCatalogue | undefined;

/** The exported catalogue (read once). */
export function structuralAlertCatalogue(): Readonly<StructuralAlertCatalogue> {
  alertDocument ??= JSON.parse(
    readFileSync(new URL("./structural-alerts.json", import.meta.url), "utf8"),
  ) as StructuralAlertCatalogue;
  return alertDocument;
}

interface CompiledAlert {
  definition: StructuralAlertDefinition;
  description: string;
  query: Mol;
}

/** SMARTS compiled once per RDKit module (there is one per process or worker thread). */
const compiledAlerts = new WeakMap<RDKitModule, CompiledAlert[]>();

function compile(rdkit: RDKitModule): CompiledAlert[] {
  let compiled = compiledAlerts.get(rdkit);
  if (compiled) return compiled;
  compiled = structuralAlertCatalogue().alerts.map((definition) => {
    const query = rdkit.get_qmol(definition.smarts);
    if (!query || !query.is_valid()) {
      query?.delete();
      throw new Error(
        `Structural alert ${definition.catalog}/${definition.name}: RDKit.js cannot read its SMARTS ${definition.smarts}`,
      );
    }
    return {
      definition,
      query,
      description: `${definition.name.replace(/_/g, " ")}: ${CITATIONS[definition.catalog]}`,
    };
  });
  compiledAlerts.set(rdkit, compiled);
  return compiled;
}

/**
 * Every alert that matches `mol`, in catalogue order (PAINS A, B, C, then Brenk). The caller keeps ownership of `mol`.
 */
export function structuralAlerts(rdkit: RDKitModule, mol: Mol): StructuralAlert[] {
  const alerts: StructuralAlert[] = [];
  for (const { definition, description, query } of compile(rdkit)) {
    const match = JSON.parse(mol.get_substruct_match(query)) as { atoms?: number[] };
    if (!match.atoms) continue;
    alerts.push({
      catalog: definition.catalog,
      name: definition.name,
      description,
      atoms: [...match.atoms].sort((a, b) => a - b),
    });
  }
  return alerts;
}

/**
 * Alerts of a SMILES, atoms numbered as in that SMILES (so a depiction of it can highlight them); null if it does not
 * parse.
 */
export function structuralAlertsOfSmiles(rdkit: RDKitModule, smiles: string): StructuralAlert[] | null {
  const parsed = parseSmiles(rdkit, smiles);
  if (!parsed.ok) return null;
  try {
    return structuralAlerts(rdkit, parsed.mol);
  } finally {
    parsed.mol.delete();
  }
}

/** Frees the compiled queries of a module (they are otherwise kept for its lifetime). */
export function releaseStructuralAlerts(rdkit: RDKitModule): void {
  for (const { query } of compiledAlerts.get(rdkit) ?? []) query.delete();
  compiledAlerts.delete(rdkit);
}

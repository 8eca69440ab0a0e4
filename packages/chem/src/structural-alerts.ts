import type { Mol } from "@rdkit/rdkit";
import { medChemFilterHits } from "./medchem-filters";
import { parseSmiles } from "./parse";
import type { RDKitModule } from "./rdkit";
import {
  ALERT_CITATIONS,
  structuralAlertCatalogue,
  type StructuralAlert,
  type StructuralAlertDefinition,
} from "./structural-alert-catalogue";

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
      description: `${definition.name.replace(/_/g, " ")}: ${ALERT_CITATIONS[definition.catalog]}`,
    };
  });
  compiledAlerts.set(rdkit, compiled);
  return compiled;
}

/**
 * Every alert that matches `mol`, in catalogue order (PAINS A, B, C, then Brenk). The caller keeps ownership of `mol`.
 */
export function structuralAlerts(rdkit: RDKitModule, mol: Mol): StructuralAlert[] {
  // Which alerts match comes from the med-chem filters' screen and JavaScript matcher (RDKit's answer on every
  // alert, tested on DrugCentral and Tox21, at a fraction of 585 RDKit.js calls); RDKit then gives each match's atoms.
  const hits = new Set(medChemFilterHits(rdkit, mol).map((hit) => `${hit.filter}/${hit.name}`));
  const alerts: StructuralAlert[] = [];
  for (const { definition, description, query } of compile(rdkit)) {
    if (!hits.has(`${definition.catalog}/${definition.name}`)) continue;
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

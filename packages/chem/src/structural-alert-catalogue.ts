import { readFileSync } from "node:fs";

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

export const ALERT_CITATIONS: Record<AlertCatalog, string> = {
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

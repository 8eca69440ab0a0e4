import { entryKey, SOURCE_RELIABILITY, type SourceClaim } from "../verdict";
import { CLINTOX_DATASET, type ClintoxRow } from "./clintox";
import { DRUGCENTRAL_STRUCTURES_DATASET, type DrugCentralStructure } from "./drugcentral";
import { columnIndex, readDelimited } from "./lines";
import { WITHDRAWN_DATASET } from "./withdrawn";

/**
 * Regulatory facts that are not failures: approvals (DrugCentral, ClinTox's FDA_APPROVED label) and
 * boxed warnings (ChEMBL's black-box flag in withDRAWN's drug_info.csv). They are read from the
 * reference data beside the negatome's records, keyed like them by `entryKey` of the parent's
 * InChIKey (the caller computes it; `id` names the source row).
 */
export interface RegulatoryFact {
  id: string;
  smiles: string;
  /**
   * The source's own standard InChIKey when the SMILES is one fragment (DrugCentral gives it), so the
   * fact needs no RDKit to be keyed; null: compute it from the parent of `smiles`.
   */
  inchi_key: string | null;
  claim: SourceClaim;
}

const fact = (
  id: string,
  smiles: string,
  claim: Pick<SourceClaim, "source" | "dataset" | "label" | "statement" | "compound_name">,
  inchiKey: string | null = null,
): RegulatoryFact => ({
  id,
  smiles,
  inchi_key: inchiKey,
  claim: {
    ...claim,
    reason: null,
    country: null,
    year: null,
    reference: null,
    confidence_tier: "silver",
    reliability: claim.label === "boxed_warning" ? SOURCE_RELIABILITY.boxed_warning : 0,
    documented: false,
    failure_class: null,
    negatome_id: null,
  },
});

/**
 * DrugCentral lists active ingredients of drugs approved by the FDA, EMA, PMDA or other agencies,
 * withdrawn ones included (rofecoxib is there); its files here carry neither the agency nor the date.
 */
export function drugCentralApprovals(structures: readonly DrugCentralStructure[]): RegulatoryFact[] {
  return structures.map((s) =>
    fact(
      `drugcentral:${s.id}`,
      s.smiles,
      {
        source: "drugcentral",
        dataset: DRUGCENTRAL_STRUCTURES_DATASET,
        label: "approved",
        statement: `Listed in DrugCentral as an approved drug (ID ${s.id}); this export gives no agency or date, and DrugCentral keeps withdrawn drugs too.`,
        compound_name: s.name || null,
      },
      s.smiles.includes(".") || !s.inchiKey ? null : s.inchiKey,
    ),
  );
}

/** ClinTox's FDA_APPROVED = 1 rows: on the FDA approved-drug list ClinTox was built from (withdrawn drugs included). */
export function clintoxApprovals(rows: readonly ClintoxRow[]): RegulatoryFact[] {
  return rows
    .filter((row) => row.fdaApproved)
    .map((row) =>
      fact(`clintox:${row.line}`, row.smiles, {
        source: "clintox",
        dataset: CLINTOX_DATASET,
        label: "approved",
        statement: `Labelled FDA-approved in ClinTox (FDA_APPROVED = 1, line ${row.line}); no date.`,
        compound_name: null,
      }),
    );
}

/** drug_info.csv rows whose ChEMBL `black_box warning` flag is 1. */
export function chemblBoxedWarnings(drugInfoText: string): RegulatoryFact[] {
  const { header, rows } = readDelimited(drugInfoText, ",");
  const file = "drug_info.csv";
  const [boxed, smiles] = ["black_box warning", "smiles"].map((column) => columnIndex(header, column, file)) as [
    number,
    number,
  ];
  return rows
    .filter(({ fields }) => fields[boxed] === "1" && fields[smiles])
    .map(({ fields }) =>
      fact(`chembl:${fields[0]}`, fields[smiles]!, {
        source: "withdrawn",
        dataset: WITHDRAWN_DATASET,
        label: "boxed_warning",
        statement: `Carries a boxed (black-box) warning per ChEMBL (${fields[0]}).`,
        // drug_info.csv's name list does not start with the INN (celecoxib's starts with "DFN15").
        compound_name: null,
      }),
    );
}

/** Regulatory claims by `entryKey`, from each fact and its parent InChIKey (null: not representable, left out). */
export function regulatoryByEntry(
  facts: readonly { fact: RegulatoryFact; inchiKey: string | null }[],
): Map<string, SourceClaim[]> {
  const byEntry = new Map<string, SourceClaim[]>();
  for (const { fact, inchiKey } of facts) {
    if (!inchiKey) continue;
    const key = entryKey(inchiKey);
    byEntry.set(key, [...(byEntry.get(key) ?? []), fact.claim]);
  }
  return byEntry;
}

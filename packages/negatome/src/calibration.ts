import type { RDKitModule, SimilarityIndex } from "@sieve/chem";
import { prepareCompound } from "./compound";
import { demoCandidates, DEMO_SET } from "./demo-set";
import { clintoxCandidates, clintoxReferenceCompounds, parseClintox } from "./loaders/clintox";
import { drugCentralStructuresByChembl, parseDrugCentralStructures } from "./loaders/drugcentral";
import {
  chemblBoxedWarnings,
  clintoxApprovals,
  drugCentralApprovals,
  regulatoryByEntry,
  type RegulatoryFact,
} from "./loaders/regulatory";
import { parseWithdrawn } from "./loaders/withdrawn";
import { prepareRecords } from "./prepare";
import { buildReferenceIndex, negatomeIndex } from "./reference-set";
import { assessSafety, type SafetyAssessment } from "./safety";
import type { RiskLevel } from "./safety-score";
import type { NegatomeEntry } from "./types";
import { entryKey, type SourceClaim } from "./verdict";

/** The reference files the public negatome is built from (shared-data layout). */
export interface NegatomeReferenceTexts {
  clintox: string;
  withdrawnReasons: string;
  withdrawnDrugInfo: string;
  drugCentralStructures: string;
  drugCentralIdentifiers: string;
}

/** The public negatome as the API loads it: records, regulatory facts by entry, and the reference set. */
export interface PublicNegatome {
  records: Map<string, NegatomeEntry>;
  index: SimilarityIndex<string>;
  reference: SimilarityIndex<string>;
  regulatory: Map<string, SourceClaim[]>;
  /** Every regulatory fact with its parent InChIKey (null: RDKit refused it). */
  facts: { fact: RegulatoryFact; inchiKey: string | null }[];
}

/** Builds the public negatome (demo, ClinTox, withDRAWN records; DrugCentral, ClinTox, ChEMBL facts) from the files. */
export function buildPublicNegatome(rdkit: RDKitModule, texts: NegatomeReferenceTexts): PublicNegatome {
  const clintoxRows = parseClintox(texts.clintox).rows;
  const drugCentral = parseDrugCentralStructures(texts.drugCentralStructures);
  const withdrawn = parseWithdrawn(
    { reasons: texts.withdrawnReasons, drugInfo: texts.withdrawnDrugInfo },
    drugCentralStructuresByChembl(drugCentral, texts.drugCentralIdentifiers),
  ).candidates;
  const { records: prepared } = prepareRecords(rdkit, [
    ...demoCandidates(),
    ...clintoxCandidates(clintoxRows),
    ...withdrawn,
  ]);
  const entries = prepared.map((record, i): NegatomeEntry => ({ ...record, negatome_id: `${record.source}:${i}` }));
  const facts = [
    ...drugCentralApprovals(drugCentral),
    ...clintoxApprovals(clintoxRows),
    ...chemblBoxedWarnings(texts.withdrawnDrugInfo),
  ].map((fact) => {
    if (fact.inchi_key) return { fact, inchiKey: fact.inchi_key };
    const compound = prepareCompound(rdkit, fact.smiles);
    return { fact, inchiKey: compound.ok ? compound.inchi_key : null };
  });
  const failureKeys = new Set(entries.map((e) => e.compound_inchi_key));
  return {
    records: new Map(entries.map((e) => [e.negatome_id, e])),
    index: negatomeIndex(entries),
    reference: buildReferenceIndex(rdkit, clintoxReferenceCompounds(clintoxRows), failureKeys).index,
    regulatory: regulatoryByEntry(facts),
    facts,
  };
}

export function assessInNegatome(rdkit: RDKitModule, negatome: PublicNegatome, smiles: string): SafetyAssessment {
  const result = assessSafety({ rdkit, smiles, ...negatome });
  if (!result.ok) throw new Error(`assessSafety refused ${smiles}: ${result.error}`);
  return result;
}

export interface LevelCounts {
  compounds: number;
  red: number;
  amber: number;
  green: number;
}

const count = (levels: RiskLevel[]): LevelCounts => ({
  compounds: levels.length,
  red: levels.filter((l) => l === "red").length,
  amber: levels.filter((l) => l === "amber").length,
  green: levels.filter((l) => l === "green").length,
});

export interface VerdictCalibration {
  /** Compounds some source lists as approved and none flags withdrawn or failed (boxed warnings allowed). */
  unflagged_approved: LevelCounts;
  /** The demo set's safety withdrawals and suspensions, each with its public reference. */
  documented_withdrawals: LevelCounts & { not_red: string[] };
  /** Approved in one source, withdrawn or failed in another: by whether a dated withdrawal explains it. */
  conflicts: {
    documented: LevelCounts;
    undocumented: LevelCounts;
    /** Undocumented conflicts by the sources that flag them. */
    undocumented_by_flag: Record<string, LevelCounts>;
  };
}

/**
 * The verdict's calibration on the public negatome: each compound is assessed as a user would look
 * it up (the SMILES of its first source), with everything the API holds.
 */
export function calibrateVerdicts(rdkit: RDKitModule, negatome: PublicNegatome): VerdictCalibration {
  const recordsByEntry = new Map<string, NegatomeEntry[]>();
  for (const record of negatome.records.values()) {
    const key = entryKey(record.compound_inchi_key);
    recordsByEntry.set(key, [...(recordsByEntry.get(key) ?? []), record]);
  }
  const smilesOf = new Map<string, string>();
  for (const { fact, inchiKey } of negatome.facts)
    if (inchiKey && !smilesOf.has(entryKey(inchiKey))) smilesOf.set(entryKey(inchiKey), fact.smiles);

  const unflagged: RiskLevel[] = [];
  const documented: RiskLevel[] = [];
  const undocumented: RiskLevel[] = [];
  const byFlag = new Map<string, RiskLevel[]>();
  for (const [key, claims] of negatome.regulatory) {
    if (!claims.some((c) => c.label === "approved")) continue;
    const verdict = assessInNegatome(rdkit, negatome, smilesOf.get(key)!).verdict;
    const failures = recordsByEntry.get(key) ?? [];
    if (failures.length === 0) unflagged.push(verdict.risk_level);
    else if (verdict.documented_withdrawal) documented.push(verdict.risk_level);
    else {
      undocumented.push(verdict.risk_level);
      const flag = [...new Set(failures.map((r) => `${r.source}/${r.confidence_tier}`))].sort().join(" + ");
      byFlag.set(flag, [...(byFlag.get(flag) ?? []), verdict.risk_level]);
    }
  }

  const withdrawals = DEMO_SET.filter(
    (c) =>
      c.failure_class === "SAFETY" && (c.regulatory?.action === "withdrawn" || c.regulatory?.action === "suspended"),
  );
  const withdrawalVerdicts = withdrawals.map((c) => ({
    name: c.name,
    verdict: assessInNegatome(rdkit, negatome, c.smiles).verdict,
  }));
  return {
    unflagged_approved: count(unflagged),
    documented_withdrawals: {
      ...count(withdrawalVerdicts.map((w) => w.verdict.risk_level)),
      not_red: withdrawalVerdicts
        .filter((w) => w.verdict.risk_level !== "red")
        .map((w) => `${w.name} ${w.verdict.risk_score.toFixed(2)}`),
    },
    conflicts: {
      documented: count(documented),
      undocumented: count(undocumented),
      undocumented_by_flag: Object.fromEntries([...byFlag].map(([flag, levels]) => [flag, count(levels)])),
    },
  };
}

/**
 * How the structural risk alone colours approved drugs the sources do not name: each approved,
 * unflagged compound listed by DrugCentral only (so not in the ClinTox reference set), assessed as an
 * unknown compound (its own approvals and boxed warnings withheld). The held-out view of the
 * unflagged-approved red rate: a drug no source here names is judged this way.
 */
export function calibrateStructureOnly(rdkit: RDKitModule, negatome: PublicNegatome): LevelCounts {
  const failureEntries = new Set([...negatome.records.values()].map((r) => entryKey(r.compound_inchi_key)));
  const withheld = { ...negatome, regulatory: new Map<string, SourceClaim[]>() };
  const levels: RiskLevel[] = [];
  const seen = new Set<string>();
  for (const { fact, inchiKey } of negatome.facts) {
    if (!inchiKey || fact.claim.source !== "drugcentral") continue;
    const key = entryKey(inchiKey);
    const claims = negatome.regulatory.get(key) ?? [];
    if (seen.has(key) || failureEntries.has(key) || claims.some((c) => c.source === "clintox")) continue;
    seen.add(key);
    levels.push(assessInNegatome(rdkit, withheld, fact.smiles).risk_level);
  }
  return count(levels);
}

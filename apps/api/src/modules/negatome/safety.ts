import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SimilarityIndex } from "@sieve/chem";
import type { Database } from "@sieve/db";
import type { SafetyResult } from "@sieve/contracts";
import {
  chemblBoxedWarnings,
  clintoxApprovals,
  clintoxReferenceCompounds,
  drugCentralApprovals,
  entryKey,
  parseClintox,
  parseDrugCentralStructures,
  regulatoryByEntry,
  safetySearch,
  scoreSafety,
  type NegatomeEntry,
  type ReferenceCompound,
  type RegulatoryFact,
  type SourceClaim,
} from "@sieve/negatome";
import type { ComputePool } from "@sieve/compute/pool";
import type { NegatomeScreenInput } from "@sieve/compute/workflows";
import type { TenantScope } from "../../plugins/authentication";
import { validationFailed } from "../../http/errors";
import type { NegatomeSimilarity } from "./similarity";
import {
  fingerprintFromBytes,
  negatomeStore,
  publicRecordInchiKeys,
  recordRowsVisibleTo,
  type RecordRow,
} from "./store";

/**
 * Safety assessment for the API: the compound is inspected on a compute thread (parent, InChIKey,
 * fingerprint, PAINS/Brenk alerts), then scored here beside the caller's view of the negatome (public
 * records and their organizations') and the reference set of approved drugs (ClinTox CT_TOX = 0,
 * read from the reference-data root once per process) that nearby failures are weighed against.
 */
export class NegatomeSafety {
  private reference: Promise<SimilarityIndex<string>> | null = null;

  constructor(
    private readonly db: Database,
    private readonly pool: ComputePool,
    private readonly similarity: NegatomeSimilarity,
    private readonly referenceDataRoot: string,
  ) {}

  async assess(scope: TenantScope, smiles: string, targetUniprotId: string | null = null): Promise<SafetyResult> {
    const inspected = await this.pool.run("negatome.inspect", { smiles });
    if (!inspected.ok) throw validationFailed([{ path: "smiles", message: inspected.error }], "invalid_smiles");
    const { compound } = inspected.value;
    const search = safetySearch();
    const hits = (await this.similarity.search(scope, compound.fingerprint, search.failures.topk)).filter(
      (h) => h.similarity >= search.failures.minSimilarity,
    );
    const key = compound.inchi_key ? entryKey(compound.inchi_key) : null;
    const store = negatomeStore(this.db, scope);
    const [exactRows, hitRows, targetRows, reference, regulatory] = await Promise.all([
      key ? store.entryRows(key) : Promise.resolve([]),
      store.rowsByIds(hits.map((h) => h.id)),
      targetUniprotId ? store.rowsOnTarget(targetUniprotId) : Promise.resolve([]),
      this.referenceIndex(),
      regulatoryClaims(this.pool, this.referenceDataRoot),
    ]);
    const byId = new Map(hitRows.map((row) => [row.id, toEntry(row)]));
    const assessment = scoreSafety(inspected.value, {
      exact: exactRows.map(toEntry),
      regulatory: key ? (regulatory.get(key) ?? []) : [],
      failureHits: hits.flatMap((h) => (byId.has(h.id) ? [{ record: byId.get(h.id)!, similarity: h.similarity }] : [])),
      referenceHits: reference.search(compound.fingerprint, search.reference.topk, search.reference.minSimilarity),
      targetRecords: targetRows.map(toEntry),
      targetUniprotId,
    });
    await store.countMatches(assessment.evidence_hits.map((h) => h.negatome_id));
    const { ok: _ok, components, ...result } = assessment;
    return { ...result, components: { ...components } };
  }

  private referenceIndex(): Promise<SimilarityIndex<string>> {
    this.reference ??= this.buildReference();
    return this.reference;
  }

  private async buildReference(): Promise<SimilarityIndex<string>> {
    const index = new SimilarityIndex<string>();
    const reference = referenceCompounds(this.referenceDataRoot);
    if (reference.length === 0) return index;
    const compounds = await this.pool.run("negatome.reference", { compounds: reference }, { priority: "batch" });
    // A withdrawn drug must not count as its own safe neighbour.
    const failed = await publicRecordInchiKeys(this.db);
    for (const compound of compounds)
      if (!compound.inchi_key || !failed.has(compound.inchi_key)) index.add(compound.id, compound.fingerprint);
    return index;
  }
}

/**
 * The negatome as one organization sees it (public records and its own), for screening on a compute
 * thread: evidence is cut to what the safety score and its claims read.
 */
export async function visibleNegatomeEntries(db: Database, orgIds: number[]): Promise<NegatomeEntry[]> {
  const rows = await recordRowsVisibleTo(db, orgIds);
  return rows.map((row) => {
    const entry = toEntry(row);
    // What the score and the claims read: names, liabilities, and the facts a claim states.
    const { dataset, licence, source_ids, compound_name, liability_uniprot_ids } = entry.evidence;
    const { reported_reason, reference, year, country, regulatory_action } = entry.evidence;
    return {
      ...entry,
      evidence: {
        dataset,
        licence,
        source_ids,
        ...(compound_name ? { compound_name } : {}),
        ...(liability_uniprot_ids ? { liability_uniprot_ids } : {}),
        ...(reported_reason ? { reported_reason } : {}),
        ...(reference ? { reference } : {}),
        ...(year ? { year } : {}),
        ...(country ? { country } : {}),
        ...(regulatory_action ? { regulatory_action } : {}),
      },
    };
  });
}

/**
 * The reference compounds (ClinTox approved drugs) that nearby failures are weighed against; empty without the file.
 */
const referenceSets = new Map<string, Promise<NegatomeScreenInput["reference"]>>();

/**
 * The reference compounds' fingerprints, computed once per process on a compute thread (about 3 s), not once per job.
 */
function referenceFingerprints(pool: ComputePool, referenceRoot: string): Promise<NegatomeScreenInput["reference"]> {
  let set = referenceSets.get(referenceRoot);
  if (!set) {
    set = pool.run("negatome.reference", { compounds: referenceCompounds(referenceRoot) }, { priority: "batch" });
    set.catch(() => referenceSets.delete(referenceRoot));
    referenceSets.set(referenceRoot, set);
  }
  return set;
}

/** What a VHTS job screens its hits against: the organization's visible records, reference compounds, regulatory claims. */
export async function negatomeScreenOf(
  db: Database,
  pool: ComputePool,
  referenceRoot: string,
  orgId: number,
): Promise<Omit<NegatomeScreenInput, "target_uniprot_id">> {
  return {
    entries: await visibleNegatomeEntries(db, [orgId]),
    reference: await referenceFingerprints(pool, referenceRoot),
    regulatory: [...(await regulatoryClaims(pool, referenceRoot))],
  };
}

export function referenceCompounds(referenceDataRoot: string): ReferenceCompound[] {
  const file = join(referenceDataRoot, "clintox/clintox.csv");
  return existsSync(file) ? clintoxReferenceCompounds(parseClintox(readFileSync(file, "utf8")).rows) : [];
}

const regulatoryByRoot = new Map<string, Promise<Map<string, SourceClaim[]>>>();

/**
 * Approvals and boxed warnings by entry key, read from the reference data once per process and root
 * (empty without the files); the compounds are keyed on a compute thread. Safety checks and screens share it.
 */
export function regulatoryClaims(pool: ComputePool, referenceDataRoot: string): Promise<Map<string, SourceClaim[]>> {
  let claims = regulatoryByRoot.get(referenceDataRoot);
  if (!claims) {
    claims = keyRegulatoryFacts(pool, regulatoryFacts(referenceDataRoot));
    claims.catch(() => regulatoryByRoot.delete(referenceDataRoot));
    regulatoryByRoot.set(referenceDataRoot, claims);
  }
  return claims;
}

/** Keys each fact by its source's InChIKey, or by its parent's (computed on a compute thread) when it has none. */
async function keyRegulatoryFacts(pool: ComputePool, facts: RegulatoryFact[]): Promise<Map<string, SourceClaim[]>> {
  const unkeyed = facts.filter((fact) => !fact.inchi_key);
  const keyed = unkeyed.length
    ? await pool.run(
        "negatome.reference",
        { compounds: unkeyed.map((fact) => ({ id: fact.id, smiles: fact.smiles })) },
        { priority: "batch" },
      )
    : [];
  const inchiKeys = new Map(keyed.map((compound) => [compound.id, compound.inchi_key]));
  return regulatoryByEntry(facts.map((fact) => ({ fact, inchiKey: fact.inchi_key ?? inchiKeys.get(fact.id) ?? null })));
}

/**
 * Regulatory facts from the reference-data root: DrugCentral approvals, ClinTox FDA_APPROVED rows,
 * ChEMBL boxed warnings (withDRAWN drug_info.csv); each file that is absent is left out.
 */
export function regulatoryFacts(referenceDataRoot: string): RegulatoryFact[] {
  const read = (file: string) => {
    const path = join(referenceDataRoot, file);
    return existsSync(path) ? readFileSync(path, "utf8") : null;
  };
  const drugCentral = read("drugcentral/structures.smiles.tsv");
  const clintox = read("clintox/clintox.csv");
  const drugInfo = read("withdrawn/drug_info.csv");
  return [
    ...(drugCentral ? drugCentralApprovals(parseDrugCentralStructures(drugCentral)) : []),
    ...(clintox ? clintoxApprovals(parseClintox(clintox).rows) : []),
    ...(drugInfo ? chemblBoxedWarnings(drugInfo) : []),
  ];
}

function toEntry(row: RecordRow): NegatomeEntry {
  return {
    negatome_id: row.id,
    failure_class: row.failureClass as NegatomeEntry["failure_class"],
    target_uniprot_id: row.targetUniprotId,
    compound_smiles: row.compoundSmiles,
    compound_inchi_key: row.compoundInchiKey,
    fingerprint: fingerprintFromBytes(row.fingerprint),
    source: row.source as NegatomeEntry["source"],
    score: row.score,
    reason: row.reason,
    evidence: row.evidence as NegatomeEntry["evidence"],
    confidence_tier: row.confidenceTier as NegatomeEntry["confidence_tier"],
  };
}

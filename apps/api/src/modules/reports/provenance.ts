import type { Database } from "@sieve/db";
import type { Origin, Review } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { sha256Hex } from "../../http/canonical-json";
import { notFound, validationFailed } from "../../http/errors";
import { isUuid } from "../../http/params";
import { literatureStore } from "../literature/store";
import { negatomeStore } from "../negatome/store";
import { scopeKeyOf, storedRanking } from "../targets/ranking-job";
import { targetsStore } from "../targets/store";
import { loadRunRecords, buildManifest } from "./manifest";
import { currentStates, reviewsStore } from "./store";
import { softwareVersions } from "./software";

export interface ItemProvenance {
  kind: string;
  item_id: string;
  origin: Origin;
  review: Review | null;
  history: Review[];
}

const sieve = () => softwareVersions(null).sieve_version;

/**
 * Where any stored result came from, with its review state: a negatome record (a person's contribution
 * or a reference load), a literature triple (extraction method or a corpus's gold annotation), a ranked
 * target (the cached ranking that placed it), or an output of a run (`run_id` given: from its manifest).
 */
export async function itemProvenance(
  db: Database,
  scope: TenantScope,
  jwtSecret: Uint8Array,
  query: { kind: string; item_id: string; run_id?: string },
): Promise<ItemProvenance> {
  const origin = await originOf(db, scope, jwtSecret, query);
  const history = await reviewsStore(db, scope).history({ kind: query.kind, itemId: query.item_id });
  return { kind: query.kind, item_id: query.item_id, origin, review: currentStates(history)[0] ?? null, history };
}

/** 404 unless the caller may see this stored item (negatome record, triple, ranked target). */
export async function assertItemVisible(db: Database, scope: TenantScope, kind: string, itemId: string): Promise<void> {
  // Without run_id the signing secret is never used: only run outputs go through a manifest.
  await originOf(db, scope, new Uint8Array(), { kind, item_id: itemId });
}

async function originOf(
  db: Database,
  scope: TenantScope,
  jwtSecret: Uint8Array,
  query: { kind: string; item_id: string; run_id?: string },
): Promise<Origin> {
  if (query.run_id || query.kind === "run") {
    const manifest = buildManifest(await loadRunRecords(db, scope, query.run_id ?? query.item_id, "run"), jwtSecret);
    if (query.kind === "run")
      return (
        manifest.steps[0]?.origin ?? {
          kind: "human",
          who: "unknown",
          when: manifest.run.created_at,
          what: "run created",
        }
      );
    const output = manifest.outputs.find((o) => o.item.kind === query.kind && o.item.id === query.item_id);
    if (!output) throw notFound("Item");
    return output.origin;
  }
  switch (query.kind) {
    case "negatome_record": {
      if (!isUuid(query.item_id)) throw notFound("Item");
      const row = await negatomeStore(db, scope).withContributor(query.item_id);
      if (!row) throw notFound("Item");
      const { record } = row;
      if (record.contributorId !== null) {
        return {
          kind: "human",
          who: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || row.email || `user ${record.contributorId}`,
          when: record.createdAt.toISOString(),
          what: `contributed a ${record.failureClass} negative result: ${record.reason}`,
        };
      }
      return {
        kind: "computed",
        method: `negatome reference load (${record.source})`,
        version: sieve(),
        parameters: {
          source: record.source,
          source_key: record.sourceKey,
          confidence_tier: record.confidenceTier,
          failure_class: record.failureClass,
        },
        input_hashes: {},
      };
    }
    case "triple": {
      const row = await literatureStore(db, scope).tripleWithDocument(query.item_id);
      if (!row) throw notFound("Item");
      const { triple } = row;
      if (triple.provenance === "gold")
        return {
          kind: "human",
          who: `${row.source} corpus curators`,
          when: "as published with the corpus",
          what: `annotated ${triple.headName} ${triple.relation} ${triple.tailName} in ${row.externalId}`,
        };
      return {
        kind: "computed",
        method: triple.method,
        version: sieve(),
        parameters: {
          relation: triple.relation,
          polarity: triple.polarity,
          trigger: triple.trigger,
          evidence_score: triple.evidenceScore,
        },
        input_hashes: { [`${row.source}:${row.externalId}`]: sha256Hex(row.text) },
      };
    }
    case "target": {
      // item_id: "<disease id>|<HGNC id>", e.g. "DOID:1612|HGNC:3430".
      const [diseaseId, hgncId] = query.item_id.split("|");
      if (!diseaseId || !hgncId)
        throw validationFailed([{ path: "item_id", message: "a target is named <disease id>|<HGNC id>" }]);
      const row = await targetsStore(db, scope).latestRanking(scopeKeyOf(scope.orgIds), diseaseId);
      const ranking = row ? storedRanking(row.result, "all") : null;
      const ranked = ranking?.results.find((r) => r.target.hgnc_id === hgncId);
      if (!row || !ranking || !ranked) throw notFound("Item");
      return {
        kind: "computed",
        method:
          "priorityScore ranking (harmonic sums, random walk with restart, weights renormalised over the components with data)",
        version: sieve(),
        parameters: {
          disease: ranking.disease,
          feature_set_version: row.featureSetVersion,
          mode: ranking.mode,
          weights: ranking.weights,
          rank: ranked.rank,
          engine_job_id: row.engineJobId,
        },
        input_hashes: { data_stamp: sha256Hex(row.stamp) },
      };
    }
    default:
      throw validationFailed([{ path: "kind", message: `${query.kind} items are outputs of a run: give run_id` }]);
  }
}

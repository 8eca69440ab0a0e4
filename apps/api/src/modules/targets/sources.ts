import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { literatureStore } from "../literature/store";
import { negatomeFailuresStore } from "./failures-store";
import { targetsStore } from "./store";

/** A literature triple linking a gene with the disease (either direction), as the ranking reads it. */
export interface GeneTriple {
  geneId: string;
  relation: string;
  polarity: string;
  evidenceScore: number;
  /** Calibrated probability of the relation; curated (gold) triples 1. */
  confidence: number;
  curated: boolean;
}

/**
 * What the other modules know that the target ranking reads: literature triples and mentions,
 * negatome failures, each only as far as the caller may see them.
 */
export function targetSources(db: Database, scope: TenantScope) {
  const literature = literatureStore(db, scope);
  const failures = negatomeFailuresStore(db, scope);
  return {
    async triplesForDisease(diseaseIds: string[]): Promise<GeneTriple[]> {
      const rows = await literature.geneTriplesOfDiseases(diseaseIds);
      return rows.map((r) => ({
        geneId: diseaseIds.includes(r.tailId) ? r.headId : r.tailId,
        relation: r.relation,
        polarity: r.polarity,
        evidenceScore: r.evidenceScore,
        confidence: r.confidence,
        curated: r.provenance === "gold",
      }));
    },

    /** Documents mentioning each gene (any disease): how well studied a gene is. */
    geneMentionCounts: (): Promise<[string, number][]> => literature.geneMentionCounts(),

    failuresOnTargets: (uniprotIds?: string[]) => failures.onTargets(uniprotIds),

    /**
     * What a ranking was computed from: the newest target ingestion, literature passage and negatome
     * record the caller can see, and how many there are (a deletion lowers a count). Any change makes a
     * cached ranking stale.
     */
    async stamp(): Promise<string> {
      const [ing, lit, neg] = await Promise.all([
        targetsStore(db, scope).ingestionsStamp(),
        literature.passagesStamp(),
        failures.stamp(),
      ]);
      return [ing, lit, neg].map((r) => `${r?.top ?? 0}.${r?.n ?? 0}`).join(":");
    },
  };
}

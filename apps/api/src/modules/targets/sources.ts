import { and, count, countDistinct, eq, inArray, isNotNull, like, max, or } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { visibleTo } from "./store";

const {
  litTriples: triples,
  litMentions: mentions,
  litPassages: passages,
  negatomeRecords: negatome,
  targetIngestions: ingestions,
} = schema;

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

/** Gene ids as literature mentions and triples carry them: HGNC ids, or NCBI Gene ids of gold corpora. */
const isGeneId = (column: typeof triples.headId | typeof triples.tailId) =>
  or(like(column, "HGNC:%"), like(column, "NCBIGene:%"));

/**
 * What the other modules know that the target ranking reads: literature triples and mentions,
 * negatome failures, each only as far as the caller may see them.
 */
export function targetSources(db: Database, scope: TenantScope) {
  return {
    async triplesForDisease(diseaseIds: string[]): Promise<GeneTriple[]> {
      if (!diseaseIds.length) return [];
      const rows = await db
        .select({
          headId: triples.headId,
          tailId: triples.tailId,
          relation: triples.relation,
          polarity: triples.polarity,
          evidenceScore: triples.evidenceScore,
          confidence: triples.confidence,
          provenance: triples.provenance,
        })
        .from(triples)
        .where(
          and(
            visibleTo(triples.orgId, scope.orgIds),
            or(
              and(inArray(triples.tailId, diseaseIds), isGeneId(triples.headId)),
              and(inArray(triples.headId, diseaseIds), isGeneId(triples.tailId)),
            ),
          ),
        );
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
    async geneMentionCounts(): Promise<[string, number][]> {
      const rows = await db
        .select({ entityId: mentions.entityId, documents: countDistinct(mentions.documentId) })
        .from(mentions)
        .where(and(visibleTo(mentions.orgId, scope.orgIds), eq(mentions.entityType, "gene")))
        .groupBy(mentions.entityId);
      return rows.map((r) => [r.entityId, Number(r.documents)]);
    },

    async failuresOnTargets(uniprotIds?: string[]) {
      return db
        .select({
          negatome_id: negatome.id,
          uniprot: negatome.targetUniprotId,
          failure_class: negatome.failureClass,
          confidence_tier: negatome.confidenceTier,
          compound_inchi_key: negatome.compoundInchiKey,
          source: negatome.source,
          score: negatome.score,
        })
        .from(negatome)
        .where(
          and(
            visibleTo(negatome.orgId, scope.orgIds),
            isNotNull(negatome.targetUniprotId),
            uniprotIds ? inArray(negatome.targetUniprotId, uniprotIds) : undefined,
          ),
        );
    },

    /**
     * What a ranking was computed from: the newest target ingestion, literature passage and negatome
     * record the caller can see, and how many there are (a deletion lowers a count). Any change makes a
     * cached ranking stale.
     */
    async stamp(): Promise<string> {
      const [[ing], [lit], [neg]] = await Promise.all([
        db
          .select({ top: max(ingestions.seq), n: count() })
          .from(ingestions)
          .where(visibleTo(ingestions.orgId, scope.orgIds)),
        db
          .select({ top: max(passages.seq), n: count() })
          .from(passages)
          .where(visibleTo(passages.orgId, scope.orgIds)),
        db
          .select({ top: max(negatome.seq), n: count() })
          .from(negatome)
          .where(visibleTo(negatome.orgId, scope.orgIds)),
      ]);
      return [ing, lit, neg].map((r) => `${r?.top ?? 0}.${r?.n ?? 0}`).join(":");
    },
  };
}

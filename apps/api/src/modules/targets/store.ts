import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { schema, seqStamp, type Database } from "@sieve/db";
import { UncorroboratedPrecedence, type FeatureSet, type Ingestion, type TargetComponent } from "@sieve/contracts";
import type { NetworkEdge } from "@sieve/targets";
import type { TenantScope } from "../../plugins/authentication";

const {
  targetFeatureSets: featureSets,
  targetIngestions: ingestions,
  targetFeatures: features,
  targetNetworkEdges: edges,
  targetRankings: rankings,
} = schema;

/** A feature as stored: an HGNC gene, and the DOID it is about (null: every disease). */
export interface FeatureToStore {
  hgncId: string;
  featureName: string;
  component: TargetComponent;
  diseaseId: string | null;
  score: number;
  raw: number | null;
}

export interface IngestionToStore {
  orgId: number | null;
  featureSetId: number;
  source: string;
  fileName: string;
  fileSha256: string;
  parameters: Record<string, unknown>;
  rowsRead: number;
  unmatched: string[];
  features: FeatureToStore[];
  edges?: NetworkEdge[];
  createdBy: number | null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 9 columns. */
const CHUNK = 5000;
const UNMATCHED_EXAMPLES = 20;

/** Public rows (org_id null) and the caller's organizations' rows. */
export const visibleTo = (column: AnyPgColumn, orgIds: number[]): SQL =>
  or(isNull(column), orgIds.length ? inArray(column, orgIds) : sql`false`)!;

/**
 * Writes one ingestion with all its features and edges in one transaction (all or nothing).
 * `replaceSource` first removes the earlier ingestions of that source in the same feature set,
 * which is how reference loads stay idempotent.
 */
export async function storeIngestion(
  db: Database,
  ingestion: IngestionToStore,
  options: { replaceSource?: boolean } = {},
): Promise<Ingestion> {
  return db.transaction(async (tx) => {
    if (options.replaceSource) {
      await tx
        .delete(ingestions)
        .where(and(eq(ingestions.featureSetId, ingestion.featureSetId), eq(ingestions.source, ingestion.source)));
    }
    const genes = new Set(ingestion.features.map((f) => f.hgncId));
    for (const e of ingestion.edges ?? []) genes.add(e.a).add(e.b);
    const [row] = await tx
      .insert(ingestions)
      .values({
        orgId: ingestion.orgId,
        featureSetId: ingestion.featureSetId,
        source: ingestion.source,
        fileName: ingestion.fileName,
        fileSha256: ingestion.fileSha256,
        parameters: ingestion.parameters,
        rowsRead: ingestion.rowsRead,
        featuresWritten: ingestion.features.length,
        genesMatched: genes.size,
        unmatched: { count: ingestion.unmatched.length, examples: ingestion.unmatched.slice(0, UNMATCHED_EXAMPLES) },
        createdBy: ingestion.createdBy,
      })
      .returning();
    const base = { ingestionId: row!.id, orgId: ingestion.orgId, featureSetId: ingestion.featureSetId };
    for (let i = 0; i < ingestion.features.length; i += CHUNK) {
      await tx
        .insert(features)
        .values(ingestion.features.slice(i, i + CHUNK).map((f) => ({ ...base, source: ingestion.source, ...f })));
    }
    const edgeRows = ingestion.edges ?? [];
    for (let i = 0; i < edgeRows.length; i += CHUNK) {
      await tx
        .insert(edges)
        .values(edgeRows.slice(i, i + CHUNK).map((e) => ({ ...base, geneA: e.a, geneB: e.b, score: e.score })));
    }
    const [set] = await tx
      .select({ version: featureSets.version })
      .from(featureSets)
      .where(eq(featureSets.id, ingestion.featureSetId));
    return toIngestion(row!, set!.version);
  });
}

/** The public feature set of a version, created on first use (reference loads write there). */
export async function publicFeatureSet(db: Database, version: string, description: string): Promise<number> {
  const [existing] = await db
    .select({ id: featureSets.id })
    .from(featureSets)
    .where(and(isNull(featureSets.orgId), eq(featureSets.version, version)));
  if (existing) return existing.id;
  const [created] = await db
    .insert(featureSets)
    .values({ orgId: null, version, description })
    .returning({ id: featureSets.id });
  return created!.id;
}

/** Which of these sources have been loaded as public reference data (an ingestion of no organization). */
export async function publicIngestedSources(db: Database, sources: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ source: ingestions.source })
    .from(ingestions)
    .where(and(isNull(ingestions.orgId), inArray(ingestions.source, sources)));
  return new Set(rows.map((row) => row.source));
}

/** The reference genes (HGNC) and diseases (Disease Ontology): public tables, the same for every caller. */
export function referenceTables(db: Database) {
  return {
    async counts(): Promise<{ genes: number; diseases: number }> {
      const [genes, diseases] = await Promise.all([db.$count(schema.refGenes), db.$count(schema.refDiseases)]);
      return { genes, diseases };
    },

    async rows() {
      const [genes, diseases] = await Promise.all([
        db.select().from(schema.refGenes),
        db.select().from(schema.refDiseases),
      ]);
      return { genes, diseases };
    },
  };
}

const RecordedWithheld = UncorroboratedPrecedence.array();

export function targetsStore(db: Database, scope: TenantScope) {
  const visibleSets = visibleTo(featureSets.orgId, scope.orgIds);

  return {
    async featureSets(): Promise<FeatureSet[]> {
      const rows = await db
        .select()
        .from(featureSets)
        .where(visibleSets)
        .orderBy(featureSets.version, sql`${featureSets.orgId} nulls first`);
      return rows.map(toFeatureSet);
    },

    /** 409 when the organization already has this version (the caller checks). */
    async createFeatureSet(orgId: number, version: string, description: string): Promise<FeatureSet | null> {
      const rows = await db
        .insert(featureSets)
        .values({ orgId, version, description, createdBy: scope.userId })
        .onConflictDoNothing()
        .returning();
      return rows[0] ? toFeatureSet(rows[0]) : null;
    },

    /** The organization's own feature set of a version (uploads write only there). */
    async ownFeatureSet(orgId: number, version: string): Promise<number | null> {
      const [row] = await db
        .select({ id: featureSets.id })
        .from(featureSets)
        .where(and(eq(featureSets.orgId, orgId), eq(featureSets.version, version)));
      return row?.id ?? null;
    },

    /** Ids of every visible feature set with this version (public and the caller's organizations'). */
    async featureSetIds(version: string): Promise<number[]> {
      const rows = await db
        .select({ id: featureSets.id })
        .from(featureSets)
        .where(and(visibleSets, eq(featureSets.version, version)));
      return rows.map((r) => r.id);
    },

    /** The newest visible ingestion's `seq` and how many are visible: a new or deleted ingestion changes it. */
    async ingestionsStamp() {
      return seqStamp(db, ingestions, ingestions.seq, visibleTo(ingestions.orgId, scope.orgIds));
    },

    async ingestions(limit = 100): Promise<Ingestion[]> {
      const rows = await db
        .select({ ingestion: ingestions, version: featureSets.version })
        .from(ingestions)
        .innerJoin(featureSets, eq(featureSets.id, ingestions.featureSetId))
        .where(visibleTo(ingestions.orgId, scope.orgIds))
        .orderBy(desc(ingestions.seq))
        .limit(limit);
      return rows.map((r) => toIngestion(r.ingestion, r.version));
    },

    /** The gene × disease pairs whose precedence the visible ingestions of these sets withheld, as each recorded them. */
    async withheldPrecedence(setIds: number[]): Promise<UncorroboratedPrecedence[]> {
      if (!setIds.length) return [];
      const rows = await db
        .select({ parameters: ingestions.parameters })
        .from(ingestions)
        .where(and(inArray(ingestions.featureSetId, setIds), visibleTo(ingestions.orgId, scope.orgIds)));
      return rows.flatMap(
        (r) =>
          RecordedWithheld.safeParse(
            (r.parameters as { uncorroborated_precedence?: unknown }).uncorroborated_precedence,
          ).data ?? [],
      );
    },

    /** Features of the given sets that hold for any disease or for one of `diseaseIds`, with where they came from. */
    async features(setIds: number[], diseaseIds: string[], hgncId?: string) {
      if (!setIds.length) return [];
      return db
        .select({
          hgncId: features.hgncId,
          source: features.source,
          featureName: features.featureName,
          component: features.component,
          diseaseId: features.diseaseId,
          score: features.score,
          raw: features.raw,
          fileSha256: ingestions.fileSha256,
          parameters: ingestions.parameters,
          ingestedAt: ingestions.createdAt,
          version: featureSets.version,
        })
        .from(features)
        .innerJoin(ingestions, eq(ingestions.id, features.ingestionId))
        .innerJoin(featureSets, eq(featureSets.id, features.featureSetId))
        .where(
          and(
            inArray(features.featureSetId, setIds),
            or(isNull(features.diseaseId), diseaseIds.length ? inArray(features.diseaseId, diseaseIds) : sql`false`),
            hgncId ? eq(features.hgncId, hgncId) : undefined,
          ),
        );
    },

    async edges(setIds: number[]): Promise<NetworkEdge[]> {
      if (!setIds.length) return [];
      return db
        .select({ a: edges.geneA, b: edges.geneB, score: edges.score })
        .from(edges)
        .where(inArray(edges.featureSetId, setIds));
    },

    /** The newest cached ranking of the disease for this scope, whatever its feature set version. */
    async latestRanking(scopeKey: string, diseaseId: string) {
      const [row] = await db
        .select()
        .from(rankings)
        .where(and(eq(rankings.scopeKey, scopeKey), eq(rankings.diseaseId, diseaseId)))
        .orderBy(desc(rankings.computedAt))
        .limit(1);
      return row ?? null;
    },

    async ranking(scopeKey: string, version: string, diseaseId: string) {
      const [row] = await db
        .select()
        .from(rankings)
        .where(
          and(
            eq(rankings.scopeKey, scopeKey),
            eq(rankings.featureSetVersion, version),
            eq(rankings.diseaseId, diseaseId),
          ),
        );
      return row ?? null;
    },
  };
}

export async function saveRanking(
  db: Database,
  values: {
    scopeKey: string;
    featureSetVersion: string;
    diseaseId: string;
    stamp: string;
    engineJobId: string;
    result: unknown;
  },
): Promise<void> {
  await db
    .insert(rankings)
    .values(values)
    .onConflictDoUpdate({
      target: [rankings.scopeKey, rankings.featureSetVersion, rankings.diseaseId],
      set: { stamp: values.stamp, engineJobId: values.engineJobId, result: values.result, computedAt: sql`now()` },
    });
}

function toFeatureSet(row: typeof featureSets.$inferSelect): FeatureSet {
  return {
    id: row.id,
    version: row.version,
    description: row.description,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
  };
}

function toIngestion(row: typeof ingestions.$inferSelect, version: string): Ingestion {
  return {
    id: row.id,
    source: row.source,
    feature_set_version: version,
    file_name: row.fileName,
    file_sha256: row.fileSha256,
    parameters: row.parameters as Record<string, unknown>,
    rows_read: row.rowsRead,
    features_written: row.featuresWritten,
    genes_matched: row.genesMatched,
    unmatched: row.unmatched as Ingestion["unmatched"],
    created_at: row.createdAt.toISOString(),
  };
}

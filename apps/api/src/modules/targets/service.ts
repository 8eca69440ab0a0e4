import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  rankingColumns,
  TARGET_DEFAULTS,
  UploadFields,
  type IdentifyAccepted,
  type IdentifyTargetsBody,
  type IdentifyTargetsResponse,
  TARGET_REFERENCE_DATASETS,
  type TargetReferenceStatus,
  type Ingestion,
  type TargetMode,
  type UploadSource,
} from "@sieve/contracts";
import { REFERENCE_FILES } from "@sieve/literature";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import { ApiError, notFound, validationFailed } from "../../http/errors";
import type { MultipartUpload } from "../../http/multipart";
import type { TenantScope } from "../../plugins/authentication";
import type { EngineRuntime } from "../engine/runtime";
import type { ReferenceCatalog } from "./catalog";
import {
  activeRankingJob,
  rankingStamp,
  scopeKeyOf,
  storedRanking,
  TARGETS_DOMAIN,
  type RankingJobInput,
  type StoredRanking,
} from "./ranking-job";
import { publicIngestedSources, storeIngestion, targetsStore, type FeatureToStore } from "./store";
import { REFERENCE_DATASETS } from "../../reference-data/datasets";

/** Loading the five target datasets took 32 s with `npm run data:load` on a 2-core server (2026-11-26). */
const MEASURED_LOAD_SECONDS = 32;

export interface TargetsContext {
  db: Database;
  pool: ComputePool;
  engine: EngineRuntime;
  catalog: ReferenceCatalog;
  referenceRoot: string;
}

/** Rankings parsed from the database, kept per instance while their stamp is current. */
const RANKING_CACHE_SIZE = 50;

export class TargetsService {
  private readonly parsedRankings = new Map<string, { stamp: string; ranking: StoredRanking }>();

  constructor(private readonly context: TargetsContext) {}

  /** A first run's reference data: what target ranking needs, so a page offers the load instead of a 503. */
  async referenceStatus(): Promise<TargetReferenceStatus> {
    const { db, catalog, referenceRoot } = this.context;
    const sourceOf = (name: string) => name.split(":")[1]!;
    const [counts, sources] = await Promise.all([
      catalog.counts(),
      publicIngestedSources(db, TARGET_REFERENCE_DATASETS.map(sourceOf)),
    ]);
    const loaded = (name: string) =>
      name === "reference:genes"
        ? counts.genes > 0
        : name === "reference:diseases"
          ? counts.diseases > 0
          : sources.has(sourceOf(name));
    const datasets = TARGET_REFERENCE_DATASETS.map((name) => ({
      name,
      description: REFERENCE_DATASETS[name]!.description,
      loaded: loaded(name),
      available: REFERENCE_DATASETS[name]!.available(referenceRoot),
    }));
    return { ready: datasets.every((d) => d.loaded), datasets, measured_load_seconds: MEASURED_LOAD_SECONDS };
  }

  /**
   * One feature file into the organization's feature set of that version (priors_v1 is created on
   * first use, other versions must exist): parsed on a thread, then written in one transaction.
   */
  async upload(source: UploadSource, upload: MultipartUpload, scope: TenantScope, orgId: number): Promise<Ingestion> {
    const { db, pool, catalog } = this.context;
    const checked = UploadFields[source].safeParse(upload.fields);
    if (!checked.success)
      throw validationFailed(checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    const params = checked.data as Record<string, unknown> & {
      feature_set_version: string;
      disease?: string;
      indication_efo_id?: string;
    };
    const text = decodeText(upload.bytes);
    const store = targetsStore(db, scope);
    const featureSetId =
      (await store.ownFeatureSet(orgId, params.feature_set_version)) ??
      (params.feature_set_version === TARGET_DEFAULTS.featureSet
        ? (await store.createFeatureSet(orgId, params.feature_set_version, "Default feature set"))?.id
        : null);
    if (!featureSetId)
      throw notFound(`Feature set ${params.feature_set_version} of your organization (create it first)`);
    const fileDisease = params.indication_efo_id ?? params.disease;
    const defaultDisease = fileDisease ? (await catalog.disease(fileDisease)).id : null;

    const genes = [...(await catalog.genes()).values()].map((g) => ({
      hgnc_id: g.hgnc_id,
      symbol: g.symbol,
      name: g.name,
      aliases: g.aliases,
      previous_symbols: g.previous_symbols,
      ncbigene: g.ncbi_gene_id,
      ensembl: g.ensembl_gene_id,
      uniprot: g.uniprot_ids,
    }));
    const outcome = await pool.run("targets.parse", {
      source,
      text,
      params,
      genes,
      chemblMappingPath: join(this.context.referenceRoot, REFERENCE_FILES.chemblTargets),
    });
    if (!outcome.ok)
      throw new ApiError(422, "invalid_file", outcome.error, { line: outcome.line, column: outcome.column });
    const { parsed } = outcome;

    const unmatched = [...parsed.unmatched];
    const features: FeatureToStore[] = [];
    const diseaseIds = new Map<string, string | null>(fileDisease ? [[fileDisease, defaultDisease]] : []);
    for (const f of parsed.features) {
      if (f.disease !== null && !diseaseIds.has(f.disease)) diseaseIds.set(f.disease, await this.diseaseOf(f.disease));
      const diseaseId = f.disease === null ? null : diseaseIds.get(f.disease)!;
      if (f.disease !== null && diseaseId === null) {
        unmatched.push(`disease ${f.disease}`);
        continue;
      }
      features.push({
        hgncId: f.gene,
        featureName: f.feature_name,
        component: f.component,
        diseaseId,
        score: f.score,
        raw: f.raw,
      });
    }
    return storeIngestion(db, {
      orgId,
      featureSetId,
      source,
      fileName: upload.name,
      fileSha256: createHash("sha256").update(upload.bytes).digest("hex"),
      parameters: params,
      rowsRead: parsed.rowsRead,
      unmatched: [...new Set(unmatched)],
      features,
      edges: parsed.edges,
      createdBy: scope.userId,
    });
  }

  /**
   * The ranking of every gene for a disease, top `limit`. When the data it reads changed since it was
   * last computed (or it never was), a `targets` engine job computes it and the answer is 202.
   */
  async identify(
    body: IdentifyTargetsBody,
    scope: TenantScope,
    orgId: number,
  ): Promise<{ status: 200; body: IdentifyTargetsResponse } | { status: 202; body: IdentifyAccepted }> {
    const { db, catalog, engine } = this.context;
    const disease = await catalog.disease(body.disease);
    const version = body.feature_set_version ?? TARGET_DEFAULTS.featureSet;
    const scopeKey = scopeKeyOf(scope.orgIds);
    const stamp = await rankingStamp(db, catalog, scope);
    const ranking = await this.cachedRanking(scope, scopeKey, version, disease.id, stamp, body.mode);
    if (ranking)
      return {
        status: 200,
        body: {
          ...ranking,
          genes_ranked: ranking.results.length,
          results: ranking.results.slice(0, body.limit),
          ...(body.all_genes ? { columns: rankingColumns(ranking.results) } : {}),
        },
      };

    const input: RankingJobInput = {
      disease_id: disease.id,
      feature_set_version: version,
      scope_key: scopeKey,
      org_ids: scope.orgIds,
      user_id: scope.userId,
    };
    const job =
      (await activeRankingJob(db, input)) ??
      (await engine.submit({ orgId, domain: TARGETS_DOMAIN, execution: "embedded", input, createdBy: scope.userId }));
    return { status: 202, body: { detail: { engine_job_id: job.id, status: job.status } } };
  }

  private async cachedRanking(
    scope: TenantScope,
    scopeKey: string,
    version: string,
    diseaseId: string,
    stamp: string,
    mode: TargetMode,
  ): Promise<StoredRanking | null> {
    const key = `${scopeKey}|${version}|${diseaseId}|${mode}`;
    const held = this.parsedRankings.get(key);
    if (held?.stamp === stamp) return held.ranking;
    const row = await targetsStore(this.context.db, scope).ranking(scopeKey, version, diseaseId);
    const ranking = row?.stamp === stamp ? storedRanking(row.result, mode) : null;
    if (!ranking) return null;
    this.parsedRankings.delete(key);
    this.parsedRankings.set(key, { stamp, ranking });
    if (this.parsedRankings.size > RANKING_CACHE_SIZE)
      this.parsedRankings.delete(this.parsedRankings.keys().next().value!);
    return ranking;
  }

  /** The fresh ranking of a disease in a mode if one is cached (the evidence panel reads its components). */
  async freshRanking(
    scope: TenantScope,
    version: string,
    diseaseId: string,
    mode: TargetMode,
  ): Promise<StoredRanking | null> {
    const stamp = await rankingStamp(this.context.db, this.context.catalog, scope);
    return this.cachedRanking(scope, scopeKeyOf(scope.orgIds), version, diseaseId, stamp, mode);
  }

  private async diseaseOf(text: string): Promise<string | null> {
    try {
      return (await this.context.catalog.disease(text)).id;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 422) return null;
      throw error;
    }
  }
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw validationFailed([{ path: "file", message: "the file is not UTF-8 text" }], "invalid_file");
  }
}

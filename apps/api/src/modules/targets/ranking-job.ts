import { z } from "zod";
import type { Database } from "@sieve/db";
import {
  COMPOSITE_DEFAULT_WEIGHTS,
  TARGET_MODES,
  type IdentifyTargetsResponse,
  type TargetMode,
  type TargetRef,
  type WithheldPrecedence,
} from "@sieve/contracts";
import {
  evidenceFromRelatedDiseases,
  type DiseaseRanking,
  type DiseaseRankingInput,
  type EvidenceItem,
  type FeatureRow,
} from "@sieve/targets";
import type { EngineDomainHandler } from "../engine/job-types";
import { confidenceFilter, thresholdOf, thresholdsFor } from "../literature/confidence";
import { activeJobOfAnyOrgWithInput, type EngineJobRow } from "../engine/store";
import type { CatalogGene, ReferenceCatalog } from "./catalog";
import { approvedDrugsForDisease, drugReference } from "./drug-reference";
import { targetSources } from "./sources";
import { saveRanking, targetsStore } from "./store";

type StoredFeature = Awaited<ReturnType<ReturnType<typeof targetsStore>["features"]>>[number];

export const TARGETS_DOMAIN = "targets";

/** What a `targets` engine job stores as its input: which ranking to compute, for whom. */
export const RankingJobInput = z.looseObject({
  disease_id: z.string(),
  feature_set_version: z.string(),
  scope_key: z.string(),
  org_ids: z.array(z.number().int()),
  user_id: z.number().int(),
});
export type RankingJobInput = z.infer<typeof RankingJobInput>;

/** The cached ranking of one disease in one mode: everything the identify answer needs but the limit. */
export type StoredRanking = Omit<IdentifyTargetsResponse, "results" | "genes_ranked"> & {
  results: IdentifyTargetsResponse["results"];
};

/** What a `target_rankings` row holds: the disease's ranking in each mode, computed by one job. */
export interface StoredRankings {
  modes: Record<TargetMode, StoredRanking>;
}

/** One mode of a stored row; null for a row written before modes existed (its stamp is stale anyway). */
export function storedRanking(result: unknown, mode: TargetMode): StoredRanking | null {
  const modes = (result as Partial<StoredRankings> | null)?.modes;
  return modes?.[mode] ?? null;
}

/** Bumped when the stored shape or the ranking rule changes, so every cached ranking is recomputed. */
const RANKING_RULE = "modes-coverage-confidence-3";

/** A visibility scope as a cache key: the organizations whose rows the ranking could read. */
export const scopeKeyOf = (orgIds: number[]) => `orgs:${[...orgIds].sort((a, b) => a - b).join(",")}`;

/** Everything a ranking reads, as one string: a change anywhere makes a cached ranking stale. */
export async function rankingStamp(
  db: Database,
  catalog: ReferenceCatalog,
  scope: { userId: number; orgIds: number[] },
): Promise<string> {
  const [data, reference] = await Promise.all([targetSources(db, scope).stamp(), catalog.stamp()]);
  return `${RANKING_RULE}|${data}|${reference}`;
}

/** The active job already computing this ranking, if any (so repeated asks share one job). */
export async function activeRankingJob(db: Database, input: RankingJobInput): Promise<EngineJobRow | null> {
  // The scope key in the input keeps one scope's job from answering another's.
  return activeJobOfAnyOrgWithInput(db, TARGETS_DOMAIN, {
    disease_id: input.disease_id,
    feature_set_version: input.feature_set_version,
    scope_key: input.scope_key,
  });
}

/**
 * The database-side steps of a `targets` job: read the features, literature triples, failures and
 * network the caller's scope can see for the disease's subtree (prepare), and cache the ranking the
 * thread computed (finish).
 */
export function rankingJobHandler(
  db: Database,
  catalog: ReferenceCatalog,
  referenceRoot: string,
): EngineDomainHandler<RankingJobInput> {
  /** What prepare learnt that finish stores with the ranking, by job id. */
  const prepared = new Map<
    string,
    { stamp: string; belowMinConfidence: number; precedenceWithheld: WithheldPrecedence[] }
  >();
  return {
    async prepare(job, input) {
      const scope = { userId: input.user_id, orgIds: input.org_ids };
      const stamp = await rankingStamp(db, catalog, scope);
      const disease = await catalog.diseaseById(input.disease_id);
      if (!disease) throw new Error(`Disease ${input.disease_id} is no longer in the reference data`);
      const store = targetsStore(db, scope);
      const sources = targetSources(db, scope);
      const setIds = await store.featureSetIds(input.feature_set_version);
      const related = await catalog.relatedDiseases(disease.id);
      const [features, edges, allTriples, failures, mentions, genes, withheld] = await Promise.all([
        store.features(setIds, [...disease.subtree, ...related.keys()]),
        store.edges(setIds),
        sources.triplesForDisease([...disease.subtree, ...disease.meshIds]),
        sources.failuresOnTargets(),
        sources.geneMentionCounts(),
        catalog.genes(),
        store.withheldPrecedence(setIds),
      ]);
      // The literature component reads triples through the same default filter as every triple route, so a
      // low-confidence extraction cannot lift a gene the evidence panel would not show a triple for.
      const minConfidence = thresholdOf(thresholdsFor(undefined), "gene", "disease");
      const triples = allTriples.filter((t) => t.curated || t.confidence >= minConfidence);
      const lookup = geneLookup(genes);
      const subtree = new Set(disease.subtree);
      const precedenceWithheld: WithheldPrecedence[] = [];
      for (const w of withheld) {
        const gene = genes.get(w.gene);
        const term = subtree.has(w.disease) ? await catalog.diseaseById(w.disease) : null;
        if (gene && term)
          precedenceWithheld.push({
            target: { hgnc_id: gene.hgnc_id, gene_symbol: gene.symbol },
            disease: { id: term.id, name: term.name },
            drugs: w.drugs,
            reason: w.reason,
          });
      }
      prepared.set(job.id, {
        stamp,
        belowMinConfidence: allTriples.length - triples.length,
        precedenceWithheld: precedenceWithheld.sort((a, b) => a.target.gene_symbol.localeCompare(b.target.gene_symbol)),
      });
      const rankingInput: Omit<DiseaseRankingInput, "genes"> = {
        features: diseaseEvidence(features, subtree, related),
        edges,
        triples: triples.flatMap((t) => {
          const gene = lookup.byAnyId(t.geneId);
          return gene
            ? [
                {
                  gene,
                  relation: t.relation,
                  polarity: t.polarity,
                  evidence_score: t.evidenceScore,
                  curated: t.curated,
                },
              ]
            : [];
        }),
        failures: failures.flatMap((f) => {
          const gene = lookup.byUniprot.get(f.uniprot!);
          return gene ? [{ gene, confidence_tier: f.confidence_tier, score: f.score }] : [];
        }),
        documentCounts: mentions.length ? documentCountsByGene(mentions, lookup) : null,
        approvedForDisease: [
          ...approvedDrugsForDisease(
            drugReference(referenceRoot),
            subtree,
            (c) =>
              (c.symbol ? lookup.bySymbol.get(c.symbol) : undefined) ?? lookup.byUniprot.get(c.uniprot ?? "") ?? null,
          ),
        ],
      };
      const used = new Set<string>();
      for (const f of rankingInput.features) used.add(f.gene);
      for (const e of rankingInput.edges) used.add(e.a).add(e.b);
      for (const t of rankingInput.triples) used.add(t.gene);
      for (const f of rankingInput.failures) used.add(f.gene);
      const universe = [...used].flatMap((id) => (genes.has(id) ? [targetRef(genes.get(id)!)] : []));
      return { ...rankingInput, genes: universe } satisfies DiseaseRankingInput;
    },

    async finish(job, output, input) {
      const rankings = output as Record<TargetMode, DiseaseRanking>;
      const disease = await catalog.diseaseById(input.disease_id);
      const { stamp, belowMinConfidence, precedenceWithheld } = prepared.get(job.id) ?? {
        stamp: "",
        belowMinConfidence: 0,
        precedenceWithheld: [],
      };
      prepared.delete(job.id);
      const computedAt = new Date().toISOString();
      const ofMode = (mode: TargetMode): StoredRanking => ({
        disease: { id: input.disease_id, name: disease?.name ?? input.disease_id },
        feature_set_version: input.feature_set_version,
        mode,
        weights: { ...COMPOSITE_DEFAULT_WEIGHTS },
        sources: rankings[mode].sources,
        computed_at: computedAt,
        engine_job_id: job.id,
        results: rankings[mode].results,
        literature_filter: confidenceFilter(undefined, belowMinConfidence),
        precedence_withheld: precedenceWithheld,
      });
      const result: StoredRankings = {
        modes: Object.fromEntries(TARGET_MODES.map((mode) => [mode, ofMode(mode)])) as Record<
          TargetMode,
          StoredRanking
        >,
      };
      await saveRanking(db, {
        scopeKey: input.scope_key,
        featureSetVersion: input.feature_set_version,
        diseaseId: input.disease_id,
        stamp,
        engineJobId: job.id,
        result,
      });
      return {
        best_fitness: rankings.all.results[0]?.priority_score ?? null,
        final_metrics: {
          genes_ranked: rankings.all.results.length,
          disease_id: input.disease_id,
          feature_set_version: input.feature_set_version,
        },
      };
    },
  };
}

/**
 * Features that propagate sideways to related diseases, discounted by similarity (the known-target benchmark's choice).
 */
const SIDEWAYS_FEATURES = new Set(["clinical_precedence"]);

/**
 * The evidence items of the stored features for a disease: its own subtree's and disease-agnostic
 * ones as they are, and clinical precedence on related diseases through evidenceFromRelatedDiseases
 * (score × similarity of the most informative shared ancestor).
 */
function diseaseEvidence(
  features: StoredFeature[],
  subtree: ReadonlySet<string>,
  related: ReadonlyMap<string, number>,
): EvidenceItem[] {
  const own: EvidenceItem[] = [];
  const sideways = new Map<string, FeatureRow[]>();
  for (const f of features) {
    const component = f.component as EvidenceItem["component"];
    if (f.diseaseId === null || subtree.has(f.diseaseId))
      own.push({ gene: f.hgncId, component, source: f.source, feature_name: f.featureName, score: f.score });
    else if (SIDEWAYS_FEATURES.has(f.featureName)) {
      const list = sideways.get(f.source) ?? [];
      list.push({
        gene: f.hgncId,
        feature_name: f.featureName,
        component,
        score: f.score,
        raw: f.raw,
        disease: f.diseaseId,
      });
      sideways.set(f.source, list);
    }
  }
  return [...own, ...[...sideways].flatMap(([source, rows]) => evidenceFromRelatedDiseases(rows, source, related))];
}

export function targetRef(gene: CatalogGene): TargetRef {
  return {
    gene_symbol: gene.symbol,
    hgnc_id: gene.hgnc_id,
    protein_name: gene.protein_name ?? gene.name,
    uniprot_id: gene.uniprot_ids[0] ?? null,
  };
}

/** HGNC ids behind the gene ids literature and the negatome use (HGNC:…, NCBIGene:…, UniProt accessions). */
export function geneLookup(genes: ReadonlyMap<string, CatalogGene>) {
  const byNcbi = new Map<string, string>();
  const byUniprot = new Map<string, string>();
  const bySymbol = new Map<string, string>();
  for (const g of genes.values()) {
    bySymbol.set(g.symbol, g.hgnc_id);
    if (g.ncbi_gene_id) byNcbi.set(g.ncbi_gene_id, g.hgnc_id);
    for (const u of g.uniprot_ids) if (!byUniprot.has(u)) byUniprot.set(u, g.hgnc_id);
  }
  return {
    byUniprot,
    bySymbol,
    byAnyId(id: string): string | null {
      if (id.startsWith("HGNC:")) return genes.has(id) ? id : null;
      if (id.startsWith("NCBIGene:")) return byNcbi.get(id.slice("NCBIGene:".length)) ?? null;
      return null;
    },
  };
}

function documentCountsByGene(mentions: [string, number][], lookup: ReturnType<typeof geneLookup>): [string, number][] {
  const counts = new Map<string, number>();
  for (const [id, n] of mentions) {
    const gene = lookup.byAnyId(id);
    if (gene) counts.set(gene, (counts.get(gene) ?? 0) + n);
  }
  return [...counts];
}

import { TARGET_DEFAULTS, type TargetEvidenceResponse } from "@sieve/contracts";
import { rankDisease } from "@sieve/targets";
import type { TenantScope } from "../../plugins/authentication";
import { confidenceFilter, thresholdsFor } from "../literature/confidence";
import { literatureStore, toTriple } from "../literature/store";
import type { LiteratureSearch } from "../literature/search-index";
import { drugReference } from "./drug-reference";
import { targetRef } from "./ranking-job";
import type { TargetsContext, TargetsService } from "./service";
import { targetSources } from "./sources";
import { targetsStore } from "./store";

const SHOWN = { triples: 10, passages: 5, drugs: 50 };

/** Everything known about one gene in one disease, for the evidence panel. */
export class TargetEvidence {
  constructor(
    private readonly context: TargetsContext,
    private readonly service: TargetsService,
    private readonly search: LiteratureSearch,
  ) {}

  async evidence(
    scope: TenantScope,
    query: { symbol: string; disease: string; feature_set_version?: string; min_confidence?: number },
  ): Promise<TargetEvidenceResponse> {
    const { db, catalog } = this.context;
    const [gene, disease] = await Promise.all([catalog.gene(query.symbol), catalog.disease(query.disease)]);
    const version = query.feature_set_version ?? TARGET_DEFAULTS.featureSet;
    const store = targetsStore(db, scope);
    const sources = targetSources(db, scope);
    const setIds = await store.featureSetIds(version);
    const geneIds = [gene.hgnc_id, ...(gene.ncbi_gene_id ? [`NCBIGene:${gene.ncbi_gene_id}`] : [])];
    const diseaseIds = [...disease.subtree, ...disease.meshIds];
    const [features, failures, triplePage, ranking, hits] = await Promise.all([
      store.features(setIds, disease.subtree, gene.hgnc_id),
      gene.uniprot_ids.length ? sources.failuresOnTargets(gene.uniprot_ids) : Promise.resolve([]),
      literatureStore(db, scope).confidentTriplesBetween(geneIds, diseaseIds, 500, thresholdsFor(query.min_confidence)),
      this.service.freshRanking(scope, version, disease.id, "all"),
      this.search.search(scope, `${gene.symbol} ${disease.name}`, [...geneIds, ...diseaseIds], SHOWN.passages),
    ]);
    const triples = triplePage.rows;
    const ranked = ranking?.results.find((r) => r.target.hgnc_id === gene.hgnc_id);
    // Without a current ranking, the components come from this gene's own evidence (no network walk).
    const components = ranked?.components ??
      rankDisease({
        genes: [targetRef(gene)],
        features: features.map((f) => ({
          gene: f.hgncId,
          component: f.component as never,
          source: f.source,
          feature_name: f.featureName,
          score: f.score,
        })),
        triples: triples.map(({ triple }) => ({
          gene: gene.hgnc_id,
          relation: triple.relation,
          polarity: triple.polarity,
          evidence_score: triple.evidenceScore,
          curated: triple.provenance === "gold",
        })),
        failures: failures.map((f) => ({ gene: gene.hgnc_id, confidence_tier: f.confidence_tier, score: f.score })),
        edges: [],
        documentCounts: null,
      }).results[0]?.components ?? { lit: null, omics: null, drugg: null, safe: null, neg: null };
    const passages = await literatureStore(db, scope).passagesWithDocuments(hits.map((h) => h.passage_id));
    const count = (name: string) => features.find((f) => f.featureName === name)?.raw ?? null;
    const minCount = (name: string) =>
      Number(
        (features.find((f) => f.featureName === name)?.parameters as { min_count_for_confidence?: number } | undefined)
          ?.min_count_for_confidence ?? TARGET_DEFAULTS.chemblMinCount,
      );
    const bucket = (name: string) => {
      const n = count(name);
      return { count: n === null ? null : Math.round(n), confident: n !== null && n >= minCount(name) };
    };
    const knownDrugs = this.knownDrugs(gene.symbol, gene.uniprot_ids);
    return {
      target: targetRef(gene),
      disease: { id: disease.id, name: disease.name },
      components,
      features: features.map((f) => ({
        source: f.source,
        feature_name: f.featureName,
        component: f.component as never,
        score: f.score,
        raw: f.raw,
        disease_id: f.diseaseId,
        feature_set_version: f.version,
        file_sha256: f.fileSha256,
        ingested_at: f.ingestedAt.toISOString(),
      })),
      druggability: {
        small_molecule: bucket("chembl_small_molecule"),
        biologic: bucket("chembl_biologic"),
        approved_drugs: Math.round(count("approved_drug_targets") ?? knownDrugs.length),
      },
      known_drugs: knownDrugs.slice(0, SHOWN.drugs),
      failure_history: failures.map((f) => ({
        negatome_id: f.negatome_id,
        failure_class: f.failure_class,
        compound_inchi_key: f.compound_inchi_key,
        source: f.source,
        score: f.score,
      })),
      triples: triples.slice(0, SHOWN.triples).map((row) => {
        const t = toTriple(row);
        const statedInSentence = t.attributes.basis !== "document";
        return {
          tri_id: t.tri_id,
          relation: t.relation,
          polarity: t.polarity,
          evidence_score: t.evidence_score,
          confidence: t.confidence,
          sentence: statedInSentence ? (t.sentence_text ?? "") : "",
          stated_in_sentence: statedInSentence,
          curated: t.provenance === "gold",
          document: { source: t.doc.source, external_id: t.doc.external_id, title: t.doc.title || null },
        };
      }),
      literature_filter: confidenceFilter(query.min_confidence, triplePage.below),
      passages: hits.flatMap((hit) => {
        const passage = passages.get(hit.passage_id);
        return passage
          ? [
              {
                text: passage.text,
                score: hit.score,
                doc: {
                  source: passage.doc.source,
                  external_id: passage.doc.externalId,
                  venue: passage.doc.venue,
                  year: passage.doc.year,
                },
              },
            ]
          : [];
      }),
    };
  }

  /**
   * Approved drugs acting on the gene (DrugCentral), with their indications and withdrawal / black-box flags
   * (withDRAWN).
   */
  private knownDrugs(symbol: string, uniprotIds: string[]): TargetEvidenceResponse["known_drugs"] {
    const reference = drugReference(this.context.referenceRoot);
    const accessions = new Set(uniprotIds);
    const seen = new Set<string>();
    const out: TargetEvidenceResponse["known_drugs"] = [];
    for (const t of reference.targets) {
      if (
        seen.has(t.drugcentral_id) ||
        !t.components.some((c) => c.human && (c.symbol === symbol || (c.uniprot !== null && accessions.has(c.uniprot))))
      )
        continue;
      seen.add(t.drugcentral_id);
      const flags = t.chembl_id ? reference.withdrawn.get(t.chembl_id) : undefined;
      out.push({
        drug_name: t.drug_name,
        action_type: t.action_type,
        indications: reference.indications.get(t.drugcentral_id) ?? [],
        withdrawn: flags?.withdrawn ?? false,
        black_box: flags?.black_box ?? false,
      });
    }
    return out.sort((a, b) => Number(b.withdrawn) - Number(a.withdrawn) || a.drug_name.localeCompare(b.drug_name));
  }
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";
import { readSharedData, requireSharedData } from "@sieve/testing";

const FILES = [
  "hgnc/hgnc_mapper.tsv",
  "disease_ontology/HumanDO.obo",
  "drugcentral/drug_target.tsv",
  "drugcentral/drug_indication.tsv",
  "withdrawn/drug_info.csv",
  "jensenlab_diseases/human_disease_knowledge_filtered.tsv",
  "string_ppi/nsclc_string_interactions.tsv",
];
requireSharedData(...FILES);

const FIXTURES = fileURLToPath(new URL("../../../packages/targets/test/fixtures/", import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const DATASETS = [
  "reference:genes",
  "reference:diseases",
  "targets:drugcentral",
  "targets:jensenlab",
  "targets:withdrawn",
];

interface Ranked {
  rank: number;
  target: { gene_symbol: string; hgnc_id: string; uniprot_id: string | null };
  components: Record<string, number | null>;
  priority_score: number;
  coverage: number;
  approved_for_disease: string[];
}

let ctx: TestContext;
let alice: string;
let bob: string;

describe("targets API", () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    alice = (await ctx.signup()).token;
    bob = (await ctx.signup()).token;
    const load = await ctx.call({
      method: "POST",
      url: "/v1/admin/reference-data/load",
      token: alice,
      payload: { datasets: DATASETS },
    });
    expect(load.statusCode).toBe(200);
  }, 180_000);
  afterAll(async () => ctx?.close());

  const get = (url: string, token = alice) => ctx.call({ method: "GET", url, token });
  const post = (url: string, payload: object, token = alice) => ctx.call({ method: "POST", url, token, payload });
  const upload = (source: string, fields: Record<string, string>, name: string, content: string, token = alice) =>
    ctx.call({
      method: "POST",
      url: `/v1/targets/ingest/${source}/upload`,
      token,
      ...multipartUpload(fields, { name, content }),
    });

  /** Identify; on 202, wait for the engine job and ask again, as the web client does. */
  async function identify(
    disease: string,
    limit: number,
    token = alice,
  ): Promise<{
    first: number;
    body: {
      disease: { id: string; name: string };
      results: Ranked[];
      genes_ranked: number;
      sources: Record<string, string[]>;
      engine_job_id: string | null;
      literature_filter: { below_min_confidence: number };
    };
  }> {
    const first = await post("/v1/targets/identify", { disease, limit }, token);
    if (first.statusCode === 200) return { first: 200, body: first.json() };
    expect(first.statusCode).toBe(202);
    const jobId = first.json().detail.engine_job_id as string;
    for (let i = 0; i < 300; i++) {
      const job = (await get(`/v1/engine/jobs/${jobId}`, token)).json();
      if (job.status === "completed") break;
      if (job.status === "failed") throw new Error(`ranking job failed: ${job.error_message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const second = await post("/v1/targets/identify", { disease, limit }, token);
    expect(second.statusCode).toBe(200);
    return { first: 202, body: second.json() };
  }

  it("loads genes and diseases, and resolves a disease by name, synonym, DOID or EFO cross-reference", async () => {
    const suggestions = (await get("/v1/targets/diseases?q=lung%20canc&limit=5")).json().items;
    expect(suggestions[0]).toMatchObject({ id: "DOID:1324", name: "lung cancer" });
    const ambiguous = await post("/v1/targets/identify", { disease: "CML" });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().code).toBe("ambiguous_name");
    expect(ambiguous.json().detail.candidates.map((c: { id: string }) => c.id)).toContain("DOID:8552");
    const unknown = await post("/v1/targets/identify", { disease: "lung cancre" });
    expect(unknown.json()).toMatchObject({ code: "unknown_name" });
    expect(unknown.json().detail.candidates.length).toBeGreaterThan(0);
    for (const limit of [0, 1001])
      expect((await post("/v1/targets/identify", { disease: "lung cancer", limit })).statusCode).toBe(422);
  });

  it("answers 202 with an engine job, then ranks known lung-cancer targets high, labelled, in mode all", async () => {
    const { first, body } = await identify("lung cancer", 10);
    expect(first).toBe(202);
    expect(body.disease).toEqual({ id: "DOID:1324", name: "lung cancer" });
    expect(body.results).toHaveLength(10);
    expect(body.genes_ranked).toBeGreaterThan(500);
    const symbols = body.results.map((r) => r.target.gene_symbol);
    expect(symbols).toContain("EGFR");
    const egfr = body.results.find((r) => r.target.gene_symbol === "EGFR")!;
    expect(egfr.approved_for_disease).toEqual(expect.arrayContaining(["erlotinib", "gefitinib"]));
    expect(egfr.coverage).toBeCloseTo(0.3 + 0.2 + 0.15, 12); // lit, drugg and safe known
    expect(egfr.target.uniprot_id).toBe("P00533");
    expect(egfr.components.drugg).toBeGreaterThan(0.5);
    // No negatome records or omics uploads yet: those components are "no data", not 0.
    expect(egfr.components.omics).toBeNull();
    expect(body.sources.drugg).toEqual(["drugcentral"]);
    expect(body.sources.omics).toEqual([]);
    for (let i = 1; i < body.results.length; i++)
      expect(body.results[i - 1]!.priority_score).toBeGreaterThanOrEqual(body.results[i]!.priority_score);
    // Cached: the same question is answered at once, without a new job.
    expect((await post("/v1/targets/identify", { disease: "DOID:1324", limit: 3 })).statusCode).toBe(200);
    // The job is a targets job: the molecular jobs list does not show it.
    expect((await get("/v1/engine/jobs?domain=molecular")).json().jobs).toEqual([]);
    expect((await get("/v1/engine/jobs?domain=targets")).json().jobs[0]).toMatchObject({
      domain: "targets",
      status: "completed",
    });
  });

  it("answers every ranked gene as gzip-compressed columns on request, in rank order", async () => {
    const answer = await ctx.call({
      method: "POST",
      url: "/v1/targets/identify",
      token: alice,
      headers: { "accept-encoding": "gzip, deflate" },
      payload: { disease: "DOID:1324", limit: 5, all_genes: true },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const body = JSON.parse(gunzipSync(answer.rawPayload).toString("utf8"));
    expect(body.results).toHaveLength(5);
    expect(body.columns.hgnc_id).toHaveLength(body.genes_ranked);
    expect(body.columns.gene_symbol.slice(0, 5)).toEqual(body.results.map((r: Ranked) => r.target.gene_symbol));
    expect(body.columns.drugg[0]).toBe(body.results[0].components.drugg);
    expect(answer.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
    // Without the flag the answer stays small and uncompressed.
    const plain = await post("/v1/targets/identify", { disease: "DOID:1324", limit: 5 });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().columns).toBeUndefined();
  });

  it("ingests a STRING edge list: degree features, and proximity to the disease's known genes after a recompute", async () => {
    const text = readSharedData("string_ppi/nsclc_string_interactions.tsv");
    const response = await upload("string", { min_score: "700" }, "nsclc_string_interactions.tsv", text);
    expect(response.statusCode).toBe(201);
    const { ingestion } = response.json();
    expect(ingestion).toMatchObject({
      source: "string",
      feature_set_version: "priors_v1",
      file_name: "nsclc_string_interactions.tsv",
      parameters: { species_taxon: 9606, id_prefix: "9606.", min_score: 700, kind: "ppi" },
    });
    expect(ingestion.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ingestion.features_written).toBeGreaterThan(50);

    const { first, body } = await identify("lung cancer", 1000);
    expect(first).toBe(202); // the new ingestion made the cached ranking stale
    expect(body.sources.omics).toEqual(["string"]);
    const egfr = body.results.find((r) => r.target.gene_symbol === "EGFR")!;
    expect(egfr.components.omics).toBeGreaterThan(0);
  });

  it("refuses a bad file naming the line and column, and writes nothing", async () => {
    const before = (await get("/v1/targets/ingestions")).json().items.length;
    const bad = await upload(
      "generic",
      { feature_name: "crispr_dependency", symbol_column: "gene", value_column: "score" },
      "bad.csv",
      "gene,score\nEGFR,0.9\nKRAS,high\n",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatch(/line 3/i);
    expect(bad.json().error).toMatch(/score/);
    expect((await get("/v1/targets/ingestions")).json().items).toHaveLength(before);
    const missing = await upload(
      "generic",
      { feature_name: "x", symbol_column: "gene", value_column: "nope" },
      "bad.csv",
      "gene,score\nEGFR,0.9\n",
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatch(/nope/);
  });

  it("ingests the Open Targets, GTEx and ChEMBL fixtures in their published formats", async () => {
    const ot = await upload(
      "opentargets",
      { indication_efo_id: "EFO_0001071" },
      "associations.jsonl",
      fixture("opentargets_associationByDatatypeDirect_EFO_0001071.jsonl"),
    );
    expect(ot.statusCode).toBe(201);
    expect(ot.json().ingestion.features_written).toBeGreaterThan(5);
    const gtex = await upload(
      "gtex",
      { tissues_of_interest: "Lung" },
      "gtex.gct",
      fixture("gtex_median_tpm_lung_excerpt.gct"),
    );
    expect(gtex.statusCode).toBe(201);
    const chembl = await upload(
      "chembl",
      { id_column: "target_chembl_id" },
      "chembl.csv",
      fixture("chembl_target_compound_counts.csv"),
    );
    expect(chembl.statusCode).toBe(201);

    const evidence = (await get("/v1/targets/evidence?symbol=EGFR&disease=lung%20carcinoma")).json();
    expect(evidence.target).toMatchObject({ gene_symbol: "EGFR", uniprot_id: "P00533" });
    const sources = new Set(evidence.features.map((f: { source: string }) => f.source));
    for (const source of ["drugcentral", "opentargets", "gtex", "string"]) expect(sources).toContain(source);
    expect(evidence.features.every((f: { file_sha256: string }) => /^[0-9a-f]{64}$/.test(f.file_sha256))).toBe(true);
    expect(evidence.known_drugs.map((d: { drug_name: string }) => d.drug_name)).toContain("gefitinib");
    expect(evidence.druggability.approved_drugs).toBeGreaterThan(3);
  });

  it("reads extracted triples through the default confidence filter in the evidence panel and the ranking", async () => {
    const carol = (await ctx.signup()).token;
    const doc = {
      source: "manual",
      external_id: "kras-lung-1",
      title: "KRAS in lung cancer",
      year: 2022,
      // "lung cancer" must reach lung cancer's ranking (it used to normalise to DOID:3683, lung benign neoplasm).
      text: "KRAS mutations are associated with lung cancer in smokers.",
    };
    expect((await post("/v1/nlp/ingest/docs", { docs: [doc] }, carol)).statusCode).toBe(200);
    // Every extracted triple of Carol's organization made weak, so the defaults must hold them all back.
    await ctx.database.executeSql(
      "update lit_triples set confidence = 0.01 where provenance = 'extracted' and org_id is not null",
    );
    const evidence = async (url: string) => (await get(url, carol)).json();
    const all = await evidence("/v1/targets/evidence?symbol=KRAS&disease=lung%20cancer&min_confidence=0");
    expect(all.triples.length).toBeGreaterThan(0);
    expect(all.triples.every((t: { confidence: number }) => t.confidence === 0.01)).toBe(true);
    expect(all.literature_filter).toMatchObject({ min_confidence: 0, below_min_confidence: 0 });
    const shown = await evidence("/v1/targets/evidence?symbol=KRAS&disease=lung%20cancer");
    expect(shown.triples).toEqual([]);
    expect(shown.literature_filter.min_confidence).toBeNull();
    expect(shown.literature_filter.below_min_confidence).toBe(all.triples.length);
    expect(shown.literature_filter.confidence_thresholds["gene-disease"]).toBeGreaterThan(0.01);

    const { body } = await identify("lung cancer", 10, carol);
    expect(body.literature_filter.below_min_confidence).toBeGreaterThanOrEqual(all.triples.length);
  });

  it("shows a document-level gene–disease triple without quoting a sentence that names only one of them", async () => {
    const dan = (await ctx.signup()).token;
    const doc = {
      source: "manual",
      external_id: "kras-lung-across",
      title: "Tumour sequencing",
      year: 2023,
      // No sentence names both KRAS and lung cancer: any triple linking them is the document model's.
      text: "Tumour sequencing\nKRAS was sequenced in every tumour. All patients had lung cancer.",
    };
    expect((await post("/v1/nlp/ingest/docs", { docs: [doc] }, dan)).statusCode).toBe(200);
    const evidence = (await get("/v1/targets/evidence?symbol=KRAS&disease=lung%20cancer&min_confidence=0", dan)).json();
    const triples = evidence.triples.filter(
      (t: { document: { external_id: string } }) => t.document.external_id === "kras-lung-across",
    );
    expect(triples.length).toBeGreaterThan(0);
    for (const triple of triples) expect(triple).toMatchObject({ stated_in_sentence: false, sentence: "" });
  });

  it("keeps feature sets, uploads and rankings inside the organization", async () => {
    const created = await post("/v1/targets/feature_sets", { version: "crispr_v2", description: "CRISPR screens" });
    expect(created.statusCode).toBe(201);
    expect((await post("/v1/targets/feature_sets", { version: "crispr_v2" })).statusCode).toBe(409);
    expect(
      (
        await upload(
          "generic",
          { feature_name: "x", symbol_column: "gene", value_column: "v", feature_set_version: "nope_v9" },
          "x.csv",
          "gene,v\nEGFR,1\n",
        )
      ).statusCode,
    ).toBe(404);
    // Only Alice's organization has an omics feature for this obscure gene.
    const own = await upload(
      "generic",
      { feature_name: "screen_hit", symbol_column: "gene", value_column: "v", disease: "DOID:1324" },
      "screen.csv",
      "gene,v\nC1orf167,5\nEGFR,1\n",
    );
    expect(own.statusCode).toBe(201);

    const mine = await identify("lung cancer", 1000);
    expect(mine.body.results.some((r) => r.target.gene_symbol === "C1orf167")).toBe(true);
    const theirs = await identify("lung cancer", 1000, bob);
    expect(theirs.body.results.some((r) => r.target.gene_symbol === "C1orf167")).toBe(false);
    expect(theirs.body.sources.omics).toEqual([]);

    const bobSets = (await get("/v1/targets/feature_sets", bob))
      .json()
      .items.map((s: { version: string; org_id: number | null }) => s.version);
    expect(bobSets).toEqual(["priors_v1"]);
    expect(
      (await get("/v1/targets/ingestions", bob))
        .json()
        .items.every((i: { source: string }) => ["drugcentral", "jensenlab", "withdrawn"].includes(i.source)),
    ).toBe(true);
    const bobEvidence = (await get("/v1/targets/evidence?symbol=C1orf167&disease=lung%20cancer", bob)).json();
    expect(bobEvidence.features).toEqual([]);
  });
});

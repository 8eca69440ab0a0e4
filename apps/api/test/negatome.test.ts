import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

let ctx: TestContext;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
const ROFECOXIB = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
const SOLUBILITY_CSV = "conc_uM,soluble\n10,0\n1,1\n";

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.signup({ org_name: "Alice Lab" });
  const b = await ctx.signup({ org_name: "Bob Biotech" });
  alice = { token: a.token, userId: a.user.id };
  bob = { token: b.token, userId: b.user.id };
});
afterAll(async () => ctx?.close());

const call = (token: string, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.call({ method, url, token, ...(payload ? { payload } : {}) });
const annotation = (smiles: string, extra: Record<string, unknown> = {}) => ({
  target: { uniprot_id: "P35354" },
  compound: { smiles },
  assay_type: "enzymatic IC50",
  measured_outcome: "no inhibition up to 100 µM",
  reason_for_failure: "inactive against COX-2",
  replicate_count: 3,
  ...extra,
});

describe("agreement and contributions", () => {
  it("refuses contributions with 403 agreement_required until the current agreement is accepted", async () => {
    const before = await call(alice.token, "POST", "/v1/negatome/ingest/user", annotation(ROFECOXIB));
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe("agreement_required");
    expect((await call(alice.token, "GET", "/v1/negatome/agreement")).json()).toMatchObject({
      agreement_version: "1.0.0",
      acknowledged: false,
    });

    expect((await call(alice.token, "POST", "/v1/negatome/agreement/accept", { acknowledged: false })).statusCode).toBe(
      422,
    );
    expect(
      (
        await call(alice.token, "POST", "/v1/negatome/agreement/accept", {
          acknowledged: true,
          agreement_version: "0.9",
        })
      ).statusCode,
    ).toBe(422);
    const accepted = await call(alice.token, "POST", "/v1/negatome/agreement/accept", {
      acknowledged: true,
      user_declared_id: "0000-0002-1825-0097",
    });
    expect(accepted.json()).toMatchObject({
      agreement_version: "1.0.0",
      acknowledged: true,
      user_declared_id: "0000-0002-1825-0097",
    });

    const created = await call(alice.token, "POST", "/v1/negatome/ingest/user", annotation(ROFECOXIB));
    expect(created.statusCode).toBe(201);
    const [record] = (
      await call(alice.token, "GET", `/v1/negatome/query/negatome?inchi_key=RZJQGNCSTQAWON-UHFFFAOYSA-N`)
    ).json().items;
    expect(record).toMatchObject({
      negatome_id: created.json().negatome_id,
      failure_class: "BINDING",
      target_uniprot_id: "P35354",
      compound_inchi_key: "RZJQGNCSTQAWON-UHFFFAOYSA-N",
      source: "user",
      confidence_tier: "bronze",
      contributor_id: alice.userId,
      reason: "inactive against COX-2",
    });
    expect(record.evidence).toMatchObject({
      assay_type: "enzymatic IC50",
      replicate_count: 3,
      user_declared_id: "0000-0002-1825-0097",
    });
  });

  it("validates annotations: SMILES required and parsable, UniProt accession format", async () => {
    expect((await call(alice.token, "POST", "/v1/negatome/ingest/user", annotation(""))).statusCode).toBe(422);
    const bad = await call(alice.token, "POST", "/v1/negatome/ingest/user", annotation("C1CC"));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.fields[0].path).toBe("compound.smiles");
    expect(
      (
        await call(
          alice.token,
          "POST",
          "/v1/negatome/ingest/user",
          annotation("CCO", { target: { uniprot_id: "COX2" } }),
        )
      ).statusCode,
    ).toBe(422);
  });

  it("takes a contribution upload with its data file and credits it on the contributor dashboard", async () => {
    const upload = multipartUpload(
      {
        annotation_json: JSON.stringify(
          annotation("CC(=O)Oc1ccccc1C(=O)O", {
            failure_class: "SOLUBILITY",
            reason_for_failure: "precipitates at 10 µM",
          }),
        ),
        user_declared_id: "orcid:0000-0002-1825-0097",
      },
      { name: "solubility.csv", content: SOLUBILITY_CSV, field: "data_file" },
    );
    const response = await ctx.call({
      method: "POST",
      url: "/v1/negatome/contribute/upload",
      token: alice.token,
      ...upload,
    });
    expect(response.statusCode).toBe(201);
    const [record] = (await call(alice.token, "GET", "/v1/negatome/query/negatome?failure_class=SOLUBILITY")).json()
      .items;
    expect(record.negatome_id).toBe(response.json().negatome_id);
    expect(record.evidence.data_file).toMatchObject({
      name: "solubility.csv",
      size: Buffer.byteLength(SOLUBILITY_CSV),
    });
    expect(record.evidence.data_file.uri).toMatch(/^upload:\/\//);

    const dashboard = (await call(alice.token, "GET", `/v1/negatome/contributors/${alice.userId}/dashboard`)).json();
    expect(dashboard).toMatchObject({
      contributor_id: alice.userId,
      total_contributions: 2,
      by_failure_class: { BINDING: 1, SOLUBILITY: 1 },
    });
    expect(dashboard.recent_contributions[0].failure_class).toBe("SOLUBILITY");
    const badJson = multipartUpload(
      { annotation_json: "{not json" },
      { name: "x.csv", content: "a", field: "data_file" },
    );
    expect(
      (await ctx.call({ method: "POST", url: "/v1/negatome/contribute/upload", token: alice.token, ...badJson }))
        .statusCode,
    ).toBe(422);
  });
});

describe("synthetic ingest", () => {
  const negatives = [
    {
      failure_class: "BINDING",
      target_info: { uniprot_id: "P00533" },
      compound: { smiles: "c1ccc2[nH]ccc2c1" },
      metrics: { affinity_kcal_mol: -4.1, score: 0.2 },
      artifacts: { pose: "upload://x/pose.pdbqt" },
    },
    {
      failure_class: "BINDING",
      target_info: { uniprot_id: "P00533" },
      compound: { smiles: "CCOC(=O)c1ccccc1" },
      metrics: { affinity_kcal_mol: -3.8 },
      artifacts: {},
    },
  ];

  it("inserts once per idempotency key and replays the outcome to retries", async () => {
    const first = await call(bob.token, "POST", "/v1/negatome/ingest/synthetic", {
      idempotency_key: "dock-batch-1",
      records: negatives,
    });
    expect(first.json()).toEqual({ inserted: 2, skipped: 0 });
    const retry = await call(bob.token, "POST", "/v1/negatome/ingest/synthetic", {
      idempotency_key: "dock-batch-1",
      records: negatives,
    });
    expect(retry.json()).toEqual({ inserted: 2, skipped: 0 });
    const stats = (await call(bob.token, "GET", "/v1/negatome/stats")).json();
    expect(stats.by_source.synthetic).toBe(2);
  });

  it("survives 20 concurrent retries of the same key with one insert", async () => {
    const body = {
      idempotency_key: "dock-batch-concurrent",
      records: [{ ...negatives[0], compound: { smiles: "O=C(O)c1ccccc1O" } }],
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(bob.token, "POST", "/v1/negatome/ingest/synthetic", body)),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const salicylic = (
      await call(bob.token, "GET", "/v1/negatome/query/negatome?inchi_key=YGSDEFSMJLZEOE-UHFFFAOYSA-N")
    ).json().items;
    expect(salicylic).toHaveLength(1);
  });

  it("refuses a batch with an invalid record, naming it, and writes nothing", async () => {
    const before = (await call(bob.token, "GET", "/v1/negatome/stats")).json().total_records;
    const response = await call(bob.token, "POST", "/v1/negatome/ingest/synthetic", {
      idempotency_key: "bad-batch",
      records: [negatives[0], { ...negatives[1], compound: { smiles: "not/a/smiles((" } }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.fields.map((f: { path: string }) => f.path)).toEqual(["records.1.compound.smiles"]);
    expect((await call(bob.token, "GET", "/v1/negatome/stats")).json().total_records).toBe(before);
    const wrongClass = await call(bob.token, "POST", "/v1/negatome/ingest/synthetic", {
      idempotency_key: "bad-class",
      records: [{ ...negatives[0], failure_class: "VIBES" }],
    });
    expect(wrongClass.json().detail.fields[0].path).toBe("records.0.failure_class");
  });
});

describe("search, queries and tenancy", () => {
  it("finds the nearest records by Tanimoto, only among what the caller may see", async () => {
    const celecoxibLike = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccc(F)cc1";
    const mine = (await call(alice.token, "POST", "/v1/negatome/search", { smiles: celecoxibLike, topk: 3 })).json()
      .items;
    expect(mine[0].record.compound_inchi_key).toBe("RZJQGNCSTQAWON-UHFFFAOYSA-N");
    expect(mine[0].fingerprint).toBe("morgan2_2048");
    expect(mine[0].similarity).toBeGreaterThan(0.5);
    expect(mine[0].similarity).toBeLessThan(1);
    for (let i = 1; i < mine.length; i++) expect(mine[i].similarity).toBeLessThanOrEqual(mine[i - 1].similarity);
    const theirs = (await call(bob.token, "POST", "/v1/negatome/search", { smiles: celecoxibLike, topk: 10 })).json()
      .items;
    expect(
      theirs.every((hit: { record: { org_id: number | null } }) => hit.record.org_id !== mine[0].record.org_id),
    ).toBe(true);
  });

  it("keeps each organization's records, stats, recent list and contributors private", async () => {
    const aliceStats = (await call(alice.token, "GET", "/v1/negatome/stats")).json();
    const bobStats = (await call(bob.token, "GET", "/v1/negatome/stats")).json();
    expect(aliceStats.by_source.user).toBe(2);
    expect(aliceStats.by_source.synthetic).toBeUndefined();
    expect(bobStats.by_source.user).toBeUndefined();
    const bobRecent = (await call(bob.token, "GET", "/v1/negatome/recent")).json().items;
    expect(bobRecent.every((r: { source: string }) => r.source === "synthetic")).toBe(true);
    expect(
      (await call(bob.token, "GET", "/v1/negatome/query/negatome?inchi_key=RZJQGNCSTQAWON-UHFFFAOYSA-N")).json().items,
    ).toEqual([]);
    expect((await call(bob.token, "GET", `/v1/negatome/contributors/${alice.userId}/dashboard`)).statusCode).toBe(404);
  });

  it("answers 422 when the search SMILES is missing or invalid", async () => {
    expect((await call(alice.token, "POST", "/v1/negatome/search", {})).statusCode).toBe(422);
    expect((await call(alice.token, "POST", "/v1/negatome/search", { smiles: "xyz(" })).statusCode).toBe(422);
    expect((await call(alice.token, "POST", "/v1/negatome/search", { smiles: "CCO", topk: 0 })).statusCode).toBe(422);
  });

  it("verifies its schema", async () => {
    expect((await call(alice.token, "POST", "/v1/negatome/ensure-schema")).json()).toEqual({
      ok: true,
      tables: { negatome_records: true, negatome_agreements: true, negatome_ingest_keys: true },
    });
  });
});

describe("safety checks", () => {
  // Zinostatin (neocarzinostatin chromophore), DrugCentral 4108: 136 characters with `/`, `\`, `#` and `[...]`.
  const ZINOSTATIN =
    "CN[C@H]1[C@@H](O[C@H]2[C@H](OC(=O)C3=C(O)C=CC4=C3C=C(OC)C=C4C)C=C3C#C[C@@]4(O[C@@H]4C#C\\C=C2/3)[C@H]2COC(=O)O2)O[C@H](C)[C@H](O)[C@@H]1O";

  it("answers GET /safety/{smiles} for a URL-encoded SMILES longer than 100 characters as POST does", async () => {
    expect(ZINOSTATIN.length).toBeGreaterThan(100);
    for (const character of ["/", "\\", "#", "[", "]"]) expect(ZINOSTATIN).toContain(character);
    const viaPost = await call(alice.token, "POST", "/v1/negatome/safety", { smiles: ZINOSTATIN });
    expect(viaPost.statusCode).toBe(200);
    const viaGet = await call(alice.token, "GET", `/v1/negatome/safety/${encodeURIComponent(ZINOSTATIN)}`);
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json()).toEqual(viaPost.json());
    expect(viaGet.json().inchi_key).toBe("QZGIWPZCWHMVQL-UIYAJPBUSA-N");
  });

  it("counts each safety check that matches a contributor's records on their dashboard", async () => {
    const dashboard = async () =>
      (await call(alice.token, "GET", `/v1/negatome/contributors/${alice.userId}/dashboard`)).json();
    const before = await dashboard();
    const mine = new Set(before.recent_contributions.map((r: { negatome_id: string }) => r.negatome_id));
    const result = (await call(alice.token, "POST", "/v1/negatome/safety", { smiles: ROFECOXIB })).json();
    const matched = result.evidence_hits.filter((h: { negatome_id: string }) => mine.has(h.negatome_id));
    expect(matched.some((h: { exact_match: boolean }) => h.exact_match)).toBe(true);
    expect((await dashboard()).safety_check_matches).toBe(before.safety_check_matches + matched.length);
  });

  it("stores the parent of a salt, so /safety of the free base is an exact match", async () => {
    const terbinafine = "CN(C/C=C/C#CC(C)(C)C)Cc1cccc2ccccc12";
    const hydrochloride = `Cl.${terbinafine}`;
    const created = await call(
      alice.token,
      "POST",
      "/v1/negatome/ingest/user",
      annotation(hydrochloride, { failure_class: "SAFETY", reason_for_failure: "hepatotoxicity in our assay" }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().negatome_id;

    const result = (await call(alice.token, "POST", "/v1/negatome/safety", { smiles: terbinafine })).json();
    const [record] = (
      await call(alice.token, "GET", `/v1/negatome/query/negatome?inchi_key=${result.inchi_key}`)
    ).json().items;
    expect(record).toMatchObject({ negatome_id: id, compound_smiles: result.smiles });
    expect(record.compound_smiles).not.toContain(".");
    expect(record.evidence.input_smiles).toBe(hydrochloride);
    expect(result.evidence_hits).toContainEqual(expect.objectContaining({ negatome_id: id, exact_match: true }));
    expect(result.warnings.find((w: { kind: string }) => w.kind === "exact_match")?.evidence).toContain(id);

    // Synthetic negatives are identified the same way.
    const lidocaine = "CCN(CC)CC(=O)Nc1c(C)cccc1C";
    expect(
      (
        await call(bob.token, "POST", "/v1/negatome/ingest/synthetic", {
          idempotency_key: "salt-form",
          records: [{ failure_class: "BINDING", compound: { smiles: `${lidocaine}.Cl` } }],
        })
      ).json(),
    ).toEqual({ inserted: 1, skipped: 0 });
    const forBob = (await call(bob.token, "POST", "/v1/negatome/safety", { smiles: lidocaine })).json();
    expect(forBob.evidence_hits.filter((h: { exact_match: boolean }) => h.exact_match)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { requireSharedData } from "@sieve/testing";

let ctx: TestContext;
let alice: string;
let bob: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.signup()).token;
  bob = (await ctx.signup()).token;
});
afterAll(async () => ctx?.close());

describe("built-in demo negatome", () => {
  it("loads once, as public records labelled demo that every organization sees", async () => {
    const first = (await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token: alice })).json();
    expect(first.inserted).toBeGreaterThanOrEqual(30);
    expect(first.skipped).toBe(0);
    expect((await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token: bob })).json()).toEqual({
      inserted: 0,
      skipped: first.inserted,
    });
    const stats = (await ctx.call({ method: "GET", url: "/v1/negatome/stats", token: bob })).json();
    expect(stats.by_source.demo).toBe(first.inserted);
    // Rofecoxib (Vioxx, withdrawn 2004 for cardiovascular risk) is in the demo set with its real InChIKey.
    const [vioxx] = (
      await ctx.call({
        method: "GET",
        url: "/v1/negatome/query/negatome?inchi_key=RZJQGNCSTQAWON-UHFFFAOYSA-N",
        token: bob,
      })
    ).json().items;
    expect(vioxx).toMatchObject({ source: "demo", failure_class: "SAFETY", org_id: null, target_uniprot_id: "P35354" });
    expect(vioxx.evidence.compound_name).toMatch(/rofecoxib/i);
    // One entry per compound: the InChIKey's first block (any salt or stereo form) finds the same record.
    const byEntry = (
      await ctx.call({ method: "GET", url: "/v1/negatome/query/negatome?inchi_key=RZJQGNCSTQAWON", token: bob })
    ).json().items;
    expect(byEntry.map((r: { negatome_id: string }) => r.negatome_id)).toEqual([vioxx.negatome_id]);
  });
});

describe("admin reference data", () => {
  beforeAll(() => requireSharedData("clintox/clintox.csv"));
  it("lists the datasets found in the reference-data root", async () => {
    const list = (await ctx.call({ method: "GET", url: "/v1/admin/reference-data", token: alice })).json();
    const names = list.items.filter((d: { available: boolean }) => d.available).map((d: { name: string }) => d.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "negatome:demo",
        "negatome:clintox",
        "negatome:withdrawn",
        "literature:bc5cdr",
        "literature:biored",
      ]),
    );
  });

  it("loads ClinTox's 112 clinical-trial toxicity failures as public SAFETY records, idempotently", async () => {
    const load = (
      await ctx.call({
        method: "POST",
        url: "/v1/admin/reference-data/load",
        token: alice,
        payload: { datasets: ["negatome:clintox"] },
      })
    ).json();
    expect(load.items[0]).toMatchObject({ dataset: "negatome:clintox", inserted: 112, skipped: 0 });
    const again = (
      await ctx.call({
        method: "POST",
        url: "/v1/admin/reference-data/load",
        token: alice,
        payload: { datasets: ["negatome:clintox"] },
      })
    ).json();
    expect(again.items[0]).toMatchObject({ inserted: 0, skipped: 112 });
    const [record] = (
      await ctx.call({ method: "GET", url: "/v1/negatome/query/negatome?failure_class=SAFETY&limit=1000", token: bob })
    )
      .json()
      .items.filter((r: { source: string }) => r.source === "clintox");
    expect(record).toMatchObject({ confidence_tier: "silver", org_id: null });
    expect(record.evidence.licence).toBeTruthy();
  });

  it("refuses unknown datasets", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/admin/reference-data/load",
      token: alice,
      payload: { datasets: ["negatome:everything"] },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe("safety assessment", () => {
  const ROFECOXIB = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
  const SULFONAMIDE_ANALOGUE = "NS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
  const safety = (smiles: string) =>
    ctx.call({ method: "POST", url: "/v1/negatome/safety", token: bob, payload: { smiles } });

  it("rates a withdrawn drug itself red, citing the exact match", async () => {
    await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token: alice });
    const result = (await safety(ROFECOXIB)).json();
    expect(result.risk_level).toBe("red");
    expect(result.risk_score).toBeGreaterThan(0.7);
    expect(result.warnings[0]).toMatchObject({ kind: "exact_match", severity: "high" });
    expect(result.evidence_hits[0]).toMatchObject({ exact_match: true, similarity: 1, source: "demo" });
    expect(result.fingerprint).toBe("morgan2_2048");
  });

  it("rates a close analogue of a withdrawn drug amber or red, naming the drug it resembles", async () => {
    const result = (await safety(SULFONAMIDE_ANALOGUE)).json();
    expect(["amber", "red"]).toContain(result.risk_level);
    const similar = result.warnings.find((w: { kind: string }) => w.kind === "similar_failure");
    expect(similar.message).toMatch(/rofecoxib/i);
    expect(result.evidence_hits[0].compound_name).toMatch(/rofecoxib/i);
    expect(result.evidence_hits[0].similarity).toBeGreaterThan(0.5);
  });

  it("rates a simple unrelated molecule green, and answers the same on GET with the SMILES in the path", async () => {
    const post = (await safety("CCO")).json();
    expect(post.risk_level).toBe("green");
    const get = (
      await ctx.call({ method: "GET", url: `/v1/negatome/safety/${encodeURIComponent("CCO")}`, token: bob })
    ).json();
    expect(get.risk_score).toBe(post.risk_score);
  });

  it("adds the target's failure history when a target is given", async () => {
    const withTarget = (
      await ctx.call({
        method: "POST",
        url: "/v1/negatome/score/safety",
        token: bob,
        payload: { target_uniprot_id: "P35354", compound_smiles: "CCO" },
      })
    ).json();
    const history = withTarget.warnings.find((w: { kind: string }) => w.kind === "target_history");
    expect(history.message).toMatch(/P35354/);
    expect(withTarget.risk_score).toBeGreaterThan((await safety("CCO")).json().risk_score);
  });

  it("answers 422 when the SMILES is missing or invalid", async () => {
    expect((await ctx.call({ method: "POST", url: "/v1/negatome/safety", token: bob, payload: {} })).statusCode).toBe(
      422,
    );
    const invalid = await safety("C1CC");
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().code).toBe("invalid_smiles");
  });
});

describe("reconciled entries (demo, ClinTox and withDRAWN loaded; DrugCentral read from the reference data)", () => {
  const CELECOXIB = "CC1=CC=C(C=C1)C2=CC(=NN2C3=CC=C(C=C3)S(=O)(=O)N)C(F)(F)F";
  const ROFECOXIB = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
  beforeAll(async () => {
    requireSharedData("withdrawn/drug_info.csv", "drugcentral/structures.smiles.tsv");
    await ctx.call({ method: "POST", url: "/v1/negatome/ingest-demo", token: alice });
    await ctx.call({
      method: "POST",
      url: "/v1/admin/reference-data/load",
      token: alice,
      payload: { datasets: ["negatome:clintox", "negatome:withdrawn"] },
    });
  }, 120_000);
  const safety = async (smiles: string) =>
    (await ctx.call({ method: "POST", url: "/v1/negatome/safety", token: bob, payload: { smiles } })).json();

  it("shows celecoxib amber, its approval and its failure flags side by side with a conflict note", async () => {
    const result = await safety(CELECOXIB);
    expect(result.risk_level).toBe("amber");
    expect(result.verdict).toMatchObject({ approved: true, conflict: true });
    expect(result.verdict.conflict_note).toMatch(/^Sources disagree: approved in DrugCentral, ClinTox;/);
    const labels = result.entry.claims.map((c: { source: string; label: string }) => `${c.source}:${c.label}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        "drugcentral:approved",
        "clintox:approved",
        "clintox:failed_trials",
        "withdrawn:withdrawn",
        "withdrawn:boxed_warning",
      ]),
    );
    expect(JSON.stringify(result)).not.toMatch(/withdrawn from the market/i);
  });

  it("shows rofecoxib red, once, with the demo set's country and year and ChEMBL's flag and reason", async () => {
    const result = await safety(ROFECOXIB);
    expect(result.risk_level).toBe("red");
    expect(result.verdict).toMatchObject({ documented_withdrawal: true, conflict: false });
    expect(result.entry.claims).toContainEqual(
      expect.objectContaining({ source: "demo", label: "withdrawn", country: "worldwide", year: 2004 }),
    );
    expect(result.entry.claims).toContainEqual(
      expect.objectContaining({
        source: "withdrawn",
        statement: "Flagged withdrawn in ChEMBL (reason: Risk for heart attack and stroke).",
      }),
    );
    expect(result.evidence_hits.filter((h: { entry_key: string }) => h.entry_key === "RZJQGNCSTQAWON")).toHaveLength(1);
    const search = (
      await ctx.call({
        method: "POST",
        url: "/v1/negatome/search",
        token: bob,
        payload: { smiles: ROFECOXIB, topk: 5 },
      })
    ).json();
    expect(search.items[0]).toMatchObject({ entry_key: "RZJQGNCSTQAWON", similarity: 1 });
    expect(search.items[0].sources.sort()).toEqual(["demo", "withdrawn"]);
    expect(new Set(search.items.map((h: { entry_key: string }) => h.entry_key)).size).toBe(search.items.length);
  });
});

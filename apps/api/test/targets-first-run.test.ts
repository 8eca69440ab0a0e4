import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireSharedData } from "@sieve/testing";
import { createTestContext, type TestContext } from "./context";

// Issue 18 (first run): on a fresh database with the reference files present, the targets module says
// which reference datasets it lacks and that each can be loaded, so a page offers the load, not a 503.
requireSharedData(
  "hgnc/hgnc_mapper.tsv",
  "disease_ontology/HumanDO.obo",
  "drugcentral/drug_target.tsv",
  "drugcentral/drug_indication.tsv",
  "withdrawn/drug_info.csv",
  "jensenlab_diseases/human_disease_knowledge_filtered.tsv",
);

let ctx: TestContext;
let token: string;

describe("target reference data on a first run", () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.signup()).token;
  });
  afterAll(async () => ctx?.close());

  const status = async () =>
    (await ctx.call({ method: "GET", url: "/v1/targets/reference-status", token })).json() as {
      ready: boolean;
      datasets: { name: string; loaded: boolean; available: boolean }[];
      measured_load_seconds: number;
    };

  it("lists the five datasets as missing and loadable, then as loaded once loaded", async () => {
    const fresh = await status();
    expect(fresh.ready).toBe(false);
    expect(fresh.datasets.map((d) => [d.name, d.loaded, d.available])).toEqual([
      ["reference:genes", false, true],
      ["reference:diseases", false, true],
      ["targets:drugcentral", false, true],
      ["targets:jensenlab", false, true],
      ["targets:withdrawn", false, true],
    ]);
    expect(fresh.measured_load_seconds).toBeGreaterThan(0);
    // What the page would answer without it: the 503 the panel spares the user.
    const early = await ctx.call({ method: "POST", url: "/v1/targets/identify", token, payload: { disease: "RA" } });
    expect(early.statusCode).toBe(503);

    for (const name of fresh.datasets.map((d) => d.name)) {
      const load = await ctx.call({
        method: "POST",
        url: "/v1/admin/reference-data/load",
        token,
        payload: { datasets: [name] },
      });
      expect(load.statusCode).toBe(200);
      expect((await status()).datasets.find((d) => d.name === name)!.loaded).toBe(true);
    }
    expect((await status()).ready).toBe(true);
    const ranked = await ctx.call({ method: "POST", url: "/v1/targets/identify", token, payload: { disease: "RA" } });
    expect([200, 202]).toContain(ranked.statusCode);
  }, 240_000);
});

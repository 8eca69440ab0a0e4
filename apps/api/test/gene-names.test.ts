import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSharedData, requireGeneNamesSqlite, requireSharedData } from "@sieve/testing";
import { schema } from "@sieve/db";
import { createTestContext, type TestContext } from "./context";

// Issue 18: a protein name for every HGNC protein-coding gene (never "—"), from org.Hs.eg.db's GENENAME
// where ChEMBL has no target name.
requireSharedData("hgnc/hgnc_mapper.tsv", "disease_ontology/HumanDO.obo");
const sqlite = requireGeneNamesSqlite();
/** NCBI Gene ids and symbols org.Hs.eg.db knows, read with the sqlite3 program, apart from the loader. */
const known = new Set(
  execFileSync(
    "sqlite3",
    ["-readonly", sqlite, "SELECT g.gene_id || ' ' || i.symbol FROM genes g JOIN gene_info i ON i._id = g._id"],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  )
    .split("\n")
    .flatMap((line) => line.split(" ")),
);

let ctx: TestContext;
let token: string;

describe("gene names from org.Hs.eg.db", () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.signup()).token;
    const load = await ctx.call({
      method: "POST",
      url: "/v1/admin/reference-data/load",
      token,
      payload: { datasets: ["reference:genes"] },
    });
    expect(load.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("names the genes the issue found nameless, and every protein-coding gene", async () => {
    const rows = await ctx.app.database.db
      .select({ symbol: schema.refGenes.symbol, proteinName: schema.refGenes.proteinName })
      .from(schema.refGenes);
    const bySymbol = new Map(rows.map((r) => [r.symbol, r.proteinName]));
    // NCBI Gene's full names (gene_info of NCBI, as org.Hs.eg.db carries them).
    expect(bySymbol.get("IRF5")).toBe("interferon regulatory factor 5");
    expect(bySymbol.get("HLA-B")).toBe("major histocompatibility complex, class I, B");
    expect(bySymbol.get("RUNX1")).toBe("RUNX family transcription factor 1");
    expect(bySymbol.get("ATP4A")).toBe("ATPase H+/K+ transporting subunit alpha");
    // Protein-coding: a UniProt accession in the HGNC file (read here, independently of the loader).
    const proteinCoding = readSharedData("hgnc/hgnc_mapper.tsv")
      .split("\n")
      .slice(1)
      .map((line) => line.split("\t"))
      .filter((cells) => cells[1] && cells[5]?.trim())
      .map((cells) => ({ symbol: cells[1]!, ncbi: cells[3]?.trim() ?? "" }));
    expect(proteinCoding.length).toBeGreaterThan(19_000);
    const nameless = proteinCoding.filter(({ symbol }) => bySymbol.has(symbol) && !bySymbol.get(symbol));
    // Only genes whose NCBI Gene id and symbol were both retired after the HGNC file (merged into another
    // gene, e.g. PALM2 and AKAP2 into PALM2AKAP2) may lack a name: taking the merged gene's would mislabel them.
    const retired = nameless.filter(({ symbol, ncbi }) => (!ncbi || !known.has(ncbi)) && !known.has(symbol));
    expect(nameless.map((g) => g.symbol)).toEqual(retired.map((g) => g.symbol));
    expect(retired.length).toBeLessThan(10);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestContext, type TestContext } from "./context";

let ctx: TestContext;
let token: string;
const ROFECOXIB = "CS(=O)(=O)c1ccc(cc1)C1=C(C(=O)OC1)c1ccccc1";
const ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O";

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup({ org_name: "Held Transactions Lab" })).token;
  const accepted = await ctx.call({
    method: "POST",
    url: "/v1/negatome/agreement/accept",
    token,
    payload: { acknowledged: true },
  });
  expect(accepted.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

const contribute = async (smiles: string): Promise<string> => {
  const response = await ctx.call({
    method: "POST",
    url: "/v1/negatome/ingest/user",
    token,
    payload: { compound: { smiles }, reason_for_failure: "inactive" },
  });
  expect(response.statusCode).toBe(201);
  return response.json().negatome_id;
};
/** Every record the search found: a hit is one compound, carrying the ids of all its records among the nearest. */
const searchIds = async (smiles: string): Promise<string[]> => {
  const response = await ctx.call({ method: "POST", url: "/v1/negatome/search", token, payload: { smiles, topk: 10 } });
  expect(response.statusCode).toBe(200);
  return response.json().items.flatMap((hit: { negatome_ids: string[] }) => hit.negatome_ids);
};

describe("negatome similarity index on PostgreSQL", () => {
  it("finds a record whose transaction took a lower seq but committed after a higher one was indexed", async () => {
    const first = await contribute(ROFECOXIB);
    expect(await searchIds(ROFECOXIB)).toEqual([first]);

    const url = ctx.config.database.kind === "postgres" ? ctx.config.database.url : "";
    const held = new pg.Client({ connectionString: url });
    await held.connect();
    try {
      // A second writer's transaction takes its seq now and commits only at the end.
      await held.query("begin");
      const { rows } = await held.query<{ id: string; seq: string }>(
        `insert into negatome_records (org_id, failure_class, target_uniprot_id, compound_inchi_key, compound_smiles, fingerprint, source, source_key, score, reason, evidence, confidence_tier, contributor_id)
         select org_id, failure_class, target_uniprot_id, compound_inchi_key, compound_smiles, fingerprint, source, 'held-transaction', score, 'held back', evidence, confidence_tier, contributor_id
         from negatome_records where id = $1
         returning id, seq`,
        [first],
      );
      const heldRow = rows[0]!;

      const later = await contribute(ASPIRIN);
      const [{ seq: laterSeq }] = (
        await held.query<{ seq: string }>("select seq from negatome_records where id = $1", [later])
      ).rows as [{ seq: string }];
      expect(Number(laterSeq)).toBeGreaterThan(Number(heldRow.seq));
      // The index reads past the held seq while it is still uncommitted.
      expect(await searchIds(ASPIRIN)).toContain(later);
      expect(await searchIds(ROFECOXIB)).not.toContain(heldRow.id);

      await held.query("commit");
      const hits = await searchIds(ROFECOXIB);
      expect(hits).toContain(heldRow.id);
      expect(hits).toContain(first);
      // Each record is indexed once, however often its seq was looked for.
      expect(new Set(hits).size).toBe(hits.length);
    } finally {
      await held.end();
    }
  });
});

import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

const SHARED = new URL("../../../../shared/data/", import.meta.url);
const HIV_PROTEASE = new URL("structures/1HSG.pdb", SHARED);
const DRUGCENTRAL = new URL("drugcentral/structures.smiles.tsv", SHARED);
const UBIQUITIN = "MQIFVKTLTGKTITLEVEPSDTIENVKAKIQDKEGIPPDQQRLIFAGKQLEDGRTLSDYNIQKESTLHLVLRLRGG";

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup()).token;
});
afterAll(async () => ctx?.close());

const analyzeMolecules = (payload: unknown) =>
  ctx.call({ method: "POST", url: "/v1/molecules/analyze", token, payload: payload as object });

describe("POST /v1/molecules/analyze", () => {
  it("analyses each SMILES line, trimmed, blanks dropped, with the spec's quick fields and the full profile", async () => {
    const response = await analyzeMolecules({
      smiles: ["  CC(=O)Oc1ccccc1C(=O)O  ", "", "Cn1cnc2c1c(=O)n(C)c(=O)n2C\n\n"],
      parameters: { include_drug_likeness: true },
    });
    expect(response.statusCode).toBe(200);
    const [aspirin, caffeine, ...rest] = response.json().results;
    expect(rest).toEqual([]);
    // Aspirin, C9H8O4: average mass 180.159 g/mol, monoisotopic 180.0423, InChIKey from PubChem.
    expect(aspirin).toMatchObject({
      input: "CC(=O)Oc1ccccc1C(=O)O",
      ok: true,
      formula: "C9H8O4",
      heavy_atoms: 13,
      rings_est: 1,
      inchikey: "BSYNRYMUTXBXSQ-UHFFFAOYSA-N",
      drug_like: true,
      veber_pass: true,
    });
    expect(aspirin.approx_mw).toBeCloseTo(180.159, 2);
    expect(aspirin.descriptors.exact_mw).toBeCloseTo(180.0423, 3);
    expect(aspirin.lipinski.violations).toBe(0);
    expect(caffeine).toMatchObject({ formula: "C8H10N4O2", inchikey: "RYYVLZVUVIJVGH-UHFFFAOYSA-N", rings_est: 2 });
    expect(caffeine.descriptors.qed).toBeGreaterThan(0);
    expect(caffeine.descriptors.qed).toBeLessThan(1);
  });

  it("reports a bad SMILES per item with RDKit's reason and analyses the rest", async () => {
    const results = (await analyzeMolecules({ smiles: ["C1CC", "CCO"] })).json().results;
    expect(results[0]).toMatchObject({ input: "C1CC", ok: false });
    expect(results[0].error).toMatch(/unclosed ring|SMILES Parse Error/i);
    expect(results[1]).toMatchObject({ ok: true, formula: "C2H6O" });
  });

  it("describes a salt whole and reports its largest fragment", async () => {
    const [salt] = (await analyzeMolecules({ smiles: ["CN(C)CCCN1c2ccccc2CCc2ccccc21.Cl"] })).json().results;
    expect(salt.ok).toBe(true);
    expect(salt.formula).toBe("C19H25ClN2");
    expect(salt.largest_fragment.formula).toBe("C19H24N2");
  });

  it("leaves out drug-likeness when not asked for and adds SVG when asked", async () => {
    const [plain] = (
      await analyzeMolecules({ smiles: ["c1ccccc1"], parameters: { include_drug_likeness: false } })
    ).json().results;
    expect(plain.drug_like).toBeUndefined();
    expect(plain.svg).toBeUndefined();
    const [drawn] = (await analyzeMolecules({ smiles: ["c1ccccc1"], parameters: { include_svg: true } })).json()
      .results;
    expect(drawn.svg).toMatch(/^<\?xml|<svg/);
  });

  it("answers 422 for no SMILES and 413 beyond 10,000", async () => {
    expect((await analyzeMolecules({ smiles: [] })).statusCode).toBe(422);
    expect((await analyzeMolecules({ smiles: ["  ", ""] })).statusCode).toBe(422);
    const tooMany = await analyzeMolecules({ smiles: Array.from({ length: 10_001 }, () => "C") });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatch(/10001 given, at most 10000/);
  });

  it("keeps answering /health while a large analysis runs on the compute threads", async () => {
    const smiles = existsSync(DRUGCENTRAL)
      ? readFileSync(DRUGCENTRAL, "utf8")
          .split("\n")
          .slice(1, 1501)
          .map((line) => line.split("\t")[0]!)
          .filter(Boolean)
      : Array.from({ length: 1500 }, (_, i) => "C".repeat((i % 30) + 1) + "O");
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const finished: string[] = [];
    const analysis = fetch(`http://127.0.0.1:${port}/v1/molecules/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ smiles }),
    }).then(async (r) => {
      finished.push("analysis");
      return (await r.json()) as { results: unknown[] };
    });
    await new Promise((r) => setTimeout(r, 300));
    const health = await new Promise<number>((resolve, reject) => {
      httpRequest(`http://127.0.0.1:${port}/health`, (res) => {
        res.resume();
        finished.push("health");
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(health).toBe(200);
    const body = await analysis;
    expect(finished).toEqual(["health", "analysis"]);
    expect(body.results).toHaveLength(smiles.length);
  });
});

describe("POST /v1/molecules/analyze/upload", () => {
  const upload = (name: string, content: string, fields: Record<string, string> = {}) =>
    ctx.call({
      method: "POST",
      url: "/v1/molecules/analyze/upload",
      token,
      ...multipartUpload(fields, { name, content }),
    });

  it("reads .smi, .csv with a detected or chosen column, and .sdf", async () => {
    const smi = (await upload("lib.smi", "CCO ethanol\nc1ccccc1 benzene\n")).json().results;
    expect(smi.map((r: { formula: string }) => r.formula)).toEqual(["C2H6O", "C6H6"]);
    const csv = (await upload("lib.csv", "name,SMILES\nethanol,CCO\n")).json().results;
    expect(csv[0].formula).toBe("C2H6O");
    const chosen = (await upload("lib.csv", "structure,label\nCCN,a\n", { smiles_column: "structure" })).json().results;
    expect(chosen[0].formula).toBe("C2H7N");
    const sdf =
      "methanol\n  manual\n\n  2  1  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0\n    1.4000    0.0000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0\n  1  2  1  0\nM  END\n$$$$\n";
    const fromSdf = (await upload("lib.sdf", sdf)).json().results;
    expect(fromSdf[0]).toMatchObject({ input: "methanol", ok: true, formula: "CH4O", smiles: "CO" });
  });

  it("refuses a CSV without a SMILES column and other file types (422)", async () => {
    const noColumn = await upload("lib.csv", "a,b\n1,2\n");
    expect(noColumn.statusCode).toBe(422);
    expect(noColumn.json().error).toMatch(/No SMILES column/);
    expect((await upload("lib.xlsx", "x")).statusCode).toBe(422);
  });
});

describe("POST /v1/proteins/analyze", () => {
  it("analyses sequences and FASTA records, reporting bad letters per sequence", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/proteins/analyze",
      token,
      payload: {
        sequences: [`>ubiquitin human\n${UBIQUITIN.slice(0, 40)}\n${UBIQUITIN.slice(40)}`, " acdefghik ", "MKV-LL"],
      },
    });
    expect(response.statusCode).toBe(200);
    const [ubiquitin, lower, bad] = response.json().results;
    // Ubiquitin (P0CG48 chain): 76 residues, 8564.8 Da average mass (ExPASy ProtParam).
    expect(ubiquitin).toMatchObject({ id: "ubiquitin human", length: 76, ok: true });
    expect(ubiquitin.molecular_weight).toBeCloseTo(8564.8, 0);
    expect(lower).toMatchObject({ sequence: "ACDEFGHIK", ok: true, length: 9 });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/"-"/);
  });

  it("splits an uploaded PDB into chains and analyses each", async () => {
    const pdb = existsSync(HIV_PROTEASE)
      ? readFileSync(HIV_PROTEASE, "utf8")
      : "ATOM      1  CA  MET A   1       0.000   0.000   0.000  1.00  0.00           C\nATOM      2  CA  LYS A   2       3.800   0.000   0.000  1.00  0.00           C\nEND\n";
    const response = await ctx.call({
      method: "POST",
      url: "/v1/proteins/analyze/upload",
      token,
      ...multipartUpload({}, { name: "1HSG.pdb", content: pdb }),
    });
    expect(response.statusCode).toBe(200);
    const chains = response.json().results;
    if (existsSync(HIV_PROTEASE)) {
      expect(chains.map((c: { chain: string; length: number }) => [c.chain, c.length])).toEqual([
        ["A", 99],
        ["B", 99],
      ]);
      expect(chains[0].sequence.startsWith("PQITLWQRPLVTIKIGGQLKEALLDTGADDTV")).toBe(true);
    } else {
      expect(chains[0]).toMatchObject({ chain: "A", sequence: "MK" });
    }
  });

  it("requires authentication for analysis", async () => {
    expect(
      (await ctx.call({ method: "POST", url: "/v1/proteins/analyze", payload: { sequences: ["MK"] } })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.call({ method: "POST", url: "/v1/molecules/analyze", payload: { smiles: ["C"] } })).statusCode,
    ).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";
import { schema } from "@sieve/db";
import { requireSharedData } from "@sieve/testing";
import { ApiError } from "../src/http/errors";
import type { EngineJobRow } from "../src/modules/engine/store";
import { completedJobResult } from "../src/worker-gateway/gateway";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

requireSharedData("hgnc/hgnc_mapper.tsv", "disease_ontology/HumanDO.obo");

let ctx: TestContext;
let token: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup()).token;
  projectId = (
    await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name: "Bad input", ruo_ack: true } })
  ).json().id;
});
afterAll(async () => ctx?.close());

const rowCount = async (
  table: typeof schema.uploads | typeof schema.blobs | typeof schema.litDocuments | typeof schema.runs,
) => Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);

function expectErrorBody(response: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: expect.any(String), code: code ?? expect.any(String) });
}

describe("text that PostgreSQL cannot store", () => {
  it.each([
    ["a NUL", "Kinase\u0000screen"],
    ["a lone high surrogate", "Kinase \ud83d screen"],
    ["a lone low surrogate", "Kinase \ude00 screen"],
  ])("refuses %s in a project name with 422 naming the field", async (_what, name) => {
    const response = await ctx.call({ method: "POST", url: "/v1/projects", token, payload: { name, ruo_ack: true } });
    expectErrorBody(response, 422, "invalid_text");
    expect(response.json().detail.fields[0].path).toBe("name");
  });

  it("refuses a NUL in a nested field, a signup name and a key, and accepts a real emoji pair", async () => {
    const nested = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "custom",
        inputs: { custom_message: "ok" },
        modules: [{ name: "x", params: { a: "\u0000" } }],
      },
    });
    expectErrorBody(nested, 422, "invalid_text");
    expect(nested.json().detail.fields[0].path).toBe("modules.0.params.a");
    const key = await ctx.call({
      method: "POST",
      url: `/v1/projects/${projectId}/runs`,
      token,
      payload: {
        workflow: "custom",
        inputs: { custom_message: "ok" },
        modules: [{ name: "x", params: { "\u0000": 1 } }],
      },
    });
    expectErrorBody(key, 422, "invalid_text");
    const signup = await ctx.call({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { email: "nul@example.org", password: "a long enough passphrase 7", name: "A\u0000B" },
    });
    expectErrorBody(signup, 422, "invalid_text");
    const emoji = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token,
      payload: { name: "Screen \ud83e\uddea", ruo_ack: true },
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().name).toBe("Screen 🧪");
  });

  it("refuses a NUL in a query string or a multipart field", async () => {
    expectErrorBody(await ctx.call({ method: "GET", url: "/v1/nlp/documents?source=a%00b&external_id=1", token }), 422);
    const upload = multipartUpload({ kind: "compound_library\u0000" }, { name: "lib.smi", content: "CCO\n" });
    expectErrorBody(await ctx.call({ method: "POST", url: "/v1/uploads", token, ...upload }), 422);
  });
});

describe("malformed bodies", () => {
  it("answers 400 to JSON nested 5,000 levels deep", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    for (const payload of [deep, `{"name":${deep}}`, '{"a":'.repeat(5000) + "1" + "}".repeat(5000)]) {
      const response = await ctx.call({
        method: "POST",
        url: "/v1/projects",
        token,
        payload,
        headers: { "content-type": "application/json" },
      });
      expectErrorBody(response, 400, "json_too_deep");
    }
  });

  it("answers 400 to multipart without a boundary or cut off, and stores nothing", async () => {
    const before = await rowCount(schema.uploads);
    const noBoundary = await ctx.call({
      method: "POST",
      url: "/v1/uploads",
      token,
      payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nprotein\r\n--x--\r\n',
      headers: { "content-type": "multipart/form-data" },
    });
    expectErrorBody(noBoundary, 400, "invalid_multipart");
    const whole = multipartUpload({ kind: "compound_library" }, { name: "lib.smi", content: "CCO\n".repeat(1000) });
    const cut = await ctx.call({
      method: "POST",
      url: "/v1/uploads",
      token,
      payload: whole.payload.subarray(0, whole.payload.length - 2000),
      headers: whole.headers,
    });
    expectErrorBody(cut, 400, "invalid_multipart");
    expect(await rowCount(schema.uploads)).toBe(before);
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "refuses kind=%s on /v1/uploads with 422",
    async (kind) => {
      const upload = multipartUpload({ kind }, { name: "lib.smi", content: "CCO\n" });
      expectErrorBody(await ctx.call({ method: "POST", url: "/v1/uploads", token, ...upload }), 422);
    },
  );
});

describe("files over the size limit", () => {
  it.each([
    ["/v1/uploads", { kind: "compound_library" }, "lib.smi"],
    ["/v1/molecules/analyze/upload", {}, "lib.smi"],
    ["/v1/nlp/ingest/pubtator", {}, "big.pubtator"],
  ])("%s answers 413 and stores nothing", async (url, fields, name) => {
    const [uploads, blobs, docs] = [
      await rowCount(schema.uploads),
      await rowCount(schema.blobs),
      await rowCount(schema.litDocuments),
    ];
    const line = "CCO ethanol\n";
    const content = line.repeat(Math.ceil((UPLOAD_MAX_BYTES + 1024) / line.length));
    const response = await ctx.call({ method: "POST", url, token, ...multipartUpload(fields, { name, content }) });
    expectErrorBody(response, 413, "payload_too_large");
    expect([await rowCount(schema.uploads), await rowCount(schema.blobs), await rowCount(schema.litDocuments)]).toEqual(
      [uploads, blobs, docs],
    );
  });
});

describe("upload references at run creation", () => {
  it.each(["upload://lib", "upload://not-a-uuid/lib.smi", `upload://${"-".repeat(36)}/lib.smi`])(
    "refuses %s as a compound library with 422, so no run is created",
    async (uri) => {
      const before = await rowCount(schema.runs);
      const response = await ctx.call({
        method: "POST",
        url: `/v1/projects/${projectId}/runs`,
        token,
        payload: { workflow: "vhts", inputs: { target_protein: "1HSG", compound_library: uri } },
      });
      expectErrorBody(response, 422, "validation_failed");
      expect(response.json().detail.fields[0].path).toBe("inputs.compound_library");
      expect(await rowCount(schema.runs)).toBe(before);
    },
  );
});

describe("literature ingest", () => {
  it("stores a 120,000-character document with its passages and mentions", async () => {
    const sentence = "EGFR mutations are associated with non-small cell lung carcinoma and gefitinib inhibits EGFR. ";
    const text = sentence.repeat(Math.ceil(120_000 / sentence.length));
    const response = await ctx.call({
      method: "POST",
      url: "/v1/nlp/ingest/docs",
      token,
      payload: { docs: [{ source: "manual", external_id: "long-1", title: "Long", text }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inserted: 1, skipped: 0 });
    const doc = (
      await ctx.call({ method: "GET", url: "/v1/nlp/documents?source=manual&external_id=long-1", token })
    ).json();
    expect(doc.document.text.length).toBe(text.length);
    expect(doc.mentions.length).toBeGreaterThan(1000);
  });

  it.each([
    ["an annotation before any document", "123\t0\t4\tEGFR\tGene\t1956\n", 1],
    ["a mention whose offsets leave the text", "123|t|EGFR in cancer\n123|a|Text.\n123\t5\t900\tEGFR\tGene\t1956\n", 3],
    ["a mention that ends before it starts", "123|t|EGFR in cancer\n123|a|Text.\n123\t4\t0\tEGFR\tGene\t1956\n", 3],
    ["a line that is neither", "123|t|EGFR in cancer\n123|a|Text.\n123\tonly two\n", 3],
  ])("refuses %s with 422 naming the line, and stores nothing", async (_what, content, line) => {
    const before = await rowCount(schema.litDocuments);
    const response = await ctx.call({
      method: "POST",
      url: "/v1/nlp/ingest/pubtator",
      token,
      ...multipartUpload({}, { name: "bad.pubtator", content }),
    });
    expectErrorBody(response, 422, "invalid_file");
    expect(response.json().detail.fields[0]).toMatchObject({ path: `file.line.${line}` });
    expect(await rowCount(schema.litDocuments)).toBe(before);
  });
});

describe("negatome contribution", () => {
  it("leaves no stored upload behind when the annotation is refused after the file was read", async () => {
    const agree = await ctx.call({
      method: "POST",
      url: "/v1/negatome/agreement/accept",
      token,
      payload: { acknowledged: true },
    });
    expect(agree.statusCode).toBeLessThan(300);
    const [uploads, blobs] = [await rowCount(schema.uploads), await rowCount(schema.blobs)];
    const annotation = {
      target: { uniprot_id: "P35354" },
      compound: { smiles: "not a smiles ((" },
      failure_class: "SOLUBILITY",
      reason_for_failure: "precipitates",
    };
    const response = await ctx.call({
      method: "POST",
      url: "/v1/negatome/contribute/upload",
      token,
      ...multipartUpload(
        { annotation_json: JSON.stringify(annotation) },
        { name: "data.csv", content: "conc_uM,soluble\n10,0\n", field: "data_file" },
      ),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect([await rowCount(schema.uploads), await rowCount(schema.blobs)]).toEqual([uploads, blobs]);
  });
});

describe("remote worker completion", () => {
  const job = (domain: string) =>
    ({
      id: "00000000-0000-4000-8000-000000000000",
      orgId: 1,
      projectId: null,
      runId: null,
      domain,
      execution: "remote",
      status: "running",
      input: {},
      progress: null,
      result: null,
      errorMessage: null,
      attempts: 1,
      cancelRequested: false,
      workerId: null,
      heartbeatAt: null,
      createdBy: null,
      createdAt: new Date(),
      startedAt: new Date(),
      completedAt: null,
    }) as EngineJobRow;

  it.each(["molecular", "vhts", "lead_opt"])("answers 422 to {output: {}} for a %s job", async (domain) => {
    const refused = completedJobResult(ctx.app.engine, job(domain), {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ statusCode: 422, code: "invalid_output" });
  });
});

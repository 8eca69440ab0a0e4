import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "../src/config";
import { createTestContext, type TestContext } from "./context";

let ctx: TestContext;
const webDist = mkdtempSync(join(tmpdir(), "sieve-web-"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sieve</title><div id=root></div>");
writeFileSync(join(webDist, "app.js"), "console.log('sieve')");

beforeAll(async () => {
  ctx = await createTestContext({ webDist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("health and documentation", () => {
  it("GET /health answers status ok, the database kind, the version, the live workers and the oracles", async () => {
    while (ctx.app.compute.liveThreads < ctx.config.computeThreads) await new Promise((r) => setTimeout(r, 100));
    const response = await ctx.call({ method: "GET", url: "/health" });
    expect(response.statusCode).toBe(200);
    const oracle = expect.objectContaining({ available: expect.any(Boolean) });
    expect(response.json()).toEqual({
      status: "ok",
      db: ctx.database.kind,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      workers: { embedded: ctx.config.computeThreads, remote: 0 },
      oracles: { docking: oracle, ligand_similarity: oracle, synthetic_accessibility: oracle, md: oracle },
    });
  });

  it("answers /health while a transaction holds the database, as a long ingest's does", async () => {
    expect((await ctx.call({ method: "GET", url: "/health" })).statusCode).toBe(200);
    const events: string[] = [];
    let released = false;
    // Like an ingest's: one statement after another until it commits.
    const transaction = ctx.database.db.transaction(async (tx) => {
      events.push("transaction open");
      while (!released) {
        await tx.execute(sql`select 1`);
        await new Promise((wake) => setTimeout(wake, 20));
      }
      events.push("transaction done");
    });
    while (!events.length) await new Promise((wake) => setTimeout(wake, 10));
    const health = await ctx.call({ method: "GET", url: "/health" });
    events.push(`health ${health.statusCode}`);
    released = true;
    await transaction;
    expect(events).toEqual(["transaction open", "health 200", "transaction done"]);
  });

  it("serves an OpenAPI 3 document generated from the route schemas, and Swagger UI", async () => {
    const document = (await ctx.call({ method: "GET", url: "/docs/json" })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/v1/auth/signup", "/v1/projects/", "/v1/projects/{id}/runs", "/v1/runs", "/v1/uploads"]),
    );
    expect(document.paths["/v1/auth/signup"].post.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["email", "password", "name"]),
    );
    const ui = await ctx.call({ method: "GET", url: "/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe("error format", () => {
  it("unknown /v1 routes answer JSON 404", async () => {
    const response = await ctx.call({ method: "GET", url: "/v1/does-not-exist" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/json/);
    expect(response.json()).toMatchObject({ code: "not_found", error: expect.any(String) });
    expect((await ctx.call({ method: "POST", url: "/v1/nothing", payload: {} })).statusCode).toBe(404);
  });

  it("malformed JSON answers 400 invalid_json", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: '{"email": "a@b.c",',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), code: "invalid_json" });
  });

  it("a body over the limit answers 413", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(6 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload_too_large");
  });

  it("validation errors list each field with its path", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/contact",
      payload: { name: "", email: "nope", company: "Acme", message: "hi", service: "psychic" },
    });
    expect(response.statusCode).toBe(422);
    expect(
      response
        .json()
        .detail.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["email", "name", "service"]);
  });
});

describe("single-page app", () => {
  it("serves index.html for client-side routes and the built assets as files", async () => {
    for (const path of ["/", "/dashboard/projects", "/login?next=/dashboard", "/some/unknown/page"]) {
      const response = await ctx.call({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain("<div id=root>");
    }
    const asset = await ctx.call({ method: "GET", url: "/app.js" });
    expect(asset.body).toBe("console.log('sieve')");
  });

  it("never answers API paths with the app", async () => {
    expect((await ctx.call({ method: "GET", url: "/v1/unknown" })).headers["content-type"]).toMatch(/json/);
  });
});

describe("marketing-site forms", () => {
  it("stores a contact lead and validates it", async () => {
    const lead = {
      name: "Marie Curie",
      email: "Marie@Radium.fr",
      company: "Institut du Radium",
      message: "We screen kinases.",
      service: "lead-opt",
    };
    const response = await ctx.call({
      method: "POST",
      url: "/v1/contact",
      payload: lead,
      remoteAddress: "203.0.113.7",
    });
    expect(response.statusCode).toBe(201);
    const rows = await ctx.database.executeSql("select name, email, service, source_ip from contact_leads");
    expect(rows.rows).toContainEqual({
      name: "Marie Curie",
      email: "marie@radium.fr",
      service: "lead-opt",
      source_ip: "203.0.113.7",
    });
  });

  it("defaults the service to vhts", async () => {
    await ctx.call({
      method: "POST",
      url: "/v1/contact",
      payload: { name: "A", email: "a@example.org", company: "B", message: "C" },
      remoteAddress: "203.0.113.8",
    });
    const rows = await ctx.database.executeSql("select service from contact_leads where email = $1", ["a@example.org"]);
    expect(rows.rows[0]!.service).toBe("vhts");
  });

  it("rate-limits contact submissions per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await ctx.call({
        method: "POST",
        url: "/v1/contact",
        payload: { name: "Spam", email: `s${i}@example.org`, company: "S", message: "buy" },
        remoteAddress: "198.51.100.9",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await ctx.call({
      method: "POST",
      url: "/v1/contact",
      payload: { name: "Real", email: "r@example.org", company: "R", message: "hello" },
      remoteAddress: "198.51.100.10",
    });
    expect(other.statusCode).toBe(201);
  });

  it("does not let a forged X-Forwarded-For escape the per-IP limit (TRUST_PROXY unset)", async () => {
    const contact = [];
    const newsletter = [];
    for (let i = 0; i < 11; i++) {
      // A new made-up address on every request, from one real peer.
      const headers = { "x-forwarded-for": `192.0.2.${100 + i}` };
      contact.push(
        (
          await ctx.call({
            method: "POST",
            url: "/v1/contact",
            headers,
            payload: { name: "Spam", email: `f${i}@example.org`, company: "S", message: "buy" },
            remoteAddress: "198.51.100.44",
          })
        ).statusCode,
      );
      newsletter.push(
        (
          await ctx.call({
            method: "POST",
            url: "/v1/newsletter",
            headers,
            payload: { email: `n${i}@example.org` },
            remoteAddress: "198.51.100.44",
          })
        ).statusCode,
      );
    }
    expect(contact).toEqual([...Array<number>(10).fill(201), 429]);
    expect(newsletter).toEqual([...Array<number>(10).fill(201), 429]);
    const rows = await ctx.database.executeSql(
      "select distinct source_ip from contact_leads where email like 'f%@example.org'",
    );
    expect(rows.rows).toEqual([{ source_ip: "198.51.100.44" }]);
  });

  it("subscribes to the newsletter once per email", async () => {
    const first = await ctx.call({
      method: "POST",
      url: "/v1/newsletter",
      payload: { email: "News@Example.org" },
      remoteAddress: "192.0.2.50",
    });
    const again = await ctx.call({
      method: "POST",
      url: "/v1/newsletter",
      payload: { email: "news@example.org " },
      remoteAddress: "192.0.2.50",
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    const rows = await ctx.database.executeSql(
      "select count(*)::int as n from newsletter_subscribers where email = $1",
      ["news@example.org"],
    );
    expect(rows.rows[0]!.n).toBe(1);
    expect((await ctx.call({ method: "POST", url: "/v1/newsletter", payload: {} })).statusCode).toBe(422);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({ trustProxy: parseTrustProxy("127.0.0.1") });
  });
  afterAll(async () => proxied?.close());

  const lead = (i: number) => ({ name: "Lead", email: `p${i}@example.org`, company: "P", message: "hello" });

  it("limits and records the forwarded client address, not the proxy's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The leftmost entry is whatever the client claimed; the proxy appended the address it saw.
      const response = await proxied.call({
        method: "POST",
        url: "/v1/contact",
        headers: { "x-forwarded-for": `192.0.2.${i}, 203.0.113.20` },
        payload: lead(i),
        remoteAddress: "127.0.0.1",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    // Another client behind the same proxy has its own allowance.
    const other = await proxied.call({
      method: "POST",
      url: "/v1/contact",
      headers: { "x-forwarded-for": "203.0.113.21" },
      payload: lead(11),
      remoteAddress: "127.0.0.1",
    });
    expect(other.statusCode).toBe(201);
    const rows = await proxied.database.executeSql(
      "select source_ip, count(*)::int as n from contact_leads group by source_ip order by source_ip",
    );
    expect(rows.rows).toEqual([
      { source_ip: "203.0.113.20", n: 10 },
      { source_ip: "203.0.113.21", n: 1 },
    ]);
  });

  it("ignores the header from a peer that is not the trusted proxy", async () => {
    const response = await proxied.call({
      method: "POST",
      url: "/v1/contact",
      headers: { "x-forwarded-for": "192.0.2.77" },
      payload: lead(12),
      remoteAddress: "198.51.100.60",
    });
    expect(response.statusCode).toBe(201);
    const rows = await proxied.database.executeSql("select source_ip from contact_leads where email = $1", [
      "p12@example.org",
    ]);
    expect(rows.rows).toEqual([{ source_ip: "198.51.100.60" }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, postgresAdminUrl, type TestContext } from "./context";
import { startTcpProxy } from "./tcp-proxy";

let ctx: TestContext;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

beforeAll(async () => {
  const admin = new URL(postgresAdminUrl);
  proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  const throughProxy = new URL(postgresAdminUrl);
  throughProxy.hostname = "127.0.0.1";
  throughProxy.port = String(proxy.port);
  ctx = await createTestContext({ databaseUrl: throughProxy.toString() });
});
afterAll(async () => {
  await proxy?.restore();
  await ctx?.close();
  await proxy?.stop();
});

describe("database outage on PostgreSQL", () => {
  it("answers 503 db_unavailable while the database is unreachable and recovers when it returns", async () => {
    const { token } = await ctx.signup();
    expect((await ctx.call({ method: "GET", url: "/v1/projects", token })).statusCode).toBe(200);
    expect((await ctx.call({ method: "GET", url: "/v1/negatome/stats", token })).json()).toEqual({
      total_records: 0,
      by_failure_class: {},
      by_source: {},
    });

    await proxy.cut();
    for (const request of [
      { method: "GET" as const, url: "/v1/projects" },
      { method: "GET" as const, url: "/v1/auth/profile" },
      { method: "POST" as const, url: "/v1/projects", payload: { name: "during outage", ruo_ack: true } },
      { method: "GET" as const, url: "/v1/negatome/stats" },
    ]) {
      const response = await ctx.call({ ...request, token });
      expect(response.statusCode, request.url).toBe(503);
      expect(response.json()).toEqual({ error: "database unavailable", code: "db_unavailable" });
    }
    const health = await ctx.call({ method: "GET", url: "/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "error", db: "postgres", code: "db_unavailable" });

    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await ctx.call({ method: "GET", url: "/v1/projects", token })).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    expect((await ctx.call({ method: "GET", url: "/health" })).json().status).toBe("ok");
    // Nothing was half-written during the outage.
    expect((await ctx.call({ method: "GET", url: "/v1/projects", token })).json().projects).toEqual([]);
  });
});

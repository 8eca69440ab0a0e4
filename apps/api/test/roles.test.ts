import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG_ROLES, type OrgRole } from "@sieve/contracts";
import { createTestContext, type TestContext } from "./context";
import { memberOf } from "./members";

/**
 * The role matrix of docs/roles.md, checked against the running app: the table must name every write
 * route of /docs/json, and each route answers 403 forbidden_role to exactly the roles the table refuses.
 */
const ROLES_DOC = new URL("../../../docs/roles.md", import.meta.url);
const WRITE_METHODS = ["post", "put", "patch", "delete"];

function documentedMatrix(): { writes: Map<string, OrgRole[]>; publicRoutes: Set<string> } {
  const writes = new Map<string, OrgRole[]>();
  const publicRoutes = new Set<string>();
  for (const line of readFileSync(ROLES_DOC, "utf8").split("\n")) {
    const row = /^\| `([A-Z]+ \S+)`\s*\|(.*)$/.exec(line);
    if (!row) continue;
    const cells = row[2]!.split("|").map((c) => c.trim());
    if (cells.every((c) => c === "")) publicRoutes.add(row[1]!);
    else
      writes.set(
        row[1]!,
        ORG_ROLES.filter((_, i) => cells[i] === "✓"),
      );
  }
  return { writes, publicRoutes };
}

let ctx: TestContext;
let referenceRoot: string;
let orgId: number;
const tokens = {} as Record<OrgRole, string>;
const emails = {} as Record<OrgRole, string>;
let operations: string[];

beforeAll(async () => {
  // An empty reference-data root: reloading ontologies or loading the demo negatome then does nothing heavy.
  referenceRoot = mkdtempSync(join(tmpdir(), "sieve-roles-reference-"));
  ctx = await createTestContext({ referenceDataRoot: referenceRoot });
  const owner = await ctx.signup({ org_name: "Matrix Labs" });
  orgId = owner.user.org_id;
  tokens.owner = owner.token;
  emails.owner = owner.user.email;
  for (const role of ["admin", "scientist", "viewer"] as const) {
    const member = await memberOf(ctx, orgId, role);
    tokens[role] = member.token;
    emails[role] = member.email;
  }
  const document = (await ctx.call({ method: "GET", url: "/docs/json" })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => WRITE_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await ctx?.close();
  rmSync(referenceRoot, { recursive: true, force: true });
});

describe("role matrix", () => {
  const { writes, publicRoutes } = documentedMatrix();

  it("docs/roles.md names every write route of /docs/json, and nothing else", () => {
    expect(writes.size).toBeGreaterThan(30);
    const documentedWrites = [...writes.keys(), ...publicRoutes].filter((r) => !r.startsWith("GET "));
    expect([...operations].sort()).toEqual(documentedWrites.sort());
  });

  /** A second session of the same account, for calls that end their session (logout). */
  async function freshToken(role: OrgRole): Promise<string> {
    const login = await ctx.call({
      method: "POST",
      url: "/v1/auth/login",
      payload: { email: emails[role], password: "correct horse battery" },
    });
    return login.json().access_token;
  }

  it.each([...writes])(
    "%s answers forbidden_role to exactly the roles the matrix refuses",
    async (operation, allowed) => {
      const [method, path] = operation.split(" ") as [string, string];
      // An id that names nothing: allowed roles then get 404 or 422, never a change.
      const url = path.replace(/\{[^}]+\}/g, "999999");
      for (const role of ORG_ROLES) {
        const response = await ctx.call({
          method: method as "POST",
          url,
          token: path === "/v1/auth/logout" ? await freshToken(role) : tokens[role],
          ...(["POST", "PUT", "PATCH"].includes(method) ? { payload: {} } : {}),
        });
        const refused = response.statusCode === 403 && response.json().code === "forbidden_role";
        expect({ role, refused }).toEqual({ role, refused: !allowed.includes(role) });
        if (refused) expect(response.json().detail.allowed).toEqual(allowed);
      }
    },
  );

  it("a viewer reads the organization's projects but cannot create one", async () => {
    await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: tokens.owner,
      payload: { name: "Shared", ruo_ack: true },
    });
    const list = await ctx.call({ method: "GET", url: "/v1/projects", token: tokens.viewer });
    expect(list.json().projects.map((p: { name: string }) => p.name)).toEqual(["Shared"]);
    const refused = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: tokens.viewer,
      payload: { name: "Viewer's", ruo_ack: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden_role", error: expect.stringContaining("viewer") });
    expect((await ctx.call({ method: "GET", url: "/v1/projects", token: tokens.owner })).json().projects).toHaveLength(
      1,
    );
  });

  it("a scientist creates a project; an admin loads reference data, a scientist cannot", async () => {
    const created = await ctx.call({
      method: "POST",
      url: "/v1/projects",
      token: tokens.scientist,
      payload: { name: "Scientist's screen", ruo_ack: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().org_id).toBe(orgId);
    const load = { method: "POST" as const, url: "/v1/admin/reference-data/load", payload: { datasets: ["nope"] } };
    expect((await ctx.call({ ...load, token: tokens.scientist })).json().code).toBe("forbidden_role");
    expect((await ctx.call({ ...load, token: tokens.admin })).json().code).toBe("validation_failed");
  });
});

describe("declaring roles", () => {
  it("a write route registered without config.roles stops the app from building", async () => {
    const { requireAuthentication } = await import("../src/plugins/authentication");
    const Fastify = (await import("fastify")).default;
    const app = Fastify();
    const build = async () => {
      await app.register(async (scope) => {
        requireAuthentication(scope);
        scope.post("/v1/undeclared", async () => ({}));
      });
      await app.ready();
    };
    await expect(build()).rejects.toThrow(/POST \/v1\/undeclared declares no roles/);
  });
});

import type { FastifyInstance, FastifyRequest } from "fastify";
import { ORG_ROLES, type OrgRole } from "@sieve/contracts";
import { ApiError, notFound } from "../http/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call this route; every write route of an authenticated scope must say (docs/roles.md). */
    roles?: readonly OrgRole[];
    /** False for a POST that computes and stores nothing: the audit trail records writes only. */
    audit?: boolean;
  }
  interface FastifyRequest {
    /** The caller's role in each of their organizations. */
    orgRoles: ReadonlyMap<number, OrgRole>;
  }
}

/** The route `config` each write route declares: who may call it. */
export const access = {
  /** Changes only the caller's own account (profile, password, sessions, agreements): viewers too. */
  anyMember: { roles: ORG_ROLES },
  /** Computes and stores nothing (analyse, search, rank, plan): a read with a body, not audited. */
  computeOnly: { roles: ORG_ROLES, audit: false },
  /** Runs work and contributes rows (projects, runs, uploads, documents, negatome records, reviews). */
  contributors: { roles: ["owner", "admin", "scientist"] },
  /** Changes what the whole organization works from: reference data, ontologies, feature sets, members. */
  admins: { roles: ["owner", "admin"] },
} as const satisfies Record<string, { roles: readonly OrgRole[]; audit?: boolean }>;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A stored role; anything unknown counts as the least trusted one. */
export function parseRole(value: string): OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value) ? (value as OrgRole) : "viewer";
}

function forbiddenRole(roles: OrgRole[], allowed: readonly OrgRole[]): ApiError {
  return new ApiError(
    403,
    "forbidden_role",
    `Your role (${roles.join(", ")}) may not do this; it needs one of: ${allowed.join(", ")}`,
    { roles, allowed },
  );
}

/**
 * For routes that name the organization (`/v1/orgs/{org_id}/…`): 404 unless the caller belongs to it,
 * 403 forbidden_role unless their role there allows the route. Returns that role.
 */
export function roleIn(request: FastifyRequest, orgId: number): OrgRole {
  const role = request.orgRoles.get(orgId);
  if (!role) throw notFound("Organization");
  const allowed = request.routeOptions.config.roles ?? ORG_ROLES;
  if (!allowed.includes(role)) throw forbiddenRole([role], allowed);
  return role;
}

/**
 * Declarative role checks for an authenticated scope. Registering a write route without `config.roles`
 * throws (the app does not build), so no write can be added unguarded. A caller whose role allows the
 * route in none of their organizations gets 403 `forbidden_role` before the body is validated; otherwise
 * the request's tenant scope narrows to the organizations where the role allows it, so the stores cannot
 * write into an organization where the caller is, say, a viewer.
 */
export function enforceRoles(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (methods.some((m) => WRITE_METHODS.has(m)) && !route.config?.roles)
      throw new Error(`${methods.join(",")} ${route.url} declares no roles: add config.roles (plugins/roles.ts)`);
  });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const allowed = request.routeOptions.config.roles;
    if (!allowed) return;
    const orgIds = request.tenant.orgIds.filter((id) => allowed.includes(request.orgRoles.get(id) ?? "viewer"));
    if (orgIds.length === 0) {
      throw forbiddenRole([...new Set(request.orgRoles.values())], allowed);
    }
    request.tenant = { ...request.tenant, orgIds };
  });
}

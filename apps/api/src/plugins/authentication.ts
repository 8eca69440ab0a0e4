import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OrgRole } from "@sieve/contracts";
import { unauthorized } from "../http/errors";
import { verifyAccessToken, type AccessTokenClaims } from "../modules/auth/tokens";
import { authStore } from "../modules/auth/store";
import { enforceRoles, parseRole } from "./roles";
import { recordWrites } from "./audit-trail";

/**
 * Who is asking and which organizations they belong to. Every store that reads or writes
 * organization-owned rows takes this scope, so tenancy is enforced where the queries are built.
 */
export interface TenantScope {
  userId: number;
  orgIds: number[];
}

/**
 * An authenticated caller's scope, with the organization their new rows (projects, uploads, ingested
 * documents, negatome contributions, jobs) belong to unless they name another: read once, when the
 * request is authenticated, instead of by each route.
 */
export interface CallerScope extends TenantScope {
  primaryOrgId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    tenant: CallerScope;
    /** The sign-in session of the bearer token (what logout revokes). */
    sessionId: string;
  }
}

/**
 * Adds bearer-token authentication, the role checks (plugins/roles.ts) and the audit trail of writes
 * (plugins/audit-trail.ts) to every route registered in `app` (an encapsulated scope). The deprecated X-API-Key header is deliberately never consulted.
 */
export function requireAuthentication(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const { claims, orgIds, primaryOrgId, orgRoles } = await authenticateBearer(app, request);
    request.tenant = { userId: claims.userId, orgIds, primaryOrgId };
    request.orgRoles = orgRoles;
    request.sessionId = claims.sessionId;
  });
  enforceRoles(app);
  recordWrites(app);
}

/**
 * The caller of a bearer-token request: a valid token of a session that is neither revoked (logout,
 * password change) nor expired, of a user with at least one organization; 401 otherwise.
 */
export async function authenticateBearer(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ claims: AccessTokenClaims; orgIds: number[]; primaryOrgId: number; orgRoles: Map<number, OrgRole> }> {
  const store = authStore(app.database.db);
  const token = bearerToken(request);
  const claims = token ? await verifyAccessToken(app.config.jwtSecret, token) : null;
  if (!claims || !(await store.sessionActive(claims.sessionId, claims.userId))) throw unauthorized();
  const organizations = await store.callerOrganizations(claims.userId);
  if (!organizations || organizations.orgIds.length === 0) throw unauthorized();
  const orgRoles = new Map(organizations.roles.map((m) => [m.orgId, parseRole(m.role)]));
  return { claims, orgIds: organizations.orgIds, primaryOrgId: organizations.primaryOrgId, orgRoles };
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

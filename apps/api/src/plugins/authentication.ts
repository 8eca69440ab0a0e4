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

declare module "fastify" {
  interface FastifyRequest {
    tenant: TenantScope;
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
    const { claims, orgIds, orgRoles } = await authenticateBearer(app, request);
    request.tenant = { userId: claims.userId, orgIds };
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
): Promise<{ claims: AccessTokenClaims; orgIds: number[]; orgRoles: Map<number, OrgRole> }> {
  const store = authStore(app.database.db);
  const token = bearerToken(request);
  const claims = token ? await verifyAccessToken(app.config.jwtSecret, token) : null;
  if (!claims || !(await store.sessionActive(claims.sessionId, claims.userId))) throw unauthorized();
  const memberships = await store.memberships(claims.userId);
  if (memberships.length === 0) throw unauthorized();
  const orgRoles = new Map(memberships.map((m) => [m.orgId, parseRole(m.role)]));
  return { claims, orgIds: [...orgRoles.keys()], orgRoles };
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

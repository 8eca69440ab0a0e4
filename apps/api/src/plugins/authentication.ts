import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../http/errors";
import { verifyAccessToken } from "../modules/auth/tokens";
import { authStore } from "../modules/auth/store";

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
  }
}

/**
 * Adds bearer-token authentication to every route registered in `app` (an encapsulated scope).
 * The deprecated X-API-Key header is deliberately never consulted.
 */
export function requireAuthentication(app: FastifyInstance): void {
  const store = authStore(app.database.db);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await verifyAccessToken(app.config.jwtSecret, token) : null;
    if (!claims) throw unauthorized();
    const orgIds = await store.membershipOrgIds(claims.userId);
    if (orgIds.length === 0) throw unauthorized();
    request.tenant = { userId: claims.userId, orgIds };
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { schema } from "@sieve/db";
import { appendAuditEvent } from "../modules/audit/store";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SECRET_FIELD = /password|token|secret|api_key/i;
const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 3;

/**
 * Appends every write of an authenticated scope to the audit trail before the answer leaves: a change
 * (2xx), or an attempt refused for the caller's role (403 forbidden_role). Routes whose `config.audit`
 * is false compute without storing and are left out. A failure to append answers 500 rather than
 * leaving a change unrecorded.
 */
export function recordWrites(app: FastifyInstance): void {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const config = request.routeOptions.config;
    if (!WRITE_METHODS.has(request.method) || config.audit === false || !request.tenant) return payload;
    const response = parsedJson(payload, reply);
    const refused = reply.statusCode === 403 && response?.code === "forbidden_role";
    if (!(reply.statusCode < 300 || refused)) return payload;
    const [user] = await app.database.db
      .select({ email: schema.users.email, primaryOrgId: schema.users.primaryOrgId })
      .from(schema.users)
      .where(eq(schema.users.id, request.tenant.userId));
    const orgIds = request.tenant.orgIds;
    const orgId = user?.primaryOrgId && orgIds.includes(user.primaryOrgId) ? user.primaryOrgId : orgIds[0]!;
    const createdId =
      response && (typeof response.id === "string" || typeof response.id === "number") ? response.id : null;
    await appendAuditEvent(app.database.db, {
      orgId,
      userId: request.tenant.userId,
      actorEmail: user?.email ?? null,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      target: request.url.split("?")[0]!,
      status: reply.statusCode,
      requestId: request.id,
      summary: {
        ...(request.params && Object.keys(request.params).length ? { params: request.params } : {}),
        ...(request.query && Object.keys(request.query).length ? { query: summarize(request.query, 0) } : {}),
        body: request.isMultipart() ? "multipart upload" : summarize(request.body ?? null, 0),
        ...(createdId !== null ? { created_id: createdId } : {}),
        ...(refused ? { refused: response!.error } : {}),
      },
    });
    return payload;
  });
}

function parsedJson(payload: unknown, reply: FastifyReply): Record<string, unknown> | null {
  if (typeof payload !== "string" || !String(reply.getHeader("content-type") ?? "").includes("json")) return null;
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What changed, short enough to read: secrets redacted, long text and lists cut with their size said. */
function summarize(value: unknown, depth: number): unknown {
  if (typeof value === "string")
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return `[${value.length} items]`;
    const shown = value.slice(0, MAX_ITEMS).map((v) => summarize(v, depth + 1));
    return value.length > MAX_ITEMS ? [...shown, `… ${value.length - MAX_ITEMS} more`] : shown;
  }
  if (value && typeof value === "object") {
    if (depth >= MAX_DEPTH) return "{…}";
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? "[redacted]" : summarize(v, depth + 1)]),
    );
  }
  return value ?? null;
}

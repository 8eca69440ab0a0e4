import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "@sieve/db";
import type { ErrorBody } from "@sieve/contracts";
import { databaseFailureOf } from "../http/database-errors";
import { ApiError } from "../http/errors";

/**
 * One error format for the whole API: `{error, code, detail?}`.
 * Framework errors are translated here, so routes only ever throw ApiError or let bugs surface as 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500 && body.code !== "db_unavailable") request.log.error({ err: error }, "request failed");
    else if (body.code === "db_unavailable") request.log.warn({ err: error.message }, "database unavailable");
    for (const [name, value] of Object.entries(headers ?? {})) reply.header(name, value);
    return reply.status(status).send(body);
  });
}

function toErrorResponse(error: FastifyError): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof ApiError) {
    return {
      status: error.statusCode,
      body: withDetail({ error: error.message, code: error.code }, error.detail),
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      path: [error.validationContext, ...issuePath(issue.instancePath)]
        .filter(Boolean)
        .join(".")
        .replace(/^body\./, ""),
      message: issue.message ?? "is invalid",
    }));
    const message = fields.map((f) => `${f.path}: ${f.message}`).join("; ");
    return { status: 422, body: { error: message, code: "validation_failed", detail: { fields } } };
  }
  if (isResponseSerializationError(error)) return internal();
  // A schema a route checks itself (a JSON field inside a form, a stored shape): the input is what failed.
  if (error instanceof ZodError) {
    const fields = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return {
      status: 422,
      body: {
        error: fields.map((f) => `${f.path}: ${f.message}`).join("; "),
        code: "validation_failed",
        detail: { fields },
      },
    };
  }
  if (isDatabaseUnavailable(error))
    return { status: 503, body: { error: "database unavailable", code: "db_unavailable" } };
  // SQLSTATE class 22 (data exception): the database refused a value as sent (a malformed UUID, a
  // number out of range); a check the route missed, still the input's fault. Never the value itself.
  const failure = databaseFailureOf(error);
  if (failure?.code?.startsWith("22"))
    return {
      status: 422,
      body: { error: `A value has a form the database refuses (SQLSTATE ${failure.code})`, code: "invalid_value" },
    };
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, body: { error: "Request body is not valid JSON", code: "invalid_json" } };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: { error: "Request body is empty but declared as JSON", code: "invalid_json" } };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
    case "FST_FILES_LIMIT":
      return { status: 413, body: { error: "Request body is too large", code: "payload_too_large" } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return { status: 415, body: { error: "Unsupported content type", code: "unsupported_media_type" } };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { error: "Request body is not valid JSON", code: "invalid_json" } };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, body: { error: error.message || "Too many requests", code: "rate_limited" } };
  if (status >= 400 && status < 500)
    return { status, body: { error: error.message, code: (error.code ?? "bad_request").toLowerCase() } };
  return internal();
}

function issuePath(instancePath: string): string[] {
  return instancePath.split("/").filter(Boolean);
}

function internal() {
  return { status: 500, body: { error: "Internal server error", code: "internal_error" } };
}

function withDetail(body: ErrorBody, detail: unknown): ErrorBody {
  return detail === undefined ? body : { ...body, detail };
}

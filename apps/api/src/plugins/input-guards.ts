import type { FastifyInstance } from "fastify";
import type { FieldError } from "@sieve/contracts";
import { ApiError } from "../http/errors";

/**
 * Nesting deeper than this is refused before parsing: no request of the API nests more than a few
 * levels, and deep values overflow the stack of the recursive code that walks them (validation,
 * serialisation, the database driver's JSON encoding).
 */
export const JSON_MAX_DEPTH = 64;

/** The fields of a request (body, query, path) holding text PostgreSQL cannot store. */
export function invalidTextFields(value: unknown, path: string[] = []): FieldError[] {
  const problems: FieldError[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value, path }];
  while (pending.length && problems.length < 10) {
    const { value: current, path: at } = pending.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current);
      if (problem) problems.push({ path: at.join("."), message: problem });
    } else if (current && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        const keyProblem = textProblem(key);
        if (keyProblem) problems.push({ path: at.join("."), message: `a key ${keyProblem}` });
        pending.push({ value: child, path: [...at, key] });
      }
    }
  }
  return problems;
}

// Without the u flag a regular expression sees UTF-16 code units, so it can find a half of a pair alone.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored as text: a NUL character or an unpaired UTF-16 surrogate; null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (\\u0000)";
  if (UNPAIRED_SURROGATE.test(text)) return "contains an unpaired surrogate (not valid Unicode)";
  return null;
}

export function invalidText(fields: FieldError[]): ApiError {
  const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join("; ");
  return new ApiError(422, "invalid_text", message, { fields });
}

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Input every route shares: JSON deeper than JSON_MAX_DEPTH is refused with 400 before it is parsed,
 * and text PostgreSQL cannot store (NUL, unpaired surrogates) anywhere in the body, query or path is
 * refused with 422 naming the field, instead of failing in the database as a 500.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, JSON_MAX_DEPTH)) {
      done(new ApiError(400, "json_too_deep", `JSON nested deeper than ${JSON_MAX_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook("preValidation", async (request) => {
    const fields = [
      ...invalidTextFields(request.params, ["params"]),
      ...invalidTextFields(request.query, ["querystring"]),
      ...invalidTextFields(request.body),
    ];
    if (fields.length) throw invalidText(fields);
  });
}

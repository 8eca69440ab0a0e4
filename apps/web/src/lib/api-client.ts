import type { FieldError } from "@sieve/contracts";
import { apiBase } from "../config/env";
import { clearSession, getAccessToken, getLegacyApiKey, getRefreshToken, saveAccessToken } from "./auth-storage";

/** Calls whose failures §8 reports with a fixed message: '<operation> failed: <status>'. */
export type LabelledOperation =
  "createProject" | "createRun" | "getRun" | "getCurves" | "registerWorker" | "login" | "signup";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Per-field validation messages of a 422 (`detail.fields`), for forms that show them beside inputs. */
  readonly fields: FieldError[];
  /** The error body's `detail` as sent, for answers that carry choices (a 422's `detail.candidates`). */
  readonly detail: unknown;
  /**
   * The server's own explanation (its `error`, else a string `detail`), kept even when `message` is
   * the fixed §8 text of a labelled call, so a caller can show both.
   */
  readonly serverMessage: string | null;

  constructor(
    message: string,
    status: number,
    code: string | null = null,
    fields: FieldError[] = [],
    detail: unknown = undefined,
    serverMessage: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.detail = detail;
    this.serverMessage = serverMessage;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  operation?: LabelledOperation;
  /**
   * Public calls (sign-in, sign-up, contact, newsletter) carry no token, and a 401 from them means
   * bad credentials rather than an expired session, so it must not bounce the user to /login.
   */
  anonymous?: boolean;
}

/**
 * §8: a labelled call says '<operation> failed: <status>'; any other uses the server's error, else its detail, else
 * 'Request failed'.
 */
export function describeFailure(status: number, payload: unknown, operation?: LabelledOperation): string {
  if (operation) return `${operation} failed: ${status}`;
  return serverMessageOf(payload) ?? "Request failed";
}

/** What the server said went wrong: its `error` field, else a string `detail`, else nothing. */
export function serverMessageOf(payload: unknown): string | null {
  const body = isRecord(payload) ? payload : {};
  if (typeof body.error === "string" && body.error) return body.error;
  if (typeof body.detail === "string" && body.detail) return body.detail;
  return null;
}

/**
 * The text for an alert about a failed action: the §8 message followed by the server's own when it
 * adds something ('createRun failed: 422 — …'), another error's message, else `fallback`.
 */
export function explainFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.serverMessage && error.serverMessage !== error.message
      ? `${error.message} — ${error.serverMessage}`
      : error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, "application/json");
  const payload = await readPayload(response);
  if (!response.ok) throw failure(response.status, payload, options.operation);
  return payload as T;
}

/**
 * A long-lived response read as a byte stream (Server-Sent Events). EventSource cannot send the
 * bearer header, so streams go through the same client as every other call.
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const response = await send(path, {}, "text/event-stream", signal);
  if (!response.ok) throw failure(response.status, await readPayload(response));
  if (!response.body) throw new ApiError("Request failed", response.status, "no_stream");
  return response.body;
}

/**
 * An expired access token (15 minutes) is renewed once with the refresh token and the request sent
 * again; only when that fails is the session over (401 → /login).
 */
async function send(path: string, options: RequestOptions, accept: string, signal?: AbortSignal): Promise<Response> {
  const token = options.anonymous ? null : getAccessToken();
  const response = await sendOnce(path, options, accept, token, signal);
  if (response.status !== 401 || !token) return response;
  const renewed = await renewAccessToken(token);
  if (!renewed) {
    endSession();
    return response;
  }
  const retried = await sendOnce(path, options, accept, renewed, signal);
  if (retried.status === 401) endSession();
  return retried;
}

let renewal: { from: string; result: Promise<string | null> } | null = null;

/** One refresh for every request that found the same token expired (the refresh token is single-use). */
function renewAccessToken(expired: string): Promise<string | null> {
  if (renewal?.from === expired) return renewal.result;
  const current = getAccessToken();
  if (current && current !== expired) return Promise.resolve(current);
  const stored = getRefreshToken();
  if (!stored) return Promise.resolve(null);
  const result = (async () => {
    try {
      const response = await fetch(`${apiBase()}/v1/auth/refresh`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ refresh_token: stored.token }),
      });
      if (!response.ok) return null;
      const pair = (await response.json()) as { access_token: string; refresh_token: string };
      saveAccessToken(pair.access_token, { persistent: stored.persistent, refreshToken: pair.refresh_token });
      return pair.access_token;
    } catch {
      return null;
    }
  })();
  renewal = { from: expired, result };
  // Later calls read the renewed token from storage; a failed renewal is not remembered either.
  void result.finally(() => {
    if (renewal?.result === result) renewal = null;
  });
  return result;
}

async function sendOnce(
  path: string,
  options: RequestOptions,
  accept: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set("Accept", accept);
  const isMultipart = typeof FormData !== "undefined" && options.body instanceof FormData;
  // Only requests with a JSON body declare one: Fastify rejects an empty body declared as JSON.
  if (options.body !== undefined && !isMultipart) headers.set("Content-Type", "application/json");
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const legacyKey = getLegacyApiKey();
  if (legacyKey) headers.set("X-API-Key", legacyKey);

  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method: options.method ?? "GET",
      headers,
      body:
        options.body === undefined
          ? undefined
          : isMultipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(describeFailure(0, null, options.operation), 0, "network_error");
  }
  return response;
}

function failure(status: number, payload: unknown, operation?: LabelledOperation): ApiError {
  const body = isRecord(payload) ? payload : {};
  return new ApiError(
    describeFailure(status, payload, operation),
    status,
    typeof body.code === "string" ? body.code : null,
    fieldErrors(body.detail),
    body.detail,
    serverMessageOf(payload),
  );
}

/** A rejected token ends the session once, wherever it was noticed (§5 of the issue: 401 → /login). */
function endSession(): void {
  clearSession();
  if (typeof window !== "undefined" && window.location.pathname !== "/login") window.location.replace("/login");
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fieldErrors(detail: unknown): FieldError[] {
  if (!isRecord(detail) || !Array.isArray(detail.fields)) return [];
  return detail.fields.filter(
    (f): f is FieldError => isRecord(f) && typeof f.path === "string" && typeof f.message === "string",
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveApiBase } from "../config/env";
import { MemoryStorage } from "../test/memory-storage";
import { ApiError, apiRequest, describeFailure, explainFailure } from "./api-client";
import { ACCESS_TOKEN_KEY, LEGACY_API_KEY_KEY, REFRESH_TOKEN_KEY } from "./auth-storage";

const fetchMock = vi.fn<typeof fetch>();
const replaceMock = vi.fn();
let local: MemoryStorage;

function respond(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", new MemoryStorage());
  vi.stubGlobal("window", {
    location: { origin: "https://sieve.example", pathname: "/dashboard", replace: replaceMock },
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  replaceMock.mockReset();
});

describe("resolveApiBase (§7)", () => {
  const win = { __SIEVE_API_BASE__: "https://window.example/", location: { origin: "https://origin.example" } };
  it("prefers the build-time setting, then the window setting, then the page origin, then the local default", () => {
    expect(resolveApiBase("https://env.example", win)).toBe("https://env.example");
    expect(resolveApiBase(undefined, win)).toBe("https://window.example");
    expect(resolveApiBase("", { location: { origin: "https://origin.example" } })).toBe("https://origin.example");
    expect(resolveApiBase(undefined, { location: { origin: "null" } })).toBe("http://localhost:8080");
    expect(resolveApiBase(undefined, undefined)).toBe("http://localhost:8080");
  });
});

describe("describeFailure (§8)", () => {
  it("names labelled operations with their status", () => {
    for (const operation of [
      "createProject",
      "createRun",
      "getRun",
      "getCurves",
      "registerWorker",
      "login",
      "signup",
    ] as const) {
      expect(describeFailure(503, { error: "ignored" }, operation)).toBe(`${operation} failed: 503`);
    }
  });

  it("otherwise uses the server's error, else its detail, else 'Request failed'", () => {
    expect(describeFailure(422, { error: "Validation failed", detail: "x" })).toBe("Validation failed");
    expect(describeFailure(400, { detail: "bad input" })).toBe("bad input");
    expect(describeFailure(500, { detail: { fields: [] } })).toBe("Request failed");
    expect(describeFailure(502, "<html>")).toBe("Request failed");
  });
});

describe("apiRequest", () => {
  it("sends JSON with the bearer token and the legacy key to the page origin", async () => {
    local.setItem(ACCESS_TOKEN_KEY, "tok");
    local.setItem(LEGACY_API_KEY_KEY, "legacy");
    fetchMock.mockResolvedValue(respond(201, { id: 7 }));
    await expect(apiRequest("/v1/projects/", { method: "POST", body: { name: "P" } })).resolves.toEqual({ id: 7 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe("https://sieve.example/v1/projects/");
    expect(init.body).toBe('{"name":"P"}');
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Authorization")).toBe("Bearer tok");
    expect(headers.get("X-API-Key")).toBe("legacy");
  });

  it("declares no JSON body on GET and lets the browser set the multipart boundary", async () => {
    fetchMock.mockImplementation(async () => respond(200, {}));
    await apiRequest("/v1/runs?limit=10");
    expect(lastRequest().headers.has("Content-Type")).toBe(false);
    expect(lastRequest().headers.has("Authorization")).toBe(false);

    const form = new FormData();
    form.append("kind", "protein");
    await apiRequest("/v1/uploads", { method: "POST", body: form });
    expect(lastRequest().init.body).toBe(form);
    expect(lastRequest().headers.has("Content-Type")).toBe(false);
  });

  it("throws an ApiError with the mapped message, the code and the field errors", async () => {
    fetchMock.mockResolvedValue(
      respond(422, {
        error: "Validation failed",
        code: "validation_failed",
        detail: { fields: [{ path: "name", message: "name is required" }] },
      }),
    );
    const error = await apiRequest("/v1/projects/", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Validation failed",
      status: 422,
      code: "validation_failed",
      fields: [{ path: "name", message: "name is required" }],
    });

    fetchMock.mockResolvedValue(respond(500));
    await expect(
      apiRequest("/v1/projects/1/runs", { method: "POST", body: {}, operation: "createRun" }),
    ).rejects.toThrow("createRun failed: 500");
  });

  it("keeps the server's message beside the §8 text of a labelled call, and the alert text shows both", async () => {
    fetchMock.mockResolvedValue(respond(422, { error: "inputs.target_protein: Required", code: "validation_failed" }));
    const error = await apiRequest("/v1/projects/1/runs", { method: "POST", body: {}, operation: "createRun" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      message: "createRun failed: 422",
      serverMessage: "inputs.target_protein: Required",
      status: 422,
    });
    expect(explainFailure(error, "fallback")).toBe("createRun failed: 422 — inputs.target_protein: Required");

    // Nothing to add: a body without a message, or an unlabelled call whose message already is the server's.
    fetchMock.mockResolvedValue(respond(500));
    expect(
      explainFailure(
        await apiRequest("/v1/projects/1/runs", { method: "POST", body: {}, operation: "createRun" }).catch(
          (e: unknown) => e,
        ),
        "fallback",
      ),
    ).toBe("createRun failed: 500");
    fetchMock.mockResolvedValue(respond(404, { error: "Project not found", code: "not_found" }));
    expect(explainFailure(await apiRequest("/v1/projects/9").catch((e: unknown) => e), "fallback")).toBe(
      "Project not found",
    );
    expect(explainFailure("not an error", "Workflow submission failed. Please try again.")).toBe(
      "Workflow submission failed. Please try again.",
    );
  });

  it("reports a network failure as 'Request failed' with status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiRequest("/health")).rejects.toMatchObject({ message: "Request failed", status: 0 });
  });

  it("ends the session on a 401 to an authenticated call: tokens cleared, sent to /login", async () => {
    local.setItem(ACCESS_TOKEN_KEY, "expired");
    fetchMock.mockResolvedValue(respond(401, { error: "Authentication required", code: "unauthorized" }));
    await expect(apiRequest("/v1/auth/profile")).rejects.toMatchObject({ status: 401 });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(replaceMock).toHaveBeenCalledWith("/login");
  });

  it("renews an expired access token once with the refresh token and sends the call again", async () => {
    local.setItem(ACCESS_TOKEN_KEY, "expired");
    local.setItem(REFRESH_TOKEN_KEY, "refresh-1");
    fetchMock
      .mockResolvedValueOnce(respond(401, { error: "Authentication required", code: "unauthorized" }))
      .mockResolvedValueOnce(respond(200, { access_token: "fresh", refresh_token: "refresh-2" }))
      .mockResolvedValueOnce(respond(200, { user: { id: 1 } }));
    await expect(apiRequest("/v1/auth/profile")).resolves.toEqual({ user: { id: 1 } });
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1]!;
    expect(String(refreshUrl)).toMatch(/\/v1\/auth\/refresh$/);
    expect(JSON.parse(String(refreshInit!.body))).toEqual({ refresh_token: "refresh-1" });
    expect(lastRequest().headers.get("Authorization")).toBe("Bearer fresh");
    expect([local.getItem(ACCESS_TOKEN_KEY), local.getItem(REFRESH_TOKEN_KEY)]).toEqual(["fresh", "refresh-2"]);
    expect(replaceMock).not.toHaveBeenCalled();
  });

  it("ends the session when the refresh token is refused too", async () => {
    local.setItem(ACCESS_TOKEN_KEY, "expired");
    local.setItem(REFRESH_TOKEN_KEY, "revoked");
    fetchMock.mockResolvedValue(respond(401, { error: "This sign-in has ended", code: "invalid_refresh_token" }));
    await expect(apiRequest("/v1/auth/profile")).rejects.toMatchObject({ status: 401 });
    expect([local.getItem(ACCESS_TOKEN_KEY), local.getItem(REFRESH_TOKEN_KEY)]).toEqual([null, null]);
    expect(replaceMock).toHaveBeenCalledWith("/login");
  });

  it("leaves the session alone when a public call (sign-in) answers 401", async () => {
    local.setItem(ACCESS_TOKEN_KEY, "still-valid");
    fetchMock.mockResolvedValue(respond(401, { error: "Invalid email or password", code: "invalid_credentials" }));
    await expect(
      apiRequest("/v1/auth/login", { method: "POST", body: {}, operation: "login", anonymous: true }),
    ).rejects.toThrow("login failed: 401");
    expect(lastRequest().headers.has("Authorization")).toBe(false);
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe("still-valid");
    expect(replaceMock).not.toHaveBeenCalled();
  });
});

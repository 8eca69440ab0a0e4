import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../test/memory-storage";
import {
  ACCESS_TOKEN_KEY,
  clearSession,
  getAccessToken,
  getLegacyApiKey,
  hasAccessToken,
  LEGACY_API_KEY_KEY,
  saveAccessToken,
  setLegacyApiKey,
} from "./auth-storage";

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", session);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("auth storage", () => {
  it("keeps a remembered token in localStorage and a plain one in sessionStorage only", () => {
    saveAccessToken("remembered", { persistent: true });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe("remembered");
    expect(session.getItem(ACCESS_TOKEN_KEY)).toBeNull();

    saveAccessToken("plain", { persistent: false });
    expect(session.getItem(ACCESS_TOKEN_KEY)).toBe("plain");
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(getAccessToken()).toBe("plain");
  });

  it("finds a token in either storage", () => {
    expect(hasAccessToken()).toBe(false);
    local.setItem(ACCESS_TOKEN_KEY, "from-local");
    expect(getAccessToken()).toBe("from-local");
    session.setItem(ACCESS_TOKEN_KEY, "from-session");
    expect(getAccessToken()).toBe("from-session");
  });

  it("forgets the token and the legacy key in both storages on clearSession", () => {
    local.setItem(ACCESS_TOKEN_KEY, "a");
    session.setItem(ACCESS_TOKEN_KEY, "b");
    setLegacyApiKey("legacy");
    local.setItem("unrelated", "kept");
    clearSession();
    expect(hasAccessToken()).toBe(false);
    expect(local.getItem(LEGACY_API_KEY_KEY)).toBeNull();
    expect(local.getItem("unrelated")).toBe("kept");
  });

  it("stores the legacy key trimmed and removes it when emptied", () => {
    setLegacyApiKey("  key-1  ");
    expect(getLegacyApiKey()).toBe("key-1");
    setLegacyApiKey("   ");
    expect(getLegacyApiKey()).toBeNull();
  });

  it("treats storage that throws or is missing as empty", () => {
    vi.stubGlobal("localStorage", undefined);
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      get() {
        throw new Error("blocked by privacy settings");
      },
    });
    expect(getAccessToken()).toBeNull();
    expect(() => saveAccessToken("t", { persistent: false })).not.toThrow();
    expect(() => clearSession()).not.toThrow();
    Reflect.deleteProperty(globalThis, "sessionStorage");
  });
});

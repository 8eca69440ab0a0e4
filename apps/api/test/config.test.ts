import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "../src/config";

const dataDir = mkdtempSync(join(tmpdir(), "sieve-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("configuration", () => {
  it("defaults to port 8080 and the embedded database in DATA_DIR", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: "pglite", dataDir });
  });

  it("generates a JWT secret once and keeps it in DATA_DIR", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(readFileSync(join(dataDir, "jwt-secret"), "utf8").length).toBeGreaterThanOrEqual(48);
  });

  it("requires JWT_SECRET when DATABASE_URL is set", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://db/sieve" })).toThrow(
      /JWT_SECRET is required/,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://db/sieve",
      JWT_SECRET: "shared-0123456789abcdef0123456789abcdef",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://db/sieve" });
  });

  it("refuses a PORT that is not a port", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: "http" })).toThrow(/PORT/);
  });

  it("trusts no proxy unless TRUST_PROXY says which", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1" }).trustProxy).toEqual(["127.0.0.1"]);
    for (const off of ["", "false", "0"]) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("loopback, 10.0.0.0/8,::1")).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    expect(() => parseTrustProxy("yes")).toThrow(/TRUST_PROXY/);
    // Fastify ignores the header under a hop count (it cannot check the peer): refused rather than silently inert.
    expect(() => parseTrustProxy("1")).toThrow(/hop count/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
  });
});

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { openDatabase, type DatabaseHandle } from "@sieve/db";
import type { AuthResponse } from "@sieve/contracts";
import { buildApp } from "../src/app";
import { geneInfoDir, geneNamesSqlite, SIEVE_VERSION, type AppConfig } from "../src/config";
import { ComputePool } from "@sieve/compute/pool";
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings } from "../src/modules/engine/runtime";
import { SHARED_DATA_DIR } from "@sieve/testing";
import { createScratchPostgres, onPostgres, pgliteOptions } from "./databases";

export { createScratchPostgres, onPostgres, postgresAdminUrl } from "./databases";

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  logs: string[];
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  signup(
    overrides?: Partial<{ email: string; password: string; name: string; org_name: string | null }>,
  ): Promise<AuthResponse & { token: string }>;
  close(): Promise<void>;
}

export async function createTestContext(
  options: {
    webDist?: string | null;
    databaseUrl?: string;
    engine?: Partial<EngineSettings>;
    referenceDataRoot?: string;
    trustProxy?: AppConfig["trustProxy"];
    mail?: AppConfig["mail"];
    signupsPerIpPerHour?: number;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), "sieve-api-test-"));
  const scratch = onPostgres || options.databaseUrl ? await createScratchPostgres(options.databaseUrl) : null;
  const database = await openDatabase(scratch ? { kind: "postgres", url: scratch.url } : pgliteOptions());
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    database: scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: null },
    jwtSecret: randomBytes(32),
    webDist: options.webDist ?? null,
    logLevel: "info",
    version: SIEVE_VERSION,
    computeThreads: 2,
    workerGateway: null,
    referenceDataRoot: options.referenceDataRoot ?? (existsSync(SHARED_DATA_DIR) ? SHARED_DATA_DIR : dataDir),
    geneNamesSqlite: geneNamesSqlite(process.env),
    geneInfoDir: geneInfoDir(process.env),
    engine: { ...DEFAULT_ENGINE_SETTINGS, ...options.engine },
    trustProxy: options.trustProxy ?? false,
    md: { maxNs: 10, maxWallSeconds: 600 },
    mail: options.mail ?? null,
    // A test file signs up many accounts from one address; the limit itself is tested with a small value.
    signupsPerIpPerHour: options.signupsPerIpPerHour ?? 10_000,
  };
  const logs: string[] = [];
  const logStream = { write: (line: string) => logs.push(line) } as unknown as NodeJS.WritableStream;
  const compute = new ComputePool(config.computeThreads);
  const app = await buildApp({ config, database, compute, engine: config.engine, logStream });
  await app.ready();
  let accounts = 0;

  const context: TestContext = {
    app,
    database,
    config,
    logs,
    call({ token, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    },
    async signup(overrides = {}) {
      accounts += 1;
      const payload = {
        email: `user${accounts}-${randomBytes(3).toString("hex")}@example.org`,
        password: "correct horse battery",
        name: `Test User${accounts}`,
        org_name: null,
        ...overrides,
      };
      const response = await app.inject({ method: "POST", url: "/v1/auth/signup", payload });
      if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
      const body = response.json<AuthResponse>();
      return { ...body, token: body.access_token };
    },
    async close() {
      await app.close();
      await compute.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

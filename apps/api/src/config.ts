import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism, homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseOptions } from "@sieve/db";
import { DEFAULT_ENGINE_SETTINGS, type EngineSettings } from "./modules/engine/runtime";

export const DEFAULT_SIGNUPS_PER_IP_PER_HOUR = 20;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseOptions;
  jwtSecret: Uint8Array;
  webDist: string | null;
  logLevel: string;
  version: string;
  /** Size of the compute thread pool (COMPUTE_THREADS, default: one per core). */
  computeThreads: number;
  engine: EngineSettings;
  /** The worker port (mutual TLS): TLS_PORT with TLS_CA, TLS_CERT and TLS_KEY files. */
  workerGateway: { port: number; caFile: string; certFile: string; keyFile: string } | null;
  /**
   * Root of the reference data (HGNC, Disease Ontology, DrugCentral, corpora) in the layout of the
   * shared data folder: REFERENCE_DATA_DIR, else ../shared/data beside the repository, else DATA_DIR/reference.
   * Loaders and ontology reloads only ever read inside it.
   */
  referenceDataRoot: string;
  /**
   * Bioconductor's org.Hs.eg.db SQLite (GENENAME of every NCBI Gene, from Debian's r-bioc-org.hs.eg.db):
   * ORG_HS_EG_SQLITE, else the user cache where scripts/gene-names-debian.sh puts it; null when absent.
   */
  geneNamesSqlite: string | null;
  /**
   * NCBI Gene `gene_info` files the literature tagger reads besides the reference folder's: NCBI_GENE_INFO_DIR, else
   * the user cache folder where scripts/gene-info-debian.sh exports every human gene's aliases and full name from
   * org.Hs.eg.db (Homo_sapiens.gene_info); null when absent.
   */
  geneInfoDir: string | null;
  /**
   * Which peers may set the client address through X-Forwarded-For (TRUST_PROXY, Fastify's
   * `trustProxy`): false (default, the socket's address is the client), true (every peer), or proxy
   * addresses/CIDRs. Per-IP rate limits and stored lead addresses depend on it.
   */
  trustProxy: TrustProxy;
  /**
   * The MD oracle's bounds: MD_MAX_NS (default 10) nanoseconds per run, MD_WALLCLOCK_S (default 3600) seconds of mdrun.
   */
  md: { maxNs: number; maxWallSeconds: number };
  /**
   * Invitation emails: SMTP_URL (nodemailer's URL form, e.g. smtps://user:pass@mail.example.org) and MAIL_FROM.
   * Without SMTP_URL invitations are only shown to the admin to copy.
   */
  mail?: { smtpUrl: string; from: string } | null;
  /** PUBLIC_URL: the address users open, for links in emails; else the address the request came to. */
  publicUrl?: string | null;
  /**
   * SIGNUPS_PER_IP_PER_HOUR: accounts one client address may create in an hour (default 20), so a script cannot
   * mass-create accounts or probe which emails have one at speed; the next signup answers 429 rate_limited.
   */
  signupsPerIpPerHour?: number;
}

export type TrustProxy = boolean | string[];

export const JWT_SECRET_MIN_BYTES = 32;

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "..");

export const SIEVE_VERSION: string = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version;

/** Reads the environment once at start-up; every setting is documented in the README's table. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? "./.data");
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !env.JWT_SECRET) {
    throw new Error(
      "JWT_SECRET is required when DATABASE_URL is set: every instance sharing that database must sign tokens with the same secret.",
    );
  }
  // HS256 needs a key at least as long as its 256-bit hash: a shorter secret can be brute-forced from one token.
  if (env.JWT_SECRET !== undefined && Buffer.byteLength(env.JWT_SECRET) < JWT_SECRET_MIN_BYTES)
    throw new Error(
      `JWT_SECRET must be at least ${JWT_SECRET_MIN_BYTES} bytes (it has ${Buffer.byteLength(env.JWT_SECRET)}); generate one with: openssl rand -base64 48`,
    );
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const webDist = resolve(env.WEB_DIST ?? join(repoRoot, "apps", "web", "dist"));
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    database: databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
    jwtSecret: env.JWT_SECRET ? new TextEncoder().encode(env.JWT_SECRET) : persistedSecret(dataDir),
    webDist: existsSync(join(webDist, "index.html")) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? "info",
    computeThreads: positiveInteger(env.COMPUTE_THREADS, availableParallelism(), "COMPUTE_THREADS"),
    workerGateway: env.TLS_PORT ? workerGatewayConfig(env) : null,
    referenceDataRoot: referenceDataRoot(env, dataDir),
    geneNamesSqlite: geneNamesSqlite(env),
    geneInfoDir: geneInfoDir(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    md: {
      maxNs: positiveNumber(env.MD_MAX_NS, 10, "MD_MAX_NS"),
      maxWallSeconds: positiveInteger(env.MD_WALLCLOCK_S, 3600, "MD_WALLCLOCK_S"),
    },
    engine: {
      ...DEFAULT_ENGINE_SETTINGS,
      embedded: env.ENGINE_EMBEDDED !== "false",
      heartbeatTimeoutS: positiveInteger(
        env.ENGINE_HEARTBEAT_TIMEOUT_S,
        DEFAULT_ENGINE_SETTINGS.heartbeatTimeoutS,
        "ENGINE_HEARTBEAT_TIMEOUT_S",
      ),
    },
    version: SIEVE_VERSION,
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || "Sieve <no-reply@localhost>" } : null,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, "") || null,
    signupsPerIpPerHour: positiveInteger(
      env.SIGNUPS_PER_IP_PER_HOUR,
      DEFAULT_SIGNUPS_PER_IP_PER_HOUR,
      "SIGNUPS_PER_IP_PER_HOUR",
    ),
  };
}

/** A single-machine install keeps its signing secret beside its database, so tokens survive restarts. */
function persistedSecret(dataDir: string): Uint8Array {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "jwt-secret");
  if (!existsSync(path)) writeFileSync(path, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  return new TextEncoder().encode(readFileSync(path, "utf8").trim());
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive whole number, got ${value}`);
  return parsed;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return parsed;
}

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: unset, empty, "false" or "0" trusts no proxy, so a client cannot pick its own address
 * with a forged X-Forwarded-For; a comma-separated list of addresses, CIDRs or the names loopback,
 * linklocal, uniquelocal trusts those peers; "true" trusts every peer (only behind a proxy that
 * overwrites the header). A hop count is refused: Fastify cannot check the nearest peer with one, so it
 * ignores the header altogether, and a setting that silently does nothing is worse than an error.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text))
    throw new Error(
      `TRUST_PROXY=${text}: a hop count cannot tell a proxy from a client; give the proxy's address or CIDR (e.g. 127.0.0.1 or 10.0.0.0/8)`,
    );
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (invalid.length || !entries.length) {
    throw new Error(
      `TRUST_PROXY must be false, true, or proxy addresses/CIDRs separated by commas; not ${invalid.join(", ") || value}`,
    );
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function workerGatewayConfig(env: NodeJS.ProcessEnv): NonNullable<AppConfig["workerGateway"]> {
  const missing = ["TLS_CA", "TLS_CERT", "TLS_KEY"].filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`TLS_PORT needs ${missing.join(", ")} (files; npm run certs:dev makes development ones)`);
  return {
    port: positiveInteger(env.TLS_PORT, 0, "TLS_PORT"),
    caFile: env.TLS_CA!,
    certFile: env.TLS_CERT!,
    keyFile: env.TLS_KEY!,
  };
}

export function geneNamesSqlite(env: NodeJS.ProcessEnv): string | null {
  if (env.ORG_HS_EG_SQLITE) return resolve(env.ORG_HS_EG_SQLITE);
  const cached = join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "sieve", "org.Hs.eg.sqlite");
  return existsSync(cached) ? cached : null;
}

export function geneInfoDir(env: NodeJS.ProcessEnv): string | null {
  if (env.NCBI_GENE_INFO_DIR) return resolve(env.NCBI_GENE_INFO_DIR);
  const cached = join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "sieve", "ncbi_gene");
  return existsSync(cached) ? cached : null;
}

function referenceDataRoot(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.REFERENCE_DATA_DIR) return resolve(env.REFERENCE_DATA_DIR);
  const beside = resolve(repoRoot, "..", "shared", "data");
  if (existsSync(beside)) return beside;
  const own = join(dataDir, "reference");
  mkdirSync(own, { recursive: true });
  return own;
}

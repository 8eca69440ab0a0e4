/**
 * End-to-end harness: builds the web app when its build is missing or older than its sources,
 * runs the real server (API + SPA) on a free port with a throw-away DATA_DIR, and drives the
 * system's Chromium through playwright-core. Later issues add their flows with these helpers.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { requireSharedData, sharedDataFile } from "@sieve/testing";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const ARTIFACTS_DIR = join(REPO_ROOT, ".e2e-artifacts");
const WEB_DIR = join(REPO_ROOT, "apps", "web");
const WEB_INDEX = join(WEB_DIR, "dist", "index.html");

/** The system's Chromium, never a downloaded browser. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // WebGL (the Proteins page's 3Dmol view) through the software rasteriser: headless has no GPU.
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** Builds apps/web when dist/index.html is missing or older than anything the bundle is made of. */
export function ensureWebBuild(): void {
  const sources = [
    join(WEB_DIR, "src"),
    join(WEB_DIR, "index.html"),
    join(WEB_DIR, "vite.config.ts"),
    join(WEB_DIR, "public"),
    join(REPO_ROOT, "packages", "contracts", "src"),
  ];
  if (existsSync(WEB_INDEX) && statSync(WEB_INDEX).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  const build = spawnSync("npm", ["run", "build", "-w", "@sieve/web"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface SieveServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The database directory of a server started once and stopped (global-setup.ts): migrated, pg-boss ready. */
    e2eDatabaseTemplate?: string;
  }
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` and resolves once /health answers ok. Its DATA_DIR is new and
 * its own; the embedded database in it is a copy of the run's template (global-setup.ts) when there is one, so that
 * each file's server skips creating and migrating a database, which costs more than the rest of its start-up.
 */
export async function startServer(options: { template?: string | null; dataDir?: string } = {}): Promise<SieveServer> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "sieve-e2e-")));
  const template = options.template === undefined ? inject("e2eDatabaseTemplate") : options.template;
  if (template) cpSync(template, join(dataDir, "pgdata"), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: REPO_ROOT,
    // Every browser of a test file signs up from 127.0.0.1: more than the default hourly share of one address.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SIGNUPS_PER_IP_PER_HOUR: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    await stopProcess(child);
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === "ok") return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error("server did not become healthy within 90 s");
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh browser context (its own storage) with a page at `path`. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  path = "/",
  viewport: ViewportName = "desktop",
): Promise<Page> {
  // The harness evaluates its own scripts in the page (inPage, axe-core), which the app's CSP forbids.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport], bypassCSP: true });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

export function uniqueEmail(): string {
  return `e2e-${crypto.randomUUID()}@example.org`;
}

export interface Credentials {
  email: string;
  password: string;
  name: string;
}

/** Signs a fresh user up through the sign-up page; the page ends on /dashboard. */
export async function signUpFreshUser(page: Page, organization = "E2E Lab"): Promise<Credentials> {
  const credentials = { email: uniqueEmail(), password: "correct horse battery", name: "Ada Lovelace" };
  await page.goto("/signup");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Name").fill(credentials.name);
  await page.getByLabel("Organization").fill(organization);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/dashboard");
  return credentials;
}

/** Registers a user through the API only, for flows that start at the sign-in page. */
export async function createUserViaApi(baseUrl: string): Promise<Credentials> {
  const credentials = { email: uniqueEmail(), password: "correct horse battery", name: "Grace Hopper" };
  const response = await fetch(`${baseUrl}/v1/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...credentials, org_name: null }),
  });
  if (response.status !== 201) throw new Error(`signup via API failed: ${response.status}`);
  return credentials;
}

/** Resolves with the text of the next alert() and accepts it, so the page is not left blocked. */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((resolveMessage) => {
    page.once("dialog", (dialog) => {
      resolveMessage(dialog.message());
      void dialog.accept();
    });
  });
}

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * Evaluates a JavaScript expression in the page (awaiting it when it is a promise). Expressions are
 * strings because this code is type-checked for Node, without the DOM library.
 */
export function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/** Runs axe-core in the page and returns the serious and critical violations only. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // Mid-animation colours (a drawer fading in) are not what users read; check the settled page.
  // A cancelled animation (its element removed) rejects `finished` with an AbortError: it has settled too.
  await inPage(page, "Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)))");
  if (!(await inPage<boolean>(page, "'axe' in window"))) await page.addScriptTag({ path: AXE_SOURCE });
  const result = await inPage<{
    violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  }>(page, "axe.run(document)");
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** True when the document is wider than the viewport, i.e. the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return inPage(page, "document.documentElement.scrollWidth > document.documentElement.clientWidth");
}

/** A screenshot (full page unless told otherwise) in .e2e-artifacts/screenshots/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const directory = join(ARTIFACTS_DIR, "screenshots");
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${name}.png`);
  // A full-page capture draws sticky headers where the page was scrolled to, mid-page; from the top they sit where
  // users see them.
  if (options.fullPage ?? true) await inPage(page, "window.scrollTo(0, 0)");
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: "disabled" });
  return path;
}

let fixtureDirectory: string | null = null;

/** Writes a small fixture file into this test process's temporary directory (removed on exit). */
export async function writeFixture(name: string, content: string | Uint8Array): Promise<string> {
  if (!fixtureDirectory) {
    const directory = await mkdtemp(join(tmpdir(), "sieve-e2e-fixture-"));
    process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
    fixtureDirectory = directory;
  }
  const path = join(fixtureDirectory, name);
  await writeFile(path, content);
  return path;
}

/** The signed-in page's bearer token, for calling the API directly from a test. */
export async function accessToken(page: Page): Promise<string> {
  const token = await inPage<string | null>(
    page,
    "sessionStorage.getItem('sieve.access_token') || localStorage.getItem('sieve.access_token')",
  );
  if (!token) throw new Error("the page is not signed in");
  return token;
}

/** A protein structure for upload flows: the shared 1HSG entry (absent shared data fails the test). */
export async function proteinFixture(): Promise<string> {
  requireSharedData("structures/1HSG.pdb");
  return sharedDataFile("structures/1HSG.pdb");
}

/** Starts a download with `trigger` and returns the saved file's suggested name and text. */
export async function readDownload(page: Page, trigger: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, "utf8") };
}

/** Creates a project through the API as the signed-in page's user and returns its id. */
/** In the open New Job dialog: a new project, named and acknowledged research-use-only (none is made for you). */
export async function chooseNewProject(page: Page, name: string): Promise<void> {
  const dialog = page.locator("dialog[open]");
  await dialog.getByLabel("Project", { exact: true }).selectOption("new");
  await dialog.getByLabel("New project name").fill(name);
  await dialog.getByLabel(/research use only/).check();
}

export async function createProjectViaApi(page: Page, baseUrl: string, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/projects/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, ruo_ack: true }),
  });
  if (response.status !== 201) throw new Error(`project creation via API failed: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

export interface E2eSession {
  server: SieveServer;
  browser: Browser;
  /** A page on the landing page; signed in as a fresh user unless `signedIn: false`. */
  page: Page;
}

/**
 * One test file's session: the real server and Chromium started before its tests (and a fresh user
 * signed in), both stopped after them. `receive` hands the session to the file's own variables.
 */
export function useE2eSession(receive: (session: E2eSession) => void, options: { signedIn?: boolean } = {}): void {
  let server: SieveServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const page = await openPage(browser, server.baseUrl, "/");
    if (options.signedIn !== false) await signUpFreshUser(page);
    receive({ server, browser, page });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

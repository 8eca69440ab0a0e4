import { loadConfig, type AppConfig } from "./config";
import { readFileSync } from "node:fs";
import { buildApp } from "./app";
import { buildWorkerGateway } from "./worker-gateway/gateway";
import { ComputePool } from "@sieve/compute/pool";
import { openDatabaseForStart, restrictToOwner, secureDataDir, StartupError, startupFailureText } from "./startup";

/** Starts the whole platform in this one process: database, API, web app. */
async function main(): Promise<void> {
  // Files the process creates (the embedded database, the signing secret, outputs) are its user's alone.
  process.umask(0o077);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    // A setting the operator must fix (JWT_SECRET missing with DATABASE_URL, a bad PORT, …): say which.
    throw new StartupError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  secureDataDir(config.dataDir);
  const database = await openDatabaseForStart(config.database);
  if (config.database.kind === "pglite" && config.database.dataDir) restrictToOwner(config.dataDir);
  const compute = new ComputePool(config.computeThreads);
  const app = await buildApp({ config, database, compute, engine: config.engine });
  if (!config.webDist) app.log.warn("apps/web/dist is missing: the API runs without the web app (npm start builds it)");

  let closeGateway = async () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await closeGateway();
    await app.close();
    await compute.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  if (config.workerGateway) {
    const { port, caFile, certFile, keyFile } = config.workerGateway;
    const gateway = await buildWorkerGateway({
      tls: { ca: readFileSync(caFile), cert: readFileSync(certFile), key: readFileSync(keyFile) },
      database,
      engine: app.engine,
    });
    await gateway.listen({ port, host: config.host });
    closeGateway = () => gateway.close();
  }
  app.log.info({ db: database.kind, version: config.version }, "Sieve is ready");
}

main().catch((error: unknown) => {
  // One line for what the operator can fix (settings, an unreachable database, a busy port); the stack
  // for anything else. LOG_LEVEL=debug adds the underlying error's stack to the one line.
  console.error(startupFailureText(error));
  if (process.env.LOG_LEVEL === "debug" && error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});

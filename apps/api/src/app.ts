import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "@sieve/db";
import { SMILES_MAX_LENGTH } from "@sieve/contracts";
import type { AppConfig } from "./config";
import type { ComputePool } from "@sieve/compute/pool";
import { DEFAULT_ENGINE_SETTINGS, EngineRuntime, type EngineSettings } from "./modules/engine/runtime";
import { engineRoutes } from "./modules/engine/routes";
import { negatomeRoutes } from "./modules/negatome/routes";
import { literatureRoutes } from "./modules/literature/routes";
import { LiteratureReference } from "./modules/literature/reference";
import { LiteratureSearch } from "./modules/literature/search-index";
import { targetRoutes } from "./modules/targets/routes";
import { ReferenceCatalog } from "./modules/targets/catalog";
import { engineJobTypes } from "./engine-job-types";
import { adminRoutes } from "./modules/admin/routes";
import { redactedErrorForLog } from "./http/database-errors";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerInputGuards } from "./plugins/input-guards";
import { requireAuthentication } from "./plugins/authentication";
import { registerThirdPartyPlugins } from "./plugins/third-party";
import { registerWebApp } from "./plugins/web-app";
import { publicAuthRoutes, profileRoutes } from "./modules/auth/routes";
import { projectRoutes } from "./modules/projects/routes";
import { runRoutes } from "./modules/runs/routes";
import { mirrorJobTransitions } from "./modules/runs/status";
import { JobTransitions } from "./modules/engine/transitions";
import { runInputProblems } from "./modules/workflows/inputs";
import { uploadRoutes } from "./modules/uploads/routes";
import { siteRoutes } from "./modules/site/routes";
import { healthRoutes } from "./modules/health/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { moleculeRoutes } from "./modules/molecules/routes";
import { proteinRoutes } from "./modules/proteins/routes";
import { workflowRoutes } from "./modules/workflows/routes";
import { reportRoutes } from "./modules/reports/routes";
import { auditRoutes } from "./modules/audit/routes";
import { invitationAcceptRoutes, teamRoutes } from "./modules/teams/routes";
import { signatureRoutes } from "./modules/reports/signature-routes";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    compute: ComputePool;
    engine: EngineRuntime;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** The compute threads; the caller owns it and closes it after the app. */
  compute: ComputePool;
  engine?: EngineSettings;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
}

const REDACTED_QUERY_PARAMS = /([?&](?:api_key|token|access_token)=)[^&]*/gi;
/** An invitation's token is its credential: never logged. */
const REDACTED_PATH_TOKENS = /(\/v1\/invitations\/)[^/?]+/g;

/** Builds the whole platform's HTTP surface; `server.ts` only listens. Tests call this with `inject`. */
export async function buildApp({
  config,
  database,
  compute,
  engine = DEFAULT_ENGINE_SETTINGS,
  logger = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    // Unique across restarts and instances: the audit trail records it with each write.
    genReqId: () => randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
    // Path parameters may be as long as a SMILES (`GET /v1/negatome/safety/{smiles}`); Fastify's default
    // of 100 characters answered 414 for most drugs. The limit applies to the decoded value.
    routerOptions: { maxParamLength: SMILES_MAX_LENGTH },
    // Off by default: otherwise anyone could choose their address (per-IP limits) with X-Forwarded-For.
    trustProxy: config.trustProxy,
    logger: logger && {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: {
        paths: [
          "req.headers.authorization",
          'req.headers["x-api-key"]',
          "req.headers.cookie",
          "*.password",
          "*.access_token",
        ],
        censor: "[redacted]",
      },
      serializers: {
        err: redactedErrorForLog,
        req: (req) => ({
          method: req.method,
          url: req.url.replace(REDACTED_QUERY_PARAMS, "$1[redacted]").replace(REDACTED_PATH_TOKENS, "$1[redacted]"),
          remoteAddress: req.ip,
        }),
      },
    },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("compute", compute);
  // One catalog per instance, read by the targets routes and the ranking jobs.
  const catalog = new ReferenceCatalog(database.db);
  const jobTypes = engineJobTypes({ db: database.db, compute, config, catalog });
  // The engine publishes job transitions; runs subscribe to them and own their status.
  const jobTransitions = new JobTransitions();
  mirrorJobTransitions(jobTransitions);
  const engineRuntime = await EngineRuntime.start(database, compute, engine, app.log, jobTypes, jobTransitions);
  app.decorate("engine", engineRuntime);
  app.addHook("onClose", async () => engineRuntime.stop());
  const literatureReference = new LiteratureReference(config.referenceDataRoot, config.geneInfoDir);
  // One search index per instance, read by the literature and targets modules.
  const literatureSearch = new LiteratureSearch(database.db);
  registerErrorHandler(app);
  registerInputGuards(app);
  await registerThirdPartyPlugins(app);

  await app.register(healthRoutes);
  await app.register(publicAuthRoutes);
  await app.register(siteRoutes);
  await app.register(reportRoutes);
  await app.register(invitationAcceptRoutes);
  await app.register(async (authenticated) => {
    requireAuthentication(authenticated);
    await authenticated.register(profileRoutes);
    await authenticated.register(projectRoutes(catalog));
    await authenticated.register(
      runRoutes((scope, run) => runInputProblems(database.db, compute, scope, config.referenceDataRoot, run)),
    );
    await authenticated.register(uploadRoutes);
    await authenticated.register(dashboardRoutes);
    await authenticated.register(moleculeRoutes);
    await authenticated.register(proteinRoutes);
    await authenticated.register(engineRoutes);
    await authenticated.register(negatomeRoutes);
    await authenticated.register(literatureRoutes(literatureReference, literatureSearch));
    await authenticated.register(targetRoutes(literatureSearch, catalog));
    await authenticated.register(adminRoutes(literatureReference));
    await authenticated.register(workflowRoutes);
    await authenticated.register(auditRoutes);
    await authenticated.register(teamRoutes);
    await authenticated.register(signatureRoutes);
  });
  await registerWebApp(app, config.webDist);
  return app;
}

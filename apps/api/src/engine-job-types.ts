import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import type { AppConfig } from "./config";
import { EngineJobResult, JobTypeRegistry } from "./modules/engine/job-types";
import { MolecularJobInput, MOLECULAR_DOMAIN } from "./modules/runs/molecular-job";
import { TARGETS_DOMAIN, RankingJobInput, rankingJobHandler } from "./modules/targets/ranking-job";
import type { ReferenceCatalog } from "./modules/targets/catalog";
import { CUSTOM_DOMAIN, LEAD_OPT_DOMAIN, VHTS_DOMAIN, WorkflowJobInput } from "./modules/runs/workflow-job";
import { leadOptJobHandler, vhtsJobHandler } from "./modules/workflows/jobs";
import { negatomeScreenOf } from "./modules/negatome/safety";
import {
  DockJobInput,
  MdJobInput,
  ORACLE_DOCK_DOMAIN,
  ORACLE_MD_DOMAIN,
  dockJobHandler,
  mdJobHandler,
} from "./modules/negatome/synthetic-oracles";
import { ingestJobType } from "./modules/literature/ingest-job";

/**
 * Every kind of engine job, with the schemas of its stored input and result and its database-side
 * steps, wired to what they read. Built once by `buildApp` and handed to the embedded dispatcher and
 * the worker port; the modules only describe their own types, so no module registers one as a side
 * effect of its routes, and workflows read the negatome through what is passed here.
 */
export function engineJobTypes({
  db,
  compute,
  config,
  catalog,
}: {
  db: Database;
  compute: ComputePool;
  config: AppConfig;
  catalog: ReferenceCatalog;
}): JobTypeRegistry {
  const referenceRoot = config.referenceDataRoot;
  const parsePlan = (description: string) => compute.run("workflows.plan", { description });
  const negatomeScreen = (orgId: number) => negatomeScreenOf(db, compute, referenceRoot, orgId);
  const leadOpt = leadOptJobHandler(db, referenceRoot, config.dataDir, parsePlan);
  return new JobTypeRegistry()
    .add({ domain: MOLECULAR_DOMAIN, input: MolecularJobInput, result: EngineJobResult })
    .add({
      domain: TARGETS_DOMAIN,
      input: RankingJobInput,
      result: EngineJobResult,
      handler: rankingJobHandler(db, catalog, referenceRoot),
    })
    .add({
      domain: VHTS_DOMAIN,
      input: WorkflowJobInput,
      result: EngineJobResult,
      handler: vhtsJobHandler(db, referenceRoot, config.dataDir, negatomeScreen),
    })
    .add({ domain: LEAD_OPT_DOMAIN, input: WorkflowJobInput, result: EngineJobResult, handler: leadOpt })
    .add({ domain: CUSTOM_DOMAIN, input: WorkflowJobInput, result: EngineJobResult, handler: leadOpt })
    .add({
      domain: ORACLE_DOCK_DOMAIN,
      input: DockJobInput,
      result: EngineJobResult,
      handler: dockJobHandler(db, referenceRoot, config.dataDir),
    })
    .add({
      domain: ORACLE_MD_DOMAIN,
      input: MdJobInput,
      result: EngineJobResult,
      handler: mdJobHandler(db, referenceRoot, { maxWallSeconds: config.md.maxWallSeconds }),
    })
    .add(ingestJobType);
}

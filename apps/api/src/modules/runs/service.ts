import {
  MOLECULAR_MESSAGES,
  executionOf,
  invalidUploadReferences,
  resolveMolecularInput,
  splitLines,
  type Curves,
  type MolecularRunBody,
  type MolecularRunCreated,
  type RunList,
  missingWorkflowInputs,
  resolveRunConfig,
  type Run,
  type RunConfig,
  type RunCreateBody,
} from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { ComputePool } from "@sieve/compute/pool";
import type { TenantScope } from "../../plugins/authentication";
import { decodeCursor, pageOf } from "../../http/pagination";
import type { EngineRuntime } from "../engine/runtime";
import { engineJobsStore, groupCurves } from "../engine/store";
import { jobOfRun } from "./shards";
import { conflict, notFound, validationFailed } from "../../http/errors";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";
import { projectsStore } from "../projects/store";
import { runsStore, type RunRecord } from "./store";
import { MOLECULAR_DOMAIN } from "./molecular-job";
import { CUSTOM_DOMAIN, LEAD_OPT_DOMAIN, VHTS_DOMAIN, type WorkflowJobInput } from "./workflow-job";

/** Which engine domain executes each workflow of the New Job modal. */
const WORKFLOW_DOMAINS: Partial<Record<RunConfig["workflow"], string>> = {
  vhts: VHTS_DOMAIN,
  lead_opt: LEAD_OPT_DOMAIN,
  custom: CUSTOM_DOMAIN,
};

export interface CreatedRun {
  run: Run;
  /** False when an Idempotency-Key replay returned the run created earlier. */
  created: boolean;
}

export function runsService(db: Database, scope: TenantScope) {
  const store = runsStore(db, scope);

  function replay(existing: RunRecord, requestHash: string): CreatedRun {
    if (existing.request_hash !== requestHash) {
      throw conflict("This Idempotency-Key was already used with a different request body", "idempotency_key_reused");
    }
    return { run: toPublicRun(existing), created: false };
  }

  return {
    async list(limit: number, cursor: string | undefined): Promise<RunList> {
      const { items, ...next } = pageOf(await store.list(limit + 1, decodeCursor(cursor)), limit);
      return { runs: items.map(toPublicRun), ...next };
    },

    async get(id: string): Promise<Run> {
      const run = await store.get(id);
      if (!run) throw notFound("Run");
      return toPublicRun(run);
    },

    /** Curves are written by the engine while the run's job executes; a run no job has picked up has none. */
    async curves(id: string): Promise<Curves> {
      const run = await this.get(id);
      const jobs = engineJobsStore(db, scope);
      const job = await jobOfRun(jobs, run.id);
      return { curves: job ? groupCurves(await jobs.curvePoints(job.id)) : [] };
    },

    /** A run of the graph GA, executed as one engine job; its SMILES are checked on a compute thread first. */
    async createMolecular(
      projectId: number,
      body: MolecularRunBody,
      { pool, engine }: { pool: ComputePool; engine: Pick<EngineRuntime, "submit"> },
    ): Promise<MolecularRunCreated> {
      const project = await projectsStore(db, scope).get(projectId);
      if (!project) throw notFound("Project");
      const execution = body.execution ?? "embedded";
      const smiles = body.smiles.flatMap(splitLines);
      if (body.smiles_source) {
        if (execution !== "remote")
          throw validationFailed([
            { path: "smiles_source", message: "local: sources are read by a remote worker; set execution to remote" },
          ]);
        if (smiles.length)
          throw validationFailed([{ path: "smiles", message: "give either smiles or smiles_source, not both" }]);
      } else {
        if (smiles.length === 0)
          throw validationFailed([{ path: "smiles", message: MOLECULAR_MESSAGES.smilesRequired }], "smiles_required");
        const checked = await pool.run("molecules.analyze", { items: smiles, svg: false });
        const invalid = checked.flatMap((result, index) =>
          result.ok ? [] : [{ path: `smiles.${index}`, message: `${result.input}: ${result.error}` }],
        );
        if (invalid.length) throw validationFailed(invalid, "invalid_smiles");
      }

      const input = resolveMolecularInput(body, smiles);
      const runId = await store.create({
        orgId: project.org_id,
        projectId: project.id,
        workflow: "molecular_optimization",
        config: { ...input, execution },
        idempotencyKey: null,
        requestHash: null,
      });
      const job = await engine.submit({
        orgId: project.org_id,
        projectId: project.id,
        runId: runId!,
        domain: MOLECULAR_DOMAIN,
        execution,
        input,
        createdBy: scope.userId,
      });
      return { id: job.id, run_id: runId!, status: "queued" };
    },

    async create(projectId: number, body: RunCreateBody, idempotencyKey: string | null): Promise<CreatedRun> {
      const project = await projectsStore(db, scope).get(projectId);
      if (!project) throw notFound("Project");
      const config = resolveRunConfig(body);
      const missing = [...missingWorkflowInputs(config), ...invalidUploadReferences(config)];
      if (missing.length) throw validationFailed(missing);

      const requestHash = idempotencyKey ? sha256Hex(canonicalJson({ project_id: projectId, body })) : null;
      if (idempotencyKey) {
        const existing = await store.findByIdempotencyKey(idempotencyKey);
        if (existing) return replay(existing, requestHash!);
      }
      const id = await store.create({
        orgId: project.org_id,
        projectId,
        workflow: config.workflow,
        config,
        idempotencyKey,
        requestHash,
      });
      if (id === null) {
        // A concurrent request with the same key won the insert: answer as its replay.
        return replay((await store.findByIdempotencyKey(idempotencyKey!))!, requestHash!);
      }
      return { run: toPublicRun((await store.get(id))!), created: true };
    },
  };
}

export function toPublicRun({ request_hash: _hash, created_by: _creator, ...run }: RunRecord): Run {
  return run;
}

/**
 * Submits the engine job(s) that execute a run created from the New Job modal; the run then mirrors
 * its jobs' statuses (`status.ts`). Runs of workflows without an executor stay queued.
 */
export async function launchWorkflowRun(
  { db, engine }: { db: Database; engine: Pick<EngineRuntime, "submit"> },
  scope: TenantScope,
  run: Run,
  userId: number,
): Promise<void> {
  const config = run.config as unknown as RunConfig;
  const domain = WORKFLOW_DOMAINS[config.workflow];
  if (!domain) return;
  // A custom workflow runs once its plan is confirmed (the WorkflowPlan module, from the modal or the run page).
  if (config.workflow === "custom" && !config.modules.some((m) => m.name === "WorkflowPlan")) return;
  const orgId = await runsStore(db, scope).orgOf(run.id);
  if (orgId === null) return;
  const { execution, shards } = executionOf(config);
  for (let index = 0; index < shards; index++) {
    const input: WorkflowJobInput = {
      run_id: run.id,
      workflow: config.workflow,
      config,
      user_id: userId,
      ...(shards > 1 ? { shard: { index, count: shards } } : {}),
    };
    await engine.submit({
      orgId,
      projectId: run.project_id,
      runId: run.id,
      domain,
      execution,
      input,
      createdBy: userId,
    });
  }
}

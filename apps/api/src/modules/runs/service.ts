import {
  invalidUploadReferences,
  missingWorkflowInputs,
  resolveRunConfig,
  type Run,
  type RunCreateBody,
} from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { conflict, notFound, validationFailed } from "../../http/errors";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";
import { projectsStore } from "../projects/store";
import { runsStore, type RunRecord } from "./store";

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

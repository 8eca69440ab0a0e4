import type { EngineJob, Manifest, Origin, Review } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { TenantScope } from "../../plugins/authentication";
import { canonicalJson, sha256Hex } from "../../http/canonical-json";
import { notFound } from "../../http/errors";
import { engineJobsStore, groupCurves } from "../engine/store";
import { jobOfRun } from "../runs/shards";
import { projectsStore } from "../projects/store";
import { runsStore, type RunRecord } from "../runs/store";
import { uploadsStore } from "../uploads/store";
import { oracleStatus } from "../workflows/oracle-status";
import { currentStates, reviewsStore } from "./store";
import { jobOutputs, reproducibleMetrics, type CurveSeries, type OutputFile } from "./run-outputs";
import { signCanonical, softwareVersions } from "./software";

/** Everything the manifest, the dossier and the replay bundle of one run are made from. */
export interface RunRecordSet {
  run: RunRecord;
  job: EngineJob | null;
  project: {
    id: number;
    name: string;
    disease_area: string | null;
    disease_ontology_id: string | null;
    org_id: number;
  };
  curves: CurveSeries[];
  outputs: OutputFile[];
  history: Review[];
  inputs: Manifest["inputs"];
  /** The run's uploaded files (`upload://` URIs in its config) with where their content is stored. */
  uploads: { uri: string; name: string; sha256: string; blobId: string }[];
  /** Versions of the external oracles (docking, similarity, SA) on this server, for workflow runs. */
  oracleVersions: Record<string, string>;
}

const WORKFLOW_DOMAINS = new Set(["vhts", "lead_opt", "custom"]);

async function workflowOracleVersions(domain: string | undefined): Promise<Record<string, string>> {
  if (!domain || !WORKFLOW_DOMAINS.has(domain)) return {};
  const status = await oracleStatus();
  return Object.fromEntries(
    Object.entries(status).map(([name, s]) => [
      name,
      s.available ? `${s.version ?? "available"} (installed on this server)` : "not installed",
    ]),
  );
}

/** Loads a run (by its id, or by its engine job's id) as the caller may see it; 404 otherwise. */
export async function loadRunRecords(
  db: Database,
  scope: TenantScope,
  id: string,
  by: "run" | "job_or_run",
): Promise<RunRecordSet> {
  const jobs = engineJobsStore(db, scope);
  const runs = runsStore(db, scope);
  // A shard's job id stands for its whole run.
  const direct = by === "job_or_run" ? await jobs.get(id) : null;
  const run = direct?.run_id ? await runs.get(direct.run_id) : await runs.get(id);
  if (!run) throw notFound(by === "run" ? "Run" : "Job");
  const job = await jobOfRun(jobs, run.id);
  const project = await projectsStore(db, scope).get(run.project_id);
  if (!project) throw notFound("Run");
  const curves = job ? groupCurves(await jobs.curvePoints(job.id)) : [];
  const history = await reviewsStore(db, scope).history({ runId: run.id });
  const { inputs, uploads } = await runInputs(db, scope, run, job);
  return {
    run,
    job,
    project,
    curves,
    outputs: jobOutputs(run.id, job, curves),
    history,
    inputs,
    uploads,
    oracleVersions: await workflowOracleVersions(job?.domain),
  };
}

/** The run's inputs: SMILES sent inline, uploaded files (`upload://`), and worker-side `local:` files. */
async function runInputs(
  db: Database,
  scope: TenantScope,
  run: RunRecord,
  job: EngineJob | null,
): Promise<Pick<RunRecordSet, "inputs" | "uploads">> {
  const inputs: Manifest["inputs"] = [];
  const uploaded: RunRecordSet["uploads"] = [];
  const config = run.config;
  const smiles = Array.isArray(config.smiles) ? (config.smiles as string[]) : [];
  if (smiles.length)
    inputs.push({ name: "starting_smiles.smi", uri: "inline:config.smiles", sha256: sha256Hex(smilesFile(smiles)) });
  const localHashes = (job?.result?.final_metrics.input_hashes as Record<string, string> | undefined) ?? {};
  if (typeof config.smiles_source === "string")
    inputs.push({
      name: "smiles_source",
      uri: config.smiles_source,
      sha256: localHashes[config.smiles_source] ?? Object.values(localHashes)[0] ?? null,
    });
  const uploads = uploadsStore(db, scope);
  for (const uri of new Set(JSON.stringify(config).match(/upload:\/\/[0-9a-f-]{36}\/[^"\\]*/g) ?? [])) {
    const upload = await uploads.get(uri.slice("upload://".length, "upload://".length + 36));
    const name = uri.split("/").at(-1) || uri;
    inputs.push({ name, uri, sha256: upload?.sha256 ?? null });
    if (upload) uploaded.push({ uri, name, sha256: upload.sha256, blobId: upload.blob_id });
  }
  return { inputs, uploads: uploaded };
}

/** The starting SMILES as the replay bundle stores them: one per line. */
export function smilesFile(smiles: string[]): string {
  return smiles.join("\n") + "\n";
}

function computedOrigin(records: RunRecordSet): Origin {
  const { smiles: _smiles, ...parameters } = records.run.config;
  const input_hashes = Object.fromEntries(records.inputs.filter((i) => i.sha256).map((i) => [i.name, i.sha256!]));
  const method = records.job?.domain === "molecular" ? "graph_ga" : (records.job?.domain ?? records.run.workflow);
  return {
    kind: "computed",
    method,
    version: softwareVersions(records.job?.domain ?? null).sieve_version,
    parameters,
    input_hashes,
  };
}

export function buildManifest(records: RunRecordSet, jwtSecret: Uint8Array): Manifest {
  const { run, job, project, outputs, history } = records;
  const origin = computedOrigin(records);
  const current = new Map(currentStates(history).map((r) => [`${r.kind}\u0000${r.item_id}`, r]));
  const steps: Manifest["steps"] = job
    ? [
        {
          name: job.domain === "molecular" ? "molecular_optimization" : job.domain,
          origin,
          started_at: job.started_at,
          completed_at: job.completed_at,
          metrics: job.result
            ? {
                ...reproducibleMetrics(job.result.final_metrics),
                wall_time_s: job.result.final_metrics.wall_time_s ?? null,
              }
            : {},
        },
      ]
    : [];
  // Each human decision is a step of its own: who, when, and what they decided.
  for (const review of [...history].reverse()) {
    steps.push({
      name: `review:${review.kind}`,
      origin: {
        kind: "human",
        who: review.reviewed_by.name,
        when: review.reviewed_at,
        what: `${review.state} ${review.kind} ${review.item_id}${review.comment ? `: ${review.comment}` : ""}`,
      },
      started_at: review.reviewed_at,
      completed_at: review.reviewed_at,
      metrics: {},
    });
  }
  const unsigned: Omit<Manifest, "signatures"> = {
    manifest_version: 1,
    job: job
      ? {
          id: job.id,
          domain: job.domain,
          status: job.status,
          execution: job.execution,
          attempts: job.attempts,
          created_at: job.created_at,
          started_at: job.started_at,
          completed_at: job.completed_at,
        }
      : null,
    run: { id: run.id, workflow: run.workflow, status: run.status, created_at: run.created_at, config: run.config },
    project: { id: project.id, name: project.name, disease_area: project.disease_area },
    inputs: records.inputs,
    software: (() => {
      const software = softwareVersions(job?.domain ?? null);
      return { ...software, oracles: { ...software.oracles, ...records.oracleVersions } };
    })(),
    steps,
    outputs: outputs.map((output) => {
      const review = current.get(`${output.item.kind}\u0000${output.item.id}`);
      return {
        name: output.name,
        sha256: output.sha256,
        item: output.item,
        origin,
        review: review
          ? { state: review.state, by: review.reviewed_by.name, at: review.reviewed_at, comment: review.comment }
          : { state: "unreviewed" as const, by: null, at: null, comment: null },
      };
    }),
    reviews: history,
  };
  const signature = signCanonical(jwtSecret, unsigned);
  return {
    ...unsigned,
    signatures: [
      { ...signature, signed: "canonical JSON (keys sorted, no whitespace) of this manifest without `signatures`" },
    ],
  };
}

/** Checks a manifest's signature against this server's key. */
export function manifestSignatureValid(manifest: Manifest, jwtSecret: Uint8Array): boolean {
  const { signatures, ...unsigned } = manifest;
  return signatures.some((s) => s.value === signCanonical(jwtSecret, unsigned).value);
}

export const manifestJson = (manifest: Manifest) => canonicalJson(manifest);

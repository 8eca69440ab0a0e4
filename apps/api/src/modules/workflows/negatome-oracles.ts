import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, eq, inArray } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import { ErrorBody, OracleDockBody, OracleJobCreated, OracleMdBody, OracleRegisterBody, OracleRegistered, type RegisteredNegative } from "@sieve/contracts";
import type { DockTaskInput, DockTaskOutput } from "@sieve/worker/workflows";
import { ApiError, conflict, notFound, validationFailed } from "../../http/errors";
import { authStore } from "../auth/store";
import type { EngineDomainHandler } from "../engine/dispatcher";
import type { EngineJobRow } from "../engine/store";
import { negatomeService } from "../negatome/service";
import { WorkflowInputError, workflowFiles } from "./inputs";
import { gromacsAvailability } from "./oracle-status";

export const ORACLE_DOCK_DOMAIN = "oracle_dock";
/** The longest MD run the oracle accepts, in nanoseconds. */
export const MD_MAX_NS = 10;

interface DockJobInput {
  pdb_s3: string;
  smiles: string[];
  exhaustiveness: number;
  box_size: number | null;
  user_id: number;
}

/** Reads the receptor of a docking oracle job from the caller's uploads (or a reference PDB id). */
export function dockJobHandler(db: Database, referenceRoot: string): EngineDomainHandler {
  return {
    async prepare(job: EngineJobRow): Promise<DockTaskInput> {
      const input = job.input as DockJobInput;
      const target = await workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot).target(input.pdb_s3);
      if (!target.structure) throw new WorkflowInputError(target.note ?? `pdb_s3 ${input.pdb_s3} is not a .pdb/.pdbqt upload or a reference PDB id`);
      return {
        receptor: { name: target.structure.name, text: target.structure.text, format: target.structure.format },
        box: { kind: "ligand", ...(input.box_size ? { size: input.box_size } : {}) },
        docking: { exhaustiveness: input.exhaustiveness, num_modes: 9 },
        smiles: input.smiles,
        seed: 42,
      };
    },
    async finish(_job: EngineJobRow, output: unknown) {
      const result = output as DockTaskOutput;
      const affinities = result.results.flatMap((r) => (r.affinity === null ? [] : [r.affinity]));
      return { best_fitness: affinities.length ? Math.min(...affinities) : null, final_metrics: { ...result, docked: affinities.length } };
    },
  };
}

/** The negatome's synthetic oracles: docking and MD jobs, and registration of their poor results as negatives. */
export const negatomeOracleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ["negatome"];
  app.engine.registerDomain(ORACLE_DOCK_DOMAIN, dockJobHandler(db, app.config.referenceDataRoot));

  app.post("/v1/negatome/synthetic/oracle/dock", { schema: { tags, body: OracleDockBody, response: { 202: OracleJobCreated, 422: ErrorBody } } }, async (request, reply) => {
    const { pdb_s3, smiles, exhaustiveness, box_size } = request.body;
    if (!pdb_s3.startsWith("upload://") && !/^[0-9][A-Za-z0-9]{3}$/.test(pdb_s3)) throw validationFailed([{ path: "pdb_s3", message: "give an upload:// URI of a .pdb/.pdbqt file (or a reference PDB id)" }]);
    const orgId = (await authStore(db).findUserById(request.tenant.userId))!.primaryOrgId;
    const input: DockJobInput = { pdb_s3, smiles, exhaustiveness: exhaustiveness ?? 4, box_size: box_size ?? null, user_id: request.tenant.userId };
    const job = await app.engine.submit({ orgId, domain: ORACLE_DOCK_DOMAIN, execution: "embedded", input, createdBy: request.tenant.userId });
    return reply.status(202).send({ job_id: job.id, status: job.status });
  });

  app.post("/v1/negatome/synthetic/oracle/md", { schema: { tags, body: OracleMdBody, response: { 202: OracleJobCreated, 422: ErrorBody, 501: ErrorBody } } }, async (request) => {
    if (request.body.ns > MD_MAX_NS) throw validationFailed([{ path: "ns", message: `at most ${MD_MAX_NS} ns per MD oracle run` }]);
    const gromacs = await gromacsAvailability();
    if (!gromacs.available) throw new ApiError(501, "md_unavailable", `The MD oracle needs GROMACS, which is not installed on this server (apt-get install -y gromacs)`);
    throw new ApiError(501, "md_not_implemented", "GROMACS is installed, but the MD oracle (minimisation + NVT of a submitted system) is not implemented yet");
  });

  app.post("/v1/negatome/synthetic/oracle/register", { schema: { tags, body: OracleRegisterBody, response: { 200: OracleRegistered, 404: ErrorBody, 409: ErrorBody } } }, async (request) => {
    const { job_id, affinity_threshold, target_uniprot_id } = request.body;
    const [job] = await db
      .select()
      .from(schema.engineJobs)
      .where(and(eq(schema.engineJobs.id, /^[0-9a-f-]{36}$/i.test(job_id) ? job_id : "00000000-0000-0000-0000-000000000000"), inArray(schema.engineJobs.orgId, request.tenant.orgIds), eq(schema.engineJobs.domain, ORACLE_DOCK_DOMAIN)));
    if (!job) throw notFound("Oracle job");
    if (job.status !== "completed") throw conflict(`The oracle job is ${job.status}; only a completed job's results can be registered`, "job_not_completed");
    const result = (job.result as { final_metrics: DockTaskOutput }).final_metrics;
    const input = job.input as DockJobInput;
    const poor = result.results.filter((r) => r.smiles !== null && r.affinity !== null && r.affinity > affinity_threshold);
    const negatives: RegisteredNegative[] = poor.map((r) => ({
      failure_class: "BINDING",
      target_info: { ...(target_uniprot_id ? { uniprot_id: target_uniprot_id } : {}), receptor: input.pdb_s3, receptor_sha256: result.receptor_sha256 },
      compound: { smiles: r.smiles! },
      metrics: { affinity_kcal_mol: r.affinity, threshold_kcal_mol: affinity_threshold, score: r.affinity, reason: `Docking affinity ${r.affinity} kcal/mol is weaker than ${affinity_threshold} (${result.oracle.version})`, oracle: result.oracle },
      artifacts: { engine_job_id: job.id, pose_pdbqt: r.pose_pdbqt, box: result.box },
    }));
    if (negatives.length === 0) return { job_id: job.id, inserted: 0, skipped: 0, registered: 0 };
    // One key per job and threshold: registering the same job again changes nothing.
    const outcome = await negatomeService(db, app.compute, request.tenant).ingestSynthetic(`oracle:${job.id}:${affinity_threshold}`, negatives);
    return { job_id: job.id, ...outcome, registered: negatives.length };
  });
};

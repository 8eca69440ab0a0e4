import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "@sieve/db";
import {
  ErrorBody,
  OracleDockBody,
  OracleJobCreated,
  OracleMdBody,
  OracleRegisterBody,
  OracleRegistered,
  type RegisteredNegative,
} from "@sieve/contracts";
import type { DockTaskInput, DockTaskOutput, MdTaskInput } from "@sieve/compute/workflows";
import { mdAvailability, DEFAULT_RMSD_THRESHOLD_NM, mdInstability, type MdResult } from "@sieve/workflows";
import { ApiError, conflict, notFound, validationFailed } from "../../http/errors";
import type { EngineDomainHandler } from "../engine/job-types";
import { engineJobsStore, type EngineJobRow } from "../engine/store";
import { negatomeService } from "./service";
import { WorkflowInputError, workflowFiles } from "../workflows/inputs";
import { dockingCacheDir } from "../workflows/docking";
import { access } from "../../plugins/roles";

export const ORACLE_DOCK_DOMAIN = "oracle_dock";
export const ORACLE_MD_DOMAIN = "oracle_md";

/** What a docking oracle job stores as its input. */
export const DockJobInput = z.looseObject({
  pdb_s3: z.string(),
  smiles: z.array(z.string()),
  exhaustiveness: z.number(),
  box_size: z.number().nullable(),
  user_id: z.number().int(),
});
type DockJobInput = z.infer<typeof DockJobInput>;

/** Reads the receptor of a docking oracle job from the caller's uploads (or a reference PDB id). */
export function dockJobHandler(
  db: Database,
  referenceRoot: string,
  dataDir: string,
): EngineDomainHandler<DockJobInput> {
  return {
    async prepare(job: EngineJobRow, input: DockJobInput): Promise<DockTaskInput> {
      const target = await workflowFiles(db, { userId: input.user_id, orgIds: [job.orgId] }, referenceRoot).target(
        input.pdb_s3,
      );
      if (!target.structure)
        throw new WorkflowInputError(
          target.note ?? `pdb_s3 ${input.pdb_s3} is not a .pdb/.pdbqt upload or a reference PDB id`,
        );
      return {
        receptor: { name: target.structure.name, text: target.structure.text, format: target.structure.format },
        box: { kind: "ligand", ...(input.box_size ? { size: input.box_size } : {}) },
        docking: { exhaustiveness: input.exhaustiveness, num_modes: 9 },
        smiles: input.smiles,
        seed: 42,
        cache_dir: dockingCacheDir(dataDir),
      };
    },
    async finish(_job: EngineJobRow, output: unknown) {
      const result = output as DockTaskOutput;
      const affinities = result.results.flatMap((r) => (r.affinity === null ? [] : [r.affinity]));
      return {
        best_fitness: affinities.length ? Math.min(...affinities) : null,
        final_metrics: { ...result, docked: affinities.length },
      };
    },
  };
}

/** What an MD oracle job stores as its input. */
export const MdJobInput = z.looseObject({
  system_tar_s3: z.string(),
  ns: z.number(),
  ligand_smiles: z.string().nullable(),
  target_uniprot_id: z.string().nullable(),
  user_id: z.number().int(),
});
type MdJobInput = z.infer<typeof MdJobInput>;

/** Reads the system tarball of an MD oracle job from the caller's uploads; the thread gets its bytes. */
export function mdJobHandler(
  db: Database,
  referenceRoot: string,
  limits: { maxWallSeconds: number },
): EngineDomainHandler<MdJobInput> {
  return {
    async prepare(job: EngineJobRow, input: MdJobInput): Promise<MdTaskInput> {
      const system = await workflowFiles(
        db,
        { userId: input.user_id, orgIds: [job.orgId] },
        referenceRoot,
      ).readUploadBytes(input.system_tar_s3, "system_tar_s3");
      return { system: system.content, ns: input.ns, seed: 42, max_wall_seconds: limits.maxWallSeconds };
    },
    async finish(_job: EngineJobRow, output: unknown) {
      const result = output as MdResult;
      return { best_fitness: result.nvt.rmsd_final_nm, final_metrics: { ...result } };
    },
  };
}

/** The negatome's synthetic oracles: docking and MD jobs, and registration of their poor results as negatives. */
export const negatomeOracleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ["negatome"];

  app.post(
    "/v1/negatome/synthetic/oracle/dock",
    {
      config: access.contributors,
      schema: { tags, body: OracleDockBody, response: { 202: OracleJobCreated, 422: ErrorBody } },
    },
    async (request, reply) => {
      const { pdb_s3, smiles, exhaustiveness, box_size } = request.body;
      if (!pdb_s3.startsWith("upload://") && !/^[0-9][A-Za-z0-9]{3}$/.test(pdb_s3))
        throw validationFailed([
          { path: "pdb_s3", message: "give an upload:// URI of a .pdb/.pdbqt file (or a reference PDB id)" },
        ]);
      const orgId = request.tenant.primaryOrgId;
      const input: DockJobInput = {
        pdb_s3,
        smiles,
        exhaustiveness: exhaustiveness ?? 4,
        box_size: box_size ?? null,
        user_id: request.tenant.userId,
      };
      const job = await app.engine.submit({
        orgId,
        domain: ORACLE_DOCK_DOMAIN,
        execution: "embedded",
        input,
        createdBy: request.tenant.userId,
      });
      return reply.status(202).send({ job_id: job.id, status: job.status });
    },
  );

  app.post(
    "/v1/negatome/synthetic/oracle/md",
    {
      config: access.contributors,
      schema: { tags, body: OracleMdBody, response: { 202: OracleJobCreated, 422: ErrorBody, 501: ErrorBody } },
    },
    async (request, reply) => {
      const { system_tar_s3, ns, ligand_smiles, target_uniprot_id } = request.body;
      const maxNs = app.config.md.maxNs;
      if (ns > maxNs)
        throw validationFailed([
          { path: "ns", message: `at most ${maxNs} ns per MD oracle run on this server (MD_MAX_NS)` },
        ]);
      const md = await mdAvailability();
      if (!md.available)
        throw new ApiError(
          501,
          "md_unavailable",
          md.reason ?? "The MD oracle needs GROMACS (apt-get install -y gromacs)",
        );
      const files = workflowFiles(db, request.tenant, app.config.referenceDataRoot);
      const system = await files.readUploadBytes(system_tar_s3, "system_tar_s3").catch((error: unknown) => {
        if (error instanceof WorkflowInputError)
          throw validationFailed([
            {
              path: "system_tar_s3",
              message: `${error.message}; upload the GROMACS system (.tar or .tar.gz with a .gro and a .top) as kind md_system`,
            },
          ]);
        throw error;
      });
      if (!/\.(tar|tgz|tar\.gz)$/i.test(system.name))
        throw validationFailed([
          { path: "system_tar_s3", message: `${system.name} is not a .tar, .tgz or .tar.gz upload` },
        ]);
      const orgId = request.tenant.primaryOrgId;
      const input: MdJobInput = {
        system_tar_s3: system.source,
        ns,
        ligand_smiles: ligand_smiles ?? null,
        target_uniprot_id: target_uniprot_id ?? null,
        user_id: request.tenant.userId,
      };
      const job = await app.engine.submit({
        orgId,
        domain: ORACLE_MD_DOMAIN,
        execution: "embedded",
        input,
        createdBy: request.tenant.userId,
      });
      return reply.status(202).send({ job_id: job.id, status: job.status });
    },
  );

  app.post(
    "/v1/negatome/synthetic/oracle/register",
    {
      config: access.contributors,
      schema: {
        tags,
        body: OracleRegisterBody,
        response: { 200: OracleRegistered, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { job_id, affinity_threshold, rmsd_threshold_nm, target_uniprot_id, ligand_smiles } = request.body;
      const job = await engineJobsStore(db, request.tenant).rowOfDomains(job_id, [
        ORACLE_DOCK_DOMAIN,
        ORACLE_MD_DOMAIN,
      ]);
      if (!job) throw notFound("Oracle job");
      if (job.status !== "completed")
        throw conflict(
          `The oracle job is ${job.status}; only a completed job's results can be registered`,
          "job_not_completed",
        );
      const negatives =
        job.domain === ORACLE_MD_DOMAIN
          ? mdNegatives(job, rmsd_threshold_nm ?? DEFAULT_RMSD_THRESHOLD_NM, target_uniprot_id, ligand_smiles)
          : dockNegatives(job, affinity_threshold, target_uniprot_id);
      if (negatives.length === 0) return { job_id: job.id, inserted: 0, skipped: 0, registered: 0 };
      // One key per job and threshold: registering the same job again changes nothing.
      const threshold =
        job.domain === ORACLE_MD_DOMAIN
          ? `rmsd${rmsd_threshold_nm ?? DEFAULT_RMSD_THRESHOLD_NM}`
          : String(affinity_threshold);
      const outcome = await negatomeService(db, app.compute, request.tenant).ingestSynthetic(
        `oracle:${job.id}:${threshold}`,
        negatives,
      );
      return { job_id: job.id, ...outcome, registered: negatives.length };
    },
  );
};

/** Docked compounds whose best affinity is weaker than the threshold become BINDING negatives. */
function dockNegatives(
  job: EngineJobRow,
  affinityThreshold: number,
  targetUniprotId: string | null | undefined,
): RegisteredNegative[] {
  const result = (job.result as { final_metrics: DockTaskOutput }).final_metrics;
  const input = DockJobInput.parse(job.input);
  return result.results
    .filter((r) => r.smiles !== null && r.affinity !== null && r.affinity > affinityThreshold)
    .map((r) => ({
      failure_class: "BINDING",
      target_info: {
        ...(targetUniprotId ? { uniprot_id: targetUniprotId } : {}),
        receptor: input.pdb_s3,
        receptor_sha256: result.receptor_sha256,
      },
      compound: { smiles: r.smiles! },
      metrics: {
        affinity_kcal_mol: r.affinity,
        threshold_kcal_mol: affinityThreshold,
        score: r.affinity,
        reason: `Docking affinity ${r.affinity} kcal/mol is weaker than ${affinityThreshold} (${result.oracle.version})`,
        oracle: result.oracle,
      },
      artifacts: { engine_job_id: job.id, pose_pdbqt: r.pose_pdbqt, box: result.box },
    }));
}

/**
 * An unstable MD run (crashed, positive energy, or RMSD above the threshold) of a ligand's complex becomes one BINDING
 * negative.
 */
function mdNegatives(
  job: EngineJobRow,
  rmsdThresholdNm: number,
  targetUniprotId: string | null | undefined,
  ligandSmiles: string | null | undefined,
): RegisteredNegative[] {
  const result = (job.result as { final_metrics: MdResult }).final_metrics;
  const input = MdJobInput.parse(job.input);
  const instability = mdInstability(
    {
      crashed: result.nvt.crashed,
      minimisedPotential: result.minimisation.potential_kj_mol,
      rmsdFinal: result.nvt.rmsd_final_nm,
      rmsdGroup: result.system.rmsd_group,
    },
    rmsdThresholdNm,
  );
  if (instability.length === 0) return [];
  const smiles = ligandSmiles ?? input.ligand_smiles;
  if (!smiles)
    throw validationFailed([
      {
        path: "ligand_smiles",
        message:
          "The MD run was unstable; give the SMILES of the ligand in the simulated system so it can be registered",
      },
    ]);
  const uniprot = targetUniprotId ?? input.target_uniprot_id;
  return [
    {
      failure_class: "BINDING",
      target_info: {
        ...(uniprot ? { uniprot_id: uniprot } : {}),
        system: input.system_tar_s3,
        system_sha256: result.system.sha256,
      },
      compound: { smiles },
      metrics: {
        rmsd_final_nm: result.nvt.rmsd_final_nm,
        rmsd_max_nm: result.nvt.rmsd_max_nm,
        rmsd_threshold_nm: rmsdThresholdNm,
        potential_mean_kj_mol: result.nvt.potential_mean_kj_mol,
        minimised_potential_kj_mol: result.minimisation.potential_kj_mol,
        ns_completed: result.nvt.ns_completed,
        score: result.nvt.rmsd_final_nm,
        reason: `Unstable in ${result.nvt.ns_completed} ns of MD: ${instability.join("; ")} (${result.oracle.version})`,
        oracle: result.oracle,
      },
      artifacts: { engine_job_id: job.id, rmsd_nm: result.nvt.rmsd_nm, potential_kj_mol: result.nvt.potential_kj_mol },
    },
  ];
}

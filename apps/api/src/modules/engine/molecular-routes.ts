import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ErrorBody,
  MOLECULAR_MESSAGES,
  MolecularRunBody,
  MolecularRunCreated,
  resolveMolecularInput,
  splitLines,
} from "@sieve/contracts";
import { notFound, validationFailed } from "../../http/errors";
import { IdParam } from "../projects/routes";
import { projectsStore } from "../projects/store";
import { runsStore } from "../runs/store";
import { access } from "../../plugins/roles";

/** `POST /v1/projects/{id}/runs/molecular`: a run of the graph GA, executed as an engine job. */
export const molecularRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.post(
    "/v1/projects/:id/runs/molecular",
    {
      config: access.contributors,
      schema: {
        tags: ["engine"],
        params: IdParam,
        body: MolecularRunBody,
        response: { 201: MolecularRunCreated, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const project = await projectsStore(db, request.tenant).get(request.params.id);
      if (!project) throw notFound("Project");
      const execution = request.body.execution ?? "embedded";
      const smiles = request.body.smiles.flatMap(splitLines);
      if (request.body.smiles_source) {
        if (execution !== "remote")
          throw validationFailed([
            { path: "smiles_source", message: "local: sources are read by a remote worker; set execution to remote" },
          ]);
        if (smiles.length)
          throw validationFailed([{ path: "smiles", message: "give either smiles or smiles_source, not both" }]);
      } else {
        if (smiles.length === 0)
          throw validationFailed([{ path: "smiles", message: MOLECULAR_MESSAGES.smilesRequired }], "smiles_required");
        const checked = await app.compute.run("molecules.analyze", { items: smiles, svg: false });
        const invalid = checked.flatMap((result, index) =>
          result.ok ? [] : [{ path: `smiles.${index}`, message: `${result.input}: ${result.error}` }],
        );
        if (invalid.length) throw validationFailed(invalid, "invalid_smiles");
      }

      const input = resolveMolecularInput(request.body, smiles);
      const runId = await runsStore(db, request.tenant).create({
        orgId: project.org_id,
        projectId: project.id,
        workflow: "molecular_optimization",
        config: { ...input, execution },
        idempotencyKey: null,
        requestHash: null,
      });
      const job = await app.engine.submit({
        orgId: project.org_id,
        projectId: project.id,
        runId: runId!,
        domain: "molecular",
        execution,
        input,
        createdBy: request.tenant.userId,
      });
      return reply.status(201).send({ id: job.id, run_id: runId!, status: "queued" as const });
    },
  );
};

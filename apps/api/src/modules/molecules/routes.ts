import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, MoleculeAnalyzeBody, MoleculeResults } from "@sieve/contracts";
import { readMultipartTextFile } from "../../http/multipart";
import { analyzeLibrary, analyzeSmiles } from "./service";
import { access } from "../../plugins/roles";

const LIBRARY_ENDINGS = [".smi", ".txt", ".csv", ".sdf", ".sd"];

export const moleculeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/v1/molecules/analyze",
    {
      config: access.computeOnly,
      schema: {
        tags: ["molecules"],
        body: MoleculeAnalyzeBody,
        response: { 200: MoleculeResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => ({ results: await analyzeSmiles(app.compute, request.body) }),
  );

  app.post(
    "/v1/molecules/analyze/upload",
    {
      config: access.computeOnly,
      schema: {
        tags: ["molecules"],
        consumes: ["multipart/form-data"],
        response: { 200: MoleculeResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { name, text, fields } = await readMultipartTextFile(request, LIBRARY_ENDINGS);
      return { results: await analyzeLibrary(app.compute, name, text, fields) };
    },
  );
};

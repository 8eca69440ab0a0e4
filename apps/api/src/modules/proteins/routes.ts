import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, ProteinAnalyzeBody, ProteinResults } from "@sieve/contracts";
import { readMultipartTextFile } from "../../http/multipart";
import { access } from "../../plugins/roles";
import { SEQUENCE_ENDINGS, STRUCTURE_ENDINGS, proteinsService } from "./service";

export const proteinRoutes: FastifyPluginAsyncZod = async (app) => {
  const proteins = proteinsService(app.compute);

  app.post(
    "/v1/proteins/analyze",
    {
      config: access.computeOnly,
      schema: {
        tags: ["proteins"],
        body: ProteinAnalyzeBody,
        response: { 200: ProteinResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => proteins.analyzeEntries(request.body.sequences),
  );

  app.post(
    "/v1/proteins/analyze/upload",
    {
      config: access.computeOnly,
      schema: {
        tags: ["proteins"],
        consumes: ["multipart/form-data"],
        response: { 200: ProteinResults, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { name, text } = await readMultipartTextFile(request, [...SEQUENCE_ENDINGS, ...STRUCTURE_ENDINGS]);
      return proteins.analyzeFile(name, text);
    },
  );
};

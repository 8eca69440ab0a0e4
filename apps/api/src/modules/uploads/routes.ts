import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, UploadResult } from "@sieve/contracts";
import { readMultipartUpload } from "../../http/multipart";
import { UuidParam } from "../../http/params";
import { uploadsService } from "./service";
import { access } from "../../plugins/roles";

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/v1/uploads",
    {
      config: access.contributors,
      schema: {
        tags: ["uploads"],
        consumes: ["multipart/form-data"],
        response: { 201: UploadResult, 413: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const upload = await uploadsService(db, request.tenant).create(await readMultipartUpload(request));
      return reply.status(201).send(upload);
    },
  );

  app.get(
    "/v1/uploads/:id",
    { schema: { tags: ["uploads"], params: UuidParam, response: { 200: UploadResult, 404: ErrorBody } } },
    async (request) => uploadsService(db, request.tenant).get(request.params.id),
  );
};

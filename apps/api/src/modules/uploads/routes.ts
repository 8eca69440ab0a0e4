import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorBody, STORED_UPLOAD_KINDS, UploadResult, type StoredUploadKind } from "@sieve/contracts";
import { notFound, validationFailed } from "../../http/errors";
import { readMultipartUpload } from "../../http/multipart";
import { databaseBlobStore } from "../../storage/blob-store";
import { UuidParam, isUuid } from "../../http/params";
import { contentProblem, safeFileName } from "./content-checks";
import { uploadsStore } from "./store";
import { access } from "../../plugins/roles";

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const blobs = databaseBlobStore(db);

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
      const { name: clientName, bytes: content, fields } = await readMultipartUpload(request);
      const kind = fields.kind ?? "";
      if (!Object.hasOwn(STORED_UPLOAD_KINDS, kind)) {
        throw validationFailed([
          {
            path: "kind",
            message: `kind must be one of ${Object.keys(STORED_UPLOAD_KINDS).join(", ")} and come before the file`,
          },
        ]);
      }
      const name = safeFileName(clientName);
      const problem = contentProblem(kind as StoredUploadKind, name, content);
      if (problem) throw validationFailed([{ path: "file", message: problem }], "invalid_file");
      const orgId = request.tenant.primaryOrgId;
      const upload = await uploadsStore(db, request.tenant).create({
        orgId,
        kind,
        name,
        blob: await blobs.put(content),
      });
      return reply.status(201).send(upload);
    },
  );

  app.get(
    "/v1/uploads/:id",
    { schema: { tags: ["uploads"], params: UuidParam, response: { 200: UploadResult, 404: ErrorBody } } },
    async (request) => {
      const upload = isUuid(request.params.id) ? await uploadsStore(db, request.tenant).get(request.params.id) : null;
      if (!upload) throw notFound("Upload");
      return upload;
    },
  );
};

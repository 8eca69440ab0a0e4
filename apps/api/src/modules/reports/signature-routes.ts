import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ErrorBody,
  ReviewAssignment,
  ReviewAssignmentBody,
  ReviewQueue,
  Signature,
  SignatureBody,
  SignatureList,
} from "@sieve/contracts";
import { access } from "../../plugins/roles";
import { signaturesService } from "./signatures";
import { reviewQueue } from "./review-queue";

const RunParam = z.object({ id: z.uuid() });

/**
 * Review queues (assigning an item to a reviewer, "My reviews") and signing a run's dossier (reviewed /
 * approved), with whether each signature still holds.
 */
export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const secret = app.config.jwtSecret;
  const tags = ["reports"];

  app.get(
    "/v1/runs/:id/signatures",
    { schema: { tags, params: RunParam, response: { 200: SignatureList, 404: ErrorBody } } },
    async (request) => signaturesService(db, request.tenant, secret).list(request.params.id),
  );

  app.post(
    "/v1/runs/:id/signatures",
    {
      config: access.contributors,
      schema: {
        tags,
        params: RunParam,
        body: SignatureBody,
        response: { 201: Signature, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await signaturesService(db, request.tenant, secret).sign(
            request.params.id,
            request.body.meaning,
            request.body.password,
          ),
        ),
  );

  app.post(
    "/v1/reviews/assignments",
    {
      config: access.contributors,
      schema: {
        tags,
        body: ReviewAssignmentBody,
        response: { 201: ReviewAssignment, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await reviewQueue(db, request.tenant).assign(request.body)),
  );

  app.get("/v1/reviews/queue", { schema: { tags, response: { 200: ReviewQueue } } }, async (request) =>
    reviewQueue(db, request.tenant).mine(),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContactBody, ErrorBody, FormAccepted, NewsletterBody } from "@sieve/contracts";
import { siteService } from "./service";

/**
 * Public marketing-site forms. Leads are read by the operator with `npm run leads:export`, never
 * inside the app, where every customer would see them.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = siteService(app.database.db);
  const perIp = { rateLimit: { max: 10, timeWindow: "1 hour" } };

  app.post(
    "/v1/contact",
    {
      config: perIp,
      schema: { tags: ["site"], body: ContactBody, response: { 201: FormAccepted, 422: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      await site.contact(request.body, request.ip);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    "/v1/newsletter",
    {
      config: perIp,
      schema: {
        tags: ["site"],
        body: NewsletterBody,
        response: { 200: FormAccepted, 201: FormAccepted, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const subscribed = await site.subscribe(request.body);
      return reply.status(subscribed ? 201 : 200).send({ ok: true });
    },
  );
};

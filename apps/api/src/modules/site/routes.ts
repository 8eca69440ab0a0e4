import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ContactBody, ErrorBody, NewsletterBody } from "@sieve/contracts";
import { schema } from "@sieve/db";

const Accepted = z.object({ ok: z.literal(true) });

/**
 * Public marketing-site forms. Leads are read by the operator with `npm run leads:export`, never
 * inside the app, where every customer would see them.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const perIp = { rateLimit: { max: 10, timeWindow: "1 hour" } };

  app.post(
    "/v1/contact",
    {
      config: perIp,
      schema: { tags: ["site"], body: ContactBody, response: { 201: Accepted, 422: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      await db.insert(schema.contactLeads).values({ ...request.body, sourceIp: request.ip });
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
        response: { 200: Accepted, 201: Accepted, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const inserted = await db
        .insert(schema.newsletterSubscribers)
        .values({ email: request.body.email })
        .onConflictDoNothing()
        .returning();
      return reply.status(inserted.length ? 201 : 200).send({ ok: true });
    },
  );
};

import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";

/** Every third-party plugin is registered here, in one place. */
export async function registerThirdPartyPlugins(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
  // Only routes that opt in (config.rateLimit) are limited; login has its own per-account lockout.
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Sieve API",
        version: app.config.version,
        description: "Drug-target narrowing, literature evidence, molecule analysis and optimization.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: documentMultipartBodies,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}

/**
 * The zod transform, plus a request body for multipart routes: they read their form themselves, so
 * without this the document would show them as taking no body at all.
 */
const documentMultipartBodies: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  if (!consumes.includes("multipart/form-data") || (output.schema as { body?: unknown }).body) return output;
  return {
    ...output,
    schema: {
      ...output.schema,
      body: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
    },
  };
};

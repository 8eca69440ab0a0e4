import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";

/**
 * The Content-Security-Policy of every answer. The web app is built by Vite into files served from
 * our origin: no inline script or style, no eval (the app sets zod jitless), no plugin, no framing by
 * other sites, and the API is only called on its own origin. Molecule drawings are SVG data: URLs in
 * <img>; 3Dmol.js draws with WebGL and styles its elements through the CSSOM, which CSP allows.
 * `e2e/security-headers.e2e.ts` walks the pages in Chromium and fails on any violation.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "connect-src": ["'self'"],
  "font-src": ["'self'", "data:"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "img-src": ["'self'", "data:", "blob:"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
};

/** Every third-party plugin is registered here, in one place. */
export async function registerThirdPartyPlugins(app: FastifyInstance): Promise<void> {
  // Security headers on every answer: CSP, X-Content-Type-Options nosniff, Referrer-Policy, framing refused.
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
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
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true, transformStaticCSP: swaggerUiPolicy });
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

/**
 * Swagger UI's own CSP (hashes of its inline scripts), adjusted: it injects <style> elements at run
 * time, which no hash can allow, so its styles may be inline; framing is refused as everywhere; and
 * no upgrade-insecure-requests, which would break a plain-HTTP install reached by address.
 */
function swaggerUiPolicy(header: string): string {
  const directives = header
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(style-src|frame-ancestors|upgrade-insecure-requests)\b/.test(directive));
  return [...directives, "style-src 'self' 'unsafe-inline'", "frame-ancestors 'none'"].join("; ");
}

import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/**
 * Serves the built single-page app and answers every other GET that is not an API path with its
 * index.html, so that client-side routes survive a reload. API paths get JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isApi = path.startsWith("/v1/") || path === "/v1" || path.startsWith("/docs") || path === "/health";
    if (webDist && !isApi && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ error: `No route ${request.method} ${path}`, code: "not_found" });
  });
}

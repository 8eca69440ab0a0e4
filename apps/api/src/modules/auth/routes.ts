import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuthResponse, ErrorBody, LoginBody, ProfileResponse, ProfileUpdateBody, SignupBody } from "@sieve/contracts";
import { authService } from "./service";

export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = authService(app.database.db, app.config.jwtSecret);
  app.post(
    "/v1/auth/signup",
    { schema: { tags: ["auth"], body: SignupBody, response: { 201: AuthResponse, 409: ErrorBody, 422: ErrorBody } } },
    async (request, reply) => {
      return reply.status(201).send(await service.signup(request.body));
    },
  );
  app.post(
    "/v1/auth/login",
    { schema: { tags: ["auth"], body: LoginBody, response: { 200: AuthResponse, 401: ErrorBody, 429: ErrorBody } } },
    async (request) => {
      return service.login(request.body);
    },
  );
};

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = authService(app.database.db, app.config.jwtSecret);
  app.get("/v1/auth/profile", { schema: { tags: ["auth"], response: { 200: ProfileResponse } } }, async (request) => {
    return { user: await service.profile(request.tenant.userId) };
  });
  app.put(
    "/v1/auth/profile",
    { schema: { tags: ["auth"], body: ProfileUpdateBody, response: { 200: ProfileResponse, 403: ErrorBody } } },
    async (request) => {
      return { user: await service.updateProfile(request.tenant.userId, request.body) };
    },
  );
};

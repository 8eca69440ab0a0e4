import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AuthResponse,
  ErrorBody,
  LoginBody,
  PasswordChangeBody,
  ProfileResponse,
  ProfileUpdateBody,
  RefreshBody,
  SignupBody,
  TokenResponse,
} from "@sieve/contracts";
import { DEFAULT_SIGNUPS_PER_IP_PER_HOUR } from "../../config";
import { authService } from "./service";
import { access } from "../../plugins/roles";

export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = authService(app.database.db, app.config.jwtSecret);
  app.post(
    "/v1/auth/signup",
    {
      config: {
        rateLimit: {
          max: app.config.signupsPerIpPerHour ?? DEFAULT_SIGNUPS_PER_IP_PER_HOUR,
          timeWindow: "1 hour",
        },
      },
      schema: {
        tags: ["auth"],
        body: SignupBody,
        response: { 201: AuthResponse, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.signup(request.body, request.ip));
    },
  );
  app.post(
    "/v1/auth/login",
    { schema: { tags: ["auth"], body: LoginBody, response: { 200: AuthResponse, 401: ErrorBody, 429: ErrorBody } } },
    async (request) => {
      return service.login(request.body, request.ip);
    },
  );
  app.post(
    "/v1/auth/refresh",
    { schema: { tags: ["auth"], body: RefreshBody, response: { 200: TokenResponse, 401: ErrorBody } } },
    async (request) => service.refresh(request.body.refresh_token),
  );
};

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = authService(app.database.db, app.config.jwtSecret);
  app.get("/v1/auth/profile", { schema: { tags: ["auth"], response: { 200: ProfileResponse } } }, async (request) => {
    return { user: await service.profile(request.tenant.userId) };
  });
  app.put(
    "/v1/auth/profile",
    {
      config: access.anyMember,
      schema: { tags: ["auth"], body: ProfileUpdateBody, response: { 200: ProfileResponse, 403: ErrorBody } },
    },
    async (request) => {
      return { user: await service.updateProfile(request.tenant.userId, request.body) };
    },
  );
  app.post(
    "/v1/auth/logout",
    { config: access.anyMember, schema: { tags: ["auth"], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await service.logout(request.sessionId);
      return { ok: true as const };
    },
  );
  app.put(
    "/v1/auth/password",
    {
      config: access.anyMember,
      schema: {
        tags: ["auth"],
        body: PasswordChangeBody,
        response: { 200: AuthResponse, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.changePassword(request.tenant.userId, request.body),
  );
};

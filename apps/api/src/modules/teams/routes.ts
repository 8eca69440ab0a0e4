import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ErrorBody,
  InvitationAccepted,
  InvitationAcceptBody,
  InvitationCreateBody,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
  MemberList,
  MemberUpdateBody,
} from "@sieve/contracts";
import { access, roleIn } from "../../plugins/roles";
import { authenticateBearer } from "../../plugins/authentication";
import { smtpMailer } from "./mailer";
import { teamsService } from "./service";
import { teamStore } from "./store";

const OrgParam = z.object({ org_id: z.coerce.number().int().positive() });
const MemberParam = OrgParam.extend({ user_id: z.coerce.number().int().positive() });
const InvitationParam = OrgParam.extend({ id: z.uuid() });
const Ok = z.object({ ok: z.literal(true) });
const tags = ["teams"];

function service(app: Parameters<FastifyPluginAsyncZod>[0], mailer: ReturnType<typeof smtpMailer> | null) {
  return teamsService({
    db: app.database.db,
    jwtSecret: app.config.jwtSecret,
    mailer,
    publicUrl: app.config.publicUrl ?? null,
    log: app.log,
  });
}

/** Members, roles and invitations of an organization (signed in; docs/roles.md says who may change what). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const mail = app.config.mail;
  const teams = service(app, mail ? smtpMailer(mail.smtpUrl, mail.from) : null);

  app.post(
    "/v1/orgs/:org_id/invitations",
    {
      config: access.admins,
      schema: {
        tags,
        params: OrgParam,
        body: InvitationCreateBody,
        response: { 201: InvitationCreated, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const role = roleIn(request, request.params.org_id);
      return reply.status(201).send(await teams.invite(request, request.params.org_id, role, request.body));
    },
  );

  app.get(
    "/v1/orgs/:org_id/invitations",
    {
      config: access.admins,
      schema: { tags, params: OrgParam, response: { 200: InvitationList, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      roleIn(request, request.params.org_id);
      return { invitations: await teamStore(db, request.tenant).invitations(request.params.org_id) };
    },
  );

  app.delete(
    "/v1/orgs/:org_id/invitations/:id",
    {
      config: access.admins,
      schema: { tags, params: InvitationParam, response: { 200: Ok, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => {
      roleIn(request, request.params.org_id);
      await teams.revoke(request, request.params.org_id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/v1/orgs/:org_id/members",
    { schema: { tags, params: OrgParam, response: { 200: MemberList, 404: ErrorBody } } },
    async (request) => {
      roleIn(request, request.params.org_id);
      return { members: await teamStore(db, request.tenant).members(request.params.org_id) };
    },
  );

  app.patch(
    "/v1/orgs/:org_id/members/:user_id",
    {
      config: access.admins,
      schema: {
        tags,
        params: MemberParam,
        body: MemberUpdateBody,
        response: { 200: MemberList, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { org_id: orgId, user_id: userId } = request.params;
      await teams.changeRole(request, orgId, roleIn(request, orgId), userId, request.body.role);
      return { members: await teamStore(db, request.tenant).members(orgId) };
    },
  );

  // Open to every role so that anyone can leave; removing someone else is checked by the service.
  app.delete(
    "/v1/orgs/:org_id/members/:user_id",
    {
      config: access.anyMember,
      schema: { tags, params: MemberParam, response: { 200: Ok, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => {
      const { org_id: orgId, user_id: userId } = request.params;
      await teams.removeMember(request, orgId, roleIn(request, orgId), userId);
      return { ok: true as const };
    },
  );
};

/**
 * Accepting an invitation: the token in the path is the credential. An existing user also sends their
 * bearer token; a new one sends `{name, password}`.
 */
export const invitationAcceptRoutes: FastifyPluginAsyncZod = async (app) => {
  const teams = service(app, null);
  const TokenParam = z.object({ token: z.string().min(1).max(200) });

  app.get(
    "/v1/invitations/:token",
    { schema: { tags, params: TokenParam, response: { 200: InvitationPreview, 404: ErrorBody, 410: ErrorBody } } },
    async (request) => teams.preview(request.params.token),
  );

  app.post(
    "/v1/invitations/:token/accept",
    {
      schema: {
        tags,
        params: TokenParam,
        // No body at all when a signed-in user accepts.
        body: InvitationAcceptBody.nullish(),
        response: {
          200: InvitationAccepted,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          410: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) => {
      const bearer = request.headers.authorization ? (await authenticateBearer(app, request)).claims.userId : null;
      return teams.accept(request.params.token, bearer, request.body ?? {}, request.id, request.ip);
    },
  );
};

import type { FastifyRequest } from "fastify";
import type { Database } from "@sieve/db";
import type {
  InvitationAccepted,
  InvitationAcceptBody,
  InvitationCreateBody,
  InvitationPreview,
  OrgRole,
} from "@sieve/contracts";
import { ApiError, conflict, forbidden, notFound, validationFailed } from "../../http/errors";
import { newOpaqueToken, opaqueTokenHash } from "../auth/tokens";
import { hashPassword, passwordProblem } from "../auth/passwords";
import { authService, invalidCredentials } from "../auth/service";
import { authStore, insertUser } from "../auth/store";
import { appendAuditEvent } from "../audit/store";
import { parseRole } from "../../plugins/roles";
import { invitationStatus, invitationTokens, removeMembership, setRole, teamStore } from "./store";
import type { Mail } from "./mailer";

const DAY_MS = 24 * 60 * 60 * 1000;

const lastOwner = () =>
  conflict("An organization keeps at least one owner: make someone else owner first", "last_owner");
const ownersOnly = (what: string) =>
  new ApiError(403, "forbidden_role", `Only an owner can ${what}`, { allowed: ["owner"] });

export interface TeamsDependencies {
  db: Database;
  jwtSecret: Uint8Array;
  mailer: { send(mail: Mail): Promise<void> } | null;
  publicUrl: string | null;
  log: FastifyRequest["log"];
}

/** Invitations, members and roles (docs/roles.md). `actorRole` is the caller's role in the organization. */
export function teamsService({ db, jwtSecret, mailer, publicUrl, log }: TeamsDependencies) {
  return {
    async invite(request: FastifyRequest, orgId: number, actorRole: OrgRole, body: InvitationCreateBody) {
      if (body.role === "owner" && actorRole !== "owner") throw ownersOnly("invite an owner");
      const { token, hash } = newOpaqueToken();
      const row = await teamStore(db, request.tenant).invite({
        orgId,
        email: body.email,
        role: body.role,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + body.expires_in_days * DAY_MS),
      });
      const url = `${publicUrl ?? `${request.protocol}://${request.host}`}/invite/${token}`;
      let emailed = false;
      if (mailer) {
        try {
          await mailer.send({
            to: row.email,
            subject: "You are invited to Sieve",
            text:
              `You are invited to join an organization on Sieve as ${row.role}.\n\n` +
              `Open this link to accept (it works once, until ${row.expiresAt.toISOString()}):\n${url}\n`,
          });
          emailed = true;
        } catch (error) {
          // The link is still shown to the admin to pass on; the failure is theirs to see, not a 500.
          log.warn({ err: error }, "invitation email not sent");
        }
      }
      return {
        id: row.id,
        email: row.email,
        role: body.role,
        token,
        url,
        expires_at: row.expiresAt.toISOString(),
        emailed,
      };
    },

    async revoke(request: FastifyRequest, orgId: number, id: string): Promise<void> {
      const store = teamStore(db, request.tenant);
      if (await store.revoke(orgId, id)) return;
      const row = await store.invitation(orgId, id);
      if (!row) throw notFound("Invitation");
      throw conflict(`This invitation is already ${invitationStatus(row)}`, "invitation_not_pending");
    },

    async changeRole(request: FastifyRequest, orgId: number, actorRole: OrgRole, userId: number, role: OrgRole) {
      await teamStore(db, request.tenant).withMembersLocked(orgId, async (tx, roles) => {
        const current = roles.get(userId);
        if (!current) throw notFound("Member");
        if ((current === "owner" || role === "owner") && actorRole !== "owner")
          throw ownersOnly("grant or take away the owner role");
        if (current === "owner" && role !== "owner" && ownerCount(roles) === 1) throw lastOwner();
        await setRole(tx, orgId, userId, role);
      });
    },

    /** Anyone may leave; removing someone else takes an admin, and removing an owner an owner. */
    async removeMember(request: FastifyRequest, orgId: number, actorRole: OrgRole, userId: number) {
      const self = userId === request.tenant.userId;
      if (!self && actorRole !== "owner" && actorRole !== "admin")
        throw new ApiError(403, "forbidden_role", "Only an admin or owner can remove another member", {
          allowed: ["owner", "admin"],
        });
      await teamStore(db, request.tenant).withMembersLocked(orgId, async (tx, roles) => {
        const current = roles.get(userId);
        if (!current) throw notFound("Member");
        if (current === "owner" && !self && actorRole !== "owner") throw ownersOnly("remove an owner");
        if (current === "owner" && ownerCount(roles) === 1) throw lastOwner();
        await removeMembership(tx, orgId, userId);
      });
    },

    /** What a pending invitation offers, for the page that accepts it; anything else refuses as accept would. */
    async preview(token: string): Promise<InvitationPreview> {
      const tokens = invitationTokens(db);
      const invitation = await tokens.find(opaqueTokenHash(token));
      if (!invitation) throw notFound("Invitation");
      const status = invitationStatus(invitation);
      if (status !== "pending") throw gone(status);
      return {
        email: invitation.email,
        role: parseRole(invitation.role),
        organization: (await tokens.organizationName(invitation.orgId)) ?? "",
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation: as the signed-in user it was sent to (`bearerUserId`), or with `body`: a new
     * account, or the address's existing one when the password opens it. A wrong, used, revoked or
     * expired token changes nothing.
     */
    async accept(
      token: string,
      bearerUserId: number | null,
      body: InvitationAcceptBody,
      requestId: string,
      ip: string,
    ): Promise<InvitationAccepted> {
      const tokens = invitationTokens(db);
      const invitation = await tokens.find(opaqueTokenHash(token));
      if (!invitation) throw notFound("Invitation");
      const status = invitationStatus(invitation);
      if (status !== "pending") throw gone(status);

      let user: Parameters<typeof tokens.accept>[1];
      if (bearerUserId !== null) {
        const account = await authStore(db).findUserById(bearerUserId);
        if (account?.email !== invitation.email)
          throw forbidden(`This invitation is for ${invitation.email}; sign in with that account`, "invitation_email");
        user = { id: bearerUserId };
      } else {
        const fields = [
          ...(body.name ? [] : [{ path: "name", message: "name is required to create your account" }]),
          ...(body.password ? [] : [{ path: "password", message: "password is required to create your account" }]),
        ];
        if (fields.length) throw validationFailed(fields);
        const problem = passwordProblem(body.password!, { email: invitation.email, name: body.name });
        if (problem) throw validationFailed([{ path: "password", message: problem }], "weak_password");
        if (await authStore(db).findUserByEmail(invitation.email)) {
          // Whether the address has an account is not told (issue 21 §11), as at sign-up: the password
          // signs in to it and accepts for it, or gets login's 401, under the same throttle.
          const credentials = { email: invitation.email, password: body.password! };
          user = { id: (await authService(db, jwtSecret).checkCredentials(credentials, ip)).user.id };
        } else {
          const passwordHash = await hashPassword(body.password!);
          const [firstName, ...rest] = body.name!.split(" ");
          user = {
            create: (tx) =>
              insertUser(tx, {
                email: invitation.email,
                passwordHash,
                firstName: firstName ?? "",
                lastName: rest.join(" ").trim(),
              }),
          };
        }
      }
      const outcome = await tokens.accept(invitation, user);
      if ("refused" in outcome) {
        // An account made meanwhile for the address, whose password was not checked.
        if (outcome.refused === "email_taken") throw invalidCredentials();
        if (outcome.refused === "already_member")
          throw conflict("You already belong to this organization", "already_member");
        throw gone(invitationStatus((await tokens.find(invitation.tokenHash)) ?? invitation));
      }
      await appendAuditEvent(db, {
        orgId: invitation.orgId,
        userId: outcome.userId,
        actorEmail: invitation.email,
        action: "POST /v1/invitations/:token/accept",
        target: `/v1/invitations/${invitation.id}`,
        status: 200,
        requestId,
        summary: { invitation_id: invitation.id, role: invitation.role, new_account: bearerUserId === null },
      });
      const session = await authService(db, jwtSecret).startSession(outcome.userId);
      return {
        access_token: session.access_token,
        token_type: "bearer",
        expires_in: session.expires_in,
        refresh_token: session.refresh_token,
        refresh_expires_in: session.refresh_expires_in,
        org_id: invitation.orgId,
        role: parseRole(invitation.role),
      };
    },
  };
}

function ownerCount(roles: Map<number, OrgRole>): number {
  return [...roles.values()].filter((r) => r === "owner").length;
}

function gone(status: string): ApiError {
  const message =
    status === "accepted"
      ? "This invitation was already used"
      : status === "revoked"
        ? "This invitation was revoked"
        : "This invitation has expired: ask for a new one";
  return new ApiError(410, `invitation_${status === "accepted" ? "used" : status}`, message);
}

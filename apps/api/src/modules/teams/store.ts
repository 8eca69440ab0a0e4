import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";
import type { Invitation, Member, OrgRole } from "@sieve/contracts";
import type { TenantScope } from "../../plugins/authentication";
import { parseRole } from "../../plugins/roles";

const { invitations, memberships, organizations, users } = schema;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type InvitationRow = typeof invitations.$inferSelect;
export type AcceptRefusal = "gone" | "already_member" | "email_taken";

/** Thrown inside the accepting transaction to undo it (the invitation stays unused). */
class Refused extends Error {
  constructor(readonly reason: AcceptRefusal) {
    super(reason);
  }
}

/** Members and invitations of the caller's organizations: every query is limited to `scope.orgIds`. */
export function teamStore(db: Database, scope: TenantScope) {
  const inScope = (orgId: number) => {
    if (!scope.orgIds.includes(orgId)) throw new Error("organization outside the caller's scope");
    return orgId;
  };
  return {
    async members(orgId: number): Promise<Member[]> {
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: memberships.role,
          joinedAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.orgId, inScope(orgId)))
        .orderBy(asc(memberships.createdAt), asc(users.id));
      return rows.map((r) => ({
        user_id: r.userId,
        email: r.email,
        name: `${r.firstName} ${r.lastName}`.trim(),
        role: parseRole(r.role),
        joined_at: r.joinedAt.toISOString(),
      }));
    },

    async invite(input: {
      orgId: number;
      email: string;
      role: OrgRole;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<InvitationRow> {
      const [row] = await db
        .insert(invitations)
        .values({ ...input, orgId: inScope(input.orgId), invitedBy: scope.userId })
        .returning();
      return row!;
    },

    async invitations(orgId: number): Promise<Invitation[]> {
      const rows = await db
        .select()
        .from(invitations)
        .where(eq(invitations.orgId, inScope(orgId)))
        .orderBy(asc(invitations.createdAt));
      return rows.map(toInvitation);
    },

    /** Revokes a pending invitation; false when there is none by that id (or it is no longer pending). */
    async revoke(orgId: number, id: string): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(invitations.orgId, inScope(orgId)),
            eq(invitations.id, id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    async invitation(orgId: number, id: string): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.orgId, inScope(orgId)), eq(invitations.id, id)));
      return row ?? null;
    },

    /**
     * Runs `change` on the organization's memberships with the organization's row locked, so two
     * changes cannot both remove the last owner. `change` gets the current roles by user id.
     */
    async withMembersLocked<T>(
      orgId: number,
      change: (tx: Transaction, roles: Map<number, OrgRole>) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, inScope(orgId)))
          .for("update");
        const rows = await tx
          .select({ userId: memberships.userId, role: memberships.role })
          .from(memberships)
          .where(eq(memberships.orgId, orgId));
        return change(tx, new Map(rows.map((r) => [r.userId, parseRole(r.role)])));
      });
    },
  };
}

export async function setRole(tx: Transaction, orgId: number, userId: number, role: OrgRole): Promise<void> {
  await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
}

/** Removes the membership; the user's primary organization moves to another of theirs (or none). */
export async function removeMembership(tx: Transaction, orgId: number, userId: number): Promise<void> {
  await tx.delete(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
  const [other] = await tx
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.orgId, orgId)))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  await tx
    .update(users)
    .set({ primaryOrgId: other?.orgId ?? null })
    .where(and(eq(users.id, userId), eq(users.primaryOrgId, orgId)));
}

/** Invitations looked up by their token: the token is the credential, so no tenant scope applies. */
export function invitationTokens(db: Database) {
  return {
    async find(tokenHash: string): Promise<InvitationRow | null> {
      const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return row ?? null;
    },

    async organizationName(orgId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      return row?.name ?? null;
    },

    /**
     * Consumes the invitation and makes `userId` (created by `createUser` when null) a member with its
     * role, in one transaction. Null when the invitation was used, revoked or expired meanwhile, or the
     * user already belongs to the organization (nothing changes then).
     */
    async accept(
      invitation: InvitationRow,
      user: { id: number } | { create: (tx: Transaction) => Promise<number | null> },
    ): Promise<{ userId: number } | { refused: AcceptRefusal }> {
      try {
        return await db.transaction(async (tx) => {
          const consumed = await tx
            .update(invitations)
            .set({ acceptedAt: new Date() })
            .where(
              and(
                eq(invitations.id, invitation.id),
                isNull(invitations.acceptedAt),
                isNull(invitations.revokedAt),
                gt(invitations.expiresAt, sql`now()`),
              ),
            )
            .returning({ id: invitations.id });
          if (!consumed.length) throw new Refused("gone");
          const userId = "id" in user ? user.id : await user.create(tx);
          if (userId === null) throw new Refused("email_taken");
          const joined = await tx
            .insert(memberships)
            .values({ orgId: invitation.orgId, userId, role: invitation.role })
            .onConflictDoNothing()
            .returning({ userId: memberships.userId });
          if (!joined.length) throw new Refused("already_member");
          await tx.update(invitations).set({ acceptedBy: userId }).where(eq(invitations.id, invitation.id));
          await tx.update(users).set({ primaryOrgId: invitation.orgId }).where(eq(users.id, userId));
          return { userId };
        });
      } catch (error) {
        if (error instanceof Refused) return { refused: error.reason };
        throw error;
      }
    },
  };
}

export function invitationStatus(row: InvitationRow, now = new Date()): Invitation["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: parseRole(row.role),
    status: invitationStatus(row),
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

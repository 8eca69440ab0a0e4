import { and, count, eq, gt, isNull, max, sql } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";

const { users, organizations, memberships, loginFailures, authSessions, knownDevices } = schema;

/** Failed sign-ins counted for back-off, with the latest one's time (the wait runs from it). */
export interface FailureTally {
  count: number;
  latest: Date | null;
}

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  primaryOrgId: number;
  organization: string;
  organizationType: string | null;
  ownsPrimaryOrg: boolean;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Inserts an account; null when the email is taken (nothing is written then). */
export async function insertUser(
  tx: Database | Transaction,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<number | null> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id ?? null;
}

export function authStore(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRecord | null> {
      return (await selectUsers(db, eq(users.email, email)))[0] ?? null;
    },

    async findUserById(id: number): Promise<UserRecord | null> {
      return (await selectUsers(db, eq(users.id, id)))[0] ?? null;
    },

    /** Creates the user, their organization and the owner membership in one transaction. */
    async createUserWithOrganization(input: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      orgName: string;
    }): Promise<number | null> {
      return db.transaction(async (tx) => {
        const userId = await insertUser(tx, input);
        if (userId === null) return null;
        const [org] = await tx
          .insert(organizations)
          .values({ name: input.orgName, ownerUserId: userId })
          .returning({ id: organizations.id });
        await tx.insert(memberships).values({ orgId: org!.id, userId, role: "owner" });
        await tx.update(users).set({ primaryOrgId: org!.id }).where(eq(users.id, userId));
        return userId;
      });
    },

    async updateProfile(
      userId: number,
      orgId: number,
      changes: { firstName?: string; lastName?: string; organization?: string; organizationType?: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (changes.firstName !== undefined || changes.lastName !== undefined) {
          await tx
            .update(users)
            .set({ firstName: changes.firstName, lastName: changes.lastName })
            .where(eq(users.id, userId));
        }
        if (changes.organization !== undefined || changes.organizationType !== undefined) {
          await tx
            .update(organizations)
            .set({ name: changes.organization, organizationType: changes.organizationType })
            .where(eq(organizations.id, orgId));
        }
      });
    },

    /**
     * The caller's organizations with their role in each, and the one their new rows belong to unless they name
     * another; null for no user.
     */
    async callerOrganizations(
      userId: number,
    ): Promise<{ orgIds: number[]; primaryOrgId: number; roles: { orgId: number; role: string }[] } | null> {
      const rows = await db
        .select({ primaryOrgId: users.primaryOrgId, orgId: memberships.orgId, role: memberships.role })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.id, userId))
        .orderBy(memberships.orgId);
      const [first] = rows;
      if (!first || first.primaryOrgId === null) return null;
      const roles = rows.flatMap((r) =>
        r.orgId === null || r.role === null ? [] : [{ orgId: r.orgId, role: r.role }],
      );
      return { orgIds: roles.map((r) => r.orgId), primaryOrgId: first.primaryOrgId, roles };
    },

    async memberships(userId: number): Promise<{ orgId: number; role: string }[]> {
      return db
        .select({ orgId: memberships.orgId, role: memberships.role })
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .orderBy(memberships.orgId);
    },

    async membershipOrgIds(userId: number): Promise<number[]> {
      return (await this.memberships(userId)).map((m) => m.orgId);
    },

    async recordLoginFailure(email: string, ip: string): Promise<void> {
      await db.insert(loginFailures).values({ email, ip });
    },

    async clearLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },

    /** Failures since `since` for one account (`email`) or from one address (`ip`, across accounts). */
    async loginFailuresSince(where: { email: string } | { ip: string }, since: Date): Promise<FailureTally> {
      const who = "email" in where ? eq(loginFailures.email, where.email) : eq(loginFailures.ip, where.ip);
      const [row] = await db
        .select({ n: count(), latest: max(loginFailures.attemptedAt) })
        .from(loginFailures)
        .where(and(who, gt(loginFailures.attemptedAt, since)));
      return { count: Number(row?.n ?? 0), latest: row?.latest ? new Date(row.latest) : null };
    },

    async createSession(userId: number, refreshTokenHash: string, expiresAt: Date): Promise<string> {
      const [row] = await db
        .insert(authSessions)
        .values({ userId, refreshTokenHash, expiresAt })
        .returning({ id: authSessions.id });
      return row!.id;
    },

    /** True while the session is neither revoked nor expired. */
    async sessionActive(sessionId: string, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.id, sessionId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, sql`now()`),
          ),
        );
      return row !== undefined;
    },

    /**
     * Swaps a refresh token for the next one, once: the conditional update lets only one of two
     * concurrent uses win. A token that was already swapped (its hash is the session's previous one)
     * revokes the session, since only a copy of it can still be in use.
     */
    async rotateRefreshToken(
      presentedHash: string,
      nextHash: string,
    ): Promise<{ sessionId: string; userId: number; expiresAt: Date } | "reused" | null> {
      const [rotated] = await db
        .update(authSessions)
        .set({ refreshTokenHash: nextHash, previousTokenHash: presentedHash, refreshedAt: new Date() })
        .where(
          and(
            eq(authSessions.refreshTokenHash, presentedHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, sql`now()`),
          ),
        )
        .returning({ sessionId: authSessions.id, userId: authSessions.userId, expiresAt: authSessions.expiresAt });
      if (rotated) return rotated;
      const reused = await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.previousTokenHash, presentedHash), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return reused.length ? "reused" : null;
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    async revokeAllSessions(userId: number): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },

    async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async rememberDevice(userId: number, tokenHash: string): Promise<void> {
      await db.insert(knownDevices).values({ userId, tokenHash }).onConflictDoNothing();
    },

    /** True when the device token was issued to this user by an earlier sign-in. */
    async isKnownDevice(userId: number, tokenHash: string): Promise<boolean> {
      const [row] = await db
        .update(knownDevices)
        .set({ lastSeenAt: new Date() })
        .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId)))
        .returning({ userId: knownDevices.userId });
      return row !== undefined;
    },
  };
}

async function selectUsers(db: Database, where: ReturnType<typeof eq>): Promise<UserRecord[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
      primaryOrgId: users.primaryOrgId,
      organization: organizations.name,
      organizationType: organizations.organizationType,
      ownerUserId: organizations.ownerUserId,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.primaryOrgId))
    .where(where);
  return rows.map(({ ownerUserId, primaryOrgId, ...row }) => ({
    ...row,
    primaryOrgId: primaryOrgId!,
    ownsPrimaryOrg: ownerUserId === row.id,
  }));
}

import { and, asc, count, eq, gt } from "drizzle-orm";
import { schema, type Database } from "@sieve/db";

const { users, organizations, memberships, loginFailures } = schema;

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
        if (!user) return null;
        const [org] = await tx
          .insert(organizations)
          .values({ name: input.orgName, ownerUserId: user.id })
          .returning({ id: organizations.id });
        await tx.insert(memberships).values({ orgId: org!.id, userId: user.id, role: "owner" });
        await tx.update(users).set({ primaryOrgId: org!.id }).where(eq(users.id, user.id));
        return user.id;
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

    async membershipOrgIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ orgId: memberships.orgId })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      return rows.map((r) => r.orgId);
    },

    async recordLoginFailure(email: string): Promise<void> {
      await db.insert(loginFailures).values({ email });
    },

    async clearLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },

    /** Failures since `since`, with the oldest one's time (when the window starts to free up). */
    async recentLoginFailures(email: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const where = and(eq(loginFailures.email, email), gt(loginFailures.attemptedAt, since));
      const [total] = await db.select({ n: count() }).from(loginFailures).where(where);
      const [oldest] = await db
        .select({ at: loginFailures.attemptedAt })
        .from(loginFailures)
        .where(where)
        .orderBy(asc(loginFailures.attemptedAt))
        .limit(1);
      return { count: Number(total?.n ?? 0), oldest: oldest?.at ?? null };
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

import { eq } from "drizzle-orm";
import { schema } from "@sieve/db";
import type { OrgRole } from "@sieve/contracts";
import type { TestContext } from "./context";

/**
 * A new account that belongs to `orgId` only, with `role`, written straight to the database: for tests
 * of what a role may do, not of how one joins (invitations.test.ts covers that).
 */
export async function memberOf(
  ctx: TestContext,
  orgId: number,
  role: OrgRole,
): Promise<{ token: string; email: string; userId: number }> {
  const account = await ctx.signup({ org_name: `${role}'s own` });
  const db = ctx.database.db;
  await db.delete(schema.memberships).where(eq(schema.memberships.userId, account.user.id));
  await db.insert(schema.memberships).values({ orgId, userId: account.user.id, role });
  await db.update(schema.users).set({ primaryOrgId: orgId }).where(eq(schema.users.id, account.user.id));
  return { token: account.token, email: account.user.email, userId: account.user.id };
}

import { ORG_ROLES, type Member, type OrgRole } from "@sieve/contracts";

/** The caller's role in the organization, read from its member list (null while not listed). */
export function roleOf(members: readonly Member[], userId: number): OrgRole | null {
  return members.find((member) => member.user_id === userId)?.role ?? null;
}

/**
 * The roles the caller may invite with (docs/roles.md): an owner any, an admin any but owner, others
 * none. The server enforces the same; the form only leaves out what would be refused.
 */
export function invitableRoles(callerRole: OrgRole | null): OrgRole[] {
  if (callerRole === "owner") return [...ORG_ROLES];
  if (callerRole === "admin") return ORG_ROLES.filter((role) => role !== "owner");
  return [];
}

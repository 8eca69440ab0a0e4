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

/**
 * The roles the caller may give an existing member (docs/roles.md): an owner any, an admin any but owner
 * and not to an owner. Empty means the role is shown, not editable. The last owner is the server's to refuse.
 */
export function assignableRoles(callerRole: OrgRole | null, member: Member): OrgRole[] {
  if (callerRole === "owner") return [...ORG_ROLES];
  if (callerRole === "admin" && member.role !== "owner") return ORG_ROLES.filter((role) => role !== "owner");
  return [];
}

/** Removing someone else takes an admin, and removing an owner an owner (leaving is not offered here). */
export function mayRemove(callerRole: OrgRole | null, member: Member, callerId: number): boolean {
  if (member.user_id === callerId) return false;
  if (callerRole === "owner") return true;
  return callerRole === "admin" && member.role !== "owner";
}

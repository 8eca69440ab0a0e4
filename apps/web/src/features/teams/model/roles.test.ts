import { describe, expect, it } from "vitest";
import type { Member } from "@sieve/contracts";
import { assignableRoles, invitableRoles, mayRemove, roleOf } from "./roles";

const member = (user_id: number, role: Member["role"]): Member => ({
  user_id,
  role,
  email: `u${user_id}@example.org`,
  name: `User ${user_id}`,
  joined_at: "2026-11-26T07:00:00.000Z",
});

describe("who may invite with which role", () => {
  it("lets an owner invite every role, an admin every role but owner, and nobody else any", () => {
    expect(invitableRoles("owner")).toEqual(["owner", "admin", "scientist", "viewer"]);
    expect(invitableRoles("admin")).toEqual(["admin", "scientist", "viewer"]);
    expect(invitableRoles("scientist")).toEqual([]);
    expect(invitableRoles("viewer")).toEqual([]);
    expect(invitableRoles(null)).toEqual([]);
  });

  it("reads the caller's role from the member list", () => {
    const members = [member(1, "owner"), member(2, "viewer")];
    expect(roleOf(members, 2)).toBe("viewer");
    expect(roleOf(members, 3)).toBeNull();
  });
});

describe("who may change a member's role or remove them", () => {
  it("lets an owner set any role, an admin any but owner on non-owners, and others none", () => {
    expect(assignableRoles("owner", member(2, "owner"))).toEqual(["owner", "admin", "scientist", "viewer"]);
    expect(assignableRoles("admin", member(2, "scientist"))).toEqual(["admin", "scientist", "viewer"]);
    expect(assignableRoles("admin", member(2, "owner"))).toEqual([]);
    expect(assignableRoles("scientist", member(2, "viewer"))).toEqual([]);
  });

  it("lets an owner remove anyone else, an admin anyone but owners, and nobody remove themselves here", () => {
    expect(mayRemove("owner", member(2, "owner"), 1)).toBe(true);
    expect(mayRemove("admin", member(2, "viewer"), 1)).toBe(true);
    expect(mayRemove("admin", member(2, "owner"), 1)).toBe(false);
    expect(mayRemove("viewer", member(2, "viewer"), 1)).toBe(false);
    expect(mayRemove("owner", member(1, "owner"), 1)).toBe(false);
  });
});

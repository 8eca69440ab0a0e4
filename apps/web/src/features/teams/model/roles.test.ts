import { describe, expect, it } from "vitest";
import type { Member } from "@sieve/contracts";
import { invitableRoles, roleOf } from "./roles";

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

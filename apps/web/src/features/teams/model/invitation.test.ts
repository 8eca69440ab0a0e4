import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH } from "@sieve/contracts";
import { ApiError } from "../../../lib/api-client";
import { describeAcceptFailure, newMemberProblems, sameAddress } from "./invitation";

describe("the new member form", () => {
  it("needs a name and a password of sign-up's minimum length", () => {
    expect(newMemberProblems({ name: "  ", password: "short" })).toEqual({
      name: "Name is required.",
      password: `password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    });
  });

  it("accepts a name and a password of exactly the minimum length", () => {
    expect(newMemberProblems({ name: "Rosalind Franklin", password: "x".repeat(PASSWORD_MIN_LENGTH) })).toEqual({});
  });
});

describe("a refused invitation", () => {
  const refusal = (status: number, code: string, error: string) =>
    new ApiError(error, status, code, [], undefined, error);

  it("shows the server's message and offers a new link for a used, expired or unknown token", () => {
    expect(describeAcceptFailure(refusal(410, "invitation_used", "This invitation was already used"))).toEqual({
      message: "This invitation was already used",
      next: "ask_for_new_link",
    });
    expect(describeAcceptFailure(refusal(404, "not_found", "Invitation not found")).next).toBe("ask_for_new_link");
  });

  it("offers to sign out when the invitation is for another account, and to sign in when the address has one", () => {
    const otherAccount = refusal(403, "invitation_email", "This invitation is for a@b.org; sign in with that account");
    expect(describeAcceptFailure(otherAccount)).toEqual({
      message: "This invitation is for a@b.org; sign in with that account",
      next: "sign_out",
    });
    expect(describeAcceptFailure(refusal(401, "invalid_credentials", "Invalid email or password")).next).toBe(
      "sign_in",
    );
  });

  it("offers nothing more for a weak password: the message says what to change", () => {
    expect(describeAcceptFailure(refusal(422, "weak_password", "password: too common"))).toEqual({
      message: "password: too common",
      next: null,
    });
  });
});

describe("the signed-in account and the invited address", () => {
  it("match regardless of case and surrounding spaces, as the server's emails do", () => {
    expect(sameAddress("Ada@Example.org ", "ada@example.org")).toBe(true);
    expect(sameAddress("ada@example.org", "grace@example.org")).toBe(false);
  });
});

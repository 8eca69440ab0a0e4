import { NewPassword } from "@sieve/contracts";
import { ApiError } from "../../../lib/api-client";

export interface NewMember {
  name: string;
  password: string;
}

export type NewMemberProblems = Partial<Record<keyof NewMember, string>>;

/**
 * The checks sign-up makes before sending (a name, and the contract's password rule); the server
 * still refuses common and breached passwords and says why.
 */
export function newMemberProblems(member: NewMember): NewMemberProblems {
  const problems: NewMemberProblems = {};
  if (!member.name.trim()) problems.name = "Name is required.";
  const password = NewPassword.safeParse(member.password);
  if (!password.success) problems.password = password.error.issues[0]?.message ?? "password is not valid";
  return problems;
}

/** Addresses are compared as the server compares them: trimmed and lower-cased. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the invitee can do about a refusal, after the server's own message. */
export interface AcceptFailure {
  message: string;
  /** The next step, when there is one the page can offer. */
  next: "sign_in" | "sign_out" | "ask_for_new_link" | null;
}

/**
 * The server's message for a refused acceptance (wrong, used, revoked or expired token; an invitation
 * meant for another account), and the step that gets the invitee further.
 */
export function describeAcceptFailure(error: unknown): AcceptFailure {
  if (!(error instanceof ApiError))
    return { message: error instanceof Error && error.message ? error.message : "Request failed", next: null };
  const message = error.serverMessage ?? error.message;
  if (error.code === "invitation_email") return { message, next: "sign_out" };
  if (error.code === "invalid_credentials") return { message, next: "sign_in" };
  if (error.status === 404 || error.status === 410) return { message, next: "ask_for_new_link" };
  return { message, next: null };
}

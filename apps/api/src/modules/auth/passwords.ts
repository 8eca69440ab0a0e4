import { hash, verify } from "@node-rs/argon2";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

// OWASP's argon2id minimum: 19 MiB memory, 2 iterations, parallelism 1.
// 2 is Argon2id in @node-rs/argon2's Algorithm enum (a const enum, unusable under isolatedModules).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the email is unknown, so that a wrong email costs the same time as a
 * wrong password and response timing does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-accounts");
  return decoyHash;
}

// zxcvbn with its common-password, name and English dictionaries; only the first 64 characters are
// scored (a longer password is strong by length, and scoring grows with length on the event loop).
const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: 64,
});

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const PASSWORD_MIN_SCORE = 3;

/**
 * Why a new password is refused (ASVS 4.0 V2.1): equal to the email or its local part, or guessable
 * per zxcvbn (common and breached passwords, dictionary words, keyboard patterns, the user's own
 * email and name); null when it is acceptable. The length rule lives in the request schema.
 */
export function passwordProblem(password: string, user: { email: string; name?: string }): string | null {
  const lowered = password.trim().toLowerCase();
  const email = user.email.toLowerCase();
  if (lowered === email || lowered === email.split("@")[0]) return "the password must not be your email address";
  const result = strength.check(password, [user.email, ...(user.name ? user.name.split(/\s+/) : [])]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  return `the password is too easy to guess${advice ? `: ${advice}` : ""}`;
}

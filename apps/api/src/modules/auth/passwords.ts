import { hash, verify } from "@node-rs/argon2";

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

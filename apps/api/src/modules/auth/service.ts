import {
  TOKEN_TTL_SECONDS,
  type AuthResponse,
  type LoginBody,
  type ProfileUpdateBody,
  type SignupBody,
  type User,
} from "@sieve/contracts";
import type { Database } from "@sieve/db";
import { ApiError, conflict, forbidden, unauthorized } from "../../http/errors";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import { authStore, type UserRecord } from "./store";
import { signAccessToken } from "./tokens";

export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60 * 1000 } as const;
const INVALID_CREDENTIALS = "Invalid email or password";

export function authService(db: Database, jwtSecret: Uint8Array) {
  const store = authStore(db);

  async function issue(user: UserRecord, ttlSeconds: number): Promise<AuthResponse> {
    return {
      access_token: await signAccessToken(jwtSecret, user.id, ttlSeconds),
      token_type: "bearer",
      expires_in: ttlSeconds,
      user: toUser(user),
    };
  }

  async function requireUser(userId: number): Promise<UserRecord> {
    const user = await store.findUserById(userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async signup(body: SignupBody): Promise<AuthResponse> {
      const [firstName, ...rest] = body.name.split(" ");
      const userId = await store.createUserWithOrganization({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: firstName ?? "",
        lastName: rest.join(" ").trim(),
        orgName: body.org_name?.trim() || `${body.name}'s workspace`,
      });
      if (userId === null) throw conflict("An account with this email already exists", "email_taken");
      // A sign-up is remembered: the client stores its token persistently.
      return issue(await requireUser(userId), TOKEN_TTL_SECONDS.remembered);
    },

    async login(body: LoginBody): Promise<AuthResponse> {
      const failures = await store.recentLoginFailures(body.email, new Date(Date.now() - LOCKOUT.windowMs));
      if (failures.count >= LOCKOUT.maxFailures) {
        const retryAfter = Math.max(
          1,
          Math.ceil(((failures.oldest?.getTime() ?? Date.now()) + LOCKOUT.windowMs - Date.now()) / 1000),
        );
        throw new ApiError(429, "too_many_attempts", "Too many failed sign-in attempts. Try again later.", undefined, {
          "Retry-After": String(retryAfter),
        });
      }
      const user = await store.findUserByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
      if (!user || !valid) {
        await store.recordLoginFailure(body.email);
        throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
      }
      await store.clearLoginFailures(body.email);
      return issue(user, body.remember ? TOKEN_TTL_SECONDS.remembered : TOKEN_TTL_SECONDS.session);
    },

    async profile(userId: number): Promise<User> {
      return toUser(await requireUser(userId));
    },

    async updateProfile(userId: number, body: ProfileUpdateBody): Promise<User> {
      const user = await requireUser(userId);
      const renames = body.organization !== undefined && body.organization !== user.organization;
      const retypes =
        body.organization_type !== undefined && (body.organization_type || null) !== user.organizationType;
      if ((renames || retypes) && !user.ownsPrimaryOrg)
        throw forbidden("Only the organization's owner can change its name or type", "not_org_owner");
      await store.updateProfile(userId, user.primaryOrgId, {
        firstName: body.first_name,
        lastName: body.last_name,
        organization: renames ? body.organization : undefined,
        organizationType: retypes ? body.organization_type || null : undefined,
      });
      return toUser(await requireUser(userId));
    },
  };
}

function toUser(user: UserRecord): User {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    organization: user.organization,
    organization_type: user.organizationType,
    org_id: user.primaryOrgId,
  };
}

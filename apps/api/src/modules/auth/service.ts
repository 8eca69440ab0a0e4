import {
  TOKEN_TTL_SECONDS,
  type AuthResponse,
  type LoginBody,
  type PasswordChangeBody,
  type ProfileUpdateBody,
  type SignupBody,
  type TokenResponse,
  type User,
} from "@sieve/contracts";
import type { Database } from "@sieve/db";
import { ApiError, forbidden, unauthorized, validationFailed } from "../../http/errors";
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { authStore, type FailureTally, type UserRecord } from "./store";
import { newOpaqueToken, opaqueTokenHash, signAccessToken } from "./tokens";

/**
 * Sign-in throttling (ASVS 4.0 V2.2.1) without lockout: past `free` failures within `windowMs`, each
 * attempt must wait `baseMs` doubled per further failure (at most `maxMs`) after the latest failure,
 * and is answered 429 with Retry-After before the password is even checked. Per account, and per
 * client address across accounts (credential stuffing). A device that signed in to the account
 * before (its device token) passes both: failing on purpose cannot lock its owner out.
 */
export const LOGIN_THROTTLE = {
  windowMs: 60 * 60 * 1000,
  account: { free: 5, baseMs: 1000, maxMs: 15 * 60 * 1000 },
  ip: { free: 20, baseMs: 1000, maxMs: 15 * 60 * 1000 },
} as const;
/** Login's answer for an unknown email and a wrong password alike. */
export const invalidCredentials = () => new ApiError(401, "invalid_credentials", "Invalid email or password");

interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
}

/** Milliseconds still to wait before the next attempt; 0 when one may be made now. */
export function backoffRemainingMs(tally: FailureTally, policy: Backoff, now: number): number {
  if (tally.count < policy.free || !tally.latest) return 0;
  const wait = Math.min(policy.maxMs, policy.baseMs * 2 ** (tally.count - policy.free));
  return Math.max(0, tally.latest.getTime() + wait - now);
}

export function authService(db: Database, jwtSecret: Uint8Array) {
  const store = authStore(db);

  /** A new session: a 15-minute access token naming it, a rotating refresh token, and the device token. */
  async function issue(user: UserRecord, refreshTtlSeconds: number, deviceToken?: string): Promise<AuthResponse> {
    const refresh = newOpaqueToken();
    const sessionId = await store.createSession(user.id, refresh.hash, new Date(Date.now() + refreshTtlSeconds * 1000));
    let device = deviceToken;
    if (!device) {
      const fresh = newOpaqueToken();
      await store.rememberDevice(user.id, fresh.hash);
      device = fresh.token;
    }
    return {
      access_token: await signAccessToken(jwtSecret, user.id, sessionId, TOKEN_TTL_SECONDS.access),
      token_type: "bearer",
      expires_in: TOKEN_TTL_SECONDS.access,
      refresh_token: refresh.token,
      refresh_expires_in: refreshTtlSeconds,
      device_token: device,
      user: toUser(user),
    };
  }

  async function requireUser(userId: number): Promise<UserRecord> {
    const user = await store.findUserById(userId);
    if (!user) throw unauthorized();
    return user;
  }

  function requireStrongPassword(password: string, user: { email: string; name?: string }, path: string): void {
    const problem = passwordProblem(password, user);
    if (problem) throw validationFailed([{ path, message: problem }], "weak_password");
  }

  /**
   * The account these credentials open, checked under the sign-in throttle (429 while it holds); 401
   * for an unknown email and a wrong password alike, counted as a failed sign-in.
   */
  async function checkCredentials(
    body: { email: string; password: string; device_token?: string | undefined },
    ip: string,
  ): Promise<{ user: UserRecord; knownDevice: boolean }> {
    const now = Date.now();
    const since = new Date(now - LOGIN_THROTTLE.windowMs);
    const user = await store.findUserByEmail(body.email);
    const knownDevice =
      user !== null &&
      body.device_token !== undefined &&
      (await store.isKnownDevice(user.id, opaqueTokenHash(body.device_token)));
    if (!knownDevice) {
      const wait = Math.max(
        backoffRemainingMs(await store.loginFailuresSince({ email: body.email }, since), LOGIN_THROTTLE.account, now),
        backoffRemainingMs(await store.loginFailuresSince({ ip }, since), LOGIN_THROTTLE.ip, now),
      );
      if (wait > 0) {
        throw new ApiError(429, "too_many_attempts", "Too many failed sign-in attempts. Try again later.", undefined, {
          "Retry-After": String(Math.ceil(wait / 1000)),
        });
      }
    }
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!user || !valid) {
      await store.recordLoginFailure(body.email, ip);
      throw invalidCredentials();
    }
    await store.clearLoginFailures(body.email);
    return { user, knownDevice };
  }

  async function signIn(body: LoginBody, ip: string): Promise<AuthResponse> {
    const { user, knownDevice } = await checkCredentials(body, ip);
    return issue(
      user,
      body.remember ? TOKEN_TTL_SECONDS.remembered : TOKEN_TTL_SECONDS.session,
      knownDevice ? body.device_token : undefined,
    );
  }

  return {
    /**
     * A new account with its own organization. For an email that already has an account the answer
     * does not say so (issue 21 §11, see docs/decisions.md): it is a sign-in with these credentials,
     * throttled and counted like one, so the right password gets the same 201 and shape as a new
     * account, and a wrong one login's 401 "Invalid email or password". Either path costs one argon2.
     */
    async signup(body: SignupBody, ip: string): Promise<AuthResponse> {
      requireStrongPassword(body.password, { email: body.email, name: body.name }, "password");
      if (await store.findUserByEmail(body.email))
        return signIn({ email: body.email, password: body.password, remember: true }, ip);
      const [firstName, ...rest] = body.name.split(" ");
      const userId = await store.createUserWithOrganization({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: firstName ?? "",
        lastName: rest.join(" ").trim(),
        orgName: body.org_name?.trim() || `${body.name}'s workspace`,
      });
      // Taken meanwhile by a concurrent sign-up: the same as when it existed before.
      if (userId === null) return signIn({ email: body.email, password: body.password, remember: true }, ip);
      // A sign-up is remembered: the client keeps its refresh token persistently.
      return issue(await requireUser(userId), TOKEN_TTL_SECONDS.remembered);
    },

    login: signIn,
    checkCredentials,

    /** Swaps a refresh token for a new pair; a token used twice revokes its whole session. */
    async refresh(refreshToken: string): Promise<TokenResponse> {
      const next = newOpaqueToken();
      const rotated = await store.rotateRefreshToken(opaqueTokenHash(refreshToken), next.hash);
      if (rotated === null || rotated === "reused")
        throw new ApiError(401, "invalid_refresh_token", "This sign-in has ended; sign in again");
      return {
        access_token: await signAccessToken(jwtSecret, rotated.userId, rotated.sessionId, TOKEN_TTL_SECONDS.access),
        token_type: "bearer",
        expires_in: TOKEN_TTL_SECONDS.access,
        refresh_token: next.token,
        refresh_expires_in: Math.max(1, Math.floor((rotated.expiresAt.getTime() - Date.now()) / 1000)),
      };
    },

    /** A new session for an account that proved itself another way (an accepted invitation). */
    async startSession(userId: number): Promise<AuthResponse> {
      return issue(await requireUser(userId), TOKEN_TTL_SECONDS.remembered);
    },

    async logout(sessionId: string): Promise<void> {
      await store.revokeSession(sessionId);
    },

    /** Changes the password and ends every session of the account; the caller gets a new one. */
    async changePassword(userId: number, body: PasswordChangeBody): Promise<AuthResponse> {
      const user = await requireUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.current_password)))
        throw forbidden("The current password is not correct", "invalid_credentials");
      requireStrongPassword(
        body.new_password,
        { email: user.email, name: `${user.firstName} ${user.lastName}` },
        "new_password",
      );
      await store.updatePasswordHash(userId, await hashPassword(body.new_password));
      await store.revokeAllSessions(userId);
      return issue(user, TOKEN_TTL_SECONDS.remembered);
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

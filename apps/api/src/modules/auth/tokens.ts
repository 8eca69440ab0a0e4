import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

const ISSUER = "sieve";
const AUDIENCE = "sieve-api";

export interface AccessTokenClaims {
  userId: number;
  /** The session the token belongs to: revoking it rejects the token before it expires. */
  sessionId: string;
}

export async function signAccessToken(
  secret: Uint8Array,
  userId: number,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ typ: "access", sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Returns the claims of a valid, unexpired access token, or null for anything else. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (payload.typ !== "access" || !Number.isInteger(userId) || typeof payload.sid !== "string") return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** An opaque random token (refresh or device token) and the hash the database keeps instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: opaqueTokenHash(token) };
}

export function opaqueTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

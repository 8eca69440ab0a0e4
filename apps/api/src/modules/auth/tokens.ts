import { SignJWT, jwtVerify } from "jose";

const ISSUER = "sieve";
const AUDIENCE = "sieve-api";

export interface AccessTokenClaims {
  userId: number;
}

export async function signAccessToken(secret: Uint8Array, userId: number, ttlSeconds: number): Promise<string> {
  return new SignJWT({ typ: "access" })
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
    if (payload.typ !== "access" || !Number.isInteger(userId)) return null;
    return { userId };
  } catch {
    return null;
  }
}

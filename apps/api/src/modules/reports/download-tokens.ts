import { SignJWT, jwtVerify } from "jose";
import type { Artifact } from "@sieve/contracts";

const ISSUER = "sieve";
/** A different audience from access tokens: a download token is never accepted as a bearer token. */
const AUDIENCE = "sieve-artifact-download";
const PURPOSE = "artifact_download";
export const DOWNLOAD_TOKEN_TTL_S = 15 * 60;

export interface DownloadClaims {
  userId: number;
  runId: string;
  artifact: Artifact;
}

/** A short-lived, single-purpose token for one artifact of one run (the `api_key` query parameter). */
export async function signDownloadToken(
  secret: Uint8Array,
  claims: DownloadClaims,
  ttlSeconds = DOWNLOAD_TOKEN_TTL_S,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({
    typ: "download",
    purpose: PURPOSE,
    run_id: claims.runId,
    artifact: claims.artifact,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { token, expiresAt };
}

/** The claims of a valid, unexpired download token; null for anything else (access tokens, legacy API keys). */
export async function verifyDownloadToken(secret: Uint8Array, token: string): Promise<DownloadClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (payload.typ !== "download" || payload.purpose !== PURPOSE || !Number.isInteger(userId)) return null;
    if (typeof payload.run_id !== "string" || (payload.artifact !== "dossier" && payload.artifact !== "replay"))
      return null;
    return { userId, runId: payload.run_id, artifact: payload.artifact };
  } catch {
    return null;
  }
}

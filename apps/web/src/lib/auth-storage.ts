/**
 * Where the browser keeps the session (§4, §6): a remembered login or a sign-up lives in
 * localStorage (30 days, the refresh token's own expiry), a plain login in sessionStorage. The access
 * token lasts 15 minutes; the refresh token renews it (and is replaced on every use). The device
 * token stays in localStorage across sessions: it lets this browser sign in while the account is
 * throttled by someone else's failed attempts.
 */
export const ACCESS_TOKEN_KEY = "sieve.access_token";
export const REFRESH_TOKEN_KEY = "sieve.refresh_token";
export const DEVICE_TOKEN_KEY = "sieve.device_token";
/** §6: a deprecated per-user API key; the server ignores it, the client still sends it as X-API-Key. */
export const LEGACY_API_KEY_KEY = "sieve.user_api_key";

type StorageArea = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Storage can be missing (no window) or throw (privacy modes); both mean "nothing stored". */
function area(name: "localStorage" | "sessionStorage"): StorageArea | null {
  try {
    return (globalThis as Partial<Record<typeof name, StorageArea>>)[name] ?? null;
  } catch {
    return null;
  }
}

export function saveAccessToken(token: string, options: { persistent: boolean; refreshToken?: string }): void {
  const [keep, drop] = options.persistent
    ? (["localStorage", "sessionStorage"] as const)
    : (["sessionStorage", "localStorage"] as const);
  for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]) area(drop)?.removeItem(key);
  area(keep)?.setItem(ACCESS_TOKEN_KEY, token);
  if (options.refreshToken) area(keep)?.setItem(REFRESH_TOKEN_KEY, options.refreshToken);
}

/** The refresh token and whether it was kept persistently (a remembered session stays remembered). */
export function getRefreshToken(): { token: string; persistent: boolean } | null {
  const session = area("sessionStorage")?.getItem(REFRESH_TOKEN_KEY);
  if (session) return { token: session, persistent: false };
  const local = area("localStorage")?.getItem(REFRESH_TOKEN_KEY);
  return local ? { token: local, persistent: true } : null;
}

export function getDeviceToken(): string | null {
  return area("localStorage")?.getItem(DEVICE_TOKEN_KEY) || null;
}

export function saveDeviceToken(token: string): void {
  area("localStorage")?.setItem(DEVICE_TOKEN_KEY, token);
}

export function getAccessToken(): string | null {
  return area("sessionStorage")?.getItem(ACCESS_TOKEN_KEY) || area("localStorage")?.getItem(ACCESS_TOKEN_KEY) || null;
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}

/** Logout and a rejected token forget the session in both storages (the device token stays). */
export function clearSession(): void {
  for (const name of ["localStorage", "sessionStorage"] as const) {
    area(name)?.removeItem(ACCESS_TOKEN_KEY);
    area(name)?.removeItem(REFRESH_TOKEN_KEY);
    area(name)?.removeItem(LEGACY_API_KEY_KEY);
  }
}

export function getLegacyApiKey(): string | null {
  return area("localStorage")?.getItem(LEGACY_API_KEY_KEY) || null;
}

/** An empty value removes the key. */
export function setLegacyApiKey(value: string): void {
  const trimmed = value.trim();
  if (trimmed) area("localStorage")?.setItem(LEGACY_API_KEY_KEY, trimmed);
  else area("localStorage")?.removeItem(LEGACY_API_KEY_KEY);
}

/**
 * Where the browser keeps the session (§4, §6): a remembered login or a sign-up lives in
 * localStorage (30 days, enforced by the token's own expiry), a plain login in sessionStorage.
 */
export const ACCESS_TOKEN_KEY = "sieve.access_token";
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

export function saveAccessToken(token: string, options: { persistent: boolean }): void {
  const [keep, drop] = options.persistent
    ? (["localStorage", "sessionStorage"] as const)
    : (["sessionStorage", "localStorage"] as const);
  area(drop)?.removeItem(ACCESS_TOKEN_KEY);
  area(keep)?.setItem(ACCESS_TOKEN_KEY, token);
}

export function getAccessToken(): string | null {
  return area("sessionStorage")?.getItem(ACCESS_TOKEN_KEY) || area("localStorage")?.getItem(ACCESS_TOKEN_KEY) || null;
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}

/** Logout and a rejected token forget everything this app stored in both storages. */
export function clearSession(): void {
  for (const name of ["localStorage", "sessionStorage"] as const) {
    area(name)?.removeItem(ACCESS_TOKEN_KEY);
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

declare global {
  interface Window {
    /** Lets a deployment point a prebuilt bundle at another API without rebuilding (§7). */
    __SIEVE_API_BASE__?: string;
  }
}

/** The local default of §7, used only when there is no page origin (e.g. in unit tests). */
export const LOCAL_API_BASE = "http://localhost:8080";

interface WindowLike {
  __SIEVE_API_BASE__?: string;
  location?: { origin?: string };
}

/**
 * §7: the build-time setting, else the window-level setting, else the page origin, else the local default.
 * A `file://` page has the origin "null", which is no address at all.
 */
export function resolveApiBase(buildTimeBase: string | undefined, win: WindowLike | undefined): string {
  const candidates = [buildTimeBase, win?.__SIEVE_API_BASE__, win?.location?.origin];
  const base = candidates.find(
    (value): value is string => typeof value === "string" && value !== "" && value !== "null",
  );
  return (base ?? LOCAL_API_BASE).replace(/\/+$/, "");
}

export function apiBase(): string {
  return resolveApiBase(import.meta.env.VITE_API_BASE, typeof window === "undefined" ? undefined : window);
}

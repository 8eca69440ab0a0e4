import type { RiskLevel } from "@sieve/contracts";

/** Badge tones of the shared Badge primitive for the §9 risk colours. */
export const RISK_TONES: Record<RiskLevel, "success" | "warning" | "danger"> = { green: "success", amber: "warning", red: "danger" };

/** Records loaded from the built-in demo set carry this source; the page labels them "Demo data". */
export const DEMO_SOURCE = "demo";
export const isDemo = (source: string) => source === DEMO_SOURCE;

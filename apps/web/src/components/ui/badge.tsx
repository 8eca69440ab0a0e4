import type { ReactNode } from "react";

export type BadgeTone = "success" | "warning" | "danger" | "neutral";

/** A small pill for a yes/no verdict (drug-like, stable); statuses use StatusBadge. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

import type { ReactNode } from "react";
import { Notice } from "./notice";

interface BatchOutcomeProps {
  pending: boolean;
  error: Error | null;
  rows: { ok: boolean }[] | undefined;
  /** Singular and plural of what was analysed: ["molecule", "molecules"]. */
  noun: [string, string];
  /** The results table, shown once there are rows. */
  children: ReactNode;
}

/** The state of one batch analysis: in progress, failed as a whole (413, 422…), or done with a count of failed rows. */
export function BatchOutcome({ pending, error, rows, noun: [one, many], children }: BatchOutcomeProps) {
  if (pending) return <p className="loading">Analysing {many}…</p>;
  if (error) return <Notice tone="error">{error.message}</Notice>;
  if (!rows) return null;
  const failed = rows.filter((row) => !row.ok).length;
  return (
    <>
      <p className="muted" role="status">
        {rows.length.toLocaleString("en")} {rows.length === 1 ? one : many} analysed
        {failed > 0 && `, ${failed.toLocaleString("en")} could not be read`}.
      </p>
      {children}
    </>
  );
}

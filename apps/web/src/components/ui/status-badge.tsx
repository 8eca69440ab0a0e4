/** §4: completed green, running amber, failed red, anything else grey; a missing status reads 'unknown'. */
const TONES: Record<string, string> = { completed: "success", running: "warning", failed: "danger" };

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || "unknown";
  return <span className={`badge badge--${TONES[label] ?? "neutral"}`}>{label}</span>;
}

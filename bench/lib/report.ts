import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type BenchRow = Record<string, string | number | boolean | null>;

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "results");

/** Writes bench/results/<name>.json and <name>.md and prints the table, so every benchmark reports alike. */
export function writeBenchReport(name: string, title: string, rows: BenchRow[], notes: string[] = []): void {
  mkdirSync(resultsDir, { recursive: true });
  const machine = { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? "unknown", node: process.version };
  const measuredAt = new Date().toISOString();
  writeFileSync(
    join(resultsDir, `${name}.json`),
    JSON.stringify({ name, title, measured_at: measuredAt, machine, rows, notes }, null, 2) + "\n",
  );
  const markdown = [
    `# ${title}`,
    "",
    `Measured ${measuredAt} on ${machine.cpus} × ${machine.cpu_model}, Node ${machine.node}.`,
    "",
    markdownTable(rows),
    "",
    ...notes.map((n) => `- ${n}`),
    "",
  ].join("\n");
  writeFileSync(join(resultsDir, `${name}.md`), markdown);
  console.log(markdown);
}

export function markdownTable(rows: BenchRow[]): string {
  if (rows.length === 0) return "(no rows)";
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: BenchRow[string] | undefined) => (typeof v === "number" ? formatNumber(v) : String(v ?? ""));
  return [
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(" | ")} |`),
  ].join("\n");
}

function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(1) : v.toPrecision(4);
}

/** Percentile of already-measured samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

import { mkdirSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { notRankedEntries, type NotRankedEntry, type NotRankedLists } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { AnalogPlacement } from "@sieve/workflows";
import { databaseBlobStore } from "../../storage/blob-store";
import { uploadsStore } from "../uploads/store";

interface OutputHit {
  smiles: string;
  name: string | null;
  fitness: number;
  activity: number | null;
  activity_kind: string;
  affinity: number | null;
  interaction_similarity?: number;
  conformer?: { index: number; of: number; affinities: number[] };
  placement?: AnalogPlacement;
  search_affinity?: number;
  synthetic_accessibility: number | null;
  properties: { qed: number; logp: number; mw: number };
  warnings: string[];
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The ranked hits as CSV (readable again as a compound file: it has a `smiles` column). */
export function hitsCsv(hits: OutputHit[]): string {
  const header = [
    "rank",
    "name",
    "smiles",
    "fitness",
    "activity",
    "activity_kind",
    "affinity_kcal_mol",
    "interaction_similarity",
    "search_affinity_kcal_mol",
    "best_start_conformer",
    "start_conformer_affinities_kcal_mol",
    "pose_placement",
    "sa_score",
    "qed",
    "logp",
    "mw",
    "warnings",
  ];
  const rows = hits.map((h, i) => [
    i + 1,
    h.name,
    h.smiles,
    h.fitness,
    h.activity,
    h.activity_kind,
    h.affinity,
    h.interaction_similarity,
    h.search_affinity,
    h.conformer ? `${h.conformer.index} of ${h.conformer.of}` : null,
    h.conformer?.affinities.join("; "),
    placementText(h.placement),
    h.synthetic_accessibility,
    h.properties.qed,
    h.properties.logp,
    h.properties.mw,
    h.warnings.join("; "),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n") + "\n";
}

/** How a docked pose was found, in words: searched for (and why, when it was meant to be tethered), or tethered. */
function placementText(placement: AnalogPlacement | undefined): string | null {
  if (!placement) return null;
  if (placement.method === "search") return placement.reason ? `search (${placement.reason})` : "search";
  const held =
    placement.pulled_core_rmsd === undefined
      ? `${placement.fixed_atoms} at the parent's coordinates`
      : `pulled onto the parent's core to RMSD ${placement.pulled_core_rmsd} Å`;
  const scoredAs = placement.scored_as ? `; scored as ${placement.scored_as}` : "";
  return `tethered on ${placement.parent} (${placement.core_atoms} of ${placement.heavy_atoms} heavy atoms in common; ${held}${scoredAs})`;
}

/** Every compound a run did not rank (unreadable, filtered, failed), one row each with the reason. */
export function notRankedCsv(entries: NotRankedEntry[]): string {
  const rows = entries.map((e) => [e.position || null, e.compound, e.smiles, e.kind, e.reason]);
  return (
    [["line", "compound", "smiles", "outcome", "reason"], ...rows].map((row) => row.map(csvCell).join(",")).join("\n") +
    "\n"
  );
}

/**
 * §2 Output Location: `upload://…` (any name) stores the hits as a new upload of the job's
 * organization, named `<run>-hits.csv` (usable as Hit Compounds for lead optimization); any other
 * value is a folder under DATA_DIR that receives `<run>/hits.csv`, `<run>/not_ranked.csv` (every compound left out
 * of the ranking, with the reason) and `<run>/result.json`. Paths
 * leaving DATA_DIR are refused. Returns where the files went.
 */
export async function writeOutputs(
  db: Database,
  dataDir: string,
  scope: { userId: number; orgIds: number[] },
  location: string,
  runId: string,
  hits: OutputHit[],
  result: NotRankedLists,
): Promise<{ location: string; files: string[] }> {
  const csv = hitsCsv(hits);
  if (location.startsWith("upload://")) {
    const blob = await databaseBlobStore(db).put(new TextEncoder().encode(csv));
    const upload = await uploadsStore(db, scope).create({
      orgId: scope.orgIds[0]!,
      kind: "hit_compounds",
      name: `${runId.slice(0, 8)}-hits.csv`,
      blob,
    });
    return { location, files: [upload.uri] };
  }
  const root = resolve(dataDir);
  const folder = resolve(root, isAbsolute(location) ? relative("/", location) : location, runId);
  if (relative(root, folder).startsWith(".."))
    throw new Error(`Output Location ${location} is outside the data folder`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "hits.csv"), csv);
  writeFileSync(join(folder, "not_ranked.csv"), notRankedCsv(notRankedEntries(result)));
  writeFileSync(join(folder, "result.json"), JSON.stringify(result, null, 2));
  return { location, files: ["hits.csv", "not_ranked.csv", "result.json"].map((name) => join(folder, name)) };
}

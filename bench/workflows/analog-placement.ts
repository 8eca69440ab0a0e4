import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { loadRDKit } from "@sieve/chem";
import { Random } from "@sieve/optimize";
import {
  DEFAULT_SCREENING_FILTERS,
  DockingOracle,
  MemoryDockingCache,
  generateAnalogs,
  ligandTimeLimitOf,
  mapConcurrent,
} from "@sieve/workflows";
import { writeBenchReport, type BenchRow } from "../lib/report";
import { median } from "../lib/stats";

/**
 * How lead optimization's analogs are docked, compared on one series: amprenavir's analogs from the product's
 * generate_simple_analogs (seeded), in 1HSG (22 Å box on MK1, exhaustiveness 2 shared by 2 start conformers: the
 * screening defaults). Each analog is docked three ways, alternating, each with its own cache: tethered (placed on
 * amprenavir's docked pose by the common core, optimised in place: the lead optimization default), and a full search
 * with Vina seed 42 and with seed 43 (what lead optimization did before). No affinities are known for these analogs, so
 * neither method is shown right; the table shows how far a full search at this effort agrees with itself (the
 * Spearman ρ between the two seeds) against how far tethered agrees with it, and what each costs.
 */
const SHARED = process.env.SIEVE_SHARED_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "data");
const ANALOGS = Number(process.env.ANALOGS ?? 16);
const HIT = "amprenavir";
const FILTERS = { ...DEFAULT_SCREENING_FILTERS, time_limit_base_s: 1800 };
const LOAD_AT_START = loadavg().map((l) => l.toFixed(1));

const rdkit = await loadRDKit();
const hitSmiles = readFileSync(join(SHARED, "drugcentral", "structures.smiles.tsv"), "utf8")
  .split("\n")
  .find((line) => line.split("\t")[4] === HIT)!
  .split("\t")[0]!;
const receptor = readFileSync(join(SHARED, "structures", "1HSG.pdb"), "utf8");
const oracle = (seed: number) =>
  DockingOracle.create({
    receptor,
    format: "pdb",
    box: { kind: "ligand" },
    params: { exhaustiveness: 2, seed, cpu: 1 },
    conformers: FILTERS.start_conformers,
    cache: new MemoryDockingCache(),
    timeLimit: ligandTimeLimitOf(rdkit, FILTERS),
    tetherAnalogs: true,
  });
const [tethered, search42, search43] = [await oracle(42), await oracle(42), await oracle(43)];
// As lead optimization does: the hit searched for, then optimised in place; analogs go on that pose.
const hit = await tethered.score(hitSmiles);
const reference = { smiles: hitSmiles, pose_pdbqt: hit.details!.pose_pdbqt as string };
const analogs = generateAnalogs(
  rdkit,
  hitSmiles,
  "generate_simple_analogs",
  ANALOGS,
  new Random(42),
  new Set([hitSmiles]),
);

interface Scored {
  value: number | null;
  cpu_s: number;
  placement: string;
}
/** CPU seconds of the programs this process has run and reaped (cutime + cstime of /proc/self/stat). */
const childCpu = () =>
  readFileSync("/proc/self/stat", "utf8")
    .split(") ")[1]!
    .split(" ")
    .slice(13, 15)
    .reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
// One molecule at a time: children's CPU time is read around each call, which two at once would mix.
const score = async (run: () => ReturnType<DockingOracle["score"]>): Promise<Scored> => {
  const before = childCpu();
  const result = await run();
  const placement = result.details?.placement as { method: string; reason?: string } | undefined;
  return {
    value: result.value,
    cpu_s: Math.round((childCpu() - before) * 10) / 10,
    placement: placement ? `${placement.method}${placement.reason ? ` (${placement.reason})` : ""}` : "",
  };
};
const results = await mapConcurrent(analogs, 1, async (analog) => ({
  smiles: analog.smiles,
  strategy: analog.strategy,
  tethered: await score(() => tethered.score(analog.smiles, undefined, reference)),
  search42: await score(() => search42.score(analog.smiles)),
  search43: await score(() => search43.score(analog.smiles)),
}));

/** Spearman's ρ over the analogs both methods scored (average ranks for ties). */
function spearman(a: (number | null)[], b: (number | null)[]): number {
  const pairs = a.flatMap((x, i) => (x === null || b[i] === null ? [] : [[x, b[i]!] as const]));
  const ranks = (values: number[]) => {
    const order = values.map((v, i) => [v, i] as const).sort((p, q) => p[0] - q[0]);
    const rank = new Array<number>(values.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) rank[order[k]![1]] = (i + j) / 2;
      i = j + 1;
    }
    return rank;
  };
  const [ra, rb] = [ranks(pairs.map((p) => p[0])), ranks(pairs.map((p) => p[1]))];
  const mean = (pairs.length - 1) / 2;
  let [num, da, db] = [0, 0, 0];
  for (let i = 0; i < pairs.length; i++) {
    num += (ra[i]! - mean) * (rb[i]! - mean);
    da += (ra[i]! - mean) ** 2;
    db += (rb[i]! - mean) ** 2;
  }
  return Math.round((num / Math.sqrt(da * db)) * 1000) / 1000;
}
const column = (key: "tethered" | "search42" | "search43") => results.map((r) => r[key].value);
const meanSearch = results.map((r) =>
  r.search42.value === null || r.search43.value === null ? null : (r.search42.value + r.search43.value) / 2,
);
const rows: BenchRow[] = results.map((r) => ({
  analog: r.smiles,
  strategy: r.strategy,
  tethered_kcal_mol: r.tethered.value,
  search_seed42_kcal_mol: r.search42.value,
  search_seed43_kcal_mol: r.search43.value,
  tethered_cpu_s: r.tethered.cpu_s,
  search_cpu_s: r.search42.cpu_s,
  placement: r.tethered.placement,
}));
rows.push({
  analog: "summary",
  strategy: `n = ${results.length}`,
  tethered_kcal_mol: `ρ(tethered, mean of searches) ${spearman(column("tethered"), meanSearch)}`,
  search_seed42_kcal_mol: `ρ(seed 42, seed 43) ${spearman(column("search42"), column("search43"))}`,
  search_seed43_kcal_mol: `ρ(tethered, seed 42) ${spearman(column("tethered"), column("search42"))}`,
  tethered_cpu_s: `median ${median(results.map((r) => r.tethered.cpu_s))}`,
  search_cpu_s: `median ${median(results.map((r) => r.search42.cpu_s))}`,
  placement: `${results.filter((r) => r.tethered.placement === "tethered").length} tethered`,
});
writeBenchReport(
  "workflows-analog-placement",
  "Lead optimization: analogs tethered to the parent's pose vs searched (1HSG)",
  rows,
  [
    `Hit ${HIT}, docked by the full search (2 start conformers, exhaustiveness 2, seed 42; ${hit.details!.search_affinity} kcal/mol on the search's own scale), then optimised in place: ${hit.value} kcal/mol; that pose is the reference the tethered analogs are placed on.`,
    `Analogs: ${analogs.length} from generate_simple_analogs (seed 42). Each docked tethered, then by a full search with Vina seed 42 and seed 43 (same start conformers), one molecule at a time. Every score is on one scale: the searched poses are optimised in place too (Vina --local_only), as lead optimization scores a hit or an analog it searches for.`,
    "cpu_s: CPU time of the programs run for that molecule (Open Babel, RDKit's Python, Vina): children's utime + stime from /proc/self/stat around each call.",
    "No measured affinities exist for these analogs: the agreement of the search with itself (ρ between seeds) is the ceiling any cheaper method can be judged against here, not a measure of truth.",
    `Load average at the start ${LOAD_AT_START.join(", ")}, at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} (2 cores, shared).`,
  ],
);
for (const o of [tethered, search42, search43]) await o.close();

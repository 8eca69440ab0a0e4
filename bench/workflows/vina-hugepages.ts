import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { binaryAvailability, prepareLigandConformers, prepareReceptor, resolveBox } from "@sieve/workflows";
import { writeBenchReport } from "../lib/report";
import { median } from "../lib/stats";

/**
 * CPU time of one AutoDock Vina run with and without glibc's huge-page malloc (GLIBC_TUNABLES=glibc.malloc.hugetlb=1,
 * which the product sets for Vina: see ORACLE_PROGRAMS in packages/workflows/src/programs.ts). Vina fills about 560 MB
 * of tables on every run, whatever the receptor or box, so a lead optimization's in-place optimisations are mostly
 * that. Two tasks, each run the product's way on amprenavir in 1HSG: the local optimisation a tethered analog gets
 * (--local_only --autobox) and a search (box 22 Å around MK1, exhaustiveness 2, one CPU, seed 42). The two settings
 * alternate (with, without, with, …) after one warm-up run of each; CPU time is the reaped child's user + system time.
 */
const SHARED = process.env.SIEVE_SHARED_DATA ?? join(import.meta.dirname, "..", "..", "..", "shared", "data");
const PDB = join(SHARED, "structures", "1HSG.pdb");
const AMPRENAVIR = "CC(C)CN(C[C@@H](O)[C@H](Cc1ccccc1)NC(=O)O[C@H]1CCOC1)S(=O)(=O)c1ccc(N)cc1";
const LOCAL_RUNS = Number(process.env.VINA_LOCAL_RUNS ?? 7);
const SEARCH_RUNS = Number(process.env.VINA_SEARCH_RUNS ?? 3);
const HUGE_PAGES = "glibc.malloc.hugetlb=1";

if (!existsSync(PDB)) throw new Error(`${PDB} is absent (shared data)`);
if (!(await binaryAvailability("vina")).available) throw new Error("apt-get install -y autodock-vina openbabel");

/** CPU seconds of the reaped children of this process (/proc/self/stat cutime + cstime, clock ticks of 1/100 s). */
function childCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const dir = mkdtempSync(join(tmpdir(), "sieve-vina-hugepages-"));
const pdb = readFileSync(PDB, "utf8");
writeFileSync(join(dir, "receptor.pdbqt"), await prepareReceptor(pdb, "pdb"));
const [ligand] = await prepareLigandConformers(AMPRENAVIR);
writeFileSync(join(dir, "ligand.pdbqt"), ligand!);
const box = resolveBox(pdb, { kind: "ligand" });
const common = ["--receptor", "receptor.pdbqt", "--ligand", "ligand.pdbqt", "--out", "out.pdbqt", "--verbosity", "1"];
const tasks = {
  local_optimisation: { args: [...common, "--local_only", "--autobox"], runs: LOCAL_RUNS },
  search_exhaustiveness_2: {
    args: [
      ...common,
      ...["--center_x", "--center_y", "--center_z"].flatMap((flag, i) => [flag, String(box.center[i])]),
      ...["--size_x", "--size_y", "--size_z"].flatMap((flag, i) => [flag, String(box.size[i])]),
      ...["--exhaustiveness", "2", "--cpu", "1", "--seed", "42"],
    ],
    runs: SEARCH_RUNS,
  },
};

/** One Vina run: its CPU seconds and the best affinity it printed (to show both settings give the same result). */
function run(args: string[], tunables: string | null): { cpu: number; affinity: number } {
  const env = { ...process.env };
  if (tunables) env.GLIBC_TUNABLES = tunables;
  else delete env.GLIBC_TUNABLES;
  const before = childCpuSeconds();
  const out = spawnSync("vina", args, { cwd: dir, env, encoding: "utf8" });
  if (out.status !== 0) throw new Error(`vina failed: ${out.stderr}`);
  const affinity =
    /Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)/.exec(out.stdout)?.[1] ??
    /^\s+1\s+(-?[\d.]+)/m.exec(out.stdout)?.[1];
  return { cpu: childCpuSeconds() - before, affinity: Number(affinity) };
}

const round = (value: number) => Math.round(value * 100) / 100;
const loadAtStart = loadavg().map((l) => l.toFixed(1));
const rows = [];
for (const [task, { args, runs }] of Object.entries(tasks)) {
  run(args, HUGE_PAGES);
  run(args, null);
  const measured = { huge: [] as number[], plain: [] as number[] };
  const affinities = new Set<number>();
  for (let i = 0; i < runs; i++)
    for (const setting of i % 2 ? (["plain", "huge"] as const) : (["huge", "plain"] as const)) {
      const { cpu, affinity } = run(args, setting === "huge" ? HUGE_PAGES : null);
      measured[setting].push(cpu);
      affinities.add(affinity);
    }
  const [huge, plain] = [median(measured.huge), median(measured.plain)];
  rows.push({
    task,
    runs_each: runs,
    plain_cpu_s_median: round(plain),
    plain_cpu_s_range: `${round(Math.min(...measured.plain))}–${round(Math.max(...measured.plain))}`,
    huge_pages_cpu_s_median: round(huge),
    huge_pages_cpu_s_range: `${round(Math.min(...measured.huge))}–${round(Math.max(...measured.huge))}`,
    cpu_saved_percent: Math.round((1 - huge / plain) * 100),
    affinities_kcal_mol: [...affinities].join(", "),
  });
}
rmSync(dir, { recursive: true, force: true });
writeBenchReport("workflows-vina-hugepages", "AutoDock Vina with glibc's huge-page malloc: CPU time per run", rows, [
  `Method: ${(await binaryAvailability("vina")).version} on 1HSG (prepared by the product), amprenavir's ETKDG conformer as the product prepares it. local_optimisation: --local_only --autobox (a tethered analog's step); search_exhaustiveness_2: box 22 Å around MK1, exhaustiveness 2, --cpu 1, seed 42 (a screen's step). Settings alternated run by run after one warm-up run each; CPU = user + system time of the Vina process; median and range over runs_each runs of each setting.`,
  `affinities_kcal_mol lists every distinct best affinity the runs printed: one value means both settings gave the same result.`,
  `Transparent huge pages on this machine: ${readFileSync("/sys/kernel/mm/transparent_hugepage/enabled", "utf8").trim()} (glibc.malloc.hugetlb=1 asks for them with madvise; with 'never' the setting does nothing).`,
  `Load average (1, 5, 15 min) ${loadAtStart.join(", ")} at the start, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} at the end.`,
]);

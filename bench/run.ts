import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Runs every bench/<area>/run.ts (or only the areas named on the command line), one after another,
// so that benchmarks never compete with each other for the two cores.
const benchDir = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const areas = readdirSync(benchDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(benchDir, e.name, "run.ts")))
  .map((e) => e.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

for (const area of areas) {
  console.log(`\n=== bench/${area}`);
  execFileSync(process.execPath, ["--import", "tsx", join(benchDir, area, "run.ts")], { stdio: "inherit" });
}

// Keeps the TypeScript project references (`tsc -b`) in step with the workspaces: each workspace's
// tsconfig.json references the workspaces its package.json depends on (dependencies and
// devDependencies on @sieve/*), and the root tsconfig.json (scripts, bench, e2e) references every
// workspace. So a package joins the graph by being a workspace with a tsconfig.json, and a dependency
// on it is the one line in the dependent's package.json that npm needs anyway.
//
// `node scripts/tsconfig-references.mjs` rewrites the references that differ and names each file it
// changed; with --check it changes nothing and exits 1 if any is stale (`npm run typecheck` runs it
// first, so `tsc -b` never runs on a stale graph).
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const rootPackage = readJson(join(root, "package.json"));

/** Workspace folders (the `packages/*`, `apps/*` globs of the root package.json) that have a tsconfig.json. */
const workspaces = rootPackage.workspaces.flatMap((pattern) => {
  if (!pattern.endsWith("/*")) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
});
const projects = new Map();
for (const folder of workspaces) {
  const manifest = join(root, folder, "package.json");
  if (!existsSync(manifest) || !existsSync(join(root, folder, "tsconfig.json"))) continue;
  const pkg = readJson(manifest);
  projects.set(pkg.name, { folder, pkg });
}

function dependenciesOf({ pkg }) {
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return names.filter((name) => projects.has(name)).sort();
}

// Dependencies first, so that the root's list reads in build order; a cycle cannot be built.
const ordered = [];
const state = new Map();
function visit(name, path) {
  if (state.get(name) === "done") return;
  if (state.get(name) === "visiting") throw new Error(`workspace dependency cycle: ${[...path, name].join(" → ")}`);
  state.set(name, "visiting");
  for (const dependency of dependenciesOf(projects.get(name))) visit(dependency, [...path, name]);
  state.set(name, "done");
  ordered.push(name);
}
for (const name of [...projects.keys()].sort()) visit(name, []);

const stale = [];
function setReferences(configPath, folders) {
  const config = readJson(configPath);
  const references = folders.map((folder) => ({ path: relative(dirname(configPath), join(root, folder)) || "." }));
  const { references: current, ...rest } = config;
  if (JSON.stringify(current ?? []) === JSON.stringify(references)) return;
  stale.push(relative(root, configPath));
  if (!check) {
    const next = references.length ? { ...rest, references } : rest;
    writeFileSync(configPath, JSON.stringify(next, null, 2) + "\n");
  }
}

for (const name of ordered) {
  const project = projects.get(name);
  setReferences(
    join(root, project.folder, "tsconfig.json"),
    dependenciesOf(project).map((dependency) => projects.get(dependency).folder),
  );
}
setReferences(
  join(root, "tsconfig.json"),
  ordered.map((name) => projects.get(name).folder),
);

if (stale.length && check) {
  console.error(`TypeScript project references are stale in ${stale.join(", ")}: run \`npm run tsconfig:references\``);
  process.exit(1);
}
if (stale.length) console.log(`Updated the project references in ${stale.join(", ")}`);

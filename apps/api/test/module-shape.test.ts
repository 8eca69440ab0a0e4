import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layout docs/architecture.md promises ("One shape for every module"), read from the source:
 * every module has routes.ts and service.ts, queries live in store files, and modules import each
 * other without a loop.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");
const MODULES = join(SRC, "modules");

/** Modules that own tables: they read and write them through their own store.ts. */
const MODULES_WITH_STORE = [
  "audit",
  "auth",
  "engine",
  "literature",
  "negatome",
  "projects",
  "reports",
  "runs",
  "site",
  "targets",
  "teams",
  "uploads",
];
/** Modules without tables of their own: they compute, or read through the stores of the modules that own the rows. */
const MODULES_WITHOUT_STORE = ["admin", "dashboard", "health", "molecules", "proteins", "workflows"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

interface Import {
  specifier: string;
  /** `import type …` only: erased at run time, and never a query. */
  typeOnly: boolean;
  /** The names it imports (`schema`, `and`…), empty for `import * as` or a side-effect import. */
  names: string[];
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    if (ts.isExportDeclaration(statement)) {
      found.push({ specifier: specifier.text, typeOnly: statement.isTypeOnly, names: [] });
      continue;
    }
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    // The exported name (`schema` of `schema as tables`), not the local alias.
    const valueNames = named
      .filter((element) => !element.isTypeOnly)
      .map((element) => (element.propertyName ?? element.name).text);
    const typeOnly = Boolean(clause?.isTypeOnly) || (named.length > 0 && valueNames.length === 0 && !clause?.name);
    found.push({ specifier: specifier.text, typeOnly, names: valueNames });
  }
  return found;
}

/** A file builds queries when it imports drizzle-orm, or the table definitions of @sieve/db, as values. */
function buildsQueries(file: string): boolean {
  return importsOf(file).some(
    (i) =>
      !i.typeOnly &&
      (i.specifier.startsWith("drizzle-orm") || (i.specifier === "@sieve/db" && i.names.includes("schema"))),
  );
}

const isStoreFile = (file: string) => /(^|[-/])store\.ts$/.test(file);
const moduleOf = (file: string) => relative(MODULES, file).split(sep)[0]!;

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** A cycle of the graph, as the path that closes it, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const modules = readdirSync(MODULES)
  .filter((name) => statSync(join(MODULES, name)).isDirectory())
  .sort();
const moduleFiles = sourceFiles(MODULES);

describe("one shape for every module (docs/architecture.md)", () => {
  it("knows every module, as one with a store or one without", () => {
    expect(modules).toEqual([...MODULES_WITH_STORE, ...MODULES_WITHOUT_STORE].sort());
  });

  it.each(modules)("%s has routes.ts and service.ts, and store.ts exactly when it owns tables", (name) => {
    const files = readdirSync(join(MODULES, name));
    expect(files).toContain("routes.ts");
    expect(files).toContain("service.ts");
    if (MODULES_WITH_STORE.includes(name)) expect(files).toContain("store.ts");
    else expect(files.filter((file) => isStoreFile(file))).toEqual([]);
  });

  it("keeps schemas in @sieve/contracts: no module has a schemas file", () => {
    expect(moduleFiles.filter((file) => /schemas?\.ts$/.test(file))).toEqual([]);
  });

  it("builds queries only in store files: no other file imports drizzle-orm or the tables", () => {
    const outside = moduleFiles
      .filter((file) => !isStoreFile(file) && buildsQueries(file))
      .map((file) => relative(MODULES, file).split(sep).join("/"))
      .sort();
    expect(outside).toEqual([]);
  });

  it("has no import loop between modules", () => {
    const graph = new Map<string, Set<string>>(modules.map((name) => [name, new Set<string>()]));
    for (const file of moduleFiles) {
      for (const { specifier } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        if (!target || !target.startsWith(MODULES + sep)) continue;
        if (moduleOf(target) !== moduleOf(file)) graph.get(moduleOf(file))!.add(moduleOf(target));
      }
    }
    expect(findCycle(graph)).toBeNull();
    // The engine runs jobs for every module and knows none of them: modules subscribe to its transitions.
    expect([...graph.get("engine")!]).toEqual([]);
  });

  it("has no import loop between the API's files", () => {
    const graph = new Map<string, Set<string>>();
    for (const file of sourceFiles(SRC)) {
      const targets = importsOf(file)
        .filter((i) => !i.typeOnly)
        .map((i) => resolveRelative(file, i.specifier))
        .filter((target): target is string => target !== null);
      graph.set(relative(SRC, file), new Set(targets.map((target) => relative(SRC, target))));
    }
    expect(findCycle(graph)).toBeNull();
  });
});

import type { Mol } from "@rdkit/rdkit";
import { readMolGraph, type MolGraph } from "./morgan-environments";
import type { RDKitModule } from "./rdkit";
import { saScoreOfGraph } from "./sa-score";
import { compileSmarts, hasMatch, matchGraphApplies, matchGraphOf, type SmartsPattern } from "./smarts/index";
import { mayMatch, moleculeFeatures, smartsScreen, type SmartsScreen } from "./smarts-screen";
import { structuralAlertCatalogue, type AlertCatalog } from "./structural-alert-catalogue";

/**
 * Unstable or unusual groups that PAINS and Brenk let through but a medicinal chemist would not
 * make: each is either reactive enough to decompose or react with water, thiols or amines under
 * assay or physiological conditions, or has no precedent in drugs. The list follows the issue that
 * asked for it (Sieve #24: hypohalites, acyclic S–O and O–O, N–N–N chains, acyl halides,
 * non-aromatic polyenes) and the reactive-group lists of Rishton (Drug Discov Today 1997, 2:382)
 * and Hann et al. (J Chem Inf Comput Sci 1999, 39:897); the SMARTS are Sieve's own, written for
 * RDKit's SMARTS semantics (`a` aromatic, `!@` a non-ring bond). docs/medchem-filters.md lists them
 * with their reasons.
 */
export interface UnstableGroup {
  name: string;
  smarts: string;
  reason: string;
}

export const UNSTABLE_GROUPS: readonly UnstableGroup[] = [
  {
    name: "hypohalite",
    smarts: "[#8]-[F,Cl,Br,I]",
    reason: "O–halogen bond (hypohalite ester): a strong oxidant that halogenates and hydrolyses",
  },
  {
    name: "N-halide",
    smarts: "[#7]-[Cl,Br,I]",
    reason: "N–halogen bond (N-chloro/bromo amine or amide): an oxidising, halogenating reagent",
  },
  {
    name: "S- or P-halide",
    smarts: "[#15,#16]-[F,Cl,Br,I]",
    reason: "sulfenyl, sulfonyl or phosphorus halide: acylating reagents that hydrolyse in water",
  },
  {
    name: "acyl halide",
    smarts: "[#6X3](=[#8,#16])-[F,Cl,Br,I]",
    reason: "acyl or thioacyl halide: acylates water, amines and thiols at once",
  },
  {
    name: "acyclic S–O single bond",
    smarts: "[#16;!$([#16](=[#8])=[#8])]-!@[#8]",
    reason: "sulfenate or sulfinate ester: hydrolyses and rearranges (sulfonyl S–O, as in sulfonates, is allowed)",
  },
  {
    name: "acyclic peroxide",
    smarts: "[#8]-!@[#8]",
    reason:
      "O–O bond outside a ring: peroxides are unstable oxidants (the ring endoperoxide of artemisinin is allowed)",
  },
  {
    name: "N–N–N chain",
    smarts: "[#7;!a]~[#7;!a]~[#7;!a]",
    reason: "three non-aromatic nitrogens in a row (triazene, triazane, azide): explosive or alkylating",
  },
  {
    name: "non-aromatic polyene",
    smarts: "[#6;!a]=[#6;!a]-[#6;!a]=[#6;!a]",
    reason: "conjugated C=C–C=C outside an aromatic ring: oxidises in air, polymerises and is a Diels–Alder diene",
  },
  {
    name: "cumulated double bonds",
    smarts: "[!#1]=[#6]=[!#1]",
    reason: "allene, ketene, isocyanate or carbodiimide: reactive electrophiles",
  },
  {
    name: "acyclic hemiacetal or hemiaminal",
    smarts: "[OX2H1]-[CX4]-!@[#7,#8]",
    reason:
      "OH and N or O on one sp3 carbon outside a ring: falls apart to a carbonyl (ring forms, as in sugars, are allowed)",
  },
  {
    name: "enol",
    smarts: "[OX2H1]-[#6;!a]=[#6;!a]",
    reason: "OH on a C=C: tautomerises to the ketone, so the molecule drawn is not the one in the flask",
  },
];

export type FilterFamily = AlertCatalog | "UNSTABLE";

/** One filter a molecule fails: its family and the rule's name. */
export interface FilterHit {
  filter: FilterFamily;
  name: string;
}

interface CompiledFilter {
  hit: FilterHit;
  smarts: string;
  screen: SmartsScreen;
  /** The JavaScript matcher's form; null if it does not model the pattern (RDKit.js matches it then). */
  pattern: SmartsPattern | null;
}

let compiledFilters: CompiledFilter[] | undefined;
const rdkitQueries = new WeakMap<RDKitModule, Map<string, QueryMol>>();
type QueryMol = NonNullable<ReturnType<RDKitModule["get_qmol"]>>;

/** PAINS A–C and Brenk in catalogue order, then the unstable groups; compiled once per process. */
function filters(): CompiledFilter[] {
  compiledFilters ??= [
    ...structuralAlertCatalogue().alerts.map(({ catalog, name, smarts }) => ({ filter: catalog, name, smarts })),
    ...UNSTABLE_GROUPS.map(({ name, smarts }) => ({ filter: "UNSTABLE" as const, name, smarts })),
  ].map(({ filter, name, smarts }) => {
    let pattern: SmartsPattern | null = null;
    try {
      pattern = compileSmarts(smarts);
    } catch {
      // A primitive the matcher does not model: RDKit.js matches this one.
    }
    return { hit: { filter, name }, smarts, screen: smartsScreen(smarts), pattern };
  });
  return compiledFilters;
}

function rdkitQuery(rdkit: RDKitModule, smarts: string): QueryMol {
  let queries = rdkitQueries.get(rdkit);
  if (!queries) rdkitQueries.set(rdkit, (queries = new Map()));
  let query = queries.get(smarts);
  if (!query) {
    const compiled = rdkit.get_qmol(smarts);
    if (!compiled) throw new Error(`RDKit rejected the filter SMARTS ${smarts}`);
    queries.set(smarts, (query = compiled));
  }
  return query;
}

/**
 * Every med-chem filter `mol` fails: PAINS A, B, C and Brenk (RDKit's FilterCatalog, exported in
 * `structural-alert-catalogue.ts`), then the unstable groups above; empty when it passes them all. The
 * patterns run on Sieve's SMARTS matcher over the molecule graph (`smarts/`), which gives RDKit's
 * answer for every one of them (the tests compare both on Tox21 and DrugCentral) at a third of the
 * cost of 596 RDKit.js calls; molecules or patterns it does not model go to RDKit.js. With
 * `firstOnly`, stops at the first hit (enough to know the molecule fails).
 */
export function medChemFilterHits(
  rdkit: RDKitModule,
  mol: Mol,
  graph: MolGraph = readMolGraph(mol),
  firstOnly = false,
): FilterHit[] {
  const features = moleculeFeatures(graph);
  const matchGraph = matchGraphApplies(graph) ? matchGraphOf(graph) : null;
  const hits: FilterHit[] = [];
  for (const { hit, smarts, screen, pattern } of filters()) {
    if (!mayMatch(screen, features)) continue;
    const matched =
      pattern && matchGraph
        ? hasMatch(pattern, matchGraph)
        : mol.get_substruct_match(rdkitQuery(rdkit, smarts)) !== "{}";
    if (!matched) continue;
    hits.push(hit);
    if (firstOnly) break;
  }
  return hits;
}

/**
 * Whether `mol` contains one of the unstable groups, by RDKit.js alone (eleven small SMARTS): cheap
 * enough for the optimizer's operators to refuse such children before they cost an oracle call.
 */
export function hasUnstableGroup(rdkit: RDKitModule, mol: Mol): boolean {
  return UNSTABLE_GROUPS.some(({ smarts }) => mol.get_substruct_match(rdkitQuery(rdkit, smarts)) !== "{}");
}

/** What the optimizer weighs besides the target properties: the filters failed and the SA score. */
export interface MedChemAssessment {
  hits: FilterHit[];
  /** Synthetic accessibility, 1 (easy) to 10 (hard), Ertl & Schuffenhauer 2009 (`sa-score.ts`). */
  saScore: number;
}

/** Filters and SA score of a molecule the caller owns, from one reading of its graph (or the caller's). */
export function medChemAssessment(
  rdkit: RDKitModule,
  mol: Mol,
  firstOnly = false,
  graph: MolGraph = readMolGraph(mol),
): MedChemAssessment {
  return { hits: medChemFilterHits(rdkit, mol, graph, firstOnly), saScore: saScoreOfGraph(rdkit, graph) };
}

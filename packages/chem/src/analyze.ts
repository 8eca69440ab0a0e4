import type { Mol, MolList } from "@rdkit/rdkit";
import { depictSvg } from "./depict";
import { describeMolecule, type MoleculeProfile } from "./descriptors";
import { inchiIdentifiers } from "./inchi";
import { readMolGraph } from "./morgan-environments";
import { parseSmiles } from "./parse";
import type { RDKitModule } from "./rdkit";
import { readRDKitDescriptors } from "./rdkit-descriptors";

export interface AnalyzeOptions {
  /** Include a 2D depiction as SVG (off by default: one costs about as much as all the descriptors). */
  svg?: boolean;
  /** Compute InChI and InChIKey (on by default; bulk scoring such as the optimizer can skip them). */
  inchi?: boolean;
}

export interface MoleculeAnalysisFailure {
  input: string;
  ok: false;
  /** Why the input was refused, with RDKit's own reason when it gave one. */
  error: string;
}

/**
 * A successful analysis. The top-level values describe the whole input, every fragment included
 * (as RDKit Python computes them on a salt); `largest_fragment` describes the parent compound
 * when the input has several fragments.
 */
export interface MoleculeAnalysisSuccess extends MoleculeProfile {
  input: string;
  ok: true;
  /** Standard InChI and InChIKey; null where InChI cannot represent the input (e.g. dummy atoms) or `inchi: false`. */
  inchi: string | null;
  inchikey: string | null;
  largest_fragment?: MoleculeProfile;
  svg?: string;
}

export type MoleculeAnalysis = MoleculeAnalysisSuccess | MoleculeAnalysisFailure;

interface FragmentMappings {
  fragsMolAtomMapping: number[][];
}

/**
 * The largest fragment as RDKit's `rdMolStandardize.LargestFragmentChooser` ranks them: most
 * atoms counting hydrogens, then the heavier; a tie on both keeps the fragment written first.
 */
function largestFragmentProfile(rdkit: RDKitModule, mol: Mol): MoleculeProfile | undefined {
  const { molList, mappings } = mol.get_frags() as { molList: MolList; mappings: string };
  const withFragment = <T>(index: number, use: (fragment: Mol) => T): T | undefined => {
    const fragment = molList.at(index);
    if (!fragment) return undefined;
    try {
      return use(fragment);
    } finally {
      fragment.delete();
    }
  };
  try {
    if (molList.size() < 2) return undefined;
    const graph = readMolGraph(mol);
    const atomCounts = (JSON.parse(mappings) as FragmentMappings).fragsMolAtomMapping.map((atoms) =>
      atoms.reduce((sum, atom) => sum + 1 + (graph.attachedHs[atom] ?? 0), 0),
    );
    const most = Math.max(...atomCounts);
    const tied = atomCounts.flatMap((count, index) => (count === most ? [index] : []));
    let largest = tied[0]!;
    if (tied.length > 1) {
      const weights = tied.map((index) => withFragment(index, (fragment) => readRDKitDescriptors(fragment).amw) ?? 0);
      largest = tied[weights.indexOf(Math.max(...weights))]!;
    }
    return withFragment(largest, (fragment) => describeMolecule(rdkit, fragment));
  } finally {
    molList.delete();
  }
}

/**
 * Analyses one SMILES with an already loaded RDKit module: a pure function (no I/O; the only
 * shared state is what is computed once and kept: compiled SMARTS, element masses, the SA
 * fragment table), so worker threads and benchmarks can call it freely.
 * Never throws: unparsable, empty or oversized input gives `{ ok: false, error }`.
 */
export function analyzeMolecule(rdkit: RDKitModule, input: string, options: AnalyzeOptions = {}): MoleculeAnalysis {
  const parsed = parseSmiles(rdkit, input);
  if (!parsed.ok) return { input, ok: false, error: parsed.error };
  const { mol } = parsed;
  try {
    const identifiers = options.inchi === false ? null : inchiIdentifiers(rdkit, mol);
    const analysis: MoleculeAnalysisSuccess = {
      input,
      ok: true,
      ...describeMolecule(rdkit, mol),
      inchi: identifiers?.inchi ?? null,
      inchikey: identifiers?.inchikey ?? null,
    };
    const largestFragment = input.includes(".") ? largestFragmentProfile(rdkit, mol) : undefined;
    if (largestFragment) analysis.largest_fragment = largestFragment;
    if (options.svg) analysis.svg = depictSvg(mol);
    return analysis;
  } catch (error) {
    return { input, ok: false, error: `Analysis failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    mol.delete();
  }
}

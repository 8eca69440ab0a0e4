import { molecularFormula, readMolGraph } from "@sieve/chem";
import type { Objective } from "./objective";
import { gaussian, weightedGeometricMean } from "./score-modifiers";

/** Element counts of a molecular formula ("C9H10N2O2PF2Cl" → C 9, H 10, N 2, O 2, P 1, F 2, Cl 1); charge ignored. */
export function formulaCounts(formula: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, symbol, count] of formula.replace(/[+-]\d*$/, "").matchAll(/([A-Z][a-z]?)(\d*)/g))
    counts.set(symbol!, (counts.get(symbol!) ?? 0) + (count ? Number(count) : 1));
  return counts;
}

/**
 * GuacaMol's isomer task (`IsomerScoringFunction`, guacamol/common_scoring_functions.py, as PMO's
 * isomers_c7h8n2o2 and isomers_c9h10n2o2pf2cl use it through TDC): the geometric mean of a Gaussian
 * (σ 1) on the count of each element of the target formula, hydrogens included, and a Gaussian
 * (σ 2) on the total number of atoms. A molecule with exactly the formula scores 1. The counts come
 * from the molecular formula as RDKit's `CalcMolFormula` writes it (`@sieve/chem` `molecularFormula`).
 */
export function isomerObjective(targetFormula: string): Objective {
  const target = formulaCounts(targetFormula);
  const total = [...target.values()].reduce((sum, n) => sum + n, 0);
  const elementScores = [...target].map(([symbol, count]) => [symbol, gaussian(count, 1)] as const);
  const totalScore = gaussian(total, 2);
  return {
    name: `isomers_${targetFormula.toLowerCase()}`,
    score(mol, graph) {
      const counts = formulaCounts(molecularFormula(graph ?? readMolGraph(mol)));
      const atoms = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const values = [...elementScores.map(([symbol, score]) => score(counts.get(symbol) ?? 0)), totalScore(atoms)];
      return {
        fitness: weightedGeometricMean(
          values,
          values.map(() => 1),
        ),
        properties: { atoms },
      };
    },
  };
}

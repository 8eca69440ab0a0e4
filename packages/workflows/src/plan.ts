import { morganFingerprintOfSmiles, tanimoto, type MoleculeProfile, type RDKitModule } from "@sieve/chem";
import type { WorkflowObjective } from "./objectives";

/** A constraint of a workflow plan, with the words it was read from. */
export interface PlanConstraint {
  kind: "property_max" | "property_min" | "similar_to" | "dissimilar_to" | "avoid_alerts";
  property?: string;
  value?: number;
  smiles?: string;
  alerts?: string;
  text: string;
}

export interface WorkflowPlan {
  objectives: WorkflowObjective[];
  constraints: PlanConstraint[];
  budget: number | null;
  /** Starting molecules named in the text ("similar to <SMILES>", "start from <SMILES>"). */
  seeds: string[];
  /** Every clause that was not understood, verbatim: nothing is silently dropped. */
  not_understood: string[];
}

const PROPERTIES: [RegExp, string][] = [
  [/\b(c?log\s*p|lipophilicity)\b/i, "logp"],
  [/\b(mw|molecular weight|mass)\b/i, "molecular_weight"],
  [/\btpsa|polar surface area\b/i, "tpsa"],
  [/\bqed|drug[- ]likeness\b/i, "qed"],
  [/\b(hbd|h-bond donors?|hydrogen bond donors?)\b/i, "hbd"],
  [/\b(hba|h-bond acceptors?|hydrogen bond acceptors?)\b/i, "hba"],
  [/\b(sa score|synthetic accessibility|sa)\b/i, "synthetic_accessibility"],
  [/\b(heavy atoms)\b/i, "heavy_atoms"],
];
const BELOW = /\b(below|under|less than|at most|no more than|lower than|<=?|maximum|max)\b/i;
const ABOVE = /\b(above|over|more than|at least|greater than|higher than|>=?|minimum|min)\b/i;
const SMILES_TOKEN = /([A-Za-z0-9@+\-[\]()=#$%/\\.:]{2,})/g;

/**
 * Reads a natural-language workflow description into a plan, clause by clause (split on sentences,
 * semicolons, "and" and commas). Understood clause forms:
 * - "maximize/optimize activity|potency|binding", "minimize/easy synthetic accessibility",
 *   "maximize QED/drug-likeness" → objectives;
 * - "<property> below|above <number>" (logP, MW, TPSA, QED, HBD, HBA, SA score, heavy atoms);
 * - "similar to <SMILES>" (Tanimoto ≥ 0.4, and the SMILES becomes a seed), "not similar to <SMILES>";
 * - "avoid <name> alerts" (hERG, PAINS, Brenk);
 * - "budget <n>" / "<n> evaluations".
 * SMILES are checked with RDKit; anything else is listed in `not_understood`.
 */
export function parseWorkflowPlan(rdkit: RDKitModule, description: string): WorkflowPlan {
  const plan: WorkflowPlan = { objectives: [], constraints: [], budget: null, seeds: [], not_understood: [] };
  const clauses = description
    .split(/(?:[.;\n]\s+|[;\n]|,\s*|\s+and\s+|\.$)/i)
    .map((c) => c.trim())
    .filter(Boolean);
  for (const clause of clauses) {
    if (!readClause(rdkit, clause, plan)) plan.not_understood.push(clause);
  }
  if (plan.objectives.length === 0) {
    plan.objectives.push(
      { name: "activity", direction: "maximize", weight: 1 },
      { name: "synthetic_accessibility", direction: "minimize", weight: 0.5 },
    );
  }
  return plan;
}

function readClause(rdkit: RDKitModule, clause: string, plan: WorkflowPlan): boolean {
  const budget = /\b(?:budget(?: of)?|up to)\s*(\d[\d,]*)|(\d[\d,]*)\s*(?:evaluations|oracle calls|molecules)\b/i.exec(
    clause,
  );
  if (budget) {
    plan.budget = Number((budget[1] ?? budget[2])!.replace(/,/g, ""));
    return true;
  }
  const similar = /\b(not |dis)?similar to\s+(\S+)/i.exec(clause);
  if (similar) {
    const smiles = validSmiles(rdkit, similar[2]!);
    if (!smiles) return false;
    plan.constraints.push({ kind: similar[1] ? "dissimilar_to" : "similar_to", smiles, text: clause });
    if (!similar[1]) plan.seeds.push(smiles);
    return true;
  }
  const start = /\b(?:start(?:ing)? from|seed(?:ed)? with|based on)\s+(\S+)/i.exec(clause);
  if (start) {
    const smiles = validSmiles(rdkit, start[1]!);
    if (!smiles) return false;
    plan.seeds.push(smiles);
    return true;
  }
  const avoid = /\bavoid(?:ing)?\s+(herg|pains|brenk)\b/i.exec(clause);
  if (avoid) {
    plan.constraints.push({
      kind: "avoid_alerts",
      alerts: avoid[1]!.toLowerCase() === "herg" ? "hERG" : avoid[1]!.toUpperCase() === "PAINS" ? "PAINS" : "Brenk",
      text: clause,
    });
    return true;
  }
  const property = PROPERTIES.find(([pattern]) => pattern.test(clause))?.[1];
  const number = /(-?\d+(?:\.\d+)?)/.exec(clause.replace(/\blog\s*p\b/gi, "logp"));
  if (property && number && (BELOW.test(clause) || ABOVE.test(clause))) {
    plan.constraints.push({
      kind: BELOW.test(clause) ? "property_max" : "property_min",
      property,
      value: Number(number[1]),
      text: clause,
    });
    return true;
  }
  const objective =
    /\b(maximi[sz]e|optimi[sz]e|improve|increase|high|minimi[sz]e|reduce|lower|easy|easier)\b.*?\b(activity|potency|binding|affinity|synthetic accessibility|synthesi[sz]ability|qed|drug[- ]likeness|logp)\b/i.exec(
      clause,
    );
  if (objective) {
    const target = objective[2]!.toLowerCase();
    const name = /activity|potency|binding|affinity/.test(target)
      ? "activity"
      : /synth/.test(target)
        ? "synthetic_accessibility"
        : /qed|drug/.test(target)
          ? "qed"
          : "logp";
    const lowers = /minimi|reduce|lower/i.test(objective[1]!);
    const direction = name === "synthetic_accessibility" ? "minimize" : lowers ? "minimize" : "maximize";
    if (!plan.objectives.some((o) => o.name === name))
      plan.objectives.push({ name, direction, weight: name === "activity" ? 1 : 0.5 });
    return true;
  }
  return false;
}

function validSmiles(rdkit: RDKitModule, token: string): string | null {
  const cleaned = token.replace(/[,;]$/, "");
  if (!SMILES_TOKEN.test(cleaned)) return null;
  SMILES_TOKEN.lastIndex = 0;
  const mol = rdkit.get_mol(cleaned);
  if (!mol) return null;
  try {
    return mol.is_valid() && mol.get_num_atoms() > 0 ? mol.get_smiles() : null;
  } finally {
    mol.delete();
  }
}

/**
 * hERG liability heuristic (Aronov, J Med Chem 2008, 51:1330): a basic amine together with
 * logP above 3.7 — a screening alert, not a prediction.
 */
export function hergAlert(rdkit: RDKitModule, smiles: string, profile: MoleculeProfile): boolean {
  if (profile.descriptors.logp <= 3.7) return false;
  const mol = rdkit.get_mol(smiles);
  const query = rdkit.get_qmol("[NX3;H2,H1,H0;!$(NC=O);!$(N-a);!$(N-S(=O)=O);!$(N#*);!$(N=*)]");
  try {
    return Boolean(mol && query && JSON.parse(mol.get_substruct_match(query)).atoms);
  } finally {
    mol?.delete();
    query?.delete();
  }
}

/** Why a molecule breaks the plan's constraints (empty: it satisfies them). */
export function constraintViolations(
  rdkit: RDKitModule,
  smiles: string,
  profile: MoleculeProfile,
  constraints: PlanConstraint[],
  alerts: (smiles: string) => string[],
): string[] {
  const d = profile.descriptors;
  const values: Record<string, number | null> = {
    logp: d.logp,
    molecular_weight: d.mw,
    tpsa: d.tpsa,
    qed: d.qed,
    hbd: d.hbd,
    hba: d.hba,
    synthetic_accessibility: d.sa_score,
    heavy_atoms: d.heavy_atoms,
  };
  const out: string[] = [];
  for (const c of constraints) {
    if (c.kind === "property_max" || c.kind === "property_min") {
      const v = values[c.property!];
      if (v === null || v === undefined) continue;
      if (c.kind === "property_max" ? v > c.value! : v < c.value!)
        out.push(`${c.text} (${c.property} ${Math.round(v * 100) / 100})`);
    } else if (c.kind === "similar_to" || c.kind === "dissimilar_to") {
      const a = morganFingerprintOfSmiles(rdkit, smiles);
      const b = morganFingerprintOfSmiles(rdkit, c.smiles!);
      const sim = a && b ? tanimoto(a, b) : 0;
      if (c.kind === "similar_to" ? sim < 0.4 : sim >= 0.4) out.push(`${c.text} (Tanimoto ${sim.toFixed(2)})`);
    } else if (c.alerts === "hERG") {
      if (hergAlert(rdkit, smiles, profile)) out.push(`${c.text} (basic amine with logP > 3.7)`);
    } else if (alerts(smiles).some((a) => a.toLowerCase().startsWith(c.alerts!.toLowerCase()))) {
      out.push(c.text);
    }
  }
  return out;
}

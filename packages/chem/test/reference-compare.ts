import type { MoleculeAnalysis, MoleculeAnalysisSuccess } from "../src/analyze";
import type { RDKitModule } from "../src/rdkit";

/** One molecule as scripts/make-reference.py writes it (RDKit Python values). */
export interface ReferenceRecord {
  name?: string;
  smiles_in: string;
  error?: string;
  smiles?: string;
  formula?: string;
  mw?: number;
  exact_mw?: number;
  logp?: number;
  tpsa?: number;
  hbd?: number;
  hba?: number;
  lipinski_hbd?: number;
  lipinski_hba?: number;
  rotatable_bonds?: number;
  rings?: number;
  aromatic_rings?: number;
  heavy_atoms?: number;
  fraction_csp3?: number;
  qed?: number;
  sa_score?: number;
  qed_properties?: Record<string, number>;
}

export interface ReferenceDocument {
  rdkit_version: string;
  functions: Record<string, string>;
  molecules: ReferenceRecord[];
  /** With --time: wall and CPU seconds spent computing. */
  seconds?: number;
  cpu_seconds?: number;
}

/** A field compared with RDKit Python: how to read ours, and the tolerance (0 = exact). */
interface Check {
  field: keyof ReferenceRecord;
  ours: (a: MoleculeAnalysisSuccess) => number | string | null;
  tolerance: number;
}

const descriptor = (name: keyof MoleculeAnalysisSuccess["descriptors"]) => (a: MoleculeAnalysisSuccess) =>
  a.descriptors[name];

export const CHECKS: Check[] = [
  { field: "mw", ours: descriptor("mw"), tolerance: 0.01 },
  { field: "exact_mw", ours: descriptor("exact_mw"), tolerance: 0.01 },
  { field: "logp", ours: descriptor("logp"), tolerance: 0.01 },
  { field: "tpsa", ours: descriptor("tpsa"), tolerance: 0.1 },
  { field: "heavy_atoms", ours: descriptor("heavy_atoms"), tolerance: 0 },
  { field: "rings", ours: descriptor("rings"), tolerance: 0 },
  { field: "qed", ours: descriptor("qed"), tolerance: 0.01 },
  { field: "hbd", ours: descriptor("hbd"), tolerance: 0 },
  { field: "hba", ours: descriptor("hba"), tolerance: 0 },
  { field: "rotatable_bonds", ours: descriptor("rotatable_bonds"), tolerance: 0 },
  { field: "aromatic_rings", ours: descriptor("aromatic_rings"), tolerance: 0 },
  { field: "fraction_csp3", ours: descriptor("fraction_csp3"), tolerance: 1e-6 },
  { field: "lipinski_hbd", ours: (a) => a.lipinski.donors, tolerance: 0 },
  { field: "lipinski_hba", ours: (a) => a.lipinski.acceptors, tolerance: 0 },
  { field: "formula", ours: (a) => a.formula, tolerance: 0 },
  { field: "sa_score", ours: descriptor("sa_score"), tolerance: 0.01 },
  { field: "smiles", ours: (a) => a.smiles, tolerance: 0 },
];

export interface FieldAgreement {
  field: string;
  agree: number;
  total: number;
  fraction: number;
  failures: string[];
}

function agrees(ours: number | string | null, theirs: number | string | undefined, tolerance: number): boolean {
  if (typeof ours === "number" && typeof theirs === "number") return Math.abs(ours - theirs) <= tolerance + 1e-9;
  return ours === theirs;
}

/**
 * Compares our analyses with RDKit Python's, field by field, over the molecules both parsed.
 * `analyses[i]` belongs to `records[i]`; molecules only one side parsed count as failures of "parsed".
 */
export function compareWithReference(
  records: ReferenceRecord[],
  analyses: MoleculeAnalysis[],
): Map<string, FieldAgreement> {
  const report = new Map<string, FieldAgreement>();
  const tally = (field: string, ok: boolean, failure: () => string) => {
    const entry = report.get(field) ?? { field, agree: 0, total: 0, fraction: 0, failures: [] };
    entry.total++;
    if (ok) entry.agree++;
    else entry.failures.push(failure());
    entry.fraction = entry.agree / entry.total;
    report.set(field, entry);
  };
  records.forEach((record, i) => {
    const analysis = analyses[i]!;
    const label = record.name ?? record.smiles_in;
    tally(
      "parsed",
      analysis.ok === (record.error === undefined),
      () => `${label}: ours ${analysis.ok ? "ok" : "refused"}, RDKit Python ${record.error ?? "ok"}`,
    );
    if (!analysis.ok || record.error !== undefined) return;
    for (const { field, ours, tolerance } of CHECKS) {
      const theirs = record[field] as number | string | undefined;
      if (theirs === undefined || theirs === null) continue;
      const value = ours(analysis);
      tally(
        field,
        agrees(value, theirs, tolerance),
        () => `${label}: ours ${String(value)}, RDKit Python ${String(theirs)}`,
      );
    }
  });
  return report;
}

/** One line per field, with up to `examples` failures, for the test log and the README. */
export function formatAgreement(report: Map<string, FieldAgreement>, examples = 5): string {
  return [...report.values()]
    .map((e) => {
      const head = `${e.field.padEnd(16)} ${e.agree}/${e.total} (${(100 * e.fraction).toFixed(1)}%)`;
      return [head, ...e.failures.slice(0, examples).map((f) => `    ${f}`)].join("\n");
    })
    .join("\n");
}

/** Fields held to ≥ 95% agreement with RDKit Python; HBA, SA score and SMILES are checked separately. */
export const REQUIRED_FIELDS = [
  "parsed",
  "mw",
  "exact_mw",
  "logp",
  "tpsa",
  "heavy_atoms",
  "rings",
  "qed",
  "hbd",
  "rotatable_bonds",
  "aromatic_rings",
  "fraction_csp3",
  "lipinski_hbd",
  "lipinski_hba",
  "formula",
];

/** Pyrrole-type aromatic nitrogens: three connections, no H, neutral. */
function pyrroleTypeNitrogens(rdkit: RDKitModule, smiles: string): number {
  const query = rdkit.get_qmol("[n;X3;H0;+0]");
  const mol = rdkit.get_mol(smiles);
  try {
    if (!query || !mol) return 0;
    const matches: unknown = JSON.parse(mol.get_substruct_matches(query));
    return Array.isArray(matches) ? matches.length : 0;
  } finally {
    query?.delete();
    mol?.delete();
  }
}

/**
 * RDKit 2026 no longer counts pyrrole-type nitrogens as acceptors in CalcNumHBA; RDKit 2022.09
 * did. Returns the molecules whose HBA differs from RDKit Python's by anything else.
 */
export function unexplainedHbaDifferences(
  rdkit: RDKitModule,
  records: ReferenceRecord[],
  analyses: MoleculeAnalysis[],
): string[] {
  return records.flatMap((record, i) => {
    const analysis = analyses[i];
    if (!analysis?.ok || record.hba === undefined || record.hba === analysis.descriptors.hba) return [];
    const expected = pyrroleTypeNitrogens(rdkit, record.smiles_in);
    const label = record.name ?? record.smiles_in;
    return record.hba - analysis.descriptors.hba === expected
      ? []
      : [`${label}: ours ${analysis.descriptors.hba}, RDKit Python ${record.hba}`];
  });
}

import { z } from "zod";

/** Largest list one analysis request may carry; more answers 413 with this number in the message. */
export const MAX_ANALYSIS_ITEMS = 10_000;

export const MoleculeAnalyzeBody = z.object({
  smiles: z.array(z.string().max(100_000)).min(1, { error: "provide at least one SMILES" }),
  parameters: z
    .object({
      include_drug_likeness: z.boolean().optional(),
      include_svg: z.boolean().optional(),
    })
    .optional(),
});
export type MoleculeAnalyzeBody = z.infer<typeof MoleculeAnalyzeBody>;

const Descriptors = z.object({
  mw: z.number(),
  exact_mw: z.number(),
  logp: z.number(),
  tpsa: z.number(),
  hbd: z.number(),
  hba: z.number(),
  rotatable_bonds: z.number(),
  rings: z.number(),
  aromatic_rings: z.number(),
  heavy_atoms: z.number(),
  fraction_csp3: z.number(),
  qed: z.number(),
  sa_score: z.number().nullable(),
});

const Profile = z.object({
  smiles: z.string(),
  formula: z.string(),
  descriptors: Descriptors,
  lipinski: z.object({ violations: z.number(), donors: z.number(), acceptors: z.number() }).optional(),
  veber_pass: z.boolean().optional(),
  drug_like: z.boolean().optional(),
});

export const MoleculeResult = Profile.partial().extend({
  input: z.string(),
  smiles: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  approx_mw: z.number().optional(),
  heavy_atoms: z.number().optional(),
  rings_est: z.number().optional(),
  inchi: z.string().nullable().optional(),
  inchikey: z.string().nullable().optional(),
  largest_fragment: Profile.optional(),
  svg: z.string().optional(),
});
export type MoleculeResult = z.infer<typeof MoleculeResult>;

export const MoleculeResults = z.object({ results: z.array(MoleculeResult) });
export type MoleculeResults = z.infer<typeof MoleculeResults>;

export const ProteinAnalyzeBody = z.object({
  sequences: z.array(z.string().max(200_000)).min(1, { error: "provide at least one sequence" }),
  parameters: z.object({ fasta: z.boolean().optional() }).optional(),
});
export type ProteinAnalyzeBody = z.infer<typeof ProteinAnalyzeBody>;

export const ProteinResult = z.object({
  id: z.string().optional(),
  sequence: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  length: z.number().optional(),
  composition: z.record(z.string(), z.object({ count: z.number(), percent: z.number() })).optional(),
  molecular_weight: z.number().optional(),
  isoelectric_point: z.number().optional(),
  gravy: z.number().optional(),
  instability_index: z.number().optional(),
  stable: z.boolean().optional(),
  aromaticity: z.number().optional(),
  aliphatic_index: z.number().optional(),
  extinction_coefficient: z.object({ reduced: z.number(), cystines: z.number() }).optional(),
  hydrophobic_fraction: z.number().optional(),
  charged_fraction: z.number().optional(),
  warnings: z.array(z.string()).optional(),
  chain: z.string().optional(),
  source: z.string().optional(),
});
export type ProteinResult = z.infer<typeof ProteinResult>;

export const ProteinResults = z.object({ results: z.array(ProteinResult) });
export type ProteinResults = z.infer<typeof ProteinResults>;

/** §5: one entry per line, trimmed, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

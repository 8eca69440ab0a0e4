import { aliphaticIndex } from "./aliphatic-index";
import { aromaticity } from "./aromaticity";
import { composition, type Composition } from "./composition";
import { extinctionCoefficient, type ExtinctionCoefficient } from "./extinction";
import { chargedFraction, hydrophobicFraction } from "./fractions";
import { gravy } from "./gravy";
import { instabilityIndex, isStable } from "./instability";
import { isoelectricPoint } from "./isoelectric-point";
import { molecularWeight } from "./molecular-weight";
import { cleanSequence, parseSequences } from "./parse";
import { countOf, countResidues, type ResidueCounts } from "./residues";

export interface ProteinAnalysisResult {
  id?: string;
  /** The cleaned sequence: upper case, without whitespace, digits or a trailing stop. */
  sequence: string;
  length: number;
  composition: Composition;
  /** Average mass in Da (Biopython `molecular_weight(seq, "protein")`). */
  molecular_weight: number;
  isoelectric_point: number;
  gravy: number;
  instability_index: number;
  /** instability_index < 40. */
  stable: boolean;
  aromaticity: number;
  aliphatic_index: number;
  extinction_coefficient: ExtinctionCoefficient;
  hydrophobic_fraction: number;
  charged_fraction: number;
  /** How non-standard letters entered the numbers above, and other hints; empty for plain sequences. */
  warnings: string[];
  ok: true;
}

export interface ProteinAnalysisFailure {
  id?: string;
  sequence: string;
  ok: false;
  error: string;
}

export type ProteinAnalysis = ProteinAnalysisResult | ProteinAnalysisFailure;

/**
 * ProtParam-style analysis of one sequence (raw text: case, whitespace and digits are cleaned by
 * `cleanSequence`). Never throws: bad input, and any unexpected failure, give `{ ok: false, error }`.
 */
export function analyzeProtein(sequence: string, id?: string): ProteinAnalysis {
  const withId = id === undefined ? {} : { id };
  try {
    if (typeof sequence !== "string") return { ...withId, sequence: "", ok: false, error: "Sequence must be text." };
    const cleaned = cleanSequence(sequence);
    if (!cleaned.ok) return { ...withId, sequence: cleaned.sequence, ok: false, error: cleaned.error };
    return analyzeClean(cleaned.sequence, id);
  } catch (error) {
    return { ...withId, sequence: String(sequence), ok: false, error: `Analysis failed: ${(error as Error).message}` };
  }
}

/** Parses FASTA or one-sequence-per-line text (`parseSequences`) and analyses every record. */
export function analyzeSequences(text: string): ProteinAnalysis[] {
  return parseSequences(text).map((record) =>
    record.ok
      ? analyzeProtein(record.sequence, record.id)
      : { id: record.id, sequence: record.sequence, ok: false, error: record.error },
  );
}

/**
 * One object literal with `id` always in first place (undefined without one, which JSON and the API
 * schemas omit): spreading `{id}` and the analysis into a new object made every call with an id
 * 1.8× slower (V8 copies spread properties one by one), and production always passes the id.
 */
function analyzeClean(sequence: string, id: string | undefined): ProteinAnalysisResult {
  const counts = countResidues(sequence);
  const instability = instabilityIndex(sequence);
  return {
    id,
    sequence,
    length: sequence.length,
    composition: composition(sequence, counts),
    molecular_weight: molecularWeight(sequence, counts),
    isoelectric_point: isoelectricPoint(sequence, counts),
    gravy: gravy(sequence, counts),
    instability_index: instability,
    stable: isStable(instability),
    aromaticity: aromaticity(sequence, counts),
    aliphatic_index: aliphaticIndex(sequence, counts),
    extinction_coefficient: extinctionCoefficient(sequence, counts),
    hydrophobic_fraction: hydrophobicFraction(sequence, counts),
    charged_fraction: chargedFraction(sequence, counts),
    ok: true,
    warnings: warningsFor(sequence, counts),
  };
}

function warningsFor(sequence: string, counts: ResidueCounts): string[] {
  const warnings: string[] = [];
  const ambiguous = countOf(counts, "BZJX");
  if (ambiguous > 0) {
    warnings.push(
      `${ambiguous} ambiguous residue(s) (B, Z, J, X): molecular weight uses their mean mass; they carry no charge and ` +
        "no absorbance; GRAVY counts B and Z as −3.5 and skips J and X; J counts as aliphatic and hydrophobic.",
    );
  }
  if (countOf(counts, "UO") > 0) {
    warnings.push(
      "U (selenocysteine) or O (pyrrolysine) present: exact mass used; no charge, hydropathy or extinction contribution.",
    );
  }
  if (ambiguous + countOf(counts, "UO") > 0) {
    warnings.push("Dipeptides containing U, O, B, Z, J or X add 0 to the instability index.");
  }
  if (sequence.length >= 20 && countOf(counts, "ACGTUN") === sequence.length) {
    warnings.push("Only A, C, G, T/U and N: this looks like a nucleotide sequence, not a protein.");
  }
  return warnings;
}

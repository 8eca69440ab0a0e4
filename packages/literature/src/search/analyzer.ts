/**
 * The search analyzer: lower-cased runs of letters or digits (Unicode), English stop words removed
 * (the stop set of Lucene's EnglishAnalyzer), and Harman's "S" stemmer (Harman, "How effective is
 * suffixing?", JASIS 42:7–15, 1991): -ies → -y, -es → -e (not after a, e, o), -s → "" (not after
 * u or s), which folds plurals without the over-stemming of Porter on biomedical names. Terms keep
 * their character offsets so that hits can be highlighted.
 */
export interface AnalyzedTerm {
  term: string;
  start: number;
  end: number;
}

export const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "but",
  "by",
  "for",
  "if",
  "in",
  "into",
  "is",
  "it",
  "no",
  "not",
  "of",
  "on",
  "or",
  "such",
  "that",
  "the",
  "their",
  "then",
  "there",
  "these",
  "they",
  "this",
  "to",
  "was",
  "will",
  "with",
]);

const WORD_RE = /[\p{L}\p{N}]+/gu;

export function analyze(text: string): AnalyzedTerm[] {
  const out: AnalyzedTerm[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    const lower = m[0].toLowerCase();
    if (STOP_WORDS.has(lower)) continue;
    out.push({ term: sStem(lower), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export function sStem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && !/[ae]ies$/.test(word)) return word.slice(0, -3) + "y";
  if (word.endsWith("es") && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (word.endsWith("s") && !/[us]s$/.test(word)) return word.slice(0, -1);
  return word;
}

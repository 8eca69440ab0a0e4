import { splitSentences } from "../sentences";
import type { Sentence } from "../types";

export interface AbbreviationDefinition {
  shortForm: string;
  longForm: string;
  shortStart: number;
  shortEnd: number;
  longStart: number;
  longEnd: number;
}

/**
 * Abbreviation definitions "long form (SF)" and "SF (long form)", after Schwartz & Hearst, "A simple
 * algorithm for identifying abbreviation definitions in biomedical text", PSB 2003 (their Java
 * reference implementation `ExtractAbbrev`): a short form has 2–10 characters, at most two words, a
 * letter, and starts with a letter or digit; the long form is the shortest run of the preceding
 * min(|SF| + 5, 2·|SF|) words whose characters contain the short form's letters and digits in order,
 * the first one starting a word.
 */
export function findAbbreviations(
  text: string,
  sentences: Sentence[] = splitSentences(text),
): AbbreviationDefinition[] {
  const found: AbbreviationDefinition[] = [];
  for (const s of sentences) {
    const sentence = text.slice(s.start, s.end);
    const open = /\(([^()]*)\)/g;
    for (const m of sentence.matchAll(open)) {
      const innerStart = m.index + 1;
      const inner = m[1]!;
      const cut = inner.search(/[;,]\s/);
      const candidate = (cut >= 0 ? inner.slice(0, cut) : inner).trim();
      const leadTrim = inner.indexOf(candidate);
      const before = sentence.slice(0, m.index).replace(/\s+$/, "");
      if (isShortForm(candidate)) {
        const def = longFormFor(candidate, before);
        if (def) {
          const sfStart = s.start + innerStart + leadTrim;
          found.push({
            shortForm: candidate,
            longForm: def.longForm,
            shortStart: sfStart,
            shortEnd: sfStart + candidate.length,
            longStart: s.start + def.start,
            longEnd: s.start + def.start + def.longForm.length,
          });
        }
        continue;
      }
      // Reverse pattern "SF (long form)": the word before the bracket is the short form.
      const word = /(\S+)$/.exec(before);
      if (!word || !isShortForm(word[1]!) || candidate.split(/\s+/).length < 2) continue;
      const longForm = bestLongForm(word[1]!, candidate);
      if (longForm && acceptable(word[1]!, longForm)) {
        const sfStart = s.start + word.index;
        const lfStart = s.start + innerStart + leadTrim + candidate.lastIndexOf(longForm);
        found.push({
          shortForm: word[1]!,
          longForm,
          shortStart: sfStart,
          shortEnd: sfStart + word[1]!.length,
          longStart: lfStart,
          longEnd: lfStart + longForm.length,
        });
      }
    }
  }
  return found;
}

function isShortForm(sf: string): boolean {
  if (sf.length < 2 || sf.length > 10) return false;
  if (sf.split(/\s+/).length > 2) return false;
  if (!/[A-Za-z]/.test(sf)) return false;
  return /^[A-Za-z0-9]/.test(sf);
}

function longFormFor(sf: string, before: string): { longForm: string; start: number } | null {
  const maxWords = Math.min(sf.length + 5, sf.length * 2);
  const words = [...before.matchAll(/\S+/g)].slice(-maxWords);
  if (words.length === 0) return null;
  const start = words[0]!.index;
  const window = before.slice(start);
  const longForm = bestLongForm(sf, window);
  if (!longForm || !acceptable(sf, longForm)) return null;
  return { longForm, start: start + window.length - longForm.length };
}

/** Schwartz & Hearst's `findBestLongForm`: match short-form characters right to left. */
export function bestLongForm(shortForm: string, longForm: string): string | null {
  const sf = shortForm.toLowerCase();
  const lf = longForm.toLowerCase();
  let s = sf.length - 1;
  let l = lf.length - 1;
  const alnum = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);
  for (; s >= 0; s--) {
    const c = sf[s]!;
    if (!alnum(c)) continue;
    while ((l >= 0 && lf[l] !== c) || (s === 0 && l > 0 && alnum(lf[l - 1]))) l--;
    if (l < 0) return null;
    l--;
  }
  const start = lf.lastIndexOf(" ", l) + 1;
  return longForm.slice(start);
}

function acceptable(sf: string, lf: string): boolean {
  if (lf.length <= sf.length) return false;
  if (lf.includes(`${sf} `) || lf.startsWith(sf)) return false;
  const words = lf.split(/\s+/).length;
  return words <= Math.min(sf.length + 5, sf.length * 2);
}

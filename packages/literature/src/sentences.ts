import type { Sentence } from "./types";

/**
 * Rule-based sentence splitter for PubMed titles and abstracts, in the spirit of the Punkt-style
 * heuristics used by GENIA SS and Stanford CoreNLP's WordToSentenceProcessor: a sentence ends at
 * `.`, `!` or `?` (optionally followed by closing brackets or quotes) when whitespace and then an
 * upper-case letter, a digit or an opening bracket follow, unless the word before the period is a
 * known abbreviation ("et al.", "i.e.", "e.g.", "vs.", "Fig.", …). Single capital letters are not
 * treated as initials: "hepatitis B. Patients …" is far more common in abstracts than "J. Smith". Decimals ("1.5")
 * never split because no whitespace follows the point. A newline
 * always ends a sentence (PubTator documents keep the title on its own line).
 */
const ABBREVIATIONS = new Set([
  "al",
  "i.e",
  "e.g",
  "vs",
  "cf",
  "viz",
  "fig",
  "figs",
  "approx",
  "ca",
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "no",
  "nos",
  "vol",
  "pp",
  "st",
  "jr",
  "sr",
  "inc",
  "ltd",
  "co",
  "corp",
  "resp",
  "sp",
  "spp",
  "subsp",
  "var",
  "ref",
  "refs",
  "eq",
  "eqs",
  "etc",
  "ed",
  "eds",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "u.s",
  "i.v",
  "i.p",
  "i.m",
  "s.c",
  "p.o",
  "b.i.d",
  "t.i.d",
  "q.d",
]);

/** Sentences of `text`, with offsets that exclude surrounding whitespace. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) sentences.push({ index: sentences.length, start: s, end: e });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") {
      push(i);
      continue;
    }
    if (ch !== "." && ch !== "!" && ch !== "?") continue;
    let j = i + 1;
    while (j < text.length && /[)\]"'\u2019\u201d]/.test(text[j]!)) j++;
    if (j >= text.length || !/[ \t]/.test(text[j]!)) continue;
    let k = j;
    while (k < text.length && /[ \t]/.test(text[k]!)) k++;
    if (k >= text.length) continue;
    const next = text[k]!;
    if (!/[A-Z0-9([\u0391-\u03a9]/.test(next)) continue;
    if (ch === "." && j === i + 1 && isAbbreviationBefore(text, i)) continue;
    push(j);
  }
  push(text.length);
  return sentences;
}

/** True when the word ending at the period `dot` is a known abbreviation. */
function isAbbreviationBefore(text: string, dot: number): boolean {
  let s = dot;
  while (s > 0 && /[A-Za-z.]/.test(text[s - 1]!)) s--;
  const word = text.slice(s, dot);
  if (word === "") return false;
  return ABBREVIATIONS.has(word.toLowerCase().replace(/^\.+/, ""));
}

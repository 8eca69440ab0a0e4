/**
 * Tokens for dictionary matching. A token is a run of letters, a run of digits, or one other
 * non-space character, so "IL-6", "IL6" and "IL 6" all give the letter/digit tokens IL, 6 and
 * "5-fluorouracil" gives 5, fluorouracil. Hyphens, dashes, slashes-free apostrophes and a possessive
 * "'s" are skip tokens: they join words without changing the key, which makes hyphen/space variants
 * ("drug-induced" / "drug induced") and possessives ("Alzheimer's disease") match the same entry.
 * Matches may only start and end at word boundaries (`boundaryBefore`, `boundaryAfter`), so "IL6"
 * never matches inside "IL6R".
 */
export interface Token {
  start: number;
  end: number;
  text: string;
  /** Folded form used in dictionary keys (lower case, Greek letters spelled out, plural -s removed). */
  key: string;
  /** Hyphen, apostrophe or possessive s: ignored in keys. */
  skip: boolean;
  boundaryBefore: boolean;
  boundaryAfter: boolean;
}

const GREEK: Record<string, string> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ε: "epsilon",
  κ: "kappa",
  λ: "lambda",
  μ: "mu",
  ω: "omega",
  τ: "tau",
  θ: "theta",
  σ: "sigma",
};
const SKIP_CHARS = new Set(["-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "'", "\u2019"]);
const LETTER_RE = /\p{L}/u;
const DIGIT_RE = /\p{N}/u;
const SPACE_RE = /\s/u;

const enum Kind {
  Letter,
  Digit,
  Greek,
  Space,
  Other,
}

function kindOf(code: number, ch: string): Kind {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return Kind.Letter;
  if (code >= 48 && code <= 57) return Kind.Digit;
  if (code === 32 || code === 9 || code === 10 || code === 13) return Kind.Space;
  if (code < 128) return Kind.Other;
  if (code >= 0x391 && code <= 0x3c9) return Kind.Greek; // TNFα → TNF, α (as TNF-alpha)
  if (LETTER_RE.test(ch)) return Kind.Letter;
  if (DIGIT_RE.test(ch)) return Kind.Digit;
  return SPACE_RE.test(ch) ? Kind.Space : Kind.Other;
}

/** Tokens of `text` (a hand-written scanner: this runs over every name of every dictionary). */
export function tokenize(text: string): Token[] {
  const n = text.length;
  const kinds = new Uint8Array(n);
  for (let i = 0; i < n; i++) kinds[i] = kindOf(text.charCodeAt(i), text[i]!);
  const alnum = (i: number) => i >= 0 && i < n && kinds[i]! <= Kind.Greek;
  const tokens: Token[] = [];
  let i = 0;
  while (i < n) {
    const k = kinds[i]!;
    if (k === Kind.Space) {
      i++;
      continue;
    }
    let j = i + 1;
    if (k <= Kind.Greek) while (j < n && kinds[j] === k) j++;
    else if (text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff && j < n) j++; // keep surrogate pairs whole
    const t = text.slice(i, j);
    const prev = tokens[tokens.length - 1];
    const possessive =
      (t === "s" || t === "S") && prev !== undefined && (prev.text === "'" || prev.text === "\u2019") && prev.end === i;
    const isWord = k <= Kind.Greek;
    tokens.push({
      start: i,
      end: j,
      text: t,
      key: foldWord(t),
      skip: SKIP_CHARS.has(t) || possessive,
      boundaryBefore: !isWord || !alnum(i - 1),
      boundaryAfter: !isWord || !alnum(j),
    });
    i = j;
  }
  return tokens;
}

/**
 * Upper-case Roman numerals I–X, read as the Arabic numbers names also use: "type I diabetes" is "type 1 diabetes
 * mellitus", "factor V" is "factor 5". Lower case is left alone ("vi", "xi" are no numerals in running text).
 */
const ROMAN_NUMERALS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/**
 * Upper-case Roman numerals I–X to Arabic numbers (`ROMAN_NUMERALS`), then lower case, Greek letters spelled out, British spellings folded to American (haemorrhage →
 * hemorrhage, oestrogen → estrogen, tumour → tumor, sulphate → sulfate), and a light plural stemmer
 * (tumors → tumor, arrhythmias → arrhythmia, therapies → therapy).
 */
export function foldWord(word: string): string {
  const roman = ROMAN_NUMERALS.indexOf(word);
  if (roman >= 0) return String(roman + 1);
  let w = word.toLowerCase();
  if (w.length === 1 && GREEK[w] !== undefined) return GREEK[w]!;
  if (/[α-ω]/.test(w)) w = w.replace(/[α-ω]/g, (c) => GREEK[c] ?? c);
  if (w.length > 4) {
    if (/ae|oe/.test(w)) w = w.replace(/([^aeiou])(?:ae|oe)/g, "$1e").replace(/^(?:ae|oe)/, "e");
    if (w.includes("sulph")) w = w.replace(/sulph/g, "sulf");
    if (w.length > 5 && /our(s?)$/.test(w)) w = w.replace(/our(s?)$/, "or$1");
  }
  if (w.length > 4 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 3 && w.endsWith("s") && !/(ss|us|is|ous|ys)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The dictionary key of a name: folded non-skip tokens joined by spaces. */
export function nameKey(name: string): string {
  return nameForms(name).key;
}

/** Key and case-exact surface (non-skip token texts joined by spaces, for case-sensitive entries) of a name. */
export function nameForms(name: string): { key: string; surface: string } {
  const words = tokenize(name).filter((t) => !t.skip);
  return { key: words.map((t) => t.key).join(" "), surface: words.map((t) => t.text).join(" ") };
}

/**
 * Symbol-like names are matched with their exact case: one word that is short (≤ 5 characters) or
 * has two or more capitals, e.g. CAT, ALL, IL6, HNF-6, Tnf. This is the rule that keeps "cat" the
 * animal and "all" the word from matching the gene CAT and acute lymphoblastic leukaemia.
 */
export function isSymbolLike(name: string): boolean {
  const compact = name.replace(/[\s\-'\u2019]/g, "");
  if (/\s/.test(name.trim()) && compact.length > 6) return false;
  return compact.length <= 5 || (compact.match(/[A-Z]/g)?.length ?? 0) >= 2;
}

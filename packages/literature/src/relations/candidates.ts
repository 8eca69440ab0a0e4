import type { EntityType, Mention, Sentence } from "../types";

export type PairKind = "chemical-disease" | "gene-disease" | "chemical-gene" | "gene-gene";

/** A head–tail pair of mentions in one sentence, with the text pieces the cues are read from. */
export interface PairCandidate {
  head: Mention;
  tail: Mention;
  kind: PairKind;
  sentence: Sentence;
  /** Text strictly between the two mentions. */
  between: string;
  /**
   * The clause around the pair: from the clause start to the first mention, and from the second mention to the clause
   * end.
   */
  around: string;
  /** Clause start to the first mention. */
  leading: string;
  /** Clause start to a few words after the second mention: the scope read for negation and speculation. */
  clause: string;
  /** Where the other mentions strictly between the two start, as offsets into `between`. */
  entityOffsetsBetween: number[];
  inTitle: boolean;
}

const HEAD_FIRST: Record<string, PairKind> = {
  "chemical|disease": "chemical-disease",
  "gene|disease": "gene-disease",
  "chemical|gene": "chemical-gene",
  "gene|gene": "gene-gene",
};

/** The pair kind and orientation for two entity types, or null when Sieve does not relate them. */
export function pairKind(a: EntityType, b: EntityType): { kind: PairKind; swap: boolean } | null {
  const direct = HEAD_FIRST[`${a}|${b}`];
  if (direct) return { kind: direct, swap: false };
  const reverse = HEAD_FIRST[`${b}|${a}`];
  return reverse ? { kind: reverse, swap: true } : null;
}

const TERMINATOR = /(?:\b(?:but|however|although|though|whereas|while)\b|[;:])/gi;

/**
 * Sentence-level candidates: every pair of non-overlapping mentions of relatable types with
 * different ids in the same sentence (callers that want one per entity pair and sentence keep the
 * best, as extractDocument does). `titleEnd` is where the title ends (the first newline), to flag
 * title sentences.
 */
export function sentenceCandidates(
  text: string,
  sentences: Sentence[],
  mentions: Mention[],
  titleEnd = text.indexOf("\n"),
): PairCandidate[] {
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const out: PairCandidate[] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    while (cursor < sorted.length && sorted[cursor]!.start < sentence.start) cursor++;
    const inside: Mention[] = [];
    for (let i = cursor; i < sorted.length && sorted[i]!.start < sentence.end; i++) inside.push(sorted[i]!);
    for (let i = 0; i < inside.length; i++) {
      for (let j = i + 1; j < inside.length; j++) {
        const first = inside[i]!;
        const second = inside[j]!;
        if (first.id === second.id || second.start < first.end) continue;
        const kind = pairKind(first.type, second.type);
        if (!kind) continue;
        const [head, tail] = kind.swap ? [second, first] : [first, second];
        out.push(candidate(text, sentence, inside, first, second, head, tail, kind.kind, titleEnd));
      }
    }
  }
  return out;
}

function candidate(
  text: string,
  sentence: Sentence,
  inside: Mention[],
  first: Mention,
  second: Mention,
  head: Mention,
  tail: Mention,
  kind: PairKind,
  titleEnd: number,
): PairCandidate {
  const before = text.slice(sentence.start, first.start);
  let clauseStart = 0;
  for (const m of before.matchAll(TERMINATOR)) clauseStart = m.index + m[0].length;
  const after = text.slice(second.end, sentence.end);
  TERMINATOR.lastIndex = 0;
  const stop = after.search(TERMINATOR);
  const rest = stop >= 0 ? after.slice(0, stop) : after;
  const tailWords = rest.split(/\s+/).slice(0, 7).join(" ");
  const leading = before.slice(clauseStart);
  const between = text.slice(first.end, second.start);
  return {
    head,
    tail,
    kind,
    sentence,
    between,
    around: `${leading} … ${rest}`,
    leading,
    clause: `${leading} ENTITY ${between} ENTITY ${tailWords}`,
    entityOffsetsBetween: inside
      .filter((m) => m.start >= first.end && m.end <= second.start)
      .map((m) => m.start - first.end),
    inTitle: titleEnd >= 0 && sentence.end <= titleEnd,
  };
}

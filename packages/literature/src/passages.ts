import { splitSentences } from "./sentences";
import type { Passage, Sentence } from "./types";

export interface PassageOptions {
  /** At most this many sentences per passage (default 3). */
  maxSentences?: number;
  /** A passage is closed once it reaches this many characters (default 600). */
  maxChars?: number;
}

/**
 * Groups sentences into passages for retrieval: consecutive sentences, at most `maxSentences` and
 * about `maxChars` characters, never across a newline (the title is always its own passage). Short
 * passages of a few sentences are the usual unit of passage retrieval (Kaszkiel & Zobel, SIGIR 1997;
 * the TREC Genomics passage tracks), long enough for context and short enough to cite.
 * `passage_id` is `<documentKey>:p<index>`.
 */
export function buildPassages(
  documentKey: string,
  text: string,
  options: PassageOptions = {},
  sentences: Sentence[] = splitSentences(text),
): Passage[] {
  const maxSentences = options.maxSentences ?? 3;
  const maxChars = options.maxChars ?? 600;
  const passages: Passage[] = [];
  let group: Sentence[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const start = group[0]!.start;
    const end = group[group.length - 1]!.end;
    const index = passages.length;
    passages.push({
      passage_id: `${documentKey}:p${index}`,
      index,
      start,
      end,
      text: text.slice(start, end),
      sentences: group,
    });
    group = [];
  };
  for (const sentence of sentences) {
    if (group.length > 0) {
      const last = group[group.length - 1]!;
      const crossesLine = text.slice(last.end, sentence.start).includes("\n");
      if (crossesLine || group.length >= maxSentences || sentence.end - group[0]!.start > maxChars) flush();
    }
    group.push(sentence);
  }
  flush();
  return passages;
}

import type { Mention } from "../types";
import type { DocumentInput } from "./document-relations";
import type { Features } from "./logistic";

/**
 * Discourse cues for whether an abstract reports a relation as its own new finding (BioRED's
 * Novel flag) or as background: where the two entities meet (title, last sentences = conclusions,
 * first sentence = background), and result cues ("we found", "our results", "here we show") versus
 * background cues ("has been reported", "is known", "previously") in the sentences that hold both.
 * Cue lists follow the argumentative-zoning literature (Teufel & Moens 2002; Mizuta et al. 2006
 * for biology abstracts). Features for the novelty model fitted in the evaluation.
 */
const RESULT_CUES =
  /\b(?:we (?:found|find|show|showed|demonstrate\w*|report|identif\w*|observed|conclude\w*|describe\w*)|our (?:results|findings|data|study)|here,? we|this study|these (?:results|findings|data)|in conclusion|novel|for the first time|first report|revealed?|suggest\w*|indicat\w*)\b/i;
const BACKGROUND_CUES =
  /\b(?:has been|have been|had been|is known|are known|previously|well[- ]known|well[- ]established|reported|recent(?:ly)? studies|is a|are a|is an|is the|commonly|frequently|often|plays? (?:a|an) (?:important|key|critical|central) role|remains? unclear|unknown)\b/i;

export function noveltyCueFeatures(
  doc: DocumentInput,
  head: string,
  tail: string,
  keyOf: (m: Mention) => string | null,
): Features {
  const titleEnd = doc.text.indexOf("\n");
  const inSentence = (key: string, s: { start: number; end: number }) =>
    doc.mentions.some((m) => keyOf(m) === key && m.start >= s.start && m.end <= s.end);
  const shared = doc.sentences.filter((s) => inSentence(head, s) && inSentence(tail, s));
  const last = doc.sentences.length - 1;
  const positions = shared.map((s) => (last <= 0 ? 0 : s.index / last));
  const text = (s: { start: number; end: number }) => doc.text.slice(s.start, s.end);
  const f: Features = {
    cooccur: shared.length > 0 ? 1 : 0,
    log_shared: Math.log1p(shared.length),
    title: shared.some((s) => s.end <= titleEnd) ? 1 : 0,
    conclusion: shared.some((s) => s.index >= last - 1) ? 1 : 0,
    background_first: shared.length > 0 && shared.every((s) => s.index <= 2 && s.end > titleEnd) ? 1 : 0,
    result_cue: shared.some((s) => RESULT_CUES.test(text(s))) ? 1 : 0,
    background_cue: shared.some((s) => BACKGROUND_CUES.test(text(s))) ? 1 : 0,
    mean_position: positions.length === 0 ? 0.5 : positions.reduce((a, b) => a + b, 0) / positions.length,
  };
  const count = (key: string) => doc.mentions.filter((m) => keyOf(m) === key).length;
  f.log_head_mentions = Math.log1p(count(head));
  f.log_tail_mentions = Math.log1p(count(tail));
  return f;
}

import type { Mention, Sentence } from "../types";
import { pairKind, sentenceCandidates, type PairKind } from "./candidates";
import { readCandidate } from "./features";
import type { Features } from "./logistic";

/** A document-level pair of normalised entities (e.g. chemical MeSH id, disease MeSH id) with its features. */
export interface DocumentPair {
  head: string;
  tail: string;
  features: Features;
  /** How many sentences hold both. */
  sentences: number;
}

export interface DocumentInput {
  text: string;
  sentences: Sentence[];
  mentions: Mention[];
}

/**
 * Document-level relation candidates for one pair kind, keyed by `keyOf` (e.g. the MeSH id, so
 * that CDR's document-level CID relations can be scored): every head–tail combination of entities
 * mentioned anywhere in the document — about a third of CDR relations are never stated inside one
 * sentence — with sentence evidence aggregated over the sentences that hold both (the max of each
 * cue) and document context: title, mention counts, which entity is the document's main one, how
 * many sentences the pair shares against the document's most discussed pair (an abstract returns to
 * the relation it reports), and how often the disease reads as the condition being treated
 * ("patients with D", "treatment of D", "C was given to treat D").
 */
const TREATED_CONDITION_BEFORE =
  /(?:\b(?:patients?|subjects?|children|women|men|cases?|volunteers)\s+(?:with|suffering from|having)|\b(?:treatment|therapy|management|treated|prophylaxis|prevention|control)\s+(?:of|for|in))\s+(?:[\w-]+\s+){0,2}$/i;
const TREATED_CONDITION_AFTER = /^\s*(?:patients?|subjects?)\b/i;
/**
 * A sentence that reports an outcome of exposure: adverse events, side effects, toxicity, complications, or a condition
 * that developed or occurred. On CDR Train's gold mentions, 26% of the chemical–disease pairs whose disease such a
 * sentence names are relations, against 17% of the others.
 */
const ADVERSE_OUTCOME =
  /\b(?:side[- ]effects?|adverse|toxicit\w*|complications?|untoward|developed|occurred|experienced|suffered)\b/i;

/**
 * True when a disease mention reads as the condition being treated ("patients with D", "treatment of D", "D patients").
 */
function treatedCondition(text: string, m: Mention): boolean {
  return (
    TREATED_CONDITION_BEFORE.test(text.slice(Math.max(0, m.start - 60), m.start)) ||
    TREATED_CONDITION_AFTER.test(text.slice(m.end, m.end + 12))
  );
}

export interface DocumentPairOptions {
  /**
   * Ancestors of each tail key (e.g. meshAncestors from the Disease Ontology): flags tails whose descendant the
   * document also names.
   */
  ancestors?: Map<string, Set<string>>;
}

export function documentPairs(
  doc: DocumentInput,
  kind: PairKind,
  keyOf: (m: Mention) => string | null,
  options: DocumentPairOptions = {},
): DocumentPair[] {
  const [headType, tailType] = kind.split("-") as [Mention["type"], Mention["type"]];
  const keyed = doc.mentions
    .map((m) => ({ m, key: keyOf(m) }))
    .filter((x): x is { m: Mention; key: string } => x.key !== null);
  const titleEnd = doc.text.indexOf("\n");
  // Sentence evidence, aggregated per key pair.
  const keyedMentions = keyed.map(({ m, key }) => ({ ...m, id: key }));
  // Disease mentions a chemical is the agent of treatment for ("C was given to treat D") count as treated conditions,
  // unless another mention stands between: "C to prevent X-induced D" names X's disease, which stays X's candidate.
  const agentTreated = new Set<number>();
  const agg = new Map<string, { features: Features; sentences: Set<number> }>();
  for (const c of sentenceCandidates(doc.text, doc.sentences, keyedMentions, titleEnd)) {
    if (c.kind !== kind) continue;
    const k = `${c.head.id}\t${c.tail.id}`;
    const a = agg.get(k) ?? { features: {}, sentences: new Set<number>() };
    a.sentences.add(c.sentence.index);
    const features = readCandidate(c).features;
    if (features.pattern_agent_treats && c.entityOffsetsBetween.length === 0) agentTreated.add(c.tail.start);
    for (const [name, value] of Object.entries(features)) {
      if (name.startsWith("kind:")) continue;
      const f = `s:${name}`;
      a.features[f] =
        name === "log_words_between" || name === "log_entities_between"
          ? Math.min(a.features[f] ?? Infinity, value)
          : Math.max(a.features[f] ?? 0, value);
    }
    agg.set(k, a);
  }

  const stats = (type: Mention["type"]) => {
    const map = new Map<string, { count: number; first: number; title: boolean; treated: number; adverse: number }>();
    for (const { m, key } of keyed) {
      if (m.type !== type) continue;
      const s = map.get(key) ?? { count: 0, first: m.start, title: false, treated: 0, adverse: 0 };
      s.count++;
      s.first = Math.min(s.first, m.start);
      if (titleEnd >= 0 && m.end <= titleEnd) s.title = true;
      if (m.type === "disease" && (treatedCondition(doc.text, m) || agentTreated.has(m.start))) s.treated++;
      if (m.type === "disease" && ADVERSE_OUTCOME.test(sentenceOf(doc, m))) s.adverse++;
      map.set(key, s);
    }
    return map;
  };
  const heads = stats(headType);
  const tails = headType === tailType ? heads : stats(tailType);
  const topCount = (map: Map<string, { count: number }>) => Math.max(0, ...[...map.values()].map((s) => s.count));
  const headTop = topCount(heads);
  const tailTop = topCount(tails);

  const out: DocumentPair[] = [];
  const mostSentences = Math.max(1, ...[...agg.values()].map((a) => a.sentences.size));
  const logHeads = Math.log1p(heads.size);
  const logTails = Math.log1p(tails.size);
  const ancestors = options.ancestors;
  const hasDescendant = new Set<string>();
  if (ancestors)
    for (const t of tails.keys()) for (const a of ancestors.get(t) ?? []) if (tails.has(a)) hasDescendant.add(a);
  for (const [h, hs] of heads) {
    for (const [t, ts] of tails) {
      if (h === t || !pairKind(headType, tailType)) continue;
      const a = agg.get(`${h}\t${t}`);
      const n = a?.sentences.size ?? 0;
      const f: Features = {
        cooccur: n > 0 ? 1 : 0,
        log_sentences: Math.log1p(n),
        sentence_share: n / mostSentences,
        head_title: hs.title ? 1 : 0,
        tail_title: ts.title ? 1 : 0,
        both_title: hs.title && ts.title ? 1 : 0,
        head_log_count: Math.log1p(hs.count),
        tail_log_count: Math.log1p(ts.count),
        head_top: hs.count === headTop ? 1 : 0,
        tail_top: ts.count === tailTop ? 1 : 0,
        log_heads: logHeads,
        log_tails: logTails,
        head_first_position: hs.first / Math.max(1, doc.text.length),
        tail_first_position: ts.first / Math.max(1, doc.text.length),
        tail_treated_condition: ts.treated / ts.count,
        tail_adverse_outcome: ts.adverse / ts.count,
        tail_has_descendant: hasDescendant.has(t) ? 1 : 0,
        ...(a ? a.features : {}),
      };
      if (n === 0) f.no_sentence_title_head = hs.title ? 1 : 0;
      out.push({ head: h, tail: t, features: f, sentences: n });
    }
  }
  return out;
}

function sentenceOf(doc: DocumentInput, m: Mention): string {
  const s = doc.sentences.find((x) => m.start >= x.start && m.start < x.end);
  return s ? doc.text.slice(s.start, s.end) : "";
}

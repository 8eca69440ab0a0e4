import {
  goldMentions,
  type Extraction,
  type Mention,
  type PubTatorDocument,
  type RelationType,
  type Triple,
} from "@sieve/literature";

/**
 * A corpus's relations as triples with provenance "gold". Corpus relations are document-level; each
 * is linked to the first sentence where both entities are mentioned (else where the first is), so
 * that every triple still points at a sentence. Relation types map onto ours:
 *   CID (CDR) → causes; BioRED Positive_Correlation → causes (chemical–disease) / activates (others);
 *   Negative_Correlation → treats (chemical–disease) / inhibits (others); every other type → associated_with.
 * The corpus's own type and BioRED's novelty flag are kept in `attributes`.
 */
export function goldAnnotations(
  doc: PubTatorDocument,
  source: string,
  extraction: Extraction,
): { mentions: Mention[]; triples: (Triple & { attributes: Record<string, unknown> })[] } {
  const mentions = goldMentions(doc);
  const sentences = extraction.passages.flatMap((p) => p.sentences.map((s) => ({ ...s, passage_id: p.passage_id })));
  const byRawId = (raw: string) => mentions.filter((m) => m.id.endsWith(`:${raw}`));
  const triples = doc.relations.flatMap((relation, index) => {
    const a = byRawId(relation.id1);
    const b = byRawId(relation.id2);
    if (!a.length || !b.length) return [];
    const [head, tail] = orderPair(a[0]!, b[0]!);
    const within = (s: { start: number; end: number }, ms: Mention[]) =>
      ms.some((m) => m.start >= s.start && m.end <= s.end);
    const sentence =
      sentences.find((s) => within(s, a) && within(s, b)) ?? sentences.find((s) => within(s, a)) ?? sentences[0];
    if (!sentence) return [];
    return [
      {
        tri_id: `${source}:${doc.pmid}:gold${index}:${head.id}>${tail.id}`,
        head: { name: head.name, type: head.type, id: head.id, xrefs: head.xrefs },
        relation: relationOf(relation.type, head.type, tail.type),
        tail: { name: tail.name, type: tail.type, id: tail.id, xrefs: tail.xrefs },
        polarity: "positive" as const,
        evidence_score: 1,
        confidence: 1,
        supporting_sentences: 1,
        passage_id: sentence.passage_id,
        sentence: { index: sentence.index, start: sentence.start, end: sentence.end },
        trigger: null,
        method: `gold:${source}`,
        provenance: "gold" as const,
        attributes: { corpus_type: relation.type, ...(relation.novel === null ? {} : { novel: relation.novel }) },
      },
    ];
  });
  return { mentions, triples };
}

// The same head/tail convention as extraction: chemical before disease or gene, gene before disease.
const HEAD_ORDER = { chemical: 0, gene: 1, disease: 2 } as const;
function orderPair(a: Mention, b: Mention): [Mention, Mention] {
  return HEAD_ORDER[a.type] <= HEAD_ORDER[b.type] ? [a, b] : [b, a];
}

function relationOf(type: string, head: Mention["type"], tail: Mention["type"]): RelationType {
  const chemicalDisease = head === "chemical" && tail === "disease";
  if (type === "CID") return "causes";
  if (type === "Positive_Correlation") return chemicalDisease ? "causes" : "activates";
  if (type === "Negative_Correlation") return chemicalDisease ? "treats" : "inhibits";
  if (type === "Bind") return "binds";
  return "associated_with";
}

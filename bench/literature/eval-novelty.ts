import {
  comentionNovelty,
  corpusKey,
  fitLogistic,
  noveltyCueFeatures,
  predictLogistic,
  sentenceCandidates,
  sentenceEvidence,
  type Features,
  type Mention,
} from "@sieve/literature";
import type { PreparedDocument } from "./eval-tasks";
import { auroc, calibration } from "./metrics";

/** Every BioRED mention (all types, including variants and species) keyed by its raw corpus id. */
function rawMentions(d: PreparedDocument): Mention[] {
  return d.doc.mentions.flatMap((m) =>
    m.ids.map((id) => ({
      start: m.start,
      end: m.end,
      text: m.text,
      type: m.type ?? "gene",
      id,
      name: m.text,
      xrefs: {},
      provenance: "gold" as const,
      method: "gold" as const,
    })),
  );
}

/**
 * Novelty against BioRED's Novel/No flags, over every gold relation of the development split:
 *  - formula: comentionNovelty with PubMed ids as the time axis (PubTator files carry no dates;
 *    PMIDs grow with time) over all 500 train + dev abstracts: documents with a smaller PMID that
 *    mention both entities count as earlier co-mentions;
 *  - cues: logistic model on noveltyCueFeatures, fitted on the training split's relations;
 *  - combined: the same with the formula's value as one more feature.
 */
export function noveltyEvaluation(train: PreparedDocument[], dev: PreparedDocument[]) {
  const all = [...train, ...dev];
  const idsOf = new Map(all.map((d) => [d.doc.pmid, new Set(d.doc.mentions.flatMap((m) => m.ids))]));
  const history = (a: string, b: string) =>
    all.filter((d) => idsOf.get(d.doc.pmid)!.has(a) && idsOf.get(d.doc.pmid)!.has(b)).map((d) => Number(d.doc.pmid));
  const examples = (docs: PreparedDocument[]) =>
    docs.flatMap((d) => {
      const input = { text: d.doc.text, sentences: d.sentences, mentions: rawMentions(d) };
      return d.doc.relations
        .filter((r) => r.novel !== null)
        .map((r) => {
          const formula = comentionNovelty(history(r.id1, r.id2), Number(d.doc.pmid)).novelty;
          const cues: Features = noveltyCueFeatures(input, r.id1, r.id2, (m) => m.id);
          return { formula, cues, y: r.novel ? 1 : 0 };
        });
    });
  const tr = examples(train);
  const dv = examples(dev);
  const cuesModel = fitLogistic(tr.map((e) => ({ x: e.cues, y: e.y })));
  const combinedModel = fitLogistic(tr.map((e) => ({ x: { ...e.cues, comention_novelty: e.formula }, y: e.y })));
  return {
    relations: dv.length,
    novel: dv.filter((e) => e.y === 1).length,
    formula: auroc(dv.map((e) => ({ score: e.formula, y: e.y }))),
    cues: auroc(dv.map((e) => ({ score: predictLogistic(cuesModel, e.cues), y: e.y }))),
    combined: auroc(
      dv.map((e) => ({ score: predictLogistic(combinedModel, { ...e.cues, comention_novelty: e.formula }), y: e.y })),
    ),
  };
}

/** The committed sentence evidence model on BioRED dev sentence pairs (gold mentions, distant labels). */
export function evidenceCalibration(dev: PreparedDocument[]) {
  const scored: { score: number; y: number }[] = [];
  for (const d of dev) {
    const related = new Set(d.doc.relations.flatMap((r) => [`${r.id1}\t${r.id2}`, `${r.id2}\t${r.id1}`]));
    for (const c of sentenceCandidates(d.doc.text, d.sentences, d.gold)) {
      scored.push({
        score: sentenceEvidence(c).evidence_score,
        y: related.has(`${corpusKey(c.head)}\t${corpusKey(c.tail)}`) ? 1 : 0,
      });
    }
  }
  return {
    pairs: scored.length,
    positive: scored.filter((s) => s.y === 1).length,
    auroc: auroc(scored),
    ...calibration(scored),
    base_rate: scored.filter((s) => s.y === 1).length / scored.length,
  };
}

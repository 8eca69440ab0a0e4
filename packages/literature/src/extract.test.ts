import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { buildDictionary } from "./ner/build";
import type { PairKnowledge } from "./relations/confidence";
import { CONFIDENCE_MODEL } from "./relations/confidence-weights";
import { calibrate } from "./relations/isotonic";

const dict = buildDictionary({
  genes: [
    {
      hgnc_id: "HGNC:11892",
      symbol: "TNF",
      name: null,
      aliases: [],
      previous_symbols: [],
      ncbigene: "7124",
      ensembl: null,
      uniprot: ["P01375"],
    },
  ],
  diseases: [
    {
      id: "DOID:1826",
      name: "epilepsy",
      synonyms: [{ text: "seizure", scope: "RELATED" }],
      xrefs: ["MSH:D004827"],
      mesh: "D004827",
      is_a: [],
      alt_ids: [],
    },
  ],
  drugs: [{ drugcentral_id: "1", name: "lidocaine", synonyms: [], mesh: "D008012", chembl: "CHEMBL79", smiles: null }],
});

describe("extractDocument", () => {
  const text =
    "Lidocaine-induced seizures\nLidocaine did not induce seizures in mice. TNF may be associated with seizures.";
  const x = extractDocument({ source: "test", external_id: "1", text }, dict);

  it("returns passages, mentions with ids, and one triple per (head, relation, tail) and document", () => {
    expect(x.passages.map((p) => p.passage_id)).toEqual(["test:1:p0", "test:1:p1"]);
    expect(x.mentions.map((m) => m.id)).toEqual([
      "MESH:D008012",
      "DOID:1826",
      "MESH:D008012",
      "DOID:1826",
      "HGNC:11892",
      "DOID:1826",
    ]);
    // "Lidocaine-induced seizures" (title) and "did not induce seizures" state the same triple: the
    // title sentence has the stronger evidence and speaks for both. (Triples come by confidence; two pair kinds'
    // models decide the order here, so it is not asserted.)
    expect(
      x.triples
        .map((t) => [t.head.id, t.relation, t.tail.id, t.polarity, t.sentence.index, t.supporting_sentences])
        .sort(),
    ).toEqual([
      ["HGNC:11892", "associated_with", "DOID:1826", "positive", 2, 1],
      ["MESH:D008012", "causes", "DOID:1826", "positive", 0, 2],
    ]);
  });

  it("links every triple to its sentence and carries MeSH and NCBI Gene xrefs", () => {
    for (const t of x.triples) {
      expect(t.evidence_score).toBeGreaterThan(0);
      expect(t.evidence_score).toBeLessThan(1);
      const sentence = text.slice(t.sentence.start, t.sentence.end);
      expect(sentence.length).toBeGreaterThan(0);
      expect(t.provenance).toBe("extracted");
    }
    const chemical = x.triples.find((t) => t.head.type === "chemical")!;
    const gene = x.triples.find((t) => t.head.type === "gene")!;
    expect(chemical.tail.xrefs.mesh).toBe("D004827");
    expect(gene.head.xrefs.ncbigene).toBe("7124");
    expect(gene.tri_id).toBe("test:1:HGNC:11892>associated_with>DOID:1826");
  });

  it("gives every triple a calibrated confidence, higher for a drug-induced disease in the title", () => {
    for (const t of x.triples) {
      expect(t.confidence).toBeGreaterThanOrEqual(0);
      expect(t.confidence).toBeLessThanOrEqual(1);
    }
    const confidence = (text: string) =>
      extractDocument({ source: "test", external_id: "2", text }, dict).triples[0]!.confidence;
    const passing = confidence("Seizures in a cohort\nLidocaine and seizures were both recorded.");
    // The title states the relation and the abstract does not deny it (x's abstract does: "did not induce seizures").
    expect(
      confidence("Lidocaine-induced seizures\nLidocaine was given to mice and seizures were recorded."),
    ).toBeGreaterThan(passing);
  });

  it("calls a gene that a treatment trigger links to a disease a therapeutic target, and a drug a treatment", () => {
    const relations = (body: string) =>
      extractDocument({ source: "test", external_id: "4", text: `Title\n${body}` }, dict).triples.map(
        (t) => `${t.head.name} ${t.relation} ${t.tail.name}`,
      );
    expect(relations("TNF blockade improved seizures in mice.")).toEqual(["TNF therapeutic_target_for epilepsy"]);
    expect(relations("Lidocaine improved seizures in mice.")).toEqual(["lidocaine treats epilepsy"]);
  });

  it("names an agonist or antagonist trigger between a chemical and a gene as that pharmacology", () => {
    const relations = (body: string) =>
      extractDocument({ source: "test", external_id: "5", text: `Title\n${body}` }, dict).triples.map(
        (t) => `${t.head.name} ${t.relation} ${t.tail.name}`,
      );
    expect(relations("Lidocaine, an antagonist of TNF, was given.")).toEqual(["lidocaine antagonist_of TNF"]);
    expect(relations("Lidocaine acts as an agonist at TNF receptors.")).toEqual(["lidocaine agonist_of TNF"]);
    expect(relations("Lidocaine inhibited TNF release.")).toEqual(["lidocaine inhibits TNF"]);
  });

  it("names the negation or speculation cue of the triple's sentence as an attribute; only negation is a polarity", () => {
    const cues = (body: string) =>
      extractDocument({ source: "test", external_id: "3", text: `Title\n${body}` }, dict).triples.map((t) => [
        t.polarity,
        t.attributes,
      ]);
    expect(cues("Lidocaine did not induce seizures in mice.")).toEqual([
      ["negative", { negation_cue: "did not", speculation_cue: null }],
    ]);
    expect(cues("TNF may be associated with seizures.")).toEqual([
      ["positive", { negation_cue: null, speculation_cue: "may" }],
    ]);
    expect(cues("Lidocaine induced seizures in mice.")).toEqual([
      ["positive", { negation_cue: null, speculation_cue: null }],
    ]);
  });

  it("gives a pair that no sentence names together a document-level triple, shown at the tail's nearest sentence", () => {
    const text = "Title\nLidocaine was given to the mice. Seizures developed within an hour. TNF was measured.";
    const triples = extractDocument({ source: "test", external_id: "6", text }, dict).triples;
    const pair = triples.filter((t) => t.head.name === "lidocaine" && t.tail.name === "epilepsy");
    expect(pair.map((t) => [t.relation, t.polarity, t.supporting_sentences, t.evidence_score, t.attributes])).toEqual([
      ["associated_with", "positive", 0, 0, { basis: "document", negation_cue: null, speculation_cue: null }],
    ]);
    expect(text.slice(pair[0]!.sentence.start, pair[0]!.sentence.end)).toBe("Seizures developed within an hour.");
    expect(pair[0]!.confidence).toBeGreaterThan(0);
    expect(pair[0]!.tri_id).toBe("test:6:MESH:D008012>associated_with>DOID:1826");
    // A pair stated in a sentence keeps only its sentence triples.
    expect(x.triples.filter((t) => t.attributes.basis === "document")).toEqual([]);
  });

  it("reads the reference knowledge: an approved indication lowers a chemical-induced disease's confidence", () => {
    const text = "Lidocaine and seizures\nLidocaine was given to patients with seizures.";
    const confidence = (knowledge?: PairKnowledge) =>
      extractDocument({ source: "test", external_id: "7", text }, dict, { knowledge }).triples.find(
        (t) => t.head.name === "lidocaine" && t.tail.name === "epilepsy",
      )!.confidence;
    const known: PairKnowledge = { indications: new Set(["D008012\tD004827"]), ancestors: new Map() };
    expect(confidence(known)).toBeLessThan(confidence());
    expect(confidence({ indications: new Set(), ancestors: new Map() })).toBe(confidence());
  });

  it("scores a disease without a MeSH id by the sentence table of its own pair kind, not the mechanism pairs", () => {
    // CDR Train 7269015's title. Disease Ontology's "hemorrhagic cystitis" has no MeSH cross-reference, so the
    // document model (keyed by MeSH) cannot score the pair: its sentence evidence does, through the chemical–disease
    // table fitted on CDR Train, where a pair stated this strongly is a chemical-induced disease about half the time.
    // The chemical–gene/gene–gene table, whose top bin holds this evidence score, gave it a confidence of 1.
    const cystitis = buildDictionary({
      genes: [],
      diseases: [
        {
          id: "DOID:0050859",
          name: "hemorrhagic cystitis",
          synonyms: [],
          xrefs: [],
          mesh: null,
          is_a: [],
          alt_ids: [],
        },
      ],
      drugs: [{ drugcentral_id: "2", name: "busulfan", synonyms: [], mesh: "D002066", chembl: null, smiles: null }],
    });
    const text = "Busulfan-induced hemorrhagic cystitis.\nThe patient was treated.";
    const [t] = extractDocument({ source: "test", external_id: "9", text }, cystitis).triples;
    expect([t!.head.name, t!.relation, t!.tail.id, t!.polarity]).toEqual([
      "busulfan",
      "causes",
      "DOID:0050859",
      "positive",
    ]);
    expect(t!.confidence).toBe(calibrate(CONFIDENCE_MODEL.sentence["chemical-disease"], t!.evidence_score));
    expect(t!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_MODEL.defaultMinConfidence["chemical-disease"]);
    expect(t!.confidence).toBeLessThan(0.75);
  });

  it("makes a document-level triple negative when every mention of its disease is negated", () => {
    const text = "Title\nLidocaine was given to the mice. No seizures occurred.";
    const [pair] = extractDocument({ source: "test", external_id: "7", text }, dict).triples.filter(
      (t) => t.head.name === "lidocaine" && t.tail.name === "epilepsy",
    );
    expect(pair).toMatchObject({ polarity: "negative", attributes: { basis: "document", negation_cue: "no" } });
    const stated = "Title\nLidocaine was given to the mice. No seizures occurred at first. Seizures followed later.";
    const [later] = extractDocument({ source: "test", external_id: "8", text: stated }, dict).triples.filter(
      (t) => t.head.name === "lidocaine" && t.tail.name === "epilepsy",
    );
    expect(later).toMatchObject({ polarity: "positive", attributes: { basis: "document", negation_cue: null } });
  });
  it("reads a drug given to treat a disease as no chemical-induced disease, below the default threshold", () => {
    const disease = (name: string, mesh: string) => ({
      id: `MESH:${mesh}`,
      name,
      synonyms: [],
      xrefs: [`MSH:${mesh}`],
      mesh,
      is_a: [],
      alt_ids: [],
    });
    const drug = (id: string, name: string, mesh: string) => ({
      drugcentral_id: id,
      name,
      synonyms: [],
      mesh,
      chembl: null,
      smiles: null,
    });
    const clinic = buildDictionary({
      genes: [],
      diseases: [
        disease("seizures", "D012640"),
        disease("delirium", "D003693"),
        disease("atrial fibrillation", "D001281"),
      ],
      drugs: [
        drug("1", "lidocaine", "D008012"),
        drug("2", "haloperidol", "D006220"),
        drug("3", "amiodarone", "D000638"),
      ],
    });
    const confidence = (text: string) =>
      extractDocument({ source: "test", external_id: "10", text }, clinic).triples.find(
        (t) => t.head.type === "chemical" && t.tail.type === "disease",
      )!.confidence;
    const threshold = CONFIDENCE_MODEL.defaultMinConfidence["chemical-disease"];
    // The reviewer's sentences: the drug is the agent of the treatment, so the document states no induced disease.
    for (const treated of [
      "Anesthesia outcomes\nLidocaine was given to treat seizures in patients undergoing surgery.",
      "Postoperative delirium\nHaloperidol was given to treat delirium in elderly patients after surgery.",
      "Arrhythmia after surgery\nAmiodarone was given to treat atrial fibrillation after cardiac surgery.",
    ])
      expect(confidence(treated), treated).toBeLessThan(threshold);
    const induced = confidence("Anesthesia outcomes\nLidocaine induced seizures in patients undergoing surgery.");
    const hedged = confidence(
      "Anesthesia outcomes\nLidocaine may be associated with seizures in patients undergoing surgery.",
    );
    expect(hedged).toBeGreaterThanOrEqual(threshold);
    expect(hedged).toBeLessThan(induced);
    expect(
      confidence(
        "Lidocaine-induced seizures\nLidocaine was given to patients undergoing surgery. Seizures were recorded.",
      ),
    ).toBeGreaterThan(0.75);
  });
});

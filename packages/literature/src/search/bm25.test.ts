import { describe, expect, it } from "vitest";
import { analyze, sStem } from "./analyzer";
import { Bm25Index } from "./bm25";

// Three passages of three analyzed terms each (avgdl = 3, so the length norm is k1 = 1.2):
//   p1 aspirin reduce fever · p2 aspirin aspirin headache · p3 ibuprofen reduce pain
// idf(df) = ln(1 + (3 − df + 0.5) / (df + 0.5)): idf(2) = ln 1.6 = 0.470004, idf(1) = ln(8/3) = 0.980829.
const IDF2 = Math.log(1.6);
const IDF1 = Math.log(8 / 3);

function index() {
  const ix = new Bm25Index();
  ix.add({ passage_id: "p1", text: "Aspirin reduces fever." });
  ix.add({ passage_id: "p2", text: "Aspirin, aspirin: headache!" });
  ix.add({ passage_id: "p3", text: "Ibuprofen reduces pain", entity_ids: ["MESH:D007052"] });
  return ix;
}

describe("Bm25Index", () => {
  it("ranks by term frequency with the k1 = 1.2, b = 0.75 saturation", () => {
    const hits = index().search("aspirin");
    expect(hits.map((h) => h.passage_id)).toEqual(["p2", "p1"]);
    // tf 2: idf · 2 · 2.2 / (2 + 1.2); tf 1: idf · 2.2 / 2.2
    expect(hits[0]!.score).toBeCloseTo((IDF2 * 4.4) / 3.2, 9);
    expect(hits[1]!.score).toBeCloseTo(IDF2, 9);
    expect(hits[0]!.score).toBeCloseTo(0.646255, 6);
  });

  it("adds rarer terms' idf, and boosts a consecutive phrase by phraseBoost · Σ idf", () => {
    const ix = index();
    expect(ix.search("aspirin fever").map((h) => [h.passage_id, Number(h.score.toFixed(6))])).toEqual([
      ["p1", Number((IDF2 + IDF1).toFixed(6))],
      ["p2", Number(((IDF2 * 4.4) / 3.2).toFixed(6))],
    ]);
    const [top, next] = ix.search('"reduces fever"');
    expect(top!.passage_id).toBe("p1");
    expect(top!.bm25).toBeCloseTo(IDF2 + IDF1, 9);
    expect(top!.phrase_bonus).toBeCloseTo(0.5 * (IDF2 + IDF1), 9);
    expect(top!.score).toBeCloseTo(1.5 * (IDF2 + IDF1), 9);
    expect(next).toMatchObject({ passage_id: "p3", phrase_bonus: 0 });
  });

  it("boosts passages that mention a requested entity id, even without a matching word", () => {
    const hits = index().search({ text: "analgesic", entityIds: ["MESH:D007052"] });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ passage_id: "p3", bm25: 0, matched_entities: ["MESH:D007052"] });
    expect(hits[0]!.entity_bonus).toBeCloseTo(IDF1, 9);
  });

  it("returns highlights as offsets of matched words and honours topK", () => {
    const [hit] = index().search({ text: "aspirin", topK: 1 });
    expect(hit!.passage_id).toBe("p2");
    expect(hit!.highlights).toEqual([
      { start: 0, end: 7 },
      { start: 9, end: 16 },
    ]);
    expect(index().search("nothing here")).toEqual([]);
  });
});

describe("analyzer", () => {
  it("lower-cases, drops stop words and applies Harman's S stemmer", () => {
    expect(analyze("The Tumors of the bodies, and diseases").map((t) => t.term)).toEqual(["tumor", "body", "disease"]);
    expect([sStem("mellitus"), sStem("class"), sStem("shoes"), sStem("studies")]).toEqual([
      "mellitus",
      "class",
      "shoe",
      "study",
    ]);
  });
});

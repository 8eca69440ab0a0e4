import { beforeAll, describe, expect, it } from "vitest";
import { goldMentions, parsePubTator, PubTatorFormatError, pubTatorChunks, toLiteratureDocument } from "./pubtator";
import { readSharedData, requireSharedData } from "@sieve/testing";

const CDR_SNIPPET = [
  "227508|t|Naloxone reverses the antihypertensive effect of clonidine.",
  "227508|a|In rats the hypotensive effect of clonidine was reversed by nalozone.",
  "227508\t0\t8\tNaloxone\tChemical\tD009270",
  "227508\t49\t58\tclonidine\tChemical\tD003000",
  "227508\t72\t83\thypotensive\tDisease\tD007022",
  "227508\t120\t128\tnalozone\tChemical\t-1",
  "227508\tCID\tD003000\tD007022",
  "",
  "2234245|t|Ocular and auditory toxicity in hemodialyzed patients receiving desferrioxamine.",
  "2234245|a|",
  "2234245\t0\t28\tOcular and auditory toxicity\tDisease\tD014786|D006311\tOcular toxicity|auditory toxicity",
  "",
].join("\n");

const BIORED_SNIPPET = [
  "14510914|t|Congenital hypothyroidism due to a TSHR deletion.",
  "14510914|a|The MODY genes and c.1314_1328del were studied.",
  "14510914\t0\t25\tCongenital hypothyroidism\tDiseaseOrPhenotypicFeature\tD003409",
  "14510914\t35\t39\tTSHR\tGeneOrGeneProduct\t7253",
  "14510914\t54\t58\tMODY\tGeneOrGeneProduct\t3172,3651,6927",
  "14510914\t69\t83\tc.1314_1328del\tSequenceVariant\tc|DEL|1314_1328|",
  "14510914\tPositive_Correlation\tc|DEL|1314_1328|\tD003409\tNovel",
  "14510914\tAssociation\t7253\tD003409\tNo",
].join("\n");

describe("parsePubTator", () => {
  it("reads CDR title, abstract, mentions with -1 and multi ids, and CID relations", () => {
    const docs = parsePubTator(CDR_SNIPPET);
    expect(docs).toHaveLength(2);
    const [a, b] = docs as [(typeof docs)[0], (typeof docs)[0]];
    expect(a.pmid).toBe("227508");
    expect(a.text).toBe(`${a.title}\n${a.abstract}`);
    for (const m of a.mentions) expect(a.text.slice(m.start, m.end)).toBe(m.text);
    expect(a.mentions[0]).toMatchObject({ type: "chemical", corpus_type: "Chemical", ids: ["D009270"] });
    expect(a.mentions[3]!.ids).toEqual([]);
    expect(a.relations).toEqual([{ type: "CID", id1: "D003000", id2: "D007022", novel: null }]);
    expect(b.mentions[0]).toMatchObject({
      ids: ["D014786", "D006311"],
      components: ["Ocular toxicity", "auditory toxicity"],
    });
  });

  it("reads BioRED comma-joined gene ids, keeps variant ids whole and reads the Novel flag", () => {
    const [doc] = parsePubTator(BIORED_SNIPPET);
    expect(doc!.mentions.map((m) => m.ids)).toEqual([
      ["D003409"],
      ["7253"],
      ["3172", "3651", "6927"],
      ["c|DEL|1314_1328|"],
    ]);
    expect(doc!.mentions[3]!.type).toBeNull();
    expect(doc!.relations).toEqual([
      { type: "Positive_Correlation", id1: "c|DEL|1314_1328|", id2: "D003409", novel: true },
      { type: "Association", id1: "7253", id2: "D003409", novel: false },
    ]);
    for (const m of doc!.mentions) expect(doc!.text.slice(m.start, m.end)).toBe(m.text);
  });

  it("turns gold mentions into store mentions, one per id, with provenance gold", () => {
    const [doc] = parsePubTator(BIORED_SNIPPET);
    const gold = goldMentions(doc!);
    expect(gold.map((m) => m.id)).toEqual([
      "MESH:D003409",
      "NCBIGene:7253",
      "NCBIGene:3172",
      "NCBIGene:3651",
      "NCBIGene:6927",
    ]);
    expect(gold.every((m) => m.provenance === "gold")).toBe(true);
    expect(gold[1]!.xrefs).toEqual({ ncbigene: "7253" });
    expect(toLiteratureDocument(doc!, "biored")).toMatchObject({
      source: "biored",
      external_id: "14510914",
      url: "https://pubmed.ncbi.nlm.nih.gov/14510914/",
    });
  });

  it("rejects an annotation line that belongs to no document", () => {
    expect(() => parsePubTator("1\t0\t3\tabc\tChemical\tD1")).toThrow(/outside its document/);
  });
});

const files = [
  "bc5cdr/CDR_TrainingSet.PubTator.txt",
  "bc5cdr/CDR_DevelopmentSet.PubTator.txt",
  "biored/Train.PubTator",
  "biored/Dev.PubTator",
];
describe("real corpora", () => {
  beforeAll(() => requireSharedData(...files));
  const count = (rel: string) => {
    const docs = parsePubTator(readSharedData(rel));
    const mentions = docs.flatMap((d) => d.mentions);
    const offsetsOk = docs.every((d) => d.mentions.every((m) => d.text.slice(m.start, m.end) === m.text));
    return { docs: docs.length, mentions: mentions.length, relations: docs.flatMap((d) => d.relations), offsetsOk };
  };

  it("CDR training split: 500 documents, 9,385 mentions, 1,038 CID relations (README counts)", () => {
    const c = count(files[0]!);
    expect([c.docs, c.mentions, c.relations.filter((r) => r.type === "CID").length, c.offsetsOk]).toEqual([
      500,
      9385,
      1038,
      true,
    ]);
  });

  it("CDR development split: 500 documents, 9,591 mentions, 1,012 CID relations", () => {
    const c = count(files[1]!);
    expect([c.docs, c.mentions, c.relations.length, c.offsetsOk]).toEqual([500, 9591, 1012, true]);
  });

  it("BioRED: train 400 documents, 13,351 mentions, 4,178 relations (2,838 Novel); dev 100, 3,533, 1,162 (835 Novel)", () => {
    const t = count(files[2]!);
    const d = count(files[3]!);
    expect([t.docs, t.mentions, t.relations.length, t.relations.filter((r) => r.novel).length, t.offsetsOk]).toEqual([
      400,
      13351,
      4178,
      2838,
      true,
    ]);
    expect([d.docs, d.mentions, d.relations.length, d.relations.filter((r) => r.novel).length, d.offsetsOk]).toEqual([
      100,
      3533,
      1162,
      835,
      true,
    ]);
  });
});

describe("pubTatorChunks", () => {
  it("parses a corpus in pieces cut at blank lines: the same documents, and the same line number for an error", () => {
    const text = readSharedData("bc5cdr/CDR_TrainingSet.PubTator.txt");
    const chunks = [...pubTatorChunks(text, 1000)];
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.flat()).toEqual(parsePubTator(text));
    const lines = text.split("\n");
    const broken = [...lines.slice(0, 5000), "5000\tnot\ta mention", ...lines.slice(5000)].join("\n");
    let error: unknown = null;
    try {
      for (const chunk of pubTatorChunks(broken, 1000)) expect(chunk.length).toBeGreaterThan(0);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PubTatorFormatError);
    expect((error as PubTatorFormatError).line).toBe(5001);
  });
});

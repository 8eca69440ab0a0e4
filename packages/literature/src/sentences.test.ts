import { describe, expect, it } from "vitest";
import { buildPassages } from "./passages";
import { splitSentences } from "./sentences";

const texts = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe("splitSentences", () => {
  it("splits at sentence-final punctuation followed by a capital", () => {
    expect(texts("Aspirin was given. Fever fell! Was it safe? Yes.")).toEqual([
      "Aspirin was given.",
      "Fever fell!",
      "Was it safe?",
      "Yes.",
    ]);
  });

  it("does not split after et al., i.e., e.g., vs. or Fig.", () => {
    expect(
      texts(
        "As Smith et al. Reported earlier, i.e. Before 1990, drugs (e.g. Aspirin) vs. Placebo differ (Fig. 2). Next.",
      ),
    ).toEqual([
      "As Smith et al. Reported earlier, i.e. Before 1990, drugs (e.g. Aspirin) vs. Placebo differ (Fig. 2).",
      "Next.",
    ]);
  });

  it("keeps decimals and lower-case continuations together", () => {
    expect(texts("The dose was 1.5 mg/kg i.v. in rats. Levels rose to 3.2 +/- 0.4 microM.")).toEqual([
      "The dose was 1.5 mg/kg i.v. in rats.",
      "Levels rose to 3.2 +/- 0.4 microM.",
    ]);
  });

  it("ends a sentence at a newline (PubTator title) and after a closing bracket", () => {
    expect(texts("Lidocaine-induced asystole\nThe effect was strong (P < 0.05). A 67-year-old man recovered.")).toEqual(
      ["Lidocaine-induced asystole", "The effect was strong (P < 0.05).", "A 67-year-old man recovered."],
    );
  });

  it("gives offsets that exclude surrounding whitespace", () => {
    const s = splitSentences("  One here.   Two there.  ");
    expect(s).toEqual([
      { index: 0, start: 2, end: 11 },
      { index: 1, start: 14, end: 24 },
    ]);
  });
});

describe("buildPassages", () => {
  it("groups at most three sentences, never across the title line, with offsets into the text", () => {
    const text = "Title here\nS one. S two. S three. S four.";
    const passages = buildPassages("cdr:1", text);
    expect(passages.map((p) => p.text)).toEqual(["Title here", "S one. S two. S three.", "S four."]);
    expect(passages.map((p) => p.passage_id)).toEqual(["cdr:1:p0", "cdr:1:p1", "cdr:1:p2"]);
    for (const p of passages) expect(text.slice(p.start, p.end)).toBe(p.text);
    expect(passages[1]!.sentences.map((s) => s.index)).toEqual([1, 2, 3]);
  });

  it("closes a passage at the character budget", () => {
    const text = "A long sentence here. Another long one. Third.";
    expect(buildPassages("d", text, { maxChars: 30 }).map((p) => p.text)).toEqual([
      "A long sentence here.",
      "Another long one. Third.",
    ]);
  });
});

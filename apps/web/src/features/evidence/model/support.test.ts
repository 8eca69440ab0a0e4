import { describe, expect, it } from "vitest";
import { supportLabel } from "./support";

describe("supportLabel", () => {
  it("counts the sentences stating a triple", () => {
    expect(supportLabel({ supporting_sentences: 1, attributes: {} })).toBe("1 supporting sentence");
    expect(supportLabel({ supporting_sentences: 3, attributes: { negation_cue: null } })).toBe(
      "3 supporting sentences",
    );
  });

  it("says when no sentence names both entities and the document is the evidence", () => {
    expect(supportLabel({ supporting_sentences: 0, attributes: { basis: "document" } })).toBe(
      "document-level: no sentence names both",
    );
  });
});

import { describe, expect, it } from "vitest";
import { describeSupport } from "./support";

describe("describeSupport", () => {
  it("counts the sentences that state a triple", () => {
    expect(describeSupport({ supporting_sentences: 1, attributes: {} })).toBe("1 supporting sentence");
    expect(describeSupport({ supporting_sentences: 3, attributes: { negation_cue: null } })).toBe(
      "3 supporting sentences",
    );
  });

  it("says a document-level triple has no sentence naming both, instead of '0 supporting sentences'", () => {
    expect(describeSupport({ supporting_sentences: 0, attributes: { basis: "document" } })).toBe(
      "no sentence names both: inferred from the whole document",
    );
  });
});

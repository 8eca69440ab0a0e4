import { describe, expect, it } from "vitest";
import { highlightSegments } from "./highlights";

describe("highlightSegments", () => {
  it("marks the highlighted runs and keeps the text between them", () => {
    expect(
      highlightSegments("Gefitinib inhibits EGFR", [
        { start: 19, end: 23 },
        { start: 0, end: 9 },
      ]),
    ).toEqual([
      { text: "Gefitinib", marked: true },
      { text: " inhibits ", marked: false },
      { text: "EGFR", marked: true },
    ]);
  });

  it("merges overlapping highlights and clamps offsets to the text", () => {
    expect(
      highlightSegments("lung cancer", [
        { start: 0, end: 6 },
        { start: 4, end: 40 },
        { start: 8, end: 8 },
      ]),
    ).toEqual([{ text: "lung cancer", marked: true }]);
  });

  it("returns the text unmarked without highlights", () => {
    expect(highlightSegments("plain", [])).toEqual([{ text: "plain", marked: false }]);
  });
});

import { describe, expect, it } from "vitest";
import { sortRows } from "./table-sort";

const rows = [
  { name: "caffeine", mw: 194.19 },
  { name: "bad", mw: undefined },
  { name: "aspirin", mw: 180.16 },
  { name: "ethanol", mw: 46.07 },
];

describe("sortRows", () => {
  it("orders numbers both ways and keeps rows without a value last", () => {
    expect(sortRows(rows, (r) => r.mw, "ascending").map((r) => r.name)).toEqual([
      "ethanol",
      "aspirin",
      "caffeine",
      "bad",
    ]);
    expect(sortRows(rows, (r) => r.mw, "descending").map((r) => r.name)).toEqual([
      "caffeine",
      "aspirin",
      "ethanol",
      "bad",
    ]);
  });

  it("compares text and keeps ties in their original order", () => {
    expect(sortRows(rows, (r) => r.name, "ascending").map((r) => r.name)).toEqual([
      "aspirin",
      "bad",
      "caffeine",
      "ethanol",
    ]);
    expect(sortRows(rows, () => 1, "descending")).toEqual(rows);
  });
});

import { describe, expect, it } from "vitest";
import { rowWindow } from "./row-window";

describe("rowWindow", () => {
  it("renders every row of a short list", () => {
    expect(rowWindow(10, 0, 600, 40, 20)).toEqual({ start: 0, end: 10 });
    expect(rowWindow(0, 0, 600, 40, 20)).toEqual({ start: 0, end: 0 });
  });

  it("renders the rows in view plus the overscan of a long list", () => {
    // 600 px at 40 px a row shows rows 0–14; scrolled by 4,000 px it shows rows 100–114.
    expect(rowWindow(1000, 0, 600, 40, 20)).toEqual({ start: 0, end: 35 });
    expect(rowWindow(1000, 4000, 600, 40, 20)).toEqual({ start: 80, end: 135 });
  });

  it("stays within the list at its end and for odd inputs", () => {
    expect(rowWindow(1000, 1_000_000, 600, 40, 20)).toEqual({ start: 999, end: 1000 });
    expect(rowWindow(1000, 39_400, 600, 40, 20)).toEqual({ start: 965, end: 1000 });
    expect(rowWindow(1000, -50, 600, 40, 20)).toEqual({ start: 0, end: 35 });
  });
});

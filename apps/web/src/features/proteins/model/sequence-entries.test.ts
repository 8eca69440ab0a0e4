import { describe, expect, it } from "vitest";
import { sequenceEntries } from "./sequence-entries";

describe("sequenceEntries (§5)", () => {
  it("splits plain sequences by line and keeps a FASTA text whole", () => {
    expect(sequenceEntries("  MKT \n\n GSH\n")).toEqual(["MKT", "GSH"]);
    expect(sequenceEntries("\n>a\nMKT\n>b\nGSH\n")).toEqual([">a\nMKT\n>b\nGSH"]);
  });
});

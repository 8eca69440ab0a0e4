import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes fields with commas, quotes or line breaks and leaves missing values empty", () => {
    expect(
      toCsv(
        ["smiles", "note", "mw"],
        [
          ["CC(=O)O", 'say "hi", twice', 60.05],
          ["C\nC", null, undefined],
        ],
      ),
    ).toBe('smiles,note,mw\r\nCC(=O)O,"say ""hi"", twice",60.05\r\n"C\nC",,\r\n');
  });
});

import { describe, expect, it } from "vitest";
import { recordsByEntry } from "./record";

describe("recordsByEntry", () => {
  it("gives one row per compound: salts' parents and stereoisomers share the InChIKey's first block", () => {
    const rows = recordsByEntry([
      { negatome_id: "a", compound_inchi_key: "RZJQGNCSTQAWON-UHFFFAOYSA-N", source: "demo" },
      { negatome_id: "b", compound_inchi_key: "DBGIVFWFUFKIQN-UHFFFAOYSA-N", source: "withdrawn" },
      { negatome_id: "c", compound_inchi_key: "RZJQGNCSTQAWON-UHFFFAOYSA-N", source: "withdrawn" },
      { negatome_id: "d", compound_inchi_key: "DBGIVFWFUFKIQN-VIFPVBQESA-N", source: "withdrawn" },
    ]);
    expect(rows.map((row) => [row.entry_key, row.records.map((r) => r.negatome_id), row.sources])).toEqual([
      ["RZJQGNCSTQAWON", ["a", "c"], ["demo", "withdrawn"]],
      ["DBGIVFWFUFKIQN", ["b", "d"], ["withdrawn"]],
    ]);
  });
});

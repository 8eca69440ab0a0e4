import { describe, expect, it } from "vitest";
import { cellText, findColumn, readJsonLines, readNumber, readTable, requireColumn } from "./table";
import { ingestErrorOf } from "../../test/ingest-helpers";

describe("readTable", () => {
  it("reads a TSV, stripping the BOM, skipping leading # comments and blank lines, keeping file line numbers", () => {
    const table = readTable("\uFEFF# exported 2024-03-01\n\ngene\tvalue\nEGFR\t1.5\n\nKRAS\t2\n");
    expect(table.header).toEqual(["gene", "value"]);
    expect(table.headerLine).toBe(3);
    expect(table.rows).toEqual([
      { line: 4, cells: ["EGFR", "1.5"] },
      { line: 6, cells: ["KRAS", "2"] },
    ]);
  });

  it("reads RFC 4180 quoting in CSV: commas, doubled quotes and line breaks inside quotes", () => {
    const table = readTable(
      'symbol,name,score\r\nKRAS,"KRAS proto-oncogene, GTPase",0.7\r\nEGFR,"the ""EGF"" receptor\nerbB1",0.9\r\nALK,plain "quote",0.1\r\n',
    );
    expect(table.rows.map((r) => r.cells)).toEqual([
      ["KRAS", "KRAS proto-oncogene, GTPase", "0.7"],
      ["EGFR", 'the "EGF" receptor\nerbB1', "0.9"],
      ["ALK", 'plain "quote"', "0.1"],
    ]);
    expect(table.rows.map((r) => r.line)).toEqual([2, 3, 5]);
  });

  it("keeps # lines after the header as data, and a #-prefixed header when asked (STRING)", () => {
    expect(readTable("id,v\n#1,2\n").rows[0]!.cells).toEqual(["#1", "2"]);
    const string = readTable("#node1\tnode2\tcombined_score\nEGFR\tKRAS\t0.99\n", { hashedHeader: true });
    expect(string.header).toEqual(["node1", "node2", "combined_score"]);
    expect(string.rows).toHaveLength(1);
  });

  it("splits on spaces only when allowed and the header has neither tab nor comma", () => {
    const links = readTable("protein1 protein2 combined_score\n9606.ENSP1 9606.ENSP2  800\n", { allowSpaces: true });
    expect(links.rows[0]!.cells).toEqual(["9606.ENSP1", "9606.ENSP2", "800"]);
  });

  it("names the line and column of an unterminated quote and of a row wider than the header", () => {
    const quote = ingestErrorOf(() => readTable('a,b\n1,"open\n2,3\n'));
    expect([quote.line, quote.column]).toEqual([2, "b"]);
    expect(quote.message).toBe("Line 2, column b: unterminated quoted cell");
    const wide = ingestErrorOf(() => readTable("a,b\n1,2,3\n"));
    expect([wide.line, wide.column]).toEqual([2, "3"]);
    expect(wide.message).toContain("3 cells but the header has 2 columns");
  });

  it("refuses a file without a header", () => {
    expect(ingestErrorOf(() => readTable("# only a comment\n\n")).line).toBe(1);
  });
});

describe("column helpers", () => {
  const table = readTable("Symbol\tScore\nEGFR\tabc\nKRAS\t\nALK\t1e-3\n");

  it("finds columns case-insensitively", () => {
    expect(findColumn(table, "symbol")).toBe(0);
    expect(findColumn(table, "missing", "SCORE")).toBe(1);
    expect(findColumn(table, "missing")).toBe(-1);
  });

  it("names the missing column and lists the available ones", () => {
    const error = ingestErrorOf(() => requireColumn(table, "targetId", "target"));
    expect(error.message).toBe(
      "Line 1, column targetId: missing column 'targetId' or 'target'; available columns: Symbol, Score",
    );
  });

  it("reads numbers, null for empty cells, and names line and column of a non-number", () => {
    expect(readNumber(table, table.rows[1]!, 1)).toBeNull();
    expect(readNumber(table, table.rows[2]!, 1)).toBe(0.001);
    expect(cellText(table.rows[0]!, -1)).toBe("");
    const error = ingestErrorOf(() => readNumber(table, table.rows[0]!, 1));
    expect(error.message).toBe("Line 2, column Score: not a number: 'abc'");
    for (const bad of ["0x10", "1.2.3", "Infinity", "1e999"]) {
      const t = readTable(`v\n${bad}\n`);
      expect(() => readNumber(t, t.rows[0]!, 0)).toThrow(/not a number/);
    }
  });
});

describe("readJsonLines", () => {
  it("reads one object per line with its line number, skipping blank lines", () => {
    expect(readJsonLines('{"a":1}\n\n{"a":2}\n')).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: { a: 2 } },
    ]);
  });

  it("reports malformed JSON and non-objects with their line", () => {
    const error = ingestErrorOf(() => readJsonLines('{"a":1}\n{"a":\n'));
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^Malformed JSON at line 2/);
    expect(ingestErrorOf(() => readJsonLines("[1,2]\n")).line).toBe(1);
  });
});

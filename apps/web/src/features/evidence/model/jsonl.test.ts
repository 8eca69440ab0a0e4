import { describe, expect, it } from "vitest";
import { lineOfBatchPath, readJsonlDocuments, toBatches } from "./jsonl";

const doc = (id: string) => JSON.stringify({ source: "test", external_id: id, text: `Text ${id}` });

describe("readJsonlDocuments", () => {
  it("reads every line, skipping blank ones, and numbers documents by file line", () => {
    const reading = readJsonlDocuments(`${doc("a")}\n\n${doc("b")}\r\n`);
    expect(reading).toEqual({
      ok: true,
      documents: [
        { line: 1, doc: { source: "test", external_id: "a", text: "Text a" } },
        { line: 3, doc: { source: "test", external_id: "b", text: "Text b" } },
      ],
    });
  });

  it("reports each malformed line as 'Malformed JSON at line N' (§5)", () => {
    expect(readJsonlDocuments(`${doc("a")}\n{"source": \n${doc("c")}\nnot json`)).toEqual({
      ok: false,
      problems: ["Malformed JSON at line 2", "Malformed JSON at line 4"],
    });
  });

  it("refuses an empty file and a file without any document", () => {
    expect(readJsonlDocuments("")).toEqual({ ok: false, problems: ["The file is empty."] });
    expect(readJsonlDocuments("\n  \n")).toEqual({ ok: false, problems: ["The file is empty."] });
  });

  it("names the line and field of a document the server would refuse", () => {
    const reading = readJsonlDocuments(`${doc("a")}\n{"source": "test", "text": "no id"}`);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems[0]).toMatch(/^Line 2: external_id: /);
  });

  it("refuses a document without text, as the server would (422 empty_text)", () => {
    expect(readJsonlDocuments(JSON.stringify({ source: "s", external_id: "e", text: "  " }))).toEqual({
      ok: false,
      problems: ["Line 1: text: the document has no text"],
    });
  });

  it("lists at most ten problems", () => {
    const reading = readJsonlDocuments(Array.from({ length: 12 }, () => "{").join("\n"));
    expect(!reading.ok && reading.problems).toHaveLength(11);
    expect(!reading.ok && reading.problems.at(-1)).toBe("…and 2 more.");
  });
});

describe("toBatches", () => {
  it("splits into batches of 500 by default", () => {
    expect(toBatches(Array.from({ length: 1201 }, (_, i) => i)).map((batch) => batch.length)).toEqual([500, 500, 201]);
  });
});

describe("lineOfBatchPath", () => {
  it("maps docs.N of a batch to its file line", () => {
    const batch = [{ line: 7, doc: { source: "s", external_id: "a", text: "" } }];
    expect(lineOfBatchPath("docs.0.text", batch)).toBe(7);
    expect(lineOfBatchPath("docs.3.text", batch)).toBeNull();
    expect(lineOfBatchPath("body", batch)).toBeNull();
  });
});

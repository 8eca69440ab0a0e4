import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { insertJsonRows, schema } from "../src";
import { embeddedDatabaseForFile } from "./embedded-database";

const database = embeddedDatabaseForFile();

const { litDocuments, litMentions, litTriples } = schema;

/** A public document row with every other column empty. */
const documentRow = (source: string, externalId: string, fields: { title?: string; year?: number; text: string }) => ({
  orgId: null,
  source,
  externalId,
  title: fields.title ?? "",
  year: fields.year ?? null,
  venue: null,
  license: null,
  url: null,
  text: fields.text,
});

describe("insertJsonRows", () => {
  it("stores every column type as drizzle reads it back, and answers the inserted rows' returning columns", async () => {
    const text =
      'Quotes " and \\ backslashes,\nnewlines, tabs\t, accents é, CJK 肝, an emoji 🧪 and {"json": [1]} text';
    const [document] = await insertJsonRows(database().db, litDocuments, [documentRow("json-test", "1", { text })], {
      returning: ["id", "source", "externalId"],
    });
    expect(document).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), source: "json-test", externalId: "1" });
    const [stored] = await database().db.select().from(litDocuments).where(eq(litDocuments.id, document!.id));
    expect(stored).toMatchObject({ orgId: null, title: "", year: null, text });

    const triple = {
      triId: "t1",
      documentId: document!.id,
      passageId: null,
      orgId: null,
      head: { name: "nifedipine", type: "chemical", id: "MESH:D009543", xrefs: { mesh: "D009543" } },
      headId: "MESH:D009543",
      headName: "nifedipine",
      relation: "causes",
      tail: { name: "edema", type: "disease", id: "DOID:0", xrefs: {} },
      tailId: "DOID:0",
      tailName: "edema",
      polarity: "positive",
      // Not exactly representable in decimal: must come back as the same double.
      evidenceScore: 0.1 + 0.2,
      confidence: 1 / 3,
      supportingSentences: 2,
      sentenceStart: 0,
      sentenceEnd: 12,
      trigger: null,
      method: "rule",
      provenance: "extracted",
      attributes: { negation_cue: null, speculation_cue: "may", nested: { list: [1, "two", true] } },
    };
    expect(await insertJsonRows(database().db, litTriples, [triple])).toEqual([]);
    const [storedTriple] = await database().db.select().from(litTriples).where(eq(litTriples.documentId, document!.id));
    expect(storedTriple).toMatchObject(triple);
  });

  it("leaves out, with onConflictDoNothing, the rows a unique index refuses, also repeats within the statement", async () => {
    const row = (externalId: string, title: string) =>
      documentRow("json-conflict", externalId, { title, year: 2020, text: "text" });
    await insertJsonRows(database().db, litDocuments, [row("a", "first")]);
    const inserted = await insertJsonRows(
      database().db,
      litDocuments,
      [row("a", "again"), row("b", "first b"), row("b", "second b")],
      { returning: ["externalId", "title"], onConflictDoNothing: true },
    );
    expect(inserted).toEqual([{ externalId: "b", title: "first b" }]);
  });

  it("writes more rows in one statement than a statement may have parameters (65,535)", async () => {
    const [document] = await insertJsonRows(
      database().db,
      litDocuments,
      [documentRow("json-many", "1", { text: "x" })],
      {
        returning: ["id"],
      },
    );
    // 11 columns × 7,000 rows = 77,000 cells: one parameter each would not fit in one statement.
    const rows = Array.from({ length: 7_000 }, (_, i) => ({
      documentId: document!.id,
      orgId: null,
      entityId: `HGNC:${i}`,
      entityType: "gene",
      name: `GENE${i}`,
      start: i,
      end: i + 1,
      text: "x",
      xrefs: { hgnc: String(i) },
      provenance: "extracted",
      method: "dictionary",
    }));
    await insertJsonRows(database().db, litMentions, rows);
    const stored = await database()
      .db.select({ entityId: litMentions.entityId, start: litMentions.start, xrefs: litMentions.xrefs })
      .from(litMentions)
      .where(eq(litMentions.documentId, document!.id))
      .orderBy(asc(litMentions.start));
    expect(stored).toEqual(rows.map(({ entityId, start, xrefs }) => ({ entityId, start, xrefs })));
  });

  it("refuses a property that is not a column of the table", async () => {
    await expect(
      insertJsonRows(database().db, litDocuments, [{ source: "s", externalId: "e", text: "t", nonsense: 1 } as never]),
    ).rejects.toThrow("nonsense is not a column of the table");
  });
});

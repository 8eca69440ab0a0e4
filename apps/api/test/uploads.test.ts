import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { UPLOAD_MAX_BYTES } from "@sieve/contracts";
import { schema } from "@sieve/db";
import { databaseBlobStore } from "../src/storage/blob-store";
import { createTestContext, type TestContext } from "./context";
import { multipartUpload } from "./multipart";

const HIV_PROTEASE = new URL("../../../../shared/data/structures/1HSG.pdb", import.meta.url);
const SMALL_PDB = [
  "HEADER    TEST PEPTIDE",
  "ATOM      1  N   ALA A   1      11.104   6.134  -6.504  1.00  0.00           N",
  "ATOM      2  CA  ALA A   1      11.639   6.071  -5.147  1.00  0.00           C",
  "END",
].join("\n");

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.signup()).token;
});
afterAll(async () => ctx?.close());

const upload = (fields: Record<string, string>, file: { name: string; content: string | Uint8Array }) =>
  ctx.call({ method: "POST", url: "/v1/uploads", token, ...multipartUpload(fields, file) });

describe("uploads", () => {
  it("stores a PDB in the database and answers its upload:// URI, size and SHA-256", async () => {
    const content = existsSync(HIV_PROTEASE) ? readFileSync(HIV_PROTEASE) : Buffer.from(SMALL_PDB);
    const response = await upload({ kind: "protein" }, { name: "1HSG.pdb", content });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      kind: "protein",
      name: "1HSG.pdb",
      size: content.byteLength,
      sha256: createHash("sha256").update(content).digest("hex"),
    });
    expect(body.uri).toBe(`upload://${body.id}/1HSG.pdb`);
    const [row] = await ctx.database.db.select().from(schema.uploads).where(eq(schema.uploads.id, body.id));
    const stored = await databaseBlobStore(ctx.database.db).get(row!.blobId);
    expect(Buffer.from(stored!).equals(content)).toBe(true);
  });

  it("accepts each library format for its kinds", async () => {
    const sdf = "aspirin\n  RDKit\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n$$$$\n";
    for (const [kind, name, content] of [
      ["compound_library", "lib.smi", "CC(=O)Oc1ccccc1C(=O)O aspirin\n"],
      ["compound_library", "lib.sdf", sdf],
      ["hit_compounds", "hits.csv", "smiles,name\nCCO,ethanol\n"],
      ["analogs", "analogs.txt", "c1ccccc1\n"],
      ["protein", "receptor.pdbqt", SMALL_PDB],
    ] as const) {
      expect((await upload({ kind }, { name, content })).statusCode, `${kind} ${name}`).toBe(201);
    }
  });

  it("refuses a file whose content is not what its ending says (422)", async () => {
    const fakePdb = await upload({ kind: "protein" }, { name: "fake.pdb", content: "this is not a structure\n" });
    expect(fakePdb.statusCode).toBe(422);
    expect(fakePdb.json().code).toBe("invalid_file");
    expect(fakePdb.json().error).toMatch(/ATOM or HETATM/);
    expect((await upload({ kind: "compound_library" }, { name: "fake.sdf", content: "CCO\n" })).statusCode).toBe(422);
    expect(
      (await upload({ kind: "compound_library" }, { name: "binary.smi", content: new Uint8Array([0, 159, 146, 150]) }))
        .statusCode,
    ).toBe(422);
    expect((await upload({ kind: "compound_library" }, { name: "empty.smi", content: "" })).statusCode).toBe(422);
  });

  it("refuses a wrong ending or kind (422)", async () => {
    expect((await upload({ kind: "protein" }, { name: "receptor.smi", content: "CCO\n" })).statusCode).toBe(422);
    const noKind = await upload({}, { name: "lib.smi", content: "CCO\n" });
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().detail.fields[0].path).toBe("kind");
    expect((await upload({ kind: "weights" }, { name: "lib.smi", content: "CCO\n" })).statusCode).toBe(422);
  });

  it("refuses a file over the size limit with 413", async () => {
    const response = await upload(
      { kind: "compound_library" },
      { name: "huge.smi", content: new Uint8Array(UPLOAD_MAX_BYTES + 1024).fill(67) },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload_too_large");
  });

  it("keeps only the base name of the file", async () => {
    const response = await upload({ kind: "compound_library" }, { name: "../../etc/lib.smi", content: "CCO\n" });
    expect(response.json().name).toBe("lib.smi");
  });

  it("requires authentication", async () => {
    const response = await ctx.call({
      method: "POST",
      url: "/v1/uploads",
      ...multipartUpload({ kind: "protein" }, { name: "a.pdb", content: SMALL_PDB }),
    });
    expect(response.statusCode).toBe(401);
  });
});

import { describe, expect, it } from "vitest";
import { UPLOAD_SOURCES, UploadFields } from "@sieve/contracts";
import { checkUpload, initialValues, sentFields, UPLOAD_FORMS, uploadBody } from "./upload-fields";

const REQUIRED_FILLERS: Record<string, string> = {
  indication_efo_id: "EFO_0001071",
  disease: "lung cancer",
  tissues_of_interest: "Lung",
  feature_name: "expr",
  value_column: "value",
};

describe("upload forms", () => {
  it("offer every parameter of each upload's contract", () => {
    for (const source of UPLOAD_SOURCES) {
      const contract = Object.keys(UploadFields[source].shape).filter((name) => name !== "feature_set_version");
      expect(UPLOAD_FORMS[source].fields.map((field) => field.name).sort(), source).toEqual(contract.sort());
    }
  });

  it("pre-fill the contract's defaults (§9)", () => {
    for (const source of UPLOAD_SOURCES) {
      const fillers = Object.fromEntries(
        UPLOAD_FORMS[source].fields
          .filter((field) => field.required)
          .map((field) => [field.name, REQUIRED_FILLERS[field.name]!]),
      );
      const fromForm = UploadFields[source].parse({
        ...sentFields({ ...initialValues(source), ...fillers }),
        feature_set_version: "priors_v1",
      });
      const serverDefaults = UploadFields[source].parse({ ...fillers });
      expect(fromForm, source).toEqual(serverDefaults);
    }
    expect(initialValues("string")).toEqual({
      species_taxon: "9606",
      id_prefix: "9606.",
      min_score: "700",
      kind: "ppi",
    });
    expect(initialValues("chembl").min_count_for_confidence).toBe("10");
    expect(initialValues("generic").scale).toBe("minmax");
  });

  it("checks the fields with the contract's messages", () => {
    expect(checkUpload("opentargets", "priors_v1", { indication_efo_id: "" })).toEqual({
      ok: false,
      errors: { indication_efo_id: "indication_efo_id is required" },
    });
    expect(
      checkUpload("generic", "priors_v1", { ...initialValues("generic"), feature_name: "bad name", value_column: "v" }),
    ).toMatchObject({ ok: false, errors: { feature_name: expect.stringMatching(/^feature_name: /) } });
    expect(checkUpload("string", "priors_v1", { ...initialValues("string"), min_score: "1001" })).toMatchObject({
      ok: false,
      errors: { min_score: expect.any(String) },
    });
    expect(
      checkUpload("generic", "e2e_v1", { ...initialValues("generic"), feature_name: "expr", value_column: "value" }),
    ).toEqual({ ok: true });
  });

  it("sends the fields before the file, booleans as true/false, empty texts left out", () => {
    const body = uploadBody(
      "e2e_v1",
      { ...initialValues("generic"), feature_name: "expr", value_column: "value", invert: true },
      new File(["a,b\n"], "genes.csv"),
    );
    expect([...body.keys()]).toEqual([
      "feature_set_version",
      "feature_name",
      "value_column",
      "scale",
      "invert",
      "component",
      "file",
    ]);
    expect(body.get("invert")).toBe("true");
    expect((body.get("file") as File).name).toBe("genes.csv");
  });
});

import { describe, expect, it } from "vitest";
import { EMPTY_ANNOTATION, fieldForPath, toAnnotation } from "./annotation-form";

describe("toAnnotation", () => {
  it("requires the SMILES and the reason for failure", () => {
    expect(toAnnotation({ ...EMPTY_ANNOTATION, smiles: "  " })).toEqual({
      errors: { smiles: "Enter the compound's SMILES.", reason_for_failure: "Say why the compound failed." },
    });
  });

  it("trims, parses numbers and JSON, and leaves empty optional fields out", () => {
    const result = toAnnotation({
      ...EMPTY_ANNOTATION,
      smiles: " CCO ",
      uniprot_id: " p35354 ",
      reason_for_failure: " no binding ",
      replicate_count: "3",
      metadata: '{"plate": 4}',
      failure_class: "SAFETY",
    });
    expect(result).toEqual({
      annotation: {
        target: { uniprot_id: "P35354" },
        compound: { smiles: "CCO" },
        failure_class: "SAFETY",
        assay_type: undefined,
        experimental_conditions: undefined,
        measured_outcome: undefined,
        reason_for_failure: "no binding",
        replicate_count: 3,
        metadata: { plate: 4 },
      },
    });
  });

  it("refuses a fractional replicate count and metadata that is not a JSON object", () => {
    const result = toAnnotation({
      ...EMPTY_ANNOTATION,
      smiles: "C",
      reason_for_failure: "x",
      replicate_count: "1.5",
      metadata: "[1]",
    });
    expect(result).toEqual({
      errors: {
        replicate_count: "A whole number from 1 to 10,000.",
        metadata: 'Metadata must be a JSON object, e.g. {"cell_line": "HEK293"}.',
      },
    });
  });
});

describe("fieldForPath", () => {
  it("maps the server's paths onto the form's fields", () => {
    expect(fieldForPath("target.uniprot_id")).toBe("uniprot_id");
    expect(fieldForPath("compound.smiles")).toBe("smiles");
    expect(fieldForPath("annotation_json")).toBeNull();
  });
});

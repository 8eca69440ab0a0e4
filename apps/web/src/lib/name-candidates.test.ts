import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { nameProblem } from "./name-candidates";

describe("nameProblem", () => {
  it("reads the candidates of an ambiguous disease, dropping malformed ones", () => {
    const error = new ApiError('Ambiguous disease "CML"', 422, "ambiguous_name", [], {
      candidates: [{ id: "DOID:8552", name: "chronic myeloid leukemia" }, { bad: true }],
    });
    expect(nameProblem(error)).toEqual({
      field: "disease",
      message: 'Ambiguous disease "CML"',
      ambiguous: true,
      candidates: [{ id: "DOID:8552", name: "chronic myeloid leukemia" }],
    });
  });

  it("knows an unknown gene symbol from its message", () => {
    expect(
      nameProblem(new ApiError('Unknown gene symbol "EGFRX"', 422, "unknown_name", [], { candidates: [] })),
    ).toMatchObject({ field: "symbol", ambiguous: false, candidates: [] });
  });

  it("ignores other failures", () => {
    expect(nameProblem(new ApiError("Request failed", 500, "internal_error"))).toBeNull();
    expect(nameProblem(new Error("network"))).toBeNull();
  });
});

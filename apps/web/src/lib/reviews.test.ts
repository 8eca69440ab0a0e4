import type { Review } from "@sieve/contracts";
import { describe, expect, it } from "vitest";
import { currentReview, describeReview, reviewsPath } from "./reviews";

const review = (over: Partial<Review>): Review => ({
  id: 1,
  kind: "triple",
  item_id: "T1",
  run_id: null,
  state: "accepted",
  comment: null,
  reviewed_by: { id: 7, name: "Ada Lovelace" },
  reviewed_at: "2026-11-22T18:20:00.000Z",
  ...over,
});

describe("reviewsPath", () => {
  it("asks for one kind, within a run when the item is a run's output", () => {
    expect(reviewsPath("target")).toBe("/v1/reviews?kind=target");
    expect(reviewsPath("molecule", "r-1")).toBe("/v1/reviews?kind=molecule&run_id=r-1");
  });
});

describe("currentReview", () => {
  const current = [
    review({ item_id: "DOID:1612|HGNC:3430", kind: "target" }),
    review({ id: 2, kind: "molecule", item_id: "CCO", run_id: "r-2", state: "rejected" }),
  ];

  it("finds the item by kind and id", () => {
    expect(currentReview(current, { kind: "target", itemId: "DOID:1612|HGNC:3430" })?.id).toBe(1);
  });

  it("keeps a molecule to its own run and says null when nobody reviewed the item", () => {
    expect(currentReview(current, { kind: "molecule", itemId: "CCO", runId: "r-2" })?.state).toBe("rejected");
    expect(currentReview(current, { kind: "molecule", itemId: "CCO", runId: "r-3" })).toBeNull();
    expect(currentReview(current, { kind: "triple", itemId: "DOID:1612|HGNC:3430" })).toBeNull();
  });
});

describe("describeReview", () => {
  it("says who decided and when", () => {
    expect(describeReview(null)).toBe("Unreviewed");
    expect(describeReview(review({ state: "unreviewed" }))).toBe("Unreviewed");
    expect(describeReview(review({}))).toMatch(/^Accepted by Ada Lovelace on 22 Nov 2026, \d\d:\d\d$/);
    expect(describeReview(review({ state: "rejected" }))).toMatch(/^Rejected by Ada Lovelace on /);
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  createUserViaApi,
  scrollsSideways,
  seriousA11yViolations,
  type SieveServer,
  useE2eSession,
  VIEWPORTS,
} from "./harness";

let server: SieveServer;
let page: Page;

useE2eSession((session) => ({ server, page } = session));

interface ReviewList {
  items: { kind: string; item_id: string; state: string; comment: string | null; reviewed_by: { name: string } }[];
}

async function reviewsOf(token: string): Promise<ReviewList> {
  const response = await fetch(`${server.baseUrl}/v1/reviews?kind=negatome_record`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ReviewList;
}

describe("reviews where the items appear", () => {
  it("accepts a negatome record with a comment on the Negatome page; another organization does not see the review", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/dashboard/negatome");
    await page.getByRole("button", { name: "Ensure schema" }).click();
    await page.getByText(/^Schema ready/).waitFor();
    await page.getByRole("button", { name: "Load demo set" }).click();
    await page.getByText(/^Demo set loaded/).waitFor();

    const recent = page.getByRole("table", { name: "Recent negatome records" });
    const review = recent.getByRole("group", { name: /^Review of the / }).first();
    const label = (await review.getAttribute("aria-label"))!.replace(/^Review of /, "");
    await review.getByRole("status").getByText("Unreviewed").waitFor();
    await review.getByRole("textbox", { name: `Comment on ${label}` }).fill("Matches our assay");
    await review.getByRole("button", { name: `Accept ${label}` }).click();
    await review
      .getByRole("status")
      .getByText(/^Accepted by Ada Lovelace on .+: “Matches our assay”$/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // The decision is stored: it is there after a reload, and the API lists it for this organization.
    await page.reload();
    await page
      .getByRole("group", { name: `Review of ${label}` })
      .getByRole("status")
      .getByText(/^Accepted by Ada Lovelace/)
      .waitFor();
    const mine = (await reviewsOf(await accessToken(page))).items;
    expect(mine).toEqual([
      expect.objectContaining({
        kind: "negatome_record",
        state: "accepted",
        comment: "Matches our assay",
        reviewed_by: expect.objectContaining({ name: "Ada Lovelace" }),
      }),
    ]);

    // The demo record is public, but the review belongs to the reviewer's organization.
    const stranger = await createUserViaApi(server.baseUrl);
    const login = await fetch(`${server.baseUrl}/v1/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: stranger.email, password: stranger.password }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    expect((await reviewsOf(access_token)).items.filter((r) => r.item_id === mine[0]!.item_id)).toEqual([]);
  }, 60_000);
});

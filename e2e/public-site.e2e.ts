import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  inPage,
  nextAlert,
  openPage,
  screenshot,
  seriousA11yViolations,
  scrollsSideways,
  type SieveServer,
  useE2eSession,
  VIEWPORTS,
  type ViewportName,
} from "./harness";

let server: SieveServer;
let browser: Browser;

useE2eSession((session) => ({ server, browser } = session), { signedIn: false });

async function page(path = "/", viewport: ViewportName = "desktop"): Promise<Page> {
  return openPage(browser, server.baseUrl, path, viewport);
}

/** The id an in-page link points at, or null for links that leave the page. */
function anchorIds(landing: Page, selector: string): Promise<string[]> {
  return landing.locator(selector).evaluateAll((links) =>
    links
      .map((link) => link.getAttribute("href") ?? "")
      .filter((href) => href.startsWith("#"))
      .map((href) => href.slice(1)),
  );
}

async function hasElementWithId(landing: Page, id: string): Promise<boolean> {
  return (await landing.locator(`[id="${id}"]`).count()) === 1;
}

describe("landing page", () => {
  it("has every section of §2 and the header's and footer's anchors all land on real elements", async () => {
    const landing = await page();
    for (const id of ["hero", "product", "how-it-works", "who-its-for", "pricing", "contact", "news"])
      expect(await hasElementWithId(landing, id), id).toBe(true);

    const headerIds = await anchorIds(landing, ".site-header nav a");
    expect(headerIds).toEqual(["how-it-works", "product", "who-its-for", "news", "contact"]);
    expect(await landing.locator(".site-header nav a").allTextContents()).toEqual([
      "Approach",
      "Science",
      "Partners",
      "News",
      "Contact",
    ]);

    const footerIds = await anchorIds(landing, ".site-footer nav a");
    expect(footerIds.sort()).toEqual(["about", "blog", "contact", "documentation", "faq", "services", "testimonials"]);
    for (const id of [...headerIds, ...footerIds, ...(await anchorIds(landing, "main a"))])
      expect(await hasElementWithId(landing, id), `#${id}`).toBe(true);
    await landing.context().close();
  });

  it("shows the spec's pricing, and every pricing card leads to #contact", async () => {
    const landing = await page();
    const pricing = landing.locator("#pricing");
    await expect(pricing.textContent()).resolves.toContain(
      "Pricing covers digital narrowing only. Lab work is not included.",
    );
    const cards = pricing.locator(".price-card");
    expect(await cards.count()).toBe(3);
    expect(await cards.locator(".price-card__name").allTextContents()).toEqual([
      "Starter Sprint",
      "Standard Sprint",
      "Enterprise / OEM",
    ]);
    expect(await cards.locator(".price-card__price").allTextContents()).toEqual(["$9,900", "$24,900", "Custom"]);
    expect(await landing.locator(".price-card--featured .price-card__name").textContent()).toBe("Standard Sprint");
    expect(await anchorIds(landing, ".price-card a")).toEqual(["contact", "contact", "contact"]);
    await landing.context().close();
  });

  it("gives every button without a spec action an honest target", async () => {
    const landing = await page();
    const href = (name: string) => landing.getByRole("link", { name, exact: true }).first().getAttribute("href");
    expect(await href("Explore the Platform")).toBe("#product");
    expect(await href("Start a Sprint")).toBe("#contact");
    expect(await href("Book a Call")).toBe("#contact");
    expect(await href("See a sample target dossier")).toMatch(/\/v1\/reports\/sample\/report\.html$/);
    expect(await href("Sign In")).toBe("/login");
    expect(
      await landing.locator(".site-header").getByRole("link", { name: "Get Early Access" }).getAttribute("href"),
    ).toBe("/signup");

    await landing.locator(".hero").getByRole("button", { name: "Get Early Access" }).click();
    await landing.waitForURL("**/signup");
    await landing.context().close();
  });

  it("takes the scrolled header style only beyond 50 px", async () => {
    const landing = await page();
    const header = landing.locator(".site-header");
    expect(await header.getAttribute("class")).not.toContain("is-scrolled");
    await inPage(landing, "window.scrollTo(0, 40)");
    await landing.waitForTimeout(100);
    expect(await header.getAttribute("class")).not.toContain("is-scrolled");
    await inPage(landing, "window.scrollTo(0, 400)");
    await landing.waitForFunction("document.querySelector('.site-header').classList.contains('is-scrolled')");
    await inPage(landing, "window.scrollTo(0, 0)");
    await landing.waitForFunction("!document.querySelector('.site-header').classList.contains('is-scrolled')");
    await landing.context().close();
  });

  it("opens and closes the mobile menu at 375 px", async () => {
    const landing = await page("/", "mobile");
    const toggle = landing.getByRole("button", { name: "Open menu" });
    const approach = landing.locator(".site-header nav").getByRole("link", { name: "Approach" });
    expect(await approach.isVisible()).toBe(false);
    await toggle.click();
    expect(await landing.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await approach.isVisible()).toBe(true);
    await approach.click();
    expect(await approach.isVisible()).toBe(false);
    await landing.waitForFunction("location.hash === '#how-it-works'");
    await landing.context().close();
  });

  it("stores a contact lead, alerts the spec's thanks and resets the form", async () => {
    const landing = await page("/#contact");
    const form = landing.getByRole("form", { name: "Contact" });
    await form.getByLabel("Name").fill("Rosalind Franklin");
    await form.getByLabel("Email").fill("rosalind@example.org");
    await form.getByLabel("Company").fill("King's College");
    expect(await form.getByLabel("Service").inputValue()).toBe("vhts");
    expect(await form.getByLabel("Service").locator("option").allTextContents()).toEqual([
      "Virtual High-Throughput Screening",
      "Lead Optimization",
      "Custom Solutions",
      "Not Sure Yet",
    ]);
    await form.getByLabel("Service").selectOption("lead-opt");
    await form.getByLabel("Message").fill("We would like to narrow targets for a fibrosis program.");

    const contactRequest = landing.waitForResponse((response) => response.url().endsWith("/v1/contact"));
    const alert = nextAlert(landing);
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await contactRequest).status()).toBe(201);
    expect(await alert).toBe("Thank you for your interest! We will contact you shortly.");
    await landing.waitForFunction("document.querySelector('form[aria-label=Contact] input[name=name]').value === ''");
    expect(await form.getByLabel("Email").inputValue()).toBe("");
    expect(await form.getByLabel("Service").inputValue()).toBe("vhts");
    expect(await form.getByLabel("Message").inputValue()).toBe("");
    await landing.context().close();
  });

  it("requires the contact fields and a well-formed email before sending anything", async () => {
    const landing = await page("/#contact");
    const form = landing.getByRole("form", { name: "Contact" });
    let sent = false;
    landing.on("request", (request) => {
      if (request.url().endsWith("/v1/contact")) sent = true;
    });
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Send Message" }).click();
    await landing.waitForTimeout(200);
    expect(sent).toBe(false);
    expect(await inPage(landing, "document.querySelector('form[aria-label=Contact]').checkValidity()")).toBe(false);
    await landing.context().close();
  });

  it("subscribes to the newsletter through the API", async () => {
    const landing = await page();
    const form = landing.getByRole("form", { name: "Newsletter" });
    await form.getByRole("textbox").fill("news@example.org");
    const response = landing.waitForResponse((r) => r.url().endsWith("/v1/newsletter"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    expect([200, 201]).toContain((await response).status());
    await form.getByText("Subscribed. Thank you!").waitFor();
    await landing.context().close();
  });

  it("redirects unknown paths to /", async () => {
    const lost = await page("/no/such/page");
    await lost.waitForURL((url) => url.pathname === "/");
    await lost.locator("#hero").waitFor();
    await lost.context().close();
  });
});

describe("public pages: accessibility, layout and screenshots", () => {
  for (const [name, path] of [
    ["landing", "/"],
    ["login", "/login"],
    ["signup", "/signup"],
  ] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`${name} at ${VIEWPORTS[viewport].width} px: no serious axe violations, no sideways scroll`, async () => {
        const view = await page(path, viewport);
        await view.locator("main").first().waitFor();
        expect(await seriousA11yViolations(view)).toEqual([]);
        expect(await scrollsSideways(view)).toBe(false);
        await screenshot(view, `${name}-${VIEWPORTS[viewport].width}`);
        await view.context().close();
      });
    }
  }

  it("landing with the mobile menu open passes axe too", async () => {
    const landing = await page("/", "mobile");
    await landing.getByRole("button", { name: "Open menu" }).click();
    expect(await seriousA11yViolations(landing)).toEqual([]);
    await screenshot(landing, "landing-375-menu-open", { fullPage: false });
    await landing.context().close();
  });
});

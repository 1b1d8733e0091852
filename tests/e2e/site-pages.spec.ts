// The static and policy pages: the FAQ's search and sections in a browser, every link the footer, the
// registration consent, the 404 page and these pages hold answering (no internal 404 but the pages later issues
// build), and axe on each page in light and dark mode.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support.ts";

const SITE_PAGES = ["/about", "/faq", "/terms", "/privacy", "/prohibited-conduct", "/buyer-protection", "/pricing"];

/** Linked already, built by later work: known, and listed here so nothing else may 404 (none now). */
const BUILT_LATER: string[] = [];

const section = (page: Page, title: string) => page.locator("details", { has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

test.describe("the FAQ", () => {
  test("filters questions and answers as you type, and says when nothing matches", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search the questions" });
    // Questions on the page (closed sections included) and the ones a reader can see.
    const onPage = page.locator("details h3");
    const questions = page.getByRole("heading", { level: 3 });
    const all = await onPage.count();
    expect(all).toBeGreaterThan(15);

    await search.fill("refund");
    await expect(page.getByRole("status")).toHaveText(/^\d+ questions? match(es)? your search\.$/);
    await expect(page.getByRole("heading", { level: 3, name: "How long does a refund take?" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "How do I list equipment?" })).toHaveCount(0);
    // A word found only in an answer ("escrow" is not in this question's title).
    await search.fill("quoting the order's payment reference");
    await expect(page.getByRole("heading", { level: 3, name: "How do I pay?" })).toBeVisible();
    await expect(questions).toHaveCount(1);
    // Every section with a match is open while searching.
    await expect(page.getByRole("heading", { level: 3, name: "How do I pay?" })).toBeInViewport();

    await search.fill("flux capacitor");
    await expect(page.getByText("No questions match “flux capacitor”.")).toBeVisible();
    await expect(questions).toHaveCount(0);

    await search.fill("");
    await expect(onPage).toHaveCount(all);
    await expect(page.getByText(/No questions match/)).toHaveCount(0);
    // Back to browsing: General open, the rest closed.
    await expect(section(page, "General")).toHaveJSProperty("open", true);
    await expect(section(page, "Payments")).toHaveJSProperty("open", false);
  });

  test("sections open and close independently, by keyboard too, General open at first", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const titles = ["General", "Buying", "Selling", "Shipping", "Payments", "Account", "AI Features"];
    for (const title of titles) await expect(section(page, title)).toHaveJSProperty("open", title === "General");

    // Keyboard: Tab to the Buying summary and open it with Enter, then Selling with Space.
    await section(page, "Buying").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(section(page, "Buying")).toHaveJSProperty("open", true);
    await expect(section(page, "General")).toHaveJSProperty("open", true);
    await page.keyboard.press("Tab");
    await expect(section(page, "Selling").locator("summary")).not.toBeFocused(); // Buying's answers' links come first
    await section(page, "Selling").locator("summary").focus();
    await page.keyboard.press(" ");
    await expect(section(page, "Selling")).toHaveJSProperty("open", true);

    // Closing one leaves the others as they are.
    await section(page, "General").locator("summary").click();
    await expect(section(page, "General")).toHaveJSProperty("open", false);
    await expect(section(page, "Buying")).toHaveJSProperty("open", true);
    await expect(section(page, "Selling")).toHaveJSProperty("open", true);
    await expect(page.getByRole("heading", { level: 3, name: "What is Tradebench?" })).toBeHidden();
  });

  test("searches without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/faq");
      await page.getByRole("searchbox", { name: "Search the questions" }).fill("password");
      await page.getByRole("searchbox", { name: "Search the questions" }).press("Enter");
      await expect(page).toHaveURL(/\/faq\?q=password$/);
      await expect(page.getByRole("heading", { level: 3, name: "What makes a valid password?" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: "How does bidding work?" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

/** The same-site links of a page's footer, registration consent, helpful links and main content. */
async function internalLinks(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  const hrefs = await page
    .locator('footer a[href^="/"], main a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs;
}

test("every link in the footer, the registration consent, the 404 page and the policy pages answers", async ({ page }) => {
  test.setTimeout(90_000);
  const found = new Map<string, string>();
  for (const url of ["/", "/register", "/no-such-page", ...SITE_PAGES]) {
    for (const href of await internalLinks(page, url)) if (!found.has(href)) found.set(href, url);
  }
  // The footer's policy links and the consent's links are among them.
  for (const href of [...SITE_PAGES, "/terms", "/privacy"]) expect([...found.keys()]).toContain(href);

  const broken: string[] = [];
  for (const [href, from] of found) {
    if (BUILT_LATER.includes(href) || href.startsWith("/listings/") || href.startsWith("/auctions/")) continue;
    const response = await page.request.get(href);
    if (response.status() !== 200) broken.push(`${href} (linked from ${from}): ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    for (const url of SITE_PAGES) {
      test(`${url} has no WCAG 2 A/AA violations`, async ({ page }) => {
        await page.goto(url);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expectNoAxeViolations(page, { ran: ["color-contrast", "link-name"] });
      });
    }
  });
}

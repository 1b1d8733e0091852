// The knowledge base in a browser: a reader searches, filters by category, clears the filters after an
// empty result, follows a Popular Topic, reads an article and answers "Was this helpful?" (once, changeable); the demo
// administrator writes an article with a preview, saves it as a draft nobody else sees, then publishes it; members
// without can_edit_content are refused the editor. Axe in light and dark mode on the list, an article and the editor.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration } from "./support.ts";

const articles = (page: Page) => page.getByRole("list", { name: "Articles" }).getByRole("article");

test.describe("a reader", () => {
  test("searches, filters by category, clears the filters after an empty result and follows a Popular Topic", async ({ page }) => {
    await page.goto("/knowledge-base");
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge Base" })).toBeVisible();
    expect(await articles(page).count()).toBeGreaterThanOrEqual(12);
    // The staff draft of the demo is not listed.
    await expect(page.getByText("Refurbishing bench power supplies")).toHaveCount(0);

    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("pallet");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=pallet/);
    await expect(articles(page).getByRole("heading", { name: "Shipping heavy equipment by freight" })).toBeVisible();
    await expect(articles(page).getByRole("heading", { name: "Condition grading for used equipment" })).toHaveCount(0);

    // The same words, in a category where no article holds them.
    await page.getByLabel("Category").selectOption({ label: "Auctions" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No articles found")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
    expect(await articles(page).count()).toBeGreaterThanOrEqual(12);

    // Popular Topics come from the tags readers found helpful; one sets the search.
    const topics = page.getByRole("region", { name: "Popular Topics" }).getByRole("link");
    await expect(topics.first()).toBeVisible();
    const topic = (await topics.first().textContent())!.trim();
    await topics.first().click();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(topic);
    expect(await articles(page).count()).toBeGreaterThan(0);

    // The ways on.
    await expect(page.getByRole("link", { name: "Submit an Article" })).toHaveAttribute("href", /^\/contact\?subject=/);
    await expect(page.getByRole("link", { name: "Join the Discussion" })).toHaveAttribute("href", "/forum");
  });

  test("reads an article and answers Was this helpful? once, then changes the answer", async ({ page }) => {
    await page.goto("/knowledge-base?category=selling");
    await waitForHydration(page);
    await articles(page).getByRole("link", { name: "Photographing test equipment for your listing" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\/photography$/);
    await expect(page.getByRole("heading", { level: 1, name: "Photographing test equipment for your listing" })).toBeVisible();
    await expect(page.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    // Markdown rendered: the article's sections are headings, its steps a numbered list.
    const body = page.getByRole("article", { name: "Photographing test equipment for your listing" });
    await expect(body.getByRole("heading", { level: 2, name: "What to photograph" })).toBeVisible();
    await expect(body.locator("ol > li").first()).toContainText("The front panel, powered on");
    await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();

    const summary = page.getByTestId("kb-helpful-summary");
    const before = await summary.textContent();
    const readers = (text: string | null) => Number(/of (\d+) reader/.exec(text ?? "")?.[1] ?? 0);
    const yes = page.getByRole("button", { name: "Yes" });
    const no = page.getByRole("button", { name: "No", exact: true });
    await yes.click();
    await expect(page.getByText("Thanks for your feedback! You answered Yes")).toBeVisible();
    await expect(yes).toHaveAttribute("aria-pressed", "true");
    await expect(summary).toHaveText(new RegExp(`of ${readers(before) + 1} readers?`));

    // The browser is remembered: after a reload the answer is there, and a new one replaces it.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("You answered Yes")).toBeVisible();
    await no.click();
    await expect(page.getByText("Thanks for your feedback! You answered No")).toBeVisible();
    await expect(summary).toHaveText(new RegExp(`of ${readers(before) + 1} readers?`));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reader searches and answers Was this helpful? with plain forms", async ({ page }) => {
    await page.goto("/knowledge-base");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("proxy");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: "Auctions and proxy bids" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Auctions and proxy bids" })).toBeVisible();
    await page.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("Thanks for your feedback! You answered Yes")).toBeVisible();
    await expect(page.getByTestId("kb-helpful-summary")).toContainText("found this helpful");
  });
});

test.describe("the demo administrator", () => {
  signedInAsDemo("admin");

  test("writes an article with a preview, keeps it as a draft nobody else sees, then publishes it", async ({ page, browser, baseURL }) => {
    const slug = `grounding-test-benches-${crypto.randomUUID().slice(0, 8)}`;
    const title = `Grounding a test bench ${slug.slice(-8)}`;
    await page.goto("/knowledge-base");
    await waitForHydration(page);
    await page.getByRole("link", { name: "New article" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Web address").fill(slug);
    await page.getByLabel("Category").selectOption({ label: "Testing & Calibration" });
    await page.getByLabel("Tags").fill("grounding, safety");
    await page
      .getByLabel("Content (Markdown)")
      .fill("# Why it matters\n\nA floating chassis is a **shock hazard**.\n\n- Check the earth pin\n- <script>alert(1)</script>");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("kb-preview-body");
    await expect(preview.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("shock hazard");
    await expect(preview.getByText("<script>alert(1)</script>")).toBeVisible();
    // The preview kept what was typed, and stored nothing.
    await expect(page.getByLabel("Title")).toHaveValue(title);
    expect((await page.request.get(`/knowledge-base/${slug}`)).status()).toBe(404);

    // Saved as a draft (the default status).
    await page.getByRole("button", { name: "Save article" }).click();
    await expect(page).toHaveURL(new RegExp(`/knowledge-base/${slug}\\?saved=1$`));
    await expect(page.getByText("Article saved.")).toBeVisible();
    await expect(page.getByText("Draft: only staff see it")).toBeVisible();

    const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      expect((await visitor.request.get(`/knowledge-base/${slug}`)).status()).toBe(404);

      await page.getByRole("link", { name: "Edit article" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit article" })).toBeVisible();
      await page.getByLabel("Status").selectOption("published");
      await page.getByRole("button", { name: "Save article" }).click();
      await expect(page.getByText("Article saved.")).toBeVisible();
      await expect(page.getByText("Draft: only staff see it")).toHaveCount(0);

      const reader = await visitor.newPage();
      await reader.goto(`/knowledge-base?q=${encodeURIComponent("floating chassis")}`);
      await reader.getByRole("link", { name: title }).click();
      await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(reader.getByRole("link", { name: "Edit article" })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});

test.describe("a member without can_edit_content", () => {
  signedInAsDemo("buyer");

  test("is refused the editor and sees no link to it", async ({ page }) => {
    await page.goto("/knowledge-base");
    await expect(page.getByRole("link", { name: "New article" })).toHaveCount(0);
    const answer = await page.request.get("/knowledge-base/new");
    expect(answer.status()).toBe(403);
    expect((await page.request.get("/knowledge-base/selling-tips/edit")).status()).toBe(403);
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test("the list, an empty search and an article", async ({ page }) => {
      for (const path of ["/knowledge-base", "/knowledge-base?q=zzzz-nothing", "/knowledge-base/escrow-and-buyer-protection"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page, { ran: ["color-contrast"] });
      }
    });

    test.describe("the editor", () => {
      signedInAsDemo("admin");

      test("with a preview", async ({ page }) => {
        await page.goto("/knowledge-base/shipping/edit");
        await waitForHydration(page);
        await page.getByRole("button", { name: "Preview" }).click();
        await expect(page.getByTestId("kb-preview-body").getByRole("heading", { level: 2 }).first()).toBeVisible();
        await expectNoAxeViolations(page, { ran: ["color-contrast", "label"] });
      });
    });
  });
}

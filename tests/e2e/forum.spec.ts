// The forum in a browser: a visitor reads the demo forum (pinned welcome topic first, Login to Post),
// a member starts a topic written in Markdown, replies, marks the reply as the solution and finds the topic under
// "Solved"; axe on the list and a topic page in light and dark mode.
import { expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration } from "./support.ts";

const WELCOME = "Welcome to the Tradebench forum: read this before posting";

test.describe("a visitor", () => {
  test("reads the forum: stats, categories, the pinned topic first, a topic in Markdown, Login to Post", async ({ page }) => {
    await page.goto("/forum");
    await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
    const topics = page.getByRole("list", { name: "Topics" }).getByRole("listitem");
    await expect(topics.first()).toContainText(WELCOME);
    await expect(topics.first()).toContainText("Pinned");
    await expect(page.getByRole("link", { name: "Login to Post" })).toHaveAttribute("href", /^\/login\?from=/);
    await expect(page.getByRole("link", { name: "New Topic" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Forum statistics" })).toContainText("Topics");

    // The category filter, then back to all.
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /^Data Acquisition \(\d+\)$/ })
      .click();
    await expect(page).toHaveURL(/\/forum\?category=data-acquisition$/);
    await expect(topics).toHaveCount(1);
    await expect(topics.first()).toContainText("cDAQ-9178");

    await page.goto("/forum");
    await page.getByRole("link", { name: WELCOME }).click();
    await expect(page.getByRole("heading", { level: 1, name: WELCOME })).toBeVisible();
    const opening = page.getByRole("article", { name: /^Opening post by / });
    await expect(opening.locator("strong", { hasText: "make and model" })).toBeVisible();
    await expect(opening.getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("main").getByRole("link", { name: "Login to Post" })).toBeVisible();
  });
});

test.describe("a member", () => {
  signedInAsDemo("buyer");

  test("starts a topic in Markdown, replies, marks the solution and finds it under Solved", async ({ page }) => {
    await page.goto("/forum");
    await waitForHydration(page);
    await page.getByRole("link", { name: "New Topic" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New topic" })).toBeVisible();
    const title = `Tektronix TDS3054 fan noise ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Test & Measurement" });
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page
      .getByRole("textbox", { name: "Message" })
      .fill(
        "The fan is **very** loud after power-up.\n\n- Replaced the fan\n- Cleaned the filter\n\nManual: [service manual](https://example.org/tds3000-service.pdf)\n\n<script>alert(1)</script>",
      );
    await page.getByRole("button", { name: "Post topic" }).click();

    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const opening = page.getByRole("article", { name: /^Opening post by / });
    await expect(opening.locator("strong", { hasText: "very" })).toBeVisible();
    await expect(opening.getByRole("link", { name: "service manual" })).toHaveAttribute("rel", /nofollow/);
    await expect(opening).toContainText("<script>alert(1)</script>");
    await expect(opening.getByText("Edit (within 10 minutes of posting)")).toBeVisible();

    await page.getByRole("textbox", { name: "Your reply" }).fill("Found it: the thermal sensor's `R12` was open. Replaced, quiet now.");
    await page.getByRole("button", { name: "Post reply" }).click();
    await expect(page.getByText("Your reply was posted.")).toBeVisible();
    const reply = page.getByRole("article", { name: /^Reply by / });
    await expect(reply.locator("code", { hasText: "R12" })).toBeVisible();

    await reply.getByRole("button", { name: "Mark as solution" }).click();
    const solution = page.getByRole("article", { name: "Solution" });
    await expect(solution).toContainText("thermal sensor");
    await expect(page.getByText("Solved", { exact: true }).first()).toBeVisible();

    await page.goto("/forum?solved=1");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.goto(`/forum?q=${encodeURIComponent(title.split(" ").pop()!)}`);
    await expect(page.getByRole("list", { name: "Topics" }).getByRole("listitem")).toHaveCount(1);
  });
});

test.describe("a moderator", () => {
  signedInAsDemo("moderator");

  test("locks and unlocks a topic and moves it to another category from the topic page", async ({ page }) => {
    await page.goto("/forum");
    await page.getByRole("link", { name: /Generator load bank testing/ }).click();
    await waitForHydration(page);
    const moderation = page.getByRole("region", { name: "Moderation" });
    await moderation.getByRole("button", { name: "Lock" }).click();
    await expect(moderation.getByRole("button", { name: "Unlock" })).toBeVisible();
    await expect(page.getByText("Locked", { exact: true })).toBeVisible();
    await moderation.getByRole("combobox", { name: "Move to category" }).selectOption({ label: "General" });
    await moderation.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("link", { name: "← General" })).toBeVisible();
    await moderation.getByRole("button", { name: "Unlock" }).click();
    await expect(moderation.getByRole("button", { name: "Lock" })).toBeVisible();
    await expectNoAxeViolations(page, { ran: ["label", "button-name"] });
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    signedInAsDemo("buyer");

    test("/forum and a topic page have no WCAG 2 A/AA violations", async ({ page }) => {
      await page.goto("/forum");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expectNoAxeViolations(page, { ran: ["color-contrast", "link-name"] });
      await page.getByRole("link", { name: /Keysight 34461A/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: /Keysight 34461A/ })).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page, { ran: ["color-contrast", "label"] });
    });
  });
}

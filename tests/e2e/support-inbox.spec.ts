// The support inbox in a browser (issue 18 §2): the demo support agent opens it from the account menu, reads a
// contact-form message and closes it; axe in light and dark mode. Members without the permission are refused.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test, withDatabase } from "./support.ts";

async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

/** A contact-form message as the form keeps it; its subject is unique to the test. */
function keepMessage(subject: string): void {
  withDatabase((db) =>
    db
      .prepare("insert into support_requests (name, email, subject, message) values (?, ?, ?, ?)")
      .run("Grace Hopper", "grace@example.com", subject, "The scope I bought arrived with a cracked screen."),
  );
}

test.describe("the demo support agent", () => {
  signedInAsDemo("support");

  test("opens the inbox from the account menu, reads a message and closes it", async ({ page }) => {
    const subject = `Cracked screen ${crypto.randomUUID().slice(0, 8)}`;
    keepMessage(subject);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Support inbox" }).click();
    await expect(page).toHaveURL(/\/support-inbox$/);
    const message = page.getByRole("article", { name: subject });
    await expect(message).toContainText("From Grace Hopper <grace@example.com>");
    await expect(message).toContainText("The scope I bought arrived with a cracked screen.");
    await expect(message.getByRole("link", { name: "grace@example.com" })).toHaveAttribute("href", /^mailto:grace@example\.com\?subject=Re%3A%20/);

    await message.getByRole("button", { name: `Close “${subject}” from Grace Hopper` }).click();
    await expect(page.getByRole("status").filter({ hasText: "The message was closed." })).toBeVisible();
    await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
    await page.getByRole("link", { name: "Closed" }).click();
    await expect(page.getByRole("article", { name: subject })).toContainText("Closed");
  });

  for (const scheme of ["light", "dark"] as const) {
    test.describe(`in ${scheme} mode`, () => {
      test.use({ colorScheme: scheme });
      test("/support-inbox has no WCAG 2 A/AA violations", async ({ page }) => {
        keepMessage(`Axe check ${crypto.randomUUID().slice(0, 8)}`);
        await page.goto("/support-inbox");
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expect(page.getByRole("article").first()).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const summarize = (items: typeof results.violations) =>
          items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
        expect(summarize(results.violations)).toEqual([]);
        expect(summarize(results.incomplete)).toEqual([]);
      });
    });
  }
});

test.describe("the demo buyer", () => {
  signedInAsDemo("buyer");

  test("is refused the inbox and has no link to it", async ({ page }) => {
    const answer = await page.goto("/support-inbox");
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole("link", { name: "Support inbox" })).toHaveCount(0);
  });
});

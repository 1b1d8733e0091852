// The newsletter's consent in a browser (decision 0041 "The newsletter"): the footer's sign-up mails a
// confirmation link; its page confirms with a button; the unsubscribe link every newsletter mail carries works without
// signing in (and without JavaScript), its page changing nothing until the button is pressed; subscribing again works.
// axe in light and dark mode on both pages.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, latestEmailTo, test, uniqueEmail, waitForHydration, withDatabase } from "./support.ts";

const THANKS = "Thank you for subscribing! Check your inbox: follow the link we've e-mailed you to confirm.";

async function subscribeInFooter(page: Page, email: string) {
  await page.goto("/");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address for the newsletter" }).fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText(THANKS);
}

/** The path and query of the newest link to `path` mailed to `email`. */
function mailedLink(email: string, path: string): string {
  const text = latestEmailTo(email)?.text_body ?? "";
  const found = new RegExp(`https?://[^\\s]+${path}\\?[^\\s]+`).exec(text);
  if (!found) throw new Error(`No ${path} link mailed to ${email}: ${text}`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}

const statusOf = (email: string) =>
  withDatabase((db) => (db.prepare("select status from newsletter_subscriptions where email = ?").get(email) as { status: string } | undefined)?.status);

test("a visitor subscribes, confirms from the mailed link, unsubscribes from it, and subscribes again", async ({ page }) => {
  const email = uniqueEmail("reader");
  await subscribeInFooter(page, email);
  expect(statusOf(email)).toBe("pending");

  await page.goto(mailedLink(email, "/newsletter/confirm"));
  await expect(page.getByText(`Confirm that ${email} should receive the Tradebench newsletter.`)).toBeVisible();
  expect(statusOf(email)).toBe("pending");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your subscription is confirmed." })).toBeVisible();
  expect(statusOf(email)).toBe("subscribed");

  const unsubscribe = mailedLink(email, "/newsletter/unsubscribe");
  await page.goto(unsubscribe);
  await expect(page.getByText(`Stop sending the Tradebench newsletter to ${email}?`)).toBeVisible();
  expect(statusOf(email)).toBe("subscribed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are unsubscribed." })).toBeVisible();
  expect(statusOf(email)).toBe("unsubscribed");

  // Back again later (past the few minutes between two mails to one address).
  withDatabase((db) => db.prepare("update newsletter_subscriptions set confirmation_sent_at = ? where email = ?").run("2026-01-01T00:00:00.000Z", email));
  await subscribeInFooter(page, email);
  await page.goto(mailedLink(email, "/newsletter/confirm"));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your subscription is confirmed." })).toBeVisible();
  expect(statusOf(email)).toBe("subscribed");
});

test("a used confirmation link says so", async ({ page }) => {
  const email = uniqueEmail("twice");
  await subscribeInFooter(page, email);
  const link = mailedLink(email, "/newsletter/confirm");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your subscription is confirmed." })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("This confirmation link is not valid or has already been used.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the unsubscribe link's page works as a plain form", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address for the newsletter" }).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(THANKS);
    await page.goto(mailedLink(email, "/newsletter/unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are unsubscribed." })).toBeVisible();
    expect(statusOf(email)).toBe("unsubscribed");
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test("the confirmation and unsubscribe pages have no WCAG 2 A/AA violations", async ({ page }) => {
      const email = uniqueEmail("axe");
      await subscribeInFooter(page, email);
      for (const path of ["/newsletter/confirm", "/newsletter/unsubscribe"]) {
        await page.goto(mailedLink(email, path));
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expect(page.getByRole("button", { name: /^(Confirm my subscription|Unsubscribe)$/ })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  });
}

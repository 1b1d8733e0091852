// Reports and moderation in a browser: the demo buyer reports a listing of the demo seller
// from its page; the demo moderator finds it in /admin/flagged-listings, opens the review and removes it; the seller
// finds the removal and the moderator's reason among their notifications, and the listing's page is gone for
// others. Axe in light and dark mode on the report page and the moderation pages.
import { randomUUID } from "node:crypto";
import type { Browser, TestInfo } from "@playwright/test";
import { demoAccount, demoStorageState, expect, expectNoAxeViolations, signedInAsDemo, test, uniqueClientIp, withDatabase } from "./support.ts";

/** A listing of the demo seller's own for this test, so other specs' listings stay as they are. */
function insertSellerListing(title: string): number {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const category = db.prepare("select id from categories where level = 3 order by id limit 1").get() as { id: string };
    const row = db
      .prepare(
        "insert into equipment_listings (user_id, title, category_id, condition, price_cents, status, description) values (?, ?, ?, 'used_good', 240000, 'active', ?) returning id",
      )
      .get(seller.id, title, category.id, "Bench power supply, 0-60 V / 0-10 A, tested.") as { id: number };
    return row.id;
  });
}

async function contextAs(browser: Browser, role: "buyer" | "seller", testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
}

test.describe("as the demo moderator", () => {
  signedInAsDemo("moderator");

  test("removes a listing a buyer reported, and the seller is told why", async ({ page, browser }, testInfo) => {
    // Three demo accounts sign in (password hashing) on a shared machine: more than the default 30 s at times.
    test.slow();
    const title = `Programmable DC supply ${randomUUID().slice(0, 8)}`;
    const listingId = insertSellerListing(title);

    // The buyer reports it from the listing page.
    const buyer = await contextAs(browser, "buyer", testInfo);
    try {
      const buyerPage = await buyer.newPage();
      await buyerPage.goto(`/listings/${listingId}`);
      await buyerPage.getByText("Report this listing").click();
      await buyerPage.getByRole("radio", { name: "Counterfeit" }).check();
      await buyerPage.getByLabel("What did you notice? (optional)").fill("The rear label belongs to a different model.");
      await buyerPage.getByRole("button", { name: "Send report" }).click();
      await expect(buyerPage.getByText("Thank you. Your report was sent to our moderators, who will review this listing.")).toBeVisible();
    } finally {
      await buyer.close();
    }

    // The moderator finds it in the queue and removes it.
    await page.goto("/admin/flagged-listings");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Counterfeit");
    await row.getByRole("link", { name: `Review ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Review: ${title}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Reports", exact: true })).toContainText("The rear label belongs to a different model.");
    await page.getByLabel("What to do").selectOption("remove");
    await page.getByLabel(/^Message to the seller/).fill("The unit's serial number does not match the maker's records.");
    await page.getByRole("button", { name: "Save decision" }).click();
    await expect(page.getByText("The listing was removed and the seller was told.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);

    // The seller is told, with the reason; visitors no longer find the listing.
    const seller = await contextAs(browser, "seller", testInfo);
    try {
      const sellerPage = await seller.newPage();
      await sellerPage.goto("/notifications");
      const notice = sellerPage.getByText(`Our moderators removed "${title}": The unit's serial number does not match the maker's records.`);
      await expect(notice).toBeVisible();
      await expect(sellerPage.getByText("Your listing was removed").first()).toBeVisible();
    } finally {
      await seller.close();
    }
    const visitor = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    try {
      const gone = await visitor.request.get(`/listings/${listingId}`);
      expect(gone.status()).toBe(404);
    } finally {
      await visitor.close();
    }
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test.describe("staff pages", () => {
      signedInAsDemo("admin");
      const reported = () =>
        withDatabase((db) => db.prepare("select listing_id as id from listing_reports where status = 'open' order by id limit 1").get() as { id: number }).id;
      const pages: Array<[string, () => string]> = [
        ["the flagged listings queue", () => "/admin/flagged-listings"],
        ["the member reports queue", () => "/admin/flagged-listings?tab=members"],
        ["a listing's review", () => `/admin/review-listing/${reported()}`],
        ["the listings page", () => "/admin/listings?status=active"],
        ["the categories page", () => "/admin/categories"],
      ];
      for (const [name, path] of pages) {
        test(`${name} has no WCAG 2 A/AA violations`, async ({ page }) => {
          // Axe over a full admin table (the taxonomy's ~300 rows) takes long on a loaded machine.
          test.slow();
          await page.goto(path());
          await expect(page.locator("html")).toHaveClass(scheme);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page, { ran: ["color-contrast"] });
        });
      }
    });

    test.describe("the report page", () => {
      signedInAsDemo("buyer");
      test("/listings/{id}/report and the open report control have no WCAG 2 A/AA violations", async ({ page }) => {
        const listingId = insertSellerListing(`Report page check ${scheme}`);
        await page.goto(`/listings/${listingId}/report`);
        await expect(page.getByRole("heading", { level: 1, name: "Report a listing" })).toBeVisible();
        await expectNoAxeViolations(page, { ran: ["color-contrast", "label"] });
        await page.goto(`/listings/${listingId}`);
        await page.getByText("Report this listing").click();
        await expectNoAxeViolations(page, { include: "[data-testid=report-listing]", ran: ["label"] });
      });
    });
  });
}

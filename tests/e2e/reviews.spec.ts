// Reviews end to end: the demo buyer's order with the demo seller has completed (the path to completion
// through the escrow desk is orders.spec.ts; here the completed order is written straight into the database); the
// buyer leaves a review from the order page, the seller reviews back, both reviews then appear on both profiles, and
// the seller replies once from the Reviews tab. The profile page passes axe in light and dark mode.
import crypto from "node:crypto";
import type { Browser, TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import { demoAccount, demoStorageState, expect, expectNoAxeViolations, test, uniqueClientIp, withDatabase } from "./support.ts";

interface CompletedOrder {
  orderId: number;
  buyerId: string;
  sellerId: string;
}

/** A Buy Now listing of the demo seller, sold to the demo buyer in an order completed a moment ago. */
function completedDemoOrder(): CompletedOrder {
  return withDatabase((db) => {
    const idOf = (role: Role) => (db.prepare("select id from users where email = ?").get(demoAccount(role).email) as { id: string }).id;
    const buyerId = idOf("buyer");
    const sellerId = idOf("seller");
    const listing = db
      .prepare(
        `select id, price_cents from equipment_listings l where user_id = ? and listing_type = 'buy_now' and status = 'active'
           and not exists (select 1 from orders o where o.listing_id = l.id) order by random() limit 1`,
      )
      .get(sellerId) as { id: number; price_cents: number } | undefined;
    if (!listing) throw new Error("The demo seed has no unordered Buy Now listing of the demo seller");
    const now = new Date().toISOString();
    const reference = `TB-${crypto.randomBytes(2).toString("hex").toUpperCase()}-${crypto.randomBytes(2).toString("hex").toUpperCase()}`;
    db.prepare("update equipment_listings set status = 'sold' where id = ?").run(listing.id);
    const inserted = db
      .prepare(
        `insert into orders (reference, listing_id, buyer_id, seller_id, sale_type, amount_cents, fee_cents, fee_rate_bp, status,
           checked_out_at, paid_at, shipped_at, delivered_at, completed_at, created_at, updated_at)
         values (?, ?, ?, ?, 'buy_now', ?, 0, 0, 'completed', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(reference, listing.id, buyerId, sellerId, listing.price_cents, now, now, now, now, now, now, now);
    return { orderId: Number(inserted.lastInsertRowid), buyerId, sellerId };
  });
}

async function pageAs(browser: Browser, role: Role, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  return { context, page: await context.newPage() };
}

test("the buyer reviews the seller, the seller reviews back, both appear on both profiles with the seller's reply", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const order = completedDemoOrder();
  const buyerWords = `Arrived calibrated, exactly as listed (${crypto.randomUUID().slice(0, 8)}).`;
  const sellerWords = `Paid at once and easy to deal with (${crypto.randomUUID().slice(0, 8)}).`;

  const buyer = await pageAs(browser, "buyer", testInfo);
  await buyer.page.goto(`/orders/${order.orderId}`);
  await buyer.page.getByRole("link", { name: "Leave a review" }).click();
  await expect(buyer.page.getByRole("heading", { level: 1, name: "Review the seller" })).toBeVisible();
  for (const label of ["Overall", "Item as described", "Communication", "Shipping"]) await buyer.page.getByLabel(label).selectOption("5");
  await buyer.page.getByLabel("Comment (optional)").fill(buyerWords);
  await buyer.page.getByRole("button", { name: "Send review" }).click();
  await expect(buyer.page.getByText(/^Thank you\. Your review is published when the other side has reviewed too/)).toBeVisible();

  // Double-blind: nobody sees the buyer's review before the seller's is in.
  await buyer.page.goto(`/user/${order.sellerId}?tab=reviews`);
  await expect(buyer.page.getByRole("main")).not.toContainText(buyerWords);

  const seller = await pageAs(browser, "seller", testInfo);
  await seller.page.goto(`/orders/${order.orderId}/review`);
  await expect(seller.page.getByRole("heading", { level: 1, name: "Review the buyer" })).toBeVisible();
  await seller.page.getByLabel("Overall").selectOption("4");
  await seller.page.getByLabel("Comment (optional)").fill(sellerWords);
  await seller.page.getByRole("button", { name: "Send review" }).click();
  await expect(seller.page.getByText(/^Thank you\./)).toBeVisible();

  // Both are published now: the seller replies to the buyer's review from the Reviews tab.
  await seller.page.goto(`/user/${order.sellerId}?tab=reviews`);
  const review = seller.page.getByRole("listitem").filter({ hasText: buyerWords });
  await expect(review).toBeVisible();
  await review.getByLabel("Your reply (once, shown to everyone)").fill("Thank you, enjoy the instrument.");
  await review.getByRole("button", { name: "Reply" }).click();
  await expect(seller.page.getByText("Your reply is published under the review.")).toBeVisible();
  await expect(seller.page.getByRole("listitem").filter({ hasText: buyerWords })).toContainText("Thank you, enjoy the instrument.");

  await buyer.page.goto(`/user/${order.sellerId}?tab=reviews`);
  await expect(buyer.page.getByRole("listitem").filter({ hasText: buyerWords })).toContainText("Thank you, enjoy the instrument.");
  await buyer.page.goto(`/user/${order.buyerId}?tab=reviews`);
  await expect(buyer.page.getByRole("main")).toContainText(sellerWords);
  await buyer.context.close();
  await seller.context.close();
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`the profile page in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test("has no WCAG 2 A/AA violations on its Listings and Reviews tabs", async ({ page }) => {
      const sellerId = withDatabase((db) => (db.prepare("select id from users where email = ?").get(demoAccount("seller").email) as { id: string }).id);
      await page.goto(`/user/${sellerId}`);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
      await page.goto(`/user/${sellerId}?tab=reviews`);
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
    });
  });
}

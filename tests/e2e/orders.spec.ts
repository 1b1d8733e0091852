// Buy Now and the escrow order flow end to end: the buyer checks out a demo seller's item, billing confirms the
// bank transfer on the escrow desk, the seller ships with carrier and tracking (without JavaScript), the buyer
// confirms receipt; the seller's sales show it completed. Checkout and the order page pass axe.
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Browser, Page, TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import { insertMember, insertOrder, withAppDatabase } from "./fixtures.ts";
import { databaseFile, demoStorageState, expect, test, uniqueClientIp, watchConsole } from "./support.ts";

/** An active Buy Now listing of seller@tradebench.test nobody has ordered, picked at random so parallel runs differ. */
function demoSellerBuyNowListing(): { id: number; title: string } {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `select l.id, l.title from equipment_listings l join users u on u.id = l.user_id
         where u.email = 'seller@tradebench.test' and l.listing_type = 'buy_now' and l.status = 'active'
           and not exists (select 1 from orders o where o.listing_id = l.id)
         order by random() limit 1`,
      )
      .get() as { id: number; title: string } | undefined;
    if (!row) throw new Error("The demo seed has no active Buy Now listing of seller@tradebench.test");
    return row;
  } finally {
    db.close();
  }
}

async function contextAs(browser: Browser, role: Role, testInfo: TestInfo, options: { javaScriptEnabled?: boolean } = {}) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    ...options,
  });
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const summarize = (items: typeof results.violations) =>
    items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
  expect(summarize(results.violations)).toEqual([]);
  expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["color-contrast", "label"]));
}

test("buy → pay → ship → receive: a Buy Now order through escrow to completion", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const listing = demoSellerBuyNowListing();

  // The buyer checks out.
  const buyerContext = await contextAs(browser, "buyer", testInfo);
  const buyer = await buyerContext.newPage();
  const buyerProblems = watchConsole(buyer);
  await buyer.goto(`/listings/${listing.id}`);
  await buyer.getByRole("link", { name: "Buy Now", exact: true }).click();
  await expect(buyer).toHaveURL(`/checkout/listing/${listing.id}`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(buyer.getByRole("main")).toContainText(listing.title);
  await expect(buyer.getByRole("heading", { name: "Fees and buyer protection" })).toBeVisible();
  await expect(buyer.getByRole("main")).toContainText("After delivery you have 7 days to inspect the item");
  await expectAccessible(buyer);
  const address = buyer.getByRole("group", { name: "Shipping address" });
  await address.getByRole("textbox", { name: "Full name" }).fill("Bianca Byers");
  await address.getByRole("textbox", { name: "Street address" }).fill("12 Foundry Road");
  await address.getByRole("textbox", { name: "City" }).fill("Dayton");
  await address.getByRole("textbox", { name: "ZIP / postal code" }).fill("45402");
  await address.getByRole("textbox", { name: "Country" }).fill("United States");
  await buyer.getByRole("button", { name: "Place order" }).click();
  await expect(buyer).toHaveURL(/\/orders\/\d+\?placed=1$/);
  const orderPath = new URL(buyer.url()).pathname;
  await expect(buyer.getByRole("status").filter({ hasText: "Your order is placed" })).toBeVisible();
  await expect(buyer.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
  const reference = (await buyer.getByTestId("payment-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^TB-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Order ${reference}`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(buyer.getByRole("main")).toContainText("12 Foundry Road");
  await expectAccessible(buyer);
  // The item is sold now: its checkout sends the buyer back to the order.
  await buyer.goto(`/checkout/listing/${listing.id}`);
  await expect(buyer).toHaveURL(orderPath);

  // Billing confirms the bank transfer on the escrow desk.
  const billingContext = await contextAs(browser, "billing", testInfo);
  const billing = await billingContext.newPage();
  await billing.goto("/escrow");
  await expect(billing.getByRole("heading", { level: 1, name: "Escrow desk" })).toBeVisible();
  // The desk opens the order's confirmation form: the amount received, the value date, a ticked box.
  await billing.getByRole("link", { name: `Confirm payment received for order ${reference}` }).click();
  await expect(billing).toHaveURL(new RegExp(`${orderPath}(#.*)?$`));
  const total =
    (await billing.getByText(/^The order total is /).textContent())
      ?.replace(/^The order total is [^\d]*/, "")
      .replace(/[,.]$/, "")
      .replace(/,/g, "") ?? "";
  await billing.getByLabel(/^Amount received/).fill(total);
  await billing.getByLabel(/^Value date/).fill(new Date().toISOString().slice(0, 10));
  await billing.getByLabel(/I have checked the escrow account/).check();
  await billing.getByRole("button", { name: "Confirm payment received" }).click();
  await expect(billing).toHaveURL(new RegExp(`${orderPath}\\?done=confirm_payment$`));
  await expect(billing.getByRole("status").filter({ hasText: "Payment confirmed" })).toBeVisible();
  await billing.goto("/escrow");
  await expect(billing.getByRole("link", { name: `Confirm payment received for order ${reference}` })).toHaveCount(0);

  // The seller ships, in a browser without JavaScript: the tracking number is required.
  const sellerContext = await contextAs(browser, "seller", testInfo, { javaScriptEnabled: false });
  const seller = await sellerContext.newPage();
  await seller.goto(orderPath);
  await expect(seller.getByTestId("order-status")).toHaveText("Paid, held in escrow");
  await seller.getByRole("textbox", { name: "Carrier" }).fill("DHL Freight");
  await seller.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(seller.getByText("Tracking number is required")).toBeVisible();
  await seller.getByRole("textbox", { name: "Carrier" }).fill("DHL Freight");
  await seller.getByRole("textbox", { name: "Tracking number" }).fill("JD014600006281234567");
  await seller.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(seller).toHaveURL(`${orderPath}?done=ship`);
  await expect(seller.getByTestId("order-status")).toHaveText("Shipped");

  // The buyer sees the tracking details and confirms receipt.
  await buyer.goto(orderPath);
  await expect(buyer.getByRole("main")).toContainText("JD014600006281234567");
  await expect(buyer.getByRole("list", { name: "Order timeline" }).getByRole("listitem")).toHaveCount(3);
  // Confirming releases the money, so it asks first (the refusal without the tick: tests/integration/orders/order-routes).
  await buyer.getByRole("checkbox", { name: /The item arrived and is as described/ }).check();
  await buyer.getByRole("button", { name: "Confirm receipt" }).click();
  await expect(buyer).toHaveURL(`${orderPath}?done=confirm_receipt`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Completed");
  await expect(buyer.getByRole("list", { name: "Order timeline" }).getByRole("listitem")).toHaveCount(4);
  await expect(buyer.getByRole("heading", { name: "What you can do now" })).toHaveCount(0);

  // The purchase and the sale are listed as completed, the sale with its fee and net.
  await buyer.goto("/orders");
  await expect(buyer.getByRole("row", { name: new RegExp(reference) })).toContainText("Completed");
  await seller.goto("/seller/orders");
  const sale = seller.getByRole("row", { name: new RegExp(reference) });
  await expect(sale).toContainText("Completed");
  await expect(sale).toContainText("(2.5%)");
  expect(buyerProblems).toEqual([]);

  await Promise.all([buyerContext.close(), billingContext.close(), sellerContext.close()]);
});

test("the order page is 404 for a member who is not a party to it", async ({ browser }, testInfo) => {
  // An order between two members of our own: the demo moderator is no party and holds no order permission (support
  // may read every order).
  const order = await withAppDatabase(async (db) => {
    const seller = await insertMember(db, { role: "seller", prefix: "order-seller" });
    const buyer = await insertMember(db, { prefix: "order-buyer" });
    return insertOrder(db, buyer.id, seller.id);
  });
  const context = await contextAs(browser, "moderator", testInfo);
  const page = await context.newPage();
  const response = await page.goto(`/orders/${order.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await context.close();
});

// Make Offer in a browser: the seller turns on Accept offers in the listing form; a buyer makes an offer from
// the listing page's Make Offer dialog, the seller counters on /offers (Received), the buyer accepts on /offers (Sent)
// and checks out through the order checkout, and the order appears on both sides. Without JavaScript the offer form
// still opens and posts, and a refused offer comes back with its message; /offers and the open dialog pass axe in light
// and dark mode. Each test lists its own item for the demo seller, so its negotiation is new whatever else has run.
import type { Browser, Page, TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import {
  demoAccount,
  demoStorageState,
  expect,
  expectNoAxeViolations,
  signedInAsDemo,
  test,
  uniqueClientIp,
  waitForHydration,
  withDatabase,
} from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

/** A Buy Now listing of the demo seller at $2,500 (taking offers when `acceptsOffers`); returns its id. */
function insertListing(title: string, acceptsOffers: boolean): number {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const row = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition, accepts_offers)
         values (?, ?, ?, 'active', 'buy_now', 250000, 'Calibrated in March, with its original probes and case.', 'used_excellent', ?)`,
      )
      .run(seller.id, title, OSCILLOSCOPES, acceptsOffers ? 1 : 0);
    return Number(row.lastInsertRowid);
  });
}

async function signedInPage(
  browser: Browser,
  role: Role,
  testInfo: TestInfo,
  options: { javaScriptEnabled?: boolean; colorScheme?: "light" | "dark" } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    ...options,
  });
  return context.newPage();
}

/** The negotiation card on /offers about the listing titled `title`. */
const negotiation = (page: Page, title: string) => page.getByTestId("negotiation").filter({ has: page.getByRole("heading", { name: title }) });

test("a buyer offers, the seller counters, the buyer accepts and pays through checkout, and the order appears for both", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Rigol DS1104Z oscilloscope ${crypto.randomUUID().slice(0, 6)}`;
  const listingId = insertListing(title, false);
  const seller = await signedInPage(browser, "seller", testInfo);
  const buyer = await signedInPage(browser, "buyer", testInfo);

  // The seller turns offers on in the listing form, with an auto-decline price below which offers are refused at once.
  await seller.goto(`/edit-listing/${listingId}`);
  await waitForHydration(seller);
  await seller.getByText("Accept offers", { exact: true }).click();
  await seller.getByRole("textbox", { name: "Auto-decline offers below (optional)" }).fill("1000");
  await seller.getByRole("button", { name: "Save changes" }).click();
  // $1,000 is 40 % of the $2,500 price: the form asks the seller to confirm a price that far below.
  await seller.getByText("Yes, keep these prices", { exact: true }).click();
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Your changes have been saved.")).toBeVisible();
  expect(withDatabase((db) => db.prepare("select accepts_offers, auto_decline_cents from equipment_listings where id = ?").get(listingId))).toEqual({
    accepts_offers: 1,
    auto_decline_cents: 100_000,
  });

  // The buyer sees how many offers remain, opens Make Offer and sends one (the auto-decline price is never shown).
  await buyer.goto(`/listings/${listingId}`);
  await waitForHydration(buyer);
  const panel = buyer.getByTestId("make-offer");
  await expect(panel).toContainText("3 offers left on this listing");
  await expect(buyer.locator("body")).not.toContainText("1,000.00");
  await panel.getByText("Make Offer", { exact: true }).click();
  await panel.getByRole("textbox", { name: /^Your offer/ }).fill("1900");
  await panel.getByRole("textbox", { name: "Message to the seller (optional)" }).fill("Could you include the rack-mount kit?");
  await panel.getByRole("button", { name: "Send offer" }).click();
  await expect(buyer).toHaveURL(/\/offers\?tab=sent$/);
  await expect(negotiation(buyer, title)).toContainText("Buyer offered: $1,900.00");
  await expect(negotiation(buyer, title).getByTestId("offer-status")).toHaveText("Awaiting their answer");

  // The seller counters from Received.
  await seller.goto("/offers?tab=received");
  const received = negotiation(seller, title);
  await expect(received).toContainText("Could you include the rack-mount kit?");
  await expect(received).toContainText(/Expires in 4\d h/);
  await received.getByText("Counter", { exact: true }).click();
  await received.getByRole("textbox", { name: /^Your counter/ }).fill("2200");
  await received.getByRole("textbox", { name: "Message (optional)" }).fill("Yes, with the kit at this price.");
  await received.getByRole("button", { name: "Send counter" }).click();
  await expect(negotiation(seller, title)).toContainText("Seller countered: $2,200.00");
  await expect(negotiation(seller, title).getByTestId("offer-status")).toHaveText("Awaiting their answer");

  // The buyer accepts the counter and checks out at the agreed price.
  await buyer.goto("/offers?tab=sent");
  await waitForHydration(buyer);
  const sent = negotiation(buyer, title);
  await expect(sent).toContainText("Yes, with the kit at this price.");
  await sent.getByRole("button", { name: "Accept $2,200.00" }).click();
  await expect(buyer).toHaveURL(/\/checkout\/offer\/\d+$/);
  await expect(buyer.getByRole("heading", { name: "Your offer was accepted" })).toBeVisible();
  await expect(buyer.getByRole("main")).toContainText("$2,200.00");
  const fields: Array<[string, string]> = [
    ["Full name", "Bianca Byers"],
    ["Street address", "12 Foundry Road"],
    ["City", "Dayton"],
    ["ZIP / postal code", "45402"],
    ["Country", "United States"],
  ];
  for (const [name, value] of fields) {
    const box = buyer.getByRole("textbox", { name, exact: true });
    if (!(await box.inputValue())) await box.fill(value);
  }
  await buyer.getByRole("button", { name: "Confirm shipping address" }).click();
  await expect(buyer).toHaveURL(/\/orders\/\d+\?placed=1$/);
  const reference = withDatabase(
    (db) => db.prepare("select reference, amount_cents from orders where listing_id = ?").get(listingId) as { reference: string; amount_cents: number },
  );
  expect(reference.amount_cents).toBe(220_000);
  await expect(buyer.getByRole("main")).toContainText(reference.reference);

  // The order is on both sides' lists; the listing no longer sells.
  await buyer.goto("/orders");
  await expect(buyer.getByRole("main")).toContainText(title);
  await seller.goto("/seller/orders");
  await expect(seller.getByRole("main")).toContainText(title);
  await buyer.goto(`/listings/${listingId}`);
  await expect(buyer.getByText("This item has been sold.")).toBeVisible();
  await expect(buyer.getByTestId("make-offer")).toHaveCount(0);
  await seller.context().close();
  await buyer.context().close();
});

test.describe("without JavaScript", () => {
  test("the Make Offer dialog opens and posts; a refused offer comes back with its message", async ({ browser }, testInfo) => {
    const title = `Keysight 34465A multimeter ${crypto.randomUUID().slice(0, 6)}`;
    const listingId = insertListing(title, true);
    const buyer = await signedInPage(browser, "buyer", testInfo, { javaScriptEnabled: false });
    await buyer.goto(`/listings/${listingId}`);
    const panel = buyer.getByTestId("make-offer");
    await panel.getByText("Make Offer", { exact: true }).click();
    await panel.getByRole("textbox", { name: /^Your offer/ }).fill("2600");
    await panel.getByRole("button", { name: "Send offer" }).click();
    await expect(buyer).toHaveURL(new RegExp(`/listings/${listingId}/offer$`));
    await expect(buyer.getByText("An offer must be below the price; at the price, use Buy Now")).toBeVisible();
    await buyer.getByRole("textbox", { name: /^Your offer/ }).fill("2100");
    await buyer.getByRole("button", { name: "Send offer" }).click();
    await expect(buyer).toHaveURL(/\/offers\?tab=sent$/);
    await expect(negotiation(buyer, title)).toContainText("Buyer offered: $2,100.00");
    // Withdrawing works without JavaScript too.
    await negotiation(buyer, title).getByRole("button", { name: "Withdraw offer" }).click();
    await expect(negotiation(buyer, title).getByTestId("offer-status")).toHaveText("Withdrawn");
    await buyer.context().close();
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    signedInAsDemo("buyer");

    test("/offers and the open Make Offer dialog have no WCAG 2 A/AA violations", async ({ page }) => {
      const listingId = insertListing(`Tektronix TBS2000B oscilloscope ${crypto.randomUUID().slice(0, 6)}`, true);
      await page.goto(`/listings/${listingId}`);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      const panel = page.getByTestId("make-offer");
      await panel.getByText("Make Offer", { exact: true }).click();
      await expect(panel.getByRole("button", { name: "Send offer" })).toBeVisible();
      // Judged at rest: the pointer that opened it leaves the button (its hover shade is not what a reader sees).
      await page.mouse.move(0, 0);
      await expectNoAxeViolations(page, { include: '[data-testid="make-offer"]', ran: ["color-contrast", "label"] });

      // The seeded demo gives the buyer negotiations in several states (a counter to answer among them).
      await page.goto("/offers?tab=sent");
      await waitForHydration(page);
      await expect(page.getByTestId("negotiation").first()).toBeVisible();
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
      await page.goto("/offers?tab=received");
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
    });
  });
}

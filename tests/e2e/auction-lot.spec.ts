// The lot page: two bidders in two browsers see each other's bids (and a soft-close extension) arrive without a
// reload; a bid without JavaScript; the leader's note; the listing page's bid panel; accessibility.
// Each test writes its own auction straight into the e2e database (owned by the demo seller), so it does not
// depend on the demo seed's auctions or on what other tests bid.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { demoAccount, demoStorageState, expect, test, uniqueClientIp, watchConsole, withDatabase } from "./support.ts";
import type { Role } from "../../app/lib/roles.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
/** Spec: a bid by someone else shows within 2 seconds. */
const LIVE_MS = 2_000;

interface LotOptions {
  title?: string;
  endsInMs?: number;
  startingCents?: number;
  buyNowCents?: number | null;
}

/** An active auction listing of the demo seller: $1,000 start, $10 increment, auto-extend on. */
function insertLot({ title = "Keysight MSOX4154A oscilloscope", endsInMs = 24 * 3_600_000, startingCents = 100_000, buyNowCents = null }: LotOptions = {}) {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const now = Date.now();
    const listing = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, buy_now_price_cents,
           description, condition)
         values (?, ?, ?, 'active', ?, ?, ?, 'Calibrated last spring, with four passive probes.', 'used_excellent')`,
      )
      .run(seller.id, title, OSCILLOSCOPES, buyNowCents ? "hybrid" : "auction", startingCents, buyNowCents);
    const listingId = Number(listing.lastInsertRowid);
    const auction = db
      .prepare(
        `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents,
           bid_increment_fixed, extensions_end_at, buy_now_price_cents, status, auto_extend)
         values (?, ?, ?, ?, ?, 1000, 1, ?, ?, 'active', 1)`,
      )
      // A fixed $10 step and soft close capped an hour after the end, as a seller's form would store them.
      .run(
        listingId,
        new Date(now - 3_600_000).toISOString(),
        new Date(now + endsInMs).toISOString(),
        startingCents,
        startingCents,
        new Date(now + endsInMs + 3_600_000).toISOString(),
        buyNowCents,
      );
    return { auctionId: Number(auction.lastInsertRowid), listingId };
  });
}

async function signedInContext(browser: Browser, role: Role, testInfo: TestInfo, options: { javaScriptEnabled?: boolean } = {}) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    ...options,
  });
}

/** Opens the lot and waits until its live connection is open, so nothing pushed afterwards is missed. */
async function openLot(context: BrowserContext, auctionId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/auctions/${auctionId}`);
  await expect(page.locator('[data-live="live"]')).toBeAttached();
  return page;
}

const currentBid = (page: Page) => page.getByTestId("auction-current-bid");
const history = (page: Page) => page.getByTestId("bid-history-entry");
const placeBid = (page: Page) => page.getByRole("button", { name: "Place Bid" });

test.describe("two bidders on one lot", () => {
  // Two browsers, each signed in: more set-up than one page on a shared machine.
  test.slow();
  test("each bids and sees the other's bid appear without a reload", async ({ browser }, testInfo) => {
    const { auctionId } = insertLot({ title: "Tektronix MSO58 oscilloscope (live bidding)" });
    const buyerContext = await signedInContext(browser, "buyer", testInfo);
    const adminContext = await signedInContext(browser, "admin", testInfo);
    try {
      const bianca = await openLot(buyerContext, auctionId);
      const ada = await openLot(adminContext, auctionId);
      const problems = [...watchConsole(bianca), ...watchConsole(ada)];

      // Bianca takes the first suggestion ($1,000, the starting price).
      await expect(bianca.getByLabel("Your bid ($)")).toHaveValue("1000");
      await placeBid(bianca).click();
      await expect(bianca.getByTestId("bid-success")).toHaveText("Your bid of $1,000 has been placed!");
      await expect(bianca.getByTestId("bid-standing")).toHaveText("You are currently the highest bidder!");
      await expect(bianca.getByLabel("Your bid ($)")).toBeDisabled();
      await expect(placeBid(bianca)).toBeDisabled();

      // Ada's page shows it without a reload, and her form moves on to the next acceptable bid.
      await expect(history(ada).first()).toContainText("Bianca B.", { timeout: LIVE_MS });
      await expect(history(ada).first()).toContainText("$1,000");
      await expect(ada.getByTestId("auction-bid-count")).toHaveText("1");
      await expect(ada.getByLabel("Your bid ($)")).toHaveValue("1010");

      // Ada picks a suggestion and outbids her; Bianca sees it arrive and may bid again.
      await ada.getByRole("button", { name: "$1,020" }).click();
      await expect(ada.getByLabel("Your bid ($)")).toHaveValue("1020");
      await placeBid(ada).click();
      await expect(ada.getByTestId("bid-success")).toHaveText("Your bid of $1,020 has been placed!");
      await expect(ada.getByTestId("bid-standing")).toHaveText("You are currently the highest bidder!");

      await expect(currentBid(bianca)).toHaveText("$1,020", { timeout: LIVE_MS });
      await expect(history(bianca).first()).toContainText("Ada A.");
      await expect(history(bianca)).toHaveCount(2);
      await expect(bianca.getByTestId("bid-standing")).toBeHidden();
      await expect(placeBid(bianca)).toBeEnabled();
      await expect(bianca.getByLabel("Your bid ($)")).toHaveValue("1030");

      // A bid below the next acceptable amount is stopped in the browser with the spec's words.
      await bianca.getByLabel("Your bid ($)").fill("1025");
      await placeBid(bianca).click();
      await expect(bianca.getByTestId("bid-error")).toHaveText("Your bid must be at least $1,030");
      expect(problems).toEqual([]);
    } finally {
      await buyerContext.close();
      await adminContext.close();
    }
  });

  test("a late bid extends the lot for everyone watching it", async ({ browser }, testInfo) => {
    const { auctionId } = insertLot({ title: "Rigol DS1104Z oscilloscope (closing)", endsInMs: 90_000 });
    const buyerContext = await signedInContext(browser, "buyer", testInfo);
    const adminContext = await signedInContext(browser, "admin", testInfo);
    try {
      const bianca = await openLot(buyerContext, auctionId);
      const ada = await openLot(adminContext, auctionId);
      await expect(ada.getByTestId("auction-countdown")).toHaveText(/^1m \d+s$/);
      await placeBid(bianca).click();
      await expect(bianca.getByTestId("bid-success")).toBeVisible();
      // Five minutes after the bid: the clock jumps past four minutes on the other page.
      await expect(ada.getByTestId("auction-extended")).toHaveText("Extended once by late bids.", { timeout: LIVE_MS });
      await expect(ada.getByTestId("auction-countdown")).toHaveText(/^4m \d+s$/);
    } finally {
      await buyerContext.close();
      await adminContext.close();
    }
  });
});

test.describe("without JavaScript", () => {
  test("a bid posts, comes back to the lot page and shows the outcome", async ({ browser }, testInfo) => {
    const { auctionId } = insertLot({ title: "Fluke 8846A multimeter (no script)" });
    const context = await signedInContext(browser, "buyer", testInfo, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/auctions/${auctionId}`);
      await page.getByLabel("Your bid ($)").fill("abc");
      await placeBid(page).click();
      await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
      await expect(page.getByTestId("bid-error")).toHaveText("Please enter a valid bid amount");

      await page.getByLabel("Your bid ($)").fill("1050");
      await page.getByLabel("Maximum bid (optional)").fill("1200");
      await placeBid(page).click();
      await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
      await expect(page.getByTestId("bid-success")).toHaveText("Your bid of $1,050 has been placed!");
      await expect(page.getByTestId("bid-standing")).toHaveText("You are currently the highest bidder!");
      await expect(history(page).first()).toContainText("$1,050");

      // The outcome shows once: a reload shows the lot without it.
      await page.reload();
      await expect(page.getByTestId("bid-success")).toHaveCount(0);
      await expect(currentBid(page)).toHaveText("$1,050");
    } finally {
      await context.close();
    }
  });

  test("a bid from the listing page comes back to the listing page", async ({ browser }, testInfo) => {
    const { listingId } = insertLot({ title: "Keithley 2450 SourceMeter (listing page)" });
    const context = await signedInContext(browser, "buyer", testInfo, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/listings/${listingId}`);
      const panel = page.getByTestId("listing-auction-panel");
      await panel.getByLabel("Your bid ($)").fill("1000");
      await panel.getByRole("button", { name: "Place Bid" }).click();
      await expect(page).toHaveURL(new RegExp(`/listings/${listingId}$`));
      await expect(panel.getByTestId("bid-success")).toHaveText("Your bid of $1,000 has been placed!");
      await expect(panel.getByTestId("bid-standing")).toHaveText("You are currently the highest bidder!");
    } finally {
      await context.close();
    }
  });
});

test.describe("accessibility", () => {
  test("the lot page has no axe violations for a bidder", async ({ browser }, testInfo) => {
    const { auctionId } = insertLot({ title: "Anritsu MS2038C analyzer (axe)", buyNowCents: 500_000 });
    const context = await signedInContext(browser, "buyer", testInfo);
    try {
      const page = await openLot(context, auctionId);
      await expect(page.getByRole("heading", { name: "How bidding works" })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const summarize = (items: typeof results.violations) =>
        items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
      expect(summarize(results.violations)).toEqual([]);
      expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["color-contrast", "label"]));
    } finally {
      await context.close();
    }
  });
});

// Buyer–seller messages: a buyer contacts the seller from a listing page, the seller (another browser) sees the
// message arrive without a reload and replies, and the buyer sees the reply the same way; visitors sign in first;
// sending works without JavaScript; phones show the list, then the thread; /messages passes axe in both modes.
// Each test lists its own item for the demo seller, so its conversation is new whatever else has run.
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
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
  watchConsole,
  withDatabase,
} from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

/** A Buy Now listing of the demo seller; returns its id. */
function insertListing(title: string): number {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const row = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition)
         values (?, ?, ?, 'active', 'buy_now', 250000, 'Calibrated in March, with the original probes.', 'used_excellent')`,
      )
      .run(seller.id, title, OSCILLOSCOPES);
    return Number(row.lastInsertRowid);
  });
}

/** An active auction of the demo seller on a new listing; returns the auction's id. */
function insertLot(title: string): number {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const listing = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition)
         values (?, ?, ?, 'active', 'auction', 100000, 'Bench-tested, with its manual.', 'used_good')`,
      )
      .run(seller.id, title, OSCILLOSCOPES);
    const now = Date.now();
    const auction = db
      .prepare(
        `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents, status, auto_extend)
         values (?, ?, ?, 100000, 100000, 1000, 'active', 1)`,
      )
      .run(Number(listing.lastInsertRowid), new Date(now - 3_600_000).toISOString(), new Date(now + 86_400_000).toISOString());
    return Number(auction.lastInsertRowid);
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

const liveStream = (page: Page) => page.locator('[data-live-mode="live"]');
const sendBox = (page: Page) => page.getByRole("textbox", { name: /^Message to / });
const thread = (page: Page) => page.getByRole("log");

/** Contact Seller on the listing page; returns the conversation's id from the address it lands on. */
async function contactSeller(page: Page, listingId: number): Promise<number> {
  await page.goto(`/listings/${listingId}`);
  await page.getByRole("button", { name: "Contact Seller" }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=\d+$/);
  return Number(new URL(page.url()).searchParams.get("conversation"));
}

test.describe("a buyer and a seller", () => {
  // Two signed-in browsers on a shared machine.
  test.slow();
  test("the buyer contacts the seller, who sees it live and replies; the buyer sees the reply live", async ({ browser }, testInfo) => {
    const title = `Siglent SDS2104X Plus oscilloscope ${Date.now()}`;
    const listingId = insertListing(title);
    const buyerContext = await signedInContext(browser, "buyer", testInfo);
    const sellerContext = await signedInContext(browser, "seller", testInfo);
    try {
      const buyer = await buyerContext.newPage();
      const seller = await sellerContext.newPage();
      const problems = [...watchConsole(buyer), ...watchConsole(seller)];

      const conversationId = await contactSeller(buyer, listingId);
      await expect(buyer.getByTestId("thread-pane").getByRole("link", { name: title })).toHaveAttribute("href", `/listings/${listingId}`);
      await expect(thread(buyer)).toContainText("No messages yet");
      await expect(liveStream(buyer)).toBeAttached();

      // The seller has the conversation open before anything is written, and the page is never reloaded.
      await seller.goto(`/messages?conversation=${conversationId}`);
      await expect(liveStream(seller)).toBeAttached();
      await seller.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // Blank text is not sent.
      await sendBox(buyer).fill("   ");
      await buyer.getByRole("button", { name: "Send" }).click();
      await expect(buyer.getByRole("alert").filter({ hasText: "Please type a message before sending." })).toBeVisible();

      await sendBox(buyer).fill("Hello! Does it come with the probes? Photos: https://example.com/probes");
      await buyer.getByRole("button", { name: "Send" }).click();
      await expect(sendBox(buyer)).toHaveValue("");
      await expect(thread(buyer).getByTestId("message").filter({ hasText: "Does it come with the probes?" })).toHaveCount(1);

      const received = thread(seller).getByTestId("message").filter({ hasText: "Does it come with the probes?" });
      await expect(received).toBeVisible();
      await expect(received).toHaveAttribute("data-mine", "false");
      const link = received.getByRole("link", { name: "https://example.com/probes" });
      await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
      await expect(link).toHaveAttribute("target", "_blank");
      expect(await seller.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      await buyer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await sendBox(seller).fill("Yes, all four probes are included.");
      await sendBox(seller).press("Control+Enter");
      await expect(thread(seller).getByTestId("message").filter({ hasText: "all four probes" })).toHaveAttribute("data-mine", "true");

      const reply = thread(buyer).getByTestId("message").filter({ hasText: "Yes, all four probes are included." });
      await expect(reply).toBeVisible();
      await expect(reply).toHaveAttribute("data-mine", "false");
      expect(await buyer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      // Both have the conversation in their list (other tests message the same demo accounts at the same time, so
      // its place in the list is not asserted here; the integration tests check the order).
      await expect(buyer.getByTestId("conversation-link").filter({ hasText: title })).toHaveCount(1);
      await expect(seller.getByTestId("conversation-link").filter({ hasText: title })).toHaveCount(1);
      expect(problems).toEqual([]);
    } finally {
      await buyerContext.close();
      await sellerContext.close();
    }
  });
});

test.describe("the header's Messages link", () => {
  test.slow();
  test("shows the seller the unread count when the buyer's message arrives, without a reload", async ({ browser }, testInfo) => {
    const listingId = insertListing(`Keysight 34465A multimeter ${Date.now()}`);
    const buyerContext = await signedInContext(browser, "buyer", testInfo);
    const sellerContext = await signedInContext(browser, "seller", testInfo);
    try {
      const buyer = await buyerContext.newPage();
      const seller = await sellerContext.newPage();
      const conversationId = await contactSeller(buyer, listingId);

      await seller.goto("/dashboard");
      await expect(liveStream(seller)).toBeAttached();
      await seller.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const messagesLink = seller.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages(, \d+ unread)?$/ });
      // Other tests may write to the demo seller at the same time: the count only has to grow.
      const unreadOf = async () => Number(/, (\d+) unread$/.exec((await messagesLink.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
      const before = await unreadOf();

      await sendBox(buyer).fill("Is the 34465A still under calibration?");
      await buyer.getByRole("button", { name: "Send" }).click();
      await expect(thread(buyer).getByTestId("message").filter({ hasText: "still under calibration" })).toHaveCount(1);

      await expect.poll(unreadOf).toBeGreaterThan(before);
      await expect(messagesLink).toHaveAccessibleName(/^Messages, \d+ unread$/);
      await expect(messagesLink).toHaveText("Messages");
      // The badge is drawn beside the label.
      expect(await messagesLink.evaluate((link) => getComputedStyle(link, "::after").content)).toMatch(/^"(\d+|9\+)"$/);
      expect(await seller.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      // Opening the conversation reads it; the next page shows the count without it.
      await seller.goto(`/messages?conversation=${conversationId}`);
      await expect(thread(seller).getByTestId("message").filter({ hasText: "still under calibration" })).toBeVisible();
      const unreadLeft = withDatabase(
        (db) =>
          (
            db
              .prepare("select count(*) as n from messages where recipient_id = (select id from profiles where email = ?) and read_at is null")
              .get(demoAccount("seller").email) as { n: number }
          ).n,
      );
      await seller.goto("/dashboard");
      await expect(messagesLink).toHaveAccessibleName(unreadLeft > 0 ? /^Messages, \d+ unread$/ : "Messages");
    } finally {
      await buyerContext.close();
      await sellerContext.close();
    }
  });
});

test.describe("visitors", () => {
  test("are sent to sign in from /messages and from Contact Seller", async ({ page }) => {
    await page.goto("/messages");
    await expect(page).toHaveURL(/\/login\?from=%2Fmessages$/);
    const listingId = insertListing(`Rigol DP832 power supply ${Date.now()}`);
    await page.goto(`/listings/${listingId}`);
    await page.getByRole("button", { name: "Contact Seller" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?from=%2Flistings%2F${listingId}$`));
    const auctionId = insertLot(`Rigol DSA815 analyzer ${Date.now()}`);
    await page.goto(`/auctions/${auctionId}`);
    await page.getByRole("button", { name: "Contact Seller" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?from=%2Fauctions%2F${auctionId}$`));
  });
});

test.describe("on a lot page", () => {
  signedInAsDemo("buyer");
  test("Contact Seller opens the conversation about the lot's listing", async ({ page }) => {
    const title = `Anritsu MS2721B spectrum master ${Date.now()}`;
    const auctionId = insertLot(title);
    await page.goto(`/auctions/${auctionId}`);
    await page.getByRole("button", { name: "Contact Seller" }).click();
    await expect(page).toHaveURL(/\/messages\?conversation=\d+$/);
    await expect(page.getByTestId("thread-pane").getByRole("link", { name: title })).toBeVisible();
  });
});

test.describe("the seller's own listing", () => {
  signedInAsDemo("seller");
  test("has no Contact Seller button", async ({ page }) => {
    const listingId = insertListing(`Fluke 289 multimeter ${Date.now()}`);
    await page.goto(`/listings/${listingId}`);
    await expect(page.getByRole("button", { name: "Edit Listing" }).or(page.getByRole("link", { name: "Edit Listing" }))).toBeVisible();
    await expect(page.getByRole("button", { name: "Contact Seller" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test("a buyer contacts the seller and sends a message; blank text is refused", async ({ browser }, testInfo) => {
    const listingId = insertListing(`Keithley 2400 SourceMeter ${Date.now()}`);
    const context = await signedInContext(browser, "buyer", testInfo, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const conversationId = await contactSeller(page, listingId);
      await sendBox(page).fill("  ");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please type a message before sending." })).toBeVisible();
      await sendBox(page).fill("Is the GPIB card installed?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page).toHaveURL(new RegExp(`/messages\\?conversation=${conversationId}$`));
      await expect(thread(page).getByTestId("message").filter({ hasText: "Is the GPIB card installed?" })).toHaveAttribute("data-mine", "true");
    } finally {
      await context.close();
    }
  });
});

test.describe("on a phone", () => {
  signedInAsDemo("buyer");
  test.use({ viewport: { width: 390, height: 844 } });
  test("the list comes first, then the thread full screen with a Back link", async ({ page, browser }, testInfo) => {
    const title = `Agilent E4407B spectrum analyzer ${Date.now()}`;
    const listingId = insertListing(title);
    const context: BrowserContext = await signedInContext(browser, "buyer", testInfo);
    try {
      await contactSeller(await context.newPage(), listingId);
    } finally {
      await context.close();
    }
    await page.goto("/messages");
    await expect(page.getByTestId("thread-pane")).toBeHidden();
    await page.getByTestId("conversation-link").filter({ hasText: title }).click();
    await expect(page.getByTestId("thread-pane")).toBeVisible();
    await expect(page.getByRole("list", { name: "Conversations" })).toBeHidden();
    const pane = await page.getByTestId("thread-pane").boundingBox();
    expect(pane!.height).toBeGreaterThan(600);
    await page.getByRole("link", { name: "Back to conversations" }).click();
    await expect(page.getByRole("list", { name: "Conversations" })).toBeVisible();
  });

  test("a message arriving while the member opens a conversation does not send them back to the list", async ({ page, browser }, testInfo) => {
    const stamp = Date.now();
    const opened = `Rohde & Schwarz FSV spectrum analyzer ${stamp}`;
    const other = `Keithley 2400 source meter ${stamp}`;
    const openedId = insertListing(opened);
    const otherId = insertListing(other);
    const context: BrowserContext = await signedInContext(browser, "buyer", testInfo);
    try {
      const elsewhere = await context.newPage();
      const conversationId = await contactSeller(elsewhere, openedId);
      // Counts the live messages the page receives.
      await page.addInitScript(() => {
        const Native = window.EventSource;
        window.EventSource = class extends Native {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init);
            this.addEventListener("message", () => {
              document.documentElement.dataset.liveMessages = String(Number(document.documentElement.dataset.liveMessages ?? 0) + 1);
            });
          }
        };
      });
      await page.goto("/messages");
      await waitForHydration(page);
      await expect(liveStream(page)).toHaveCount(1);
      // The conversation's data is held until a message in another conversation has reached the page.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/messages.data" && url.searchParams.get("conversation") === String(conversationId),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      const held = page.waitForRequest((request) => request.url().includes(`conversation=${conversationId}`));
      await page.getByTestId("conversation-link").filter({ hasText: opened }).click();
      await held;
      await contactSeller(elsewhere, otherId);
      await sendBox(elsewhere).fill("Is the calibration certificate current?");
      await elsewhere.getByRole("button", { name: "Send" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-live-messages", /^[1-9]/);
      release();
      await expect(page).toHaveURL(new RegExp(`conversation=${conversationId}$`));
      await expect(page.getByTestId("thread-pane")).toBeVisible();
      await expect(page.getByTestId("thread-pane").getByRole("link", { name: opened })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`/messages in ${scheme} mode`, () => {
    signedInAsDemo("buyer");
    test.use({ colorScheme: scheme });
    test("has no WCAG 2 A/AA violations, with a conversation open, and is 600 px high on a desktop", async ({ page }) => {
      const listingId = insertListing(`Tektronix TDS2024C oscilloscope ${scheme} ${Date.now()}`);
      const conversationId = await contactSeller(page, listingId);
      await sendBox(page).fill("Could you share the calibration report? https://example.com/report");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(thread(page).getByTestId("message").filter({ hasText: "calibration report" })).not.toHaveAttribute("data-pending", "true");
      await page.goto(`/messages?conversation=${conversationId}`);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expect(liveStream(page)).toBeAttached();
      expect((await page.getByTestId("thread-pane").boundingBox())!.height).toBe(600);
      await expectNoAxeViolations(page, { ran: ["color-contrast", "label", "link-name"] });
    });
  });
}

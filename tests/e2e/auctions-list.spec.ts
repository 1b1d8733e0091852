// /auctions in the browser: the filters round-trip in the URL (with and without JavaScript) and reset the page, the
// cards' contents, the loading and empty states, watching (sign in first), accessibility, and a card following its
// auction live while someone else bids.
// Auctions are made on the e2e database through the integration tests' factories (listings owned by the demo seller). They carry prices far above
// any demo auction, so sorting by Highest Bid puts them on the first page whatever else the database holds.
import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { inWriteTransaction } from "../../db/dialect.ts";
import { demoAccount } from "../../db/seed/demo-accounts.ts";
import { insertAuctionRow } from "../support/auctions.ts";
import { withAppDatabase } from "./fixtures.ts";
import { demoStorageState, expect, test, uniqueClientIp, uniqueEmail, waitForHydration, watchConsole } from "./support.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = "correct-horse-battery";

function uniqueWord(): string {
  return `zq${crypto.randomBytes(4).toString("hex")}`;
}

/** A category right under one of the spec's eight (an item under test_measurement, say). */
function itemUnder(category: string): Promise<string> {
  return withAppDatabase(
    async (db) => (await db.selectFrom("categories").select("id").where("parent_id", "=", category).orderBy("position").limit(1).executeTakeFirstOrThrow()).id,
  );
}

interface AuctionSpec {
  title: string;
  category: string;
  status: "upcoming" | "active" | "ended";
  startingCents: number;
  currentCents?: number;
  reserveCents?: number | null;
  bidCount?: number;
  /** From now. */
  startsInMs?: number;
  endsInMs: number;
  autoExtend?: boolean;
}

/**
 * Inserts a listing of the demo seller and its auction (the integration tests' factory); returns the auction's and
 * listing's ids. A write transaction (SQLite's `BEGIN IMMEDIATE`), so it waits for the server's writers: a deferred one
 * reads first and then fails at once with "database is locked" if the server wrote in between.
 */
function insertAuction(spec: AuctionSpec): Promise<{ auctionId: number; listingId: number }> {
  return withAppDatabase((db) =>
    inWriteTransaction(db, async (trx) => {
      const seller = await trx.selectFrom("users").select("id").where("email", "=", demoAccount("seller").email).executeTakeFirstOrThrow();
      const now = Date.now();
      const iso = (offset: number) => new Date(now + offset).toISOString();
      const { auctionId, listingId } = await insertAuctionRow(trx, seller.id, {
        start_date: iso(spec.startsInMs ?? -HOUR),
        end_date: iso(spec.endsInMs),
        starting_price_cents: spec.startingCents,
        reserve_price_cents: spec.reserveCents ?? null,
        current_price_cents: spec.currentCents ?? spec.startingCents,
        // Soft close capped an hour after the end, as the seller's form stores it.
        extensions_end_at: iso(spec.endsInMs + HOUR),
        status: spec.status,
        auto_extend: spec.autoExtend === false ? 0 : 1,
        bid_count: spec.bidCount ?? 0,
        created_at: iso(-DAY),
        updated_at: iso(-DAY),
        ended_at: spec.status === "ended" ? iso(spec.endsInMs) : null,
      });
      await trx
        .updateTable("equipment_listings")
        .set({
          title: spec.title,
          category_id: spec.category,
          status: spec.status === "ended" ? "sold" : "active",
          created_at: iso(-DAY),
          updated_at: iso(-DAY),
        })
        .where("id", "=", listingId)
        .execute();
      return { auctionId, listingId };
    }),
  );
}

const grid = (page: Page) => page.getByRole("list", { name: "Auctions" });
const cardTitles = (page: Page) => grid(page).getByRole("heading", { level: 3 });
const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const filterForm = (page: Page) => page.getByRole("search", { name: "Filter auctions" });
/** The card's "Time left …", "Starts in …" or "Auction ended" line. */
const timeLine = (article: ReturnType<typeof card>) => article.locator("p").filter({ hasText: /^(Time left |Starts in |Auction ended)/ });

/** The page's address has exactly these query parameters (in any order). */
async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
}

// ---------------------------------------------------------------------------------------------
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters go into the URL, come back into the form, and a filter change starts again at page 1", async ({ page }) => {
    const word = uniqueWord();
    const category = await itemUnder("automation_control");
    // Thirteen upcoming auctions, the i-th at $(90,000,000 + i): one more than a page.
    for (let i = 1; i <= 13; i++) {
      await insertAuction({
        title: `PLC rack ${word} ${i}`,
        category,
        status: "upcoming",
        startingCents: (90_000_000 + i) * 100,
        startsInMs: DAY + i * MINUTE,
        endsInMs: 8 * DAY,
      });
    }
    await page.goto("/auctions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live Auctions");
    const form = filterForm(page);
    await expect(form.getByRole("combobox", { name: "Status" })).toHaveValue("active");
    await expect(form.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(form.getByRole("combobox", { name: "Sort By" })).toHaveValue("ending_soon");

    await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Upcoming" });
    await form.getByRole("combobox", { name: "Category" }).selectOption({ label: "Automation & Control" });
    await form.getByRole("combobox", { name: "Sort By" }).selectOption({ label: "Highest Bid" });
    await form.getByRole("button", { name: "Apply Filters" }).click();

    await expectQuery(page, { status: "upcoming", category: "automation_control", sort: "highest_bid" });
    await expect(filterForm(page).getByRole("combobox", { name: "Status" })).toHaveValue("upcoming");
    await expect(filterForm(page).getByRole("combobox", { name: "Category" })).toHaveValue("automation_control");
    await expect(filterForm(page).getByRole("combobox", { name: "Sort By" })).toHaveValue("highest_bid");
    await expect(cardTitles(page)).toHaveCount(12);
    const descending = Array.from({ length: 13 }, (_, i) => `PLC rack ${word} ${13 - i}`);
    await expect(cardTitles(page)).toHaveText(descending.slice(0, 12));
    await expect(page.getByRole("status").filter({ hasText: /^Showing / })).toHaveText(/^Showing 12 of \d+ auctions$/);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expectQuery(page, { status: "upcoming", category: "automation_control", sort: "highest_bid", page: "2" });
    await expect(cardTitles(page).first()).toHaveText(descending[12]);

    // Another sort from page 2: the page is dropped and the lowest bids come first.
    await filterForm(page).getByRole("combobox", { name: "Sort By" }).selectOption({ label: "Lowest Bid" });
    await filterForm(page).getByRole("button", { name: "Apply Filters" }).click();
    await expectQuery(page, { status: "upcoming", category: "automation_control", sort: "lowest_bid" });
    await expect(filterForm(page).getByRole("combobox", { name: "Sort By" })).toHaveValue("lowest_bid");
    await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  });
  // Nothing matching (the text and the link to all listings) is tests/integration/auctions/auctions-route.test.tsx, on an
  // empty database: here every status and category may hold an auction by the time a test looks.
});

// ---------------------------------------------------------------------------------------------
test.describe("with JavaScript", () => {
  test("the URL keeps only what differs from the defaults, and the list says it is loading", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/auctions?status=upcoming&category=heavy_equipment&sort=oldest&page=1");
    await waitForHydration(page);
    const form = filterForm(page);
    await expect(form.getByRole("combobox", { name: "Category" })).toHaveValue("heavy_equipment");

    // Hold the list's data request, to see the loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/auctions.data*", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Ended" });
    await form.getByRole("combobox", { name: "Category" }).selectOption({ label: "All Categories" });
    await form.getByRole("combobox", { name: "Sort By" }).selectOption({ label: "Ending Soon" });
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading auctions..." })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/auctions\?status=ended$/);
    await expect(page.getByText("Loading auctions...")).toHaveCount(0);
    await page.unroute("**/auctions.data*");

    await filterForm(page).getByRole("combobox", { name: "Status" }).selectOption({ label: "Active" });
    await filterForm(page).getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\/auctions$/);
    expect(problems).toEqual([]);
  });

  test("cards show status, time, Current Bid, Starting Price, reserve and bids, and link to the lot", async ({ page }) => {
    const word = uniqueWord();
    const category = await itemUnder("test_measurement");
    const live = await insertAuction({
      title: `Spectrum analyzer ${word}`,
      category,
      status: "active",
      startingCents: 70_000_000_00,
      currentCents: 70_001_250_49,
      reserveCents: 80_000_000_00,
      bidCount: 3,
      endsInMs: 2 * DAY + 5 * HOUR + 10 * MINUTE,
    });
    await insertAuction({
      title: `Network analyzer ${word}`,
      category,
      status: "active",
      startingCents: 69_000_000_00,
      bidCount: 1,
      endsInMs: 3 * HOUR + 20 * MINUTE,
    });
    await insertAuction({
      title: `Signal generator ${word}`,
      category,
      status: "upcoming",
      startingCents: 95_500_000_00,
      startsInMs: 4 * HOUR + 30 * MINUTE,
      endsInMs: 5 * DAY,
    });
    await insertAuction({
      title: `Power meter ${word}`,
      category,
      status: "ended",
      startingCents: 96_000_000_00,
      currentCents: 96_000_500_00,
      reserveCents: 96_000_000_00,
      bidCount: 12,
      startsInMs: -3 * DAY,
      endsInMs: -HOUR,
    });

    await page.goto("/auctions?sort=highest_bid");
    const spectrum = card(page, `Spectrum analyzer ${word}`);
    await expect(spectrum.getByText("Live", { exact: true })).toBeVisible();
    await expect(timeLine(spectrum)).toHaveText(/^Time left\s*2d 5h$/);
    await expect(spectrum.getByRole("definition")).toHaveText(["$70,001,250", "$70,000,000", "3 bids", "Reserve not met"]);
    await expect(spectrum.getByRole("term")).toHaveText(["Current Bid", "Starting Price", "Bids", "Reserve"]);
    await expect(spectrum).not.toContainText("80,000,000");
    await expect(spectrum.getByRole("img", { name: "No image" })).toBeVisible();
    await expect(spectrum.getByRole("link", { name: "View Auction" })).toHaveAttribute("href", `/auctions/${live.auctionId}`);
    await expect(spectrum.getByRole("button", { name: `Add Spectrum analyzer ${word} to watchlist` })).toBeVisible();

    const network = card(page, `Network analyzer ${word}`);
    await expect(timeLine(network)).toHaveText(/^Time left\s*3h (19|20)m$/);
    await expect(network.getByRole("definition")).toHaveText(["$69,000,000", "$69,000,000", "1 bid", "No Reserve"]);

    await page.goto("/auctions?status=upcoming&sort=highest_bid");
    const upcoming = card(page, `Signal generator ${word}`);
    await expect(upcoming.getByText("Upcoming", { exact: true })).toBeVisible();
    await expect(timeLine(upcoming)).toHaveText(/^Starts in\s*4h (29|30)m$/);
    await expect(upcoming.getByRole("definition")).toHaveText(["$95,500,000", "$95,500,000", "0 bids", "No Reserve"]);

    await page.goto("/auctions?status=ended&sort=highest_bid");
    const ended = card(page, `Power meter ${word}`);
    await expect(ended.getByText("Ended", { exact: true }).first()).toBeVisible();
    await expect(timeLine(ended)).toHaveText("Auction ended");
    await expect(ended.getByRole("definition")).toHaveText(["$96,000,500", "$96,000,000", "12 bids", "Reserve met"]);
    // An ended lot's item is sold or back on sale: its card offers no watch toggle.
    await expect(ended.getByRole("button", { name: /watchlist/ })).toHaveCount(0);
  });

  test("watching asks a visitor to sign in first, then works", async ({ page }) => {
    const word = uniqueWord();
    const title = `Logic analyzer ${word}`;
    const { listingId } = await insertAuction({
      title,
      category: await itemUnder("test_measurement"),
      status: "active",
      startingCents: 68_000_000_00,
      endsInMs: 3 * DAY,
    });
    await page.goto("/auctions?sort=highest_bid");
    await waitForHydration(page);
    await card(page, title)
      .getByRole("button", { name: `Add ${title} to watchlist` })
      .click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent("/auctions?sort=highest_bid")}`);

    // A new account (the demo accounts' sign-in form is rate limited), then the sign-in form the page shows.
    const email = uniqueEmail("watcher");
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    const registered = await page.request.post("/register", {
      headers: { Origin: origin },
      form: { firstName: "Wanda", lastName: "Watcher", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
      maxRedirects: 0,
    });
    expect(registered.headers().location).toBe("/login?registered=1");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auctions\?sort=highest_bid$/);

    await waitForHydration(page);
    await card(page, title)
      .getByRole("button", { name: `Add ${title} to watchlist` })
      .click();
    await expect(card(page, title).getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(() =>
        withAppDatabase(async (db) => {
          const rows = await db
            .selectFrom("watchlist as w")
            .innerJoin("users as u", "u.id", "w.user_id")
            .select("w.listing_id")
            .where("u.email", "=", email)
            .where("w.listing_id", "=", listingId)
            .execute();
          return rows.length;
        }),
      )
      .toBe(1);
    await page.reload();
    await expect(card(page, title).getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute("aria-pressed", "true");
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`has no accessibility violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await insertAuction({
        title: `Oscilloscope ${uniqueWord()}`,
        category: await itemUnder("test_measurement"),
        status: "active",
        startingCents: 67_000_000_00,
        reserveCents: 67_500_000_00,
        endsInMs: 20 * HOUR,
      });
      await page.goto("/auctions?sort=highest_bid");
      await waitForHydration(page);
      await expect(cardTitles(page).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const summarize = (items: typeof results.violations) =>
        items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
      expect(summarize(results.violations)).toEqual([]);
    });
  }

  test("a card follows its auction live: another buyer's bid changes the price, bids, reserve and end without a reload", async ({ page, browser }) => {
    const title = `Vector network analyzer ${uniqueWord()}`;
    // Ends in 3 minutes with auto-extend: a bid now moves the end to 5 minutes after it.
    const { auctionId } = await insertAuction({
      title,
      category: await itemUnder("test_measurement"),
      status: "active",
      startingCents: 98_000_000_00,
      reserveCents: 98_000_050_00,
      endsInMs: 3 * MINUTE,
    });
    await page.goto("/auctions?sort=highest_bid");
    await waitForHydration(page);
    const lot = card(page, title);
    await expect(lot.getByRole("definition")).toHaveText(["$98,000,000", "$98,000,000", "0 bids", "Reserve not met"]);
    await expect(timeLine(lot)).toHaveText(/^Time left\s*3m$/);
    await expect(grid(page)).toHaveAttribute("data-live-mode", "live");
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const buyer = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await demoStorageState(browser, "buyer", test.info()),
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    try {
      const origin = new URL(test.info().project.use.baseURL ?? "").origin;
      // A bid at the starting price with a maximum above the reserve: the price jumps to the reserve.
      const response = await buyer.request.post(`/auctions/${auctionId}/bid`, {
        headers: { Accept: "application/json", Origin: origin },
        form: { amount: "98000000", maxAmount: "98000100" },
      });
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    } finally {
      await buyer.close();
    }

    // Within 2 seconds, in place.
    await expect(lot.getByRole("definition")).toHaveText(["$98,000,050", "$98,000,000", "1 bid", "Reserve met"], { timeout: 2_000 });
    await expect(timeLine(lot)).toHaveText(/^Time left\s*[56]m$/, { timeout: 2_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});

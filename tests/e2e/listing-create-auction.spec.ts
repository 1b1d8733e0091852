// Creating auction and hybrid listings through the manual form: with JavaScript (only the chosen type's fields
// show; a start date is read in the seller's time zone) and without it (every field on the page), the auction live
// on the new listing's page, and the form's accessibility.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { databaseFile, expect, signedInAsDemo, test, waitForHydration, watchConsole } from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const DAY = 24 * 60 * 60 * 1000;

interface StoredAuction {
  status: string;
  start_date: string;
  end_date: string;
  starting_price_cents: number;
  current_price_cents: number;
  reserve_price_cents: number | null;
  buy_now_price_cents: number | null;
  bid_increment_cents: number;
  auto_extend: number;
  listing_type: string;
  price_cents: number;
  listing_buy_now_cents: number | null;
}

function storedAuction(listingId: number): StoredAuction | undefined {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select a.status, a.start_date, a.end_date, a.starting_price_cents, a.current_price_cents, a.reserve_price_cents,
           a.buy_now_price_cents, a.bid_increment_cents, a.auto_extend, l.listing_type, l.price_cents,
           l.buy_now_price_cents as listing_buy_now_cents
         from auctions a join equipment_listings l on l.id = a.listing_id where a.listing_id = ?`,
      )
      .get(listingId) as StoredAuction | undefined;
  } finally {
    db.close();
  }
}

async function fillListing(page: Page, title: string) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Bench-tested, calibrated last spring, with probes and power cord.");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption(OSCILLOSCOPES);
  await page.getByRole("combobox", { name: "Condition", exact: true }).selectOption("used_excellent");
}

function listingIdOf(page: Page): number {
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test.describe("a seller with JavaScript", () => {
  signedInAsDemo("seller");
  // A start typed into the form is the seller's local time.
  test.use({ timezoneId: "Europe/Berlin" });

  test("creates a hybrid auction: the type's fields, the spec's messages, the defaults, and the auction live on its page", async ({ page }) => {
    test.slow(); // several round trips; the default 30 s is tight on a busy machine
    const problems = watchConsole(page);
    await page.goto("/create-listing");
    await waitForHydration(page);
    const starting = page.getByRole("spinbutton", { name: "Starting price", exact: true });
    const buyNow = page.getByRole("spinbutton", { name: "Buy now price", exact: true });
    const price = page.getByRole("spinbutton", { name: "Price", exact: true });

    // Buy It Now shows only its price; Auction adds the settings; Hybrid adds the buy-now price.
    await expect(price).toBeVisible();
    await expect(starting).toBeHidden();
    await expect(page.getByText("These settings apply to Auction and Hybrid listings only.")).toHaveCount(0);
    const type = page.getByRole("combobox", { name: "Listing type", exact: true });
    await type.selectOption("auction");
    await expect(starting).toBeVisible();
    await expect(price).toBeHidden();
    await expect(buyNow).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Duration", exact: true })).toHaveValue("7");
    // No fixed increment by default: bids follow the tiered table (app/lib/bidding.ts).
    await expect(page.getByRole("spinbutton", { name: "Fixed bid increment (optional)", exact: true })).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: /bids arrive in the last 5 minutes/ })).toBeChecked();
    await type.selectOption("hybrid");
    await expect(buyNow).toBeVisible();

    const title = `Keysight N9020A signal analyzer ${Date.now()}`;
    await fillListing(page, title);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Valid starting price is required for hybrid listings", { exact: true })).toBeVisible();
    await expect(page.getByText("Valid buy now price is required for hybrid listings", { exact: true })).toBeVisible();
    await starting.fill("5000");
    await buyNow.fill("4000");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Buy now price must be higher than starting price", { exact: true })).toBeVisible();
    await buyNow.fill("8000");
    await page.getByRole("spinbutton", { name: "Reserve price (optional)", exact: true }).fill("4000");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Reserve price cannot be lower than the starting price", { exact: true })).toBeVisible();
    await page.getByRole("spinbutton", { name: "Reserve price (optional)", exact: true }).fill("6000");

    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Listing Created Successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("listing-auction-panel")).toBeVisible();
    await expect(page.getByTestId("listing-auction-panel")).toContainText("Live");

    const auction = storedAuction(listingIdOf(page));
    expect(auction).toMatchObject({
      status: "active",
      listing_type: "hybrid",
      price_cents: 500_000,
      listing_buy_now_cents: 800_000,
      starting_price_cents: 500_000,
      current_price_cents: 500_000,
      reserve_price_cents: 600_000,
      buy_now_price_cents: 800_000,
      bid_increment_cents: 1_000,
      auto_extend: 1,
    });
    expect(new Date(auction!.end_date).getTime() - new Date(auction!.start_date).getTime()).toBe(7 * DAY);
    expect(Math.abs(new Date(auction!.start_date).getTime() - Date.now())).toBeLessThan(5 * 60_000);
    expect(problems).toEqual([]);
  });

  test("creates an upcoming auction at a start chosen in the seller's time zone", async ({ page }) => {
    test.slow(); // several round trips; the default 30 s is tight on a busy machine
    await page.goto("/create-listing");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Listing type", exact: true }).selectOption("auction");
    await fillListing(page, `Fluke 5522A calibrator ${Date.now()}`);
    await page.getByRole("spinbutton", { name: "Starting price", exact: true }).fill("9000");
    await page.getByRole("combobox", { name: "Duration", exact: true }).selectOption("3");
    await page.getByRole("spinbutton", { name: "Fixed bid increment (optional)", exact: true }).fill("25");
    // Three days from now at 10:00 in Berlin.
    const local = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10) + "T10:00";
    await page.getByLabel("Start date and time (optional)").fill(local);
    const expectedStart = await page.evaluate((text) => new Date(text).toISOString(), local);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Listing Created Successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/\d+$/);

    const auction = storedAuction(listingIdOf(page));
    expect(auction).toMatchObject({ status: "upcoming", start_date: expectedStart, bid_increment_cents: 2_500, listing_type: "auction" });
    expect(new Date(auction!.end_date).getTime() - new Date(expectedStart).getTime()).toBe(3 * DAY);
    // Berlin is one or two hours ahead of UTC.
    expect(expectedStart.slice(11, 16)).toMatch(/^0[89]:00$/);
  });

  test("the form with auction fields has no accessibility violations", async ({ page }) => {
    test.slow(); // axe over a long form on a busy machine
    await page.goto("/create-listing");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Listing type", exact: true }).selectOption("hybrid");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Valid starting price is required for hybrid listings", { exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const summary = results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
    expect(summary).toEqual([]);
  });
});

test.describe("a seller without JavaScript", () => {
  signedInAsDemo("seller");
  test.use({ javaScriptEnabled: false });

  test("sees every field with a note, creates an auction with the defaults, and it is live on its page", async ({ page }) => {
    await page.goto("/create-listing");
    await expect(page.getByText("These settings apply to Auction and Hybrid listings only.")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Price", exact: true })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Buy now price", exact: true })).toBeVisible();

    const title = `Tektronix AFG31252 generator ${Date.now()}`;
    await fillListing(page, title);
    await page.getByRole("combobox", { name: "Listing type", exact: true }).selectOption("auction");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Valid starting price is required for auction listings", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);

    await page.getByRole("spinbutton", { name: "Starting price", exact: true }).fill("2500.50");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("listing-auction-panel")).toContainText("Live");

    const auction = storedAuction(listingIdOf(page));
    expect(auction).toMatchObject({
      status: "active",
      listing_type: "auction",
      price_cents: 250_050,
      starting_price_cents: 250_050,
      reserve_price_cents: null,
      buy_now_price_cents: null,
      bid_increment_cents: 1_000,
      auto_extend: 1,
    });
    expect(new Date(auction!.end_date).getTime() - new Date(auction!.start_date).getTime()).toBe(7 * DAY);

    // The edit form keeps the live auction's type and end.
    await page.goto(`/edit-listing/${listingIdOf(page)}`);
    await expect(page.getByText("The type stays while the auction is live.")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Duration", exact: true })).toHaveValue("keep");
    await expect(page.getByRole("spinbutton", { name: "Starting price", exact: true })).toHaveValue("2500.50");
  });
});

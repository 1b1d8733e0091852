// Price guidance against the real schema: comparables from sales (orders) first and active Buy Now listings, scored
// by brand and model within the category, at most 8; the trend of sold prices over two 90-day windows; the chart's
// points; and nothing made up when there is no data.
import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { NewListing } from "#db/schema.ts";
import { TREND_MESSAGES } from "~/lib/pricing/market-trend.ts";
import { INSUFFICIENT_DATA_MESSAGE } from "~/lib/pricing/suggest-price.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { priceGuidance, type PriceGuidanceInput } from "~/services/pricing/price-guidance.server.ts";
import { listingPriceHints } from "~/services/pricing/price-hints.server.ts";
import { priceHint } from "~/lib/pricing/price-hints.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const SPECTRUM = "industrial_electronics_test_measurement_spectrum_analyzers";

let opened: OpenedDatabase;
let seller: string;
let buyer: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
});
afterEach(() => opened.close());

const SUBJECT: PriceGuidanceInput = { brand: "Keysight", model: "DSOX1204G", categoryId: OSCILLOSCOPES, condition: "used_good" };

/** An active Buy Now listing of the subject's brand and model unless `values` says otherwise. */
function listing(values: Partial<NewListing> = {}, by = seller): Promise<number> {
  return insertListingRow(opened.db, by, {
    title: "Keysight DSOX1204G 70 MHz oscilloscope",
    brand: "Keysight",
    model: "DSOX1204G",
    created_at: daysAgo(5),
    ...values,
  });
}

/**
 * A sale: an order at `dollars`, placed `days` ago, and its listing marked sold; a cancelled or refunded order leaves
 * the listing archived, as the order flow does.
 */
async function sale(dollars: number, days: number, values: Partial<NewListing> = {}, status = "completed"): Promise<number> {
  const undone = status === "cancelled" || status === "refunded";
  const listingId = await listing({ status: undone ? "archived" : "sold", price_cents: 999_900, created_at: daysAgo(days + 30), ...values });
  await opened.db
    .insertInto("orders")
    .values({
      reference: `TB-${crypto.randomUUID().slice(0, 9)}`,
      listing_id: listingId,
      buyer_id: buyer,
      seller_id: seller,
      sale_type: "buy_now",
      amount_cents: dollars * 100,
      fee_cents: 0,
      fee_rate_bp: 0,
      status,
      created_at: daysAgo(days),
    })
    .execute();
  return listingId;
}

const guidance = (input: Partial<PriceGuidanceInput> = {}) => priceGuidance(opened.db, { ...SUBJECT, ...input }, NOW);

describe("with no data", () => {
  it("suggests nothing, says so, and draws nothing", async () => {
    expect(await guidance()).toEqual({
      suggestion: null,
      insufficientMessage: INSUFFICIENT_DATA_MESSAGE,
      comparables: [],
      trend: { direction: "stable", changePercent: null, message: TREND_MESSAGES.notEnoughData },
      history: [],
    });
  });

  it("finds nothing for an unknown category or with neither brand nor model", async () => {
    await listing();
    expect((await guidance({ categoryId: "no_such_category" })).comparables).toEqual([]);
    expect((await guidance({ brand: " ", model: "" })).comparables).toEqual([]);
  });

  it("does not count listings that are not for sale, pure auctions or unrelated equipment", async () => {
    await listing({ status: "draft" });
    await listing({ status: "archived" });
    await listing({ listing_type: "auction", price_cents: 10_000 });
    await listing({ brand: "Rigol", model: "DS1054Z", title: "Rigol DS1054Z" });
    await sale(800, 10, {}, "cancelled");
    await sale(700, 12, {}, "refunded");
    const result = await guidance();
    expect(result.comparables).toEqual([]);
    expect(result.suggestion).toBeNull();
    expect(result.insufficientMessage).toBe(INSUFFICIENT_DATA_MESSAGE);
  });
});

describe("comparables", () => {
  it("puts sales first, at the price paid and the day of the order, each with a link, location, image and seller", async () => {
    const verifiedSeller = await insertUserRow(opened.db, undefined, "seller");
    await opened.db.updateTable("profiles").set({ is_verified: 1 }).where("id", "=", verifiedSeller).execute();
    const listed = await listing({ price_cents: 110_000, location: "Austin, TX", created_at: daysAgo(2) }, verifiedSeller);
    await opened.db
      .insertInto("equipment_images")
      .values({
        listing_id: listed,
        url: "/uploads/listings/1/a.webp",
        thumbnail_url: "/uploads/listings/1/a-thumb.webp",
        width: 800,
        height: 600,
        is_primary: 1,
      })
      .execute();
    const sold = await sale(950, 20, { location: "" });

    const { comparables } = await guidance();
    expect(comparables).toEqual([
      {
        source: "sold",
        listingId: sold,
        title: "Keysight DSOX1204G 70 MHz oscilloscope",
        priceCents: 95_000,
        condition: "used_good",
        date: daysAgo(20),
        url: `/listings/${sold}`,
        location: null,
        imageUrl: null,
        verified: false,
        relevance: 20,
      },
      {
        source: "listed",
        listingId: listed,
        title: "Keysight DSOX1204G 70 MHz oscilloscope",
        priceCents: 110_000,
        condition: "used_good",
        date: daysAgo(2),
        url: `/listings/${listed}`,
        location: "Austin, TX",
        imageUrl: "/uploads/listings/1/a-thumb.webp",
        verified: true,
        relevance: 20,
      },
    ]);
  });

  it("counts a real Buy Now sale through checkout", async () => {
    const listingId = await listing({ price_cents: 120_000 });
    await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: new Date(NOW.getTime() - DAY) });
    const { comparables } = await guidance();
    expect(comparables).toMatchObject([{ source: "sold", listingId, priceCents: 120_000 }]);
  });

  it("counts a fixed-price listing marked sold without an order at its Buy Now price, but not an auction's", async () => {
    const hybrid = await listing({ status: "sold", listing_type: "hybrid", price_cents: 50_000, buy_now_price_cents: 90_000, updated_at: daysAgo(3) });
    await listing({ status: "sold", listing_type: "auction", price_cents: 50_000 });
    const { comparables } = await guidance();
    expect(comparables).toMatchObject([{ source: "sold", listingId: hybrid, priceCents: 90_000, date: daysAgo(3) }]);
  });

  it("prices active hybrids at their Buy Now price", async () => {
    const hybrid = await listing({ listing_type: "hybrid", price_cents: 40_000, buy_now_price_cents: 100_000 });
    expect((await guidance()).comparables).toMatchObject([{ listingId: hybrid, priceCents: 100_000 }]);
  });

  it("scores brand and model 20, the model 15, the brand 10, and leaves out the same category with neither", async () => {
    const brandOnly = await listing({ model: "MSOX3054T", created_at: daysAgo(1) });
    const modelOnly = await listing({ brand: "Agilent", created_at: daysAgo(2) });
    const both = await listing({ brand: "KEYSIGHT", model: "DSO-X 1204G", created_at: daysAgo(3) });
    await listing({ brand: "Rigol", model: "DS1054Z", created_at: daysAgo(1) });
    const { comparables } = await guidance();
    // The same model known, the brand's other model is no comparable (same model first).
    expect(comparables.map((c) => [c.listingId, c.relevance])).toEqual([
      [both, 20],
      [modelOnly, 15],
    ]);
    expect(comparables.some((c) => c.listingId === brandOnly)).toBe(false);
  });

  it("ranks by relevance first and puts a sale before a listing of the same relevance", async () => {
    // A brand-only sale is left out while the model itself is known.
    const brandOnlySale = await sale(5_000, 3, { model: "N9020A", category_id: OSCILLOSCOPES });
    const exactListing = await listing({ created_at: daysAgo(1) });
    const exactSale = await sale(900, 40);
    const { comparables } = await guidance();
    expect(comparables.map((c) => c.listingId)).toEqual([exactSale, exactListing]);
    expect(comparables.some((c) => c.listingId === brandOnlySale)).toBe(false);
  });

  it("stays within the category (and its children) when one is given, and searches all without", async () => {
    const elsewhere = await listing({ category_id: SPECTRUM });
    const here = await listing();
    expect((await guidance()).comparables.map((c) => c.listingId)).toEqual([here]);
    expect((await guidance({ categoryId: "test_measurement" })).comparables.map((c) => c.listingId).sort()).toEqual([elsewhere, here].sort());
    expect((await guidance({ categoryId: null })).comparables).toHaveLength(2);
  });

  it("matches the trade's other spellings of a brand", async () => {
    const rs = await listing({ brand: "Rohde & Schwarz", model: "RTB2004", title: "R&S RTB2004" });
    expect((await guidance({ brand: "R&S", model: "RTB2004" })).comparables).toMatchObject([{ listingId: rs, relevance: 20 }]);
  });

  it("leaves out the listing being edited", async () => {
    const own = await listing();
    const other = await listing();
    expect((await guidance({ excludeListingId: own })).comparables.map((c) => c.listingId)).toEqual([other]);
  });

  it("keeps at most 8, best first, and counts all it found for confidence", async () => {
    for (let day = 1; day <= 12; day += 1) await listing({ price_cents: 100_000, created_at: daysAgo(day) });
    const result = await guidance();
    expect(result.comparables).toHaveLength(8);
    expect(result.comparables.map((c) => c.date)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(daysAgo));
    expect(result.suggestion).toMatchObject({ recommendedCents: 100_000, minCents: 90_000, maxCents: 110_000, confidence: "high" });
    expect(result.suggestion?.message).toBe("Based on 12 comparable sales and listings of this brand and model on Tradebench.");
    expect(result.history).toHaveLength(12);
  });

  it("is medium with 5 to 9 found, or 10 without a model; low under 5", async () => {
    for (let day = 1; day <= 10; day += 1) await listing({ created_at: daysAgo(day) });
    expect((await guidance({ model: "" })).suggestion?.confidence).toBe("medium");
    await opened.db.deleteFrom("equipment_listings").where("created_at", ">=", daysAgo(5.5)).execute();
    expect((await guidance()).suggestion?.confidence).toBe("medium");
    await opened.db.deleteFrom("equipment_listings").where("created_at", ">=", daysAgo(6.5)).execute();
    expect((await guidance()).suggestion?.confidence).toBe("low");
  });
});

describe("suggestion", () => {
  it("prices the item's condition from the comparables' and clamps to their range", async () => {
    await listing({ condition: "used_good", price_cents: 70_000 });
    await listing({ condition: "used_good", price_cents: 84_000 });
    // New: the median $770 brought back to new is $1,100; 1.2 × $840 = $1,008 caps it, then it rounds to $1,010.
    expect((await guidance({ condition: "new" })).suggestion?.recommendedCents).toBe(101_000);
    // Good: $770 as it is.
    expect((await guidance()).suggestion).toMatchObject({ recommendedCents: 77_000, minCents: 69_300, maxCents: 84_700, confidence: "low" });
  });

  it("uses a known retail price as the base", async () => {
    await listing({ price_cents: 60_000 });
    await listing({ price_cents: 90_000 });
    // $1,000 new × good 0.7 × premium 1.2 = $840.
    expect((await guidance({ basePriceCents: 100_000 })).suggestion?.recommendedCents).toBe(84_000);
  });
});

describe("market trend", () => {
  it("compares the average sold price of the last 90 days with the 90 before, and moves the suggestion", async () => {
    await sale(1_100, 10);
    await sale(1_100, 60);
    await sale(1_000, 100);
    await sale(1_000, 170);
    await sale(5_000, 200); // older than both windows
    const result = await guidance();
    expect(result.trend).toMatchObject({ direction: "rising", changePercent: 10 });
    // Median of the five kept sales $1,100 × 1.10.
    expect(result.suggestion?.recommendedCents).toBe(121_000);
  });

  it("reads only sales, never asking prices", async () => {
    await sale(1_000, 10);
    await sale(1_000, 20);
    await sale(1_000, 100);
    await sale(1_000, 110);
    for (let day = 1; day <= 3; day += 1) await listing({ price_cents: 500_000, created_at: daysAgo(day) });
    expect((await guidance()).trend).toMatchObject({ direction: "stable", changePercent: 0 });
  });

  it("says there is not enough data with fewer than two sales in a window", async () => {
    await sale(1_100, 10);
    await sale(1_100, 20);
    await sale(1_000, 100);
    expect((await guidance()).trend).toEqual({ direction: "stable", changePercent: null, message: TREND_MESSAGES.notEnoughData });
  });

  it("is falling below -5%", async () => {
    await sale(900, 10);
    await sale(900, 20);
    await sale(1_000, 100);
    await sale(1_000, 110);
    expect((await guidance()).trend).toMatchObject({ direction: "falling", changePercent: -10 });
  });
});

describe("history", () => {
  it("gives every comparable price found, oldest first, sales and listings", async () => {
    await sale(1_000, 50);
    await listing({ price_cents: 120_000, created_at: daysAgo(3) });
    await sale(900, 100);
    expect((await guidance()).history).toEqual([
      { date: daysAgo(100), priceCents: 90_000, source: "sold" },
      { date: daysAgo(50), priceCents: 100_000, source: "sold" },
      { date: daysAgo(3), priceCents: 120_000, source: "listed" },
    ]);
  });
});

describe("manual form price hints", () => {
  it("averages the category's and the brand's sales and listings by condition, leaving out the listing being edited", async () => {
    await listing({ condition: "used_excellent", price_cents: 100_000 });
    await listing({ condition: "new", price_cents: 120_000 });
    await sale(800, 10, { condition: "used_good" });
    const edited = await listing({ condition: "used_excellent", price_cents: 10_000_000 });
    await listing({ condition: "used_excellent", price_cents: 40_000, brand: "Rigol", model: "DS1054Z" });
    await listing({ listing_type: "auction", price_cents: 1 });

    const table = await listingPriceHints(opened.db, { excludeListingId: edited });
    // Keysight: $1,000, $1,000 (new ÷ 1.2), $1,000 (good ÷ 0.8) → $1,000; category adds Rigol $400 → $850.
    expect(table.categories[OSCILLOSCOPES]).toEqual({ referenceCents: 85_000, count: 4, brands: { keysight: { referenceCents: 100_000, count: 3 } } });
    expect(priceHint(table, { categoryId: OSCILLOSCOPES, brand: "Keysight", condition: "used_good", currency: "USD" })?.text).toBe(
      "Similar listings in Used - Good condition sell around $800.",
    );
    expect(priceHint(table, { categoryId: OSCILLOSCOPES, brand: "Rigol", condition: "used_excellent" })?.cents).toBe(85_000);

    const withEdited = await listingPriceHints(opened.db);
    expect(withEdited.categories[OSCILLOSCOPES]?.brands.keysight?.count).toBe(4);
  });

  it("is empty without data", async () => {
    expect(await listingPriceHints(opened.db)).toEqual({ currency: "USD", categories: {} });
  });
});

describe("the same model first, sales above asking prices (issue 33)", () => {
  it("prices from the one same-model sale, not from the brand's cheaper models, and says which comparable is a sale", async () => {
    // The walkthrough's case: the only same-model comparable sold at $7,000; the brand's cheaper models ask far less.
    await sale(7_000, 20);
    for (const [model, dollars] of [
      ["DSOX1102G", 2_000],
      ["EDUX1052A", 1_500],
      ["DSOX1202A", 2_500],
    ] as const) {
      await listing({ model, title: `Keysight ${model} oscilloscope`, price_cents: dollars * 100 });
    }
    const guidance = await priceGuidance(opened.db, SUBJECT, NOW);
    expect(guidance.comparables.map((c) => [c.source, c.priceCents])).toEqual([["sold", 700_000]]);
    expect(guidance.suggestion?.recommendedCents).toBeGreaterThanOrEqual(560_000);
    expect(guidance.suggestion?.recommendedCents).toBeLessThanOrEqual(840_000);
  });

  it("falls back on the brand's other models only when nothing of the model is known", async () => {
    await listing({ model: "DSOX1102G", title: "Keysight DSOX1102G oscilloscope", price_cents: 200_000 });
    const guidance = await priceGuidance(opened.db, SUBJECT, NOW);
    expect(guidance.comparables.map((c) => c.priceCents)).toEqual([200_000]);
  });

  it("weighs a sale twice an asking price", async () => {
    // One sale at $4,000 and two listings at $6,000: unweighted the median is $6,000; the sale weighing two, $5,000.
    await sale(4_000, 10);
    await listing({ price_cents: 600_000 });
    await listing({ price_cents: 600_000 });
    const guidance = await priceGuidance(opened.db, { ...SUBJECT, basePriceCents: undefined }, NOW);
    expect(guidance.suggestion?.recommendedCents).toBe(500_000);
  });
});

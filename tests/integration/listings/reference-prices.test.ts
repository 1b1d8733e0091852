// Prices compared in one currency (decision 0062):
// /listings filters and sorts on the price a buyer pays now (an auction's current bid), converted to the reference
// currency through the operator's rates, on both engines. The expected figures are computed by hand from the
// migration's starting rates (units per US dollar: EUR 0.92, GBP 0.79, JPY 150).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { recordExchangeRates } from "~/services/pricing/exchange-rates.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
const idOf: Record<string, number> = {};
const keyOf = new Map<number, string>();
let auctionId = 0;
let sellerId = "";
let staffId = "";

/** Search /listings with a query string; answers in fixture keys. */
async function keys(query: string, options: { fewMatches?: number } = {}): Promise<string[]> {
  const { filters } = parseListingFilters(new URLSearchParams(query));
  const result = await searchListings(database.db, filters, { ...options, cached: false });
  return result.listings.map((listing) => keyOf.get(listing.id) ?? String(listing.id));
}

async function referenceAmount(key: string): Promise<number | null> {
  const row = await database.db.selectFrom("equipment_listings").select("reference_amount").where("id", "=", idOf[key]!).executeTakeFirstOrThrow();
  return row.reference_amount === null ? null : Number(row.reference_amount);
}

beforeAll(async () => {
  database = createTestDatabase();
  sellerId = await insertUserRow(database.db, undefined, "seller");
  staffId = await insertUserRow(database.db, undefined, "admin");
  const bidder = await insertUserRow(database.db);
  const listings = {
    // $5,000.00 → 500,000 reference cents.
    usd: { price_cents: 500_000, currency: "USD" },
    // €4,000.00 → 400,000 / 0.92 = 434,782.6 → 434,783 ($4,347.83).
    eur: { price_cents: 400_000, currency: "EUR" },
    // £4,500.00 → 450,000 / 0.79 = 569,620.25 → 569,620 ($5,696.20): above a $5,000 maximum though 4,500 < 5,000.
    gbp: { price_cents: 450_000, currency: "GBP" },
    // ¥600,000 (stored in whole yen: the yen has no minor unit) → 600,000 × 100 / 150 = 400,000 ($4,000.00): not $600,000.
    jpy: { price_cents: 600_000, currency: "JPY" },
  } as const;
  for (const [key, values] of Object.entries(listings)) {
    idOf[key] = await insertListingRow(database.db, sellerId, { ...values, title: `Oscilloscope priced in ${values.currency}` });
    keyOf.set(idOf[key]!, key);
  }
  // An auction starting at $3,000 whose current bid becomes $7,425.
  const auction = await insertAuctionRow(database.db, sellerId, { starting_price_cents: 300_000, bid_increment_cents: 2_500 });
  auctionId = auction.auctionId;
  idOf.auction = auction.listingId;
  keyOf.set(auction.listingId, "auction");
  await database.db.updateTable("equipment_listings").set({ title: "Oscilloscope at auction" }).where("id", "=", auction.listingId).execute();
  await placeBid(database.db, { auctionId, bidderId: bidder, amountCents: 742_500 });
});

afterAll(async () => {
  await database?.close();
});

describe("the reference amount", () => {
  it("is each listing's price converted at its currency's latest rate, and an auction's current price", async () => {
    expect(await referenceAmount("usd")).toBe(500_000);
    expect(await referenceAmount("eur")).toBe(434_783);
    expect(await referenceAmount("gbp")).toBe(569_620);
    expect(await referenceAmount("jpy")).toBe(400_000);
    const auction = await database.db.selectFrom("auctions").select("current_price_cents").where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction.current_price_cents).toBeGreaterThan(300_000);
    expect(await referenceAmount("auction")).toBe(auction.current_price_cents);
  });

  it("follows a price edit", async () => {
    await database.db.updateTable("equipment_listings").set({ price_cents: 410_000 }).where("id", "=", idOf.eur!).execute();
    // 410,000 / 0.92 = 445,652.17 → 445,652.
    expect(await referenceAmount("eur")).toBe(445_652);
    await database.db.updateTable("equipment_listings").set({ price_cents: 400_000 }).where("id", "=", idOf.eur!).execute();
    expect(await referenceAmount("eur")).toBe(434_783);
  });
});

describe("/listings in the reference currency", () => {
  it("filters by the converted price a buyer pays now: the pound listing and the auction bid past $5,000 are left out", async () => {
    expect(await keys("maxPrice=5000&sort=price:desc")).toEqual(["usd", "eur", "jpy"]);
    expect(await keys("minPrice=4200&maxPrice=5000&sort=price:asc")).toEqual(["eur", "usd"]);
    // The auction's starting price ($3,000) is not what a buyer pays now.
    expect(await keys("maxPrice=3500")).toEqual([]);
  });

  it("sorts by it", async () => {
    expect(await keys("sort=price:asc")).toEqual(["jpy", "eur", "usd", "gbp", "auction"]);
    expect(await keys("sort=price:desc")).toEqual(["auction", "gbp", "usd", "eur", "jpy"]);
  });

  it("sorts and filters a search with words by it, from the few-matches and the window paths", async () => {
    expect(await keys("search=oscilloscope&sort=price:asc")).toEqual(["jpy", "eur", "usd", "gbp", "auction"]);
    expect(await keys("search=oscilloscope&sort=price:desc&maxPrice=5000", { fewMatches: 1 })).toEqual(["usd", "eur", "jpy"]);
    expect(await keys("search=oscilloscope&sort=price:asc&minPrice=5000", { fewMatches: 1 })).toEqual(["usd", "gbp", "auction"]);
  });

  it("follows a change of rate: the operator's new pound rate rewrites the pound listings in the same transaction", async () => {
    // 0.95 pounds per dollar: 450,000 / 0.95 = 473,684.2 → 473,684 ($4,736.84), now under $5,000.
    await recordExchangeRates(database.db, staffId, [{ currency: "GBP", date: new Date().toISOString().slice(0, 10), unitsPerUsd: "0.95" }], "manual");
    expect(await referenceAmount("gbp")).toBe(473_684);
    expect(await keys("maxPrice=5000&sort=price:desc")).toEqual(["usd", "gbp", "eur", "jpy"]);
    const audit = await database.db
      .selectFrom("audit_events")
      .select(["action", "actor_user_id", "detail"])
      .where("subject_type", "=", "exchange_rate")
      .execute();
    expect(audit).toEqual([
      { action: "exchange_rate.record", actor_user_id: staffId, detail: JSON.stringify({ source: "manual", before: null, after: "0.95" }) },
    ]);
    // The same entry again changes nothing (an import replayed).
    const again = await recordExchangeRates(
      database.db,
      staffId,
      [{ currency: "GBP", date: new Date().toISOString().slice(0, 10), unitsPerUsd: "0.950" }],
      "csv",
    );
    expect(again).toEqual({ recorded: 0, unchanged: 1 });
    // A search row (what a search with words reads) follows too.
    expect(await keys("search=oscilloscope&sort=price:desc&maxPrice=5000", { fewMatches: 1 })).toEqual(["usd", "gbp", "eur", "jpy"]);
  });
});

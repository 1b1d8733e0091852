// Saved-search price rules in the reference currency (decision 0062): a "max $5,000" search is
// alerted of what a buyer would pay at most $5,000 for, converted, as /listings would list it. By hand, with the
// migration's starting rates (units per US dollar: EUR 0.92, GBP 0.79, JPY 150): €4,000 = $4,347.83, £4,500 =
// $5,696.20, ¥600,000 = $4,000.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { readSavedSearchParams, savedSearchListingFilters, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { matchListingToSavedSearches } from "~/services/alerts/saved-search-alerts.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let seller = "";
let buyer = "";

const params = (overrides: Partial<SavedSearchParams>): SavedSearchParams => ({ ...readSavedSearchParams("{}"), ...overrides });

async function saveSearch(search: SavedSearchParams): Promise<number> {
  const row = await database.db
    .insertInto("saved_searches")
    .values({ user_id: buyer, name: "Scopes", search_params: JSON.stringify(search), notify_on_new: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  buyer = await insertUserRow(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe("a saved search's price bounds", () => {
  it("compare the converted price: the €, ¥ and $ listings under $5,000 alert it, the £4,500 one does not", async () => {
    const atMost5000 = await saveSearch(params({ maxPrice: 5000 }));
    const from4200 = await saveSearch(params({ minPrice: 4200 }));
    const listings = {
      usd: await insertListingRow(database.db, seller, { price_cents: 500_000, currency: "USD" }),
      eur: await insertListingRow(database.db, seller, { price_cents: 400_000, currency: "EUR" }),
      gbp: await insertListingRow(database.db, seller, { price_cents: 450_000, currency: "GBP" }),
      jpy: await insertListingRow(database.db, seller, { price_cents: 600_000, currency: "JPY" }),
    };
    const matched: Record<string, number[]> = {};
    for (const [key, id] of Object.entries(listings)) matched[key] = (await matchListingToSavedSearches(database.db, id)).matched.sort();
    expect(matched).toEqual({
      usd: [atMost5000, from4200].sort(),
      eur: [atMost5000, from4200].sort(),
      gbp: [from4200],
      jpy: [atMost5000],
    });
    // What the alert says is what running the search finds.
    for (const [search, id] of [
      [params({ maxPrice: 5000 }), atMost5000],
      [params({ minPrice: 4200 }), from4200],
    ] as const) {
      const found = await searchListings(database.db, savedSearchListingFilters(search), { cached: false });
      const alerted = Object.entries(matched).flatMap(([key, ids]) => (ids.includes(id) ? [listings[key as keyof typeof listings]] : []));
      expect(found.listings.map((listing) => listing.id).sort()).toEqual(alerted.sort());
    }
  });

  it("compare an auction's starting price when it is listed (the price a buyer pays now)", async () => {
    const atMost3500 = await saveSearch(params({ maxPrice: 3500 }));
    const lot = await insertListingRow(database.db, seller, { price_cents: 300_000, currency: "GBP", listing_type: "auction" });
    // £3,000 = $3,797.47: above $3,500.
    expect((await matchListingToSavedSearches(database.db, lot)).matched).not.toContain(atMost3500);
  });
});

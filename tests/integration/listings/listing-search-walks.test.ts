// Pages of a big category read by ordered walks (docs/decisions/0054), on both engines: past the count
// cap, a category with a condition group in price order is read item by item and condition by condition and the heads
// merged; a category holding most listings is walked in newest order. Every page must be exactly what sorting all the
// matching listings gives, ties on price included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { CONDITION_GROUPS } from "~/lib/conditions.ts";
import { LISTINGS_COUNT_CAP, LISTINGS_PAGE_SIZE, parseListingFilters } from "~/lib/listing-filters.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

interface Row {
  id: number;
  category: string;
  condition: string;
  price: number;
  createdAt: string;
}

const POOR: readonly string[] = CONDITION_GROUPS.poor;
/** Enough poor-condition listings to pass the count cap, and some in good condition among them. */
const LISTINGS = 20_000;

let database: OpenedDatabase;
let items: string[];
const rows: Row[] = [];

const find = async (query: string) =>
  (await searchListings(database.db, parseListingFilters(new URLSearchParams(query)).filters, { cached: false })).listings.map((listing) => listing.id);
const byPrice = (direction: 1 | -1) => (a: Row, b: Row) => direction * (a.price - b.price) || direction * (a.id - b.id);
const newest = (a: Row, b: Row) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
const page = (matching: Row[], number: number) => matching.slice((number - 1) * LISTINGS_PAGE_SIZE, number * LISTINGS_PAGE_SIZE).map((row) => row.id);

beforeAll(async () => {
  database = createTestDatabase();
  const seller = await insertUserRow(database.db, undefined, "seller");
  // Six items of heavy equipment, from two second-level categories; one more item stays empty.
  const categories = await database.db
    .selectFrom("categories")
    .select("id")
    .where("id", "like", "heavy_equipment_%")
    .where("level", "=", 3)
    .orderBy("id")
    .execute();
  items = [
    ...categories.filter((row) => row.id.startsWith("heavy_equipment_construction_")).slice(0, 4),
    ...categories.filter((row) => row.id.startsWith("heavy_equipment_mining_")).slice(0, 2),
  ].map((row) => row.id);
  expect(items).toHaveLength(6);
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const values = Array.from({ length: LISTINGS }, (_, i) => ({
    user_id: seller,
    title: `Machine ${i}`,
    category_id: items[Math.floor(i / 7) % items.length]!,
    // Every sixth in good condition, the others spread over the poor group.
    condition: i % 6 === 0 ? "used_good" : POOR[i % POOR.length]!,
    // Prices repeat (ties broken by id), and no item's prices sit together.
    price_cents: ((i * 7_919) % 4_000) * 100 + 100,
    status: "active",
    created_at: new Date(start + ((i * 104_729) % LISTINGS) * 60_000).toISOString(),
  }));
  for (let at = 0; at < values.length; at += 500) {
    const batch = values.slice(at, at + 500);
    const inserted = await database.db.insertInto("equipment_listings").values(batch).returning("id").execute();
    inserted.forEach((row, index) => {
      const value = batch[index]!;
      rows.push({
        id: Number(row.id),
        category: value.category_id,
        condition: value.condition,
        price: value.price_cents,
        createdAt: value.created_at,
      });
    });
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("a category with a condition group, in price order, past the count cap", () => {
  const poor = () => rows.filter((row) => POOR.includes(row.condition));

  it("has more matches than are counted (so the pages are read by walks)", () => {
    expect(poor().length).toBeGreaterThan(LISTINGS_COUNT_CAP);
  });

  it("gives the dearest first, page after page", async () => {
    const expected = poor().sort(byPrice(-1));
    for (const number of [1, 2, 17]) {
      expect(await find(`category=heavy_equipment&condition=poor&sort=price:desc&page=${number}`)).toEqual(page(expected, number));
    }
  });

  it("gives the cheapest first, to the last page shown", async () => {
    const expected = poor().sort(byPrice(1));
    for (const number of [1, 50]) {
      expect(await find(`category=heavy_equipment&condition=poor&sort=price:asc&page=${number}`)).toEqual(page(expected, number));
    }
  });

  it("keeps a price range and a second-level category", async () => {
    const expected = poor()
      .filter((row) => row.category.startsWith("heavy_equipment_construction_") && row.price >= 5_000)
      .sort(byPrice(1));
    expect(expected.length).toBeGreaterThan(LISTINGS_COUNT_CAP);
    expect(await find(`category=construction&condition=poor&minPrice=50&sort=price:asc&page=3`)).toEqual(page(expected, 3));
  });
});

describe("a category holding most listings, newest first", () => {
  it("is walked in newest order, with the other filters checked on each listing", async () => {
    expect(await find(`category=heavy_equipment&page=4`)).toEqual(page([...rows].sort(newest), 4));
    const inRange = rows.filter((row) => row.price >= 10_000).sort(newest);
    expect(inRange.length).toBeGreaterThan(LISTINGS_COUNT_CAP);
    expect(await find(`category=heavy_equipment&minPrice=100&page=2`)).toEqual(page(inRange, 2));
  });
});

// /listings answers alike on both engines: the demo marketplace seeded into a SQLite database and a PostgreSQL one (the
// same seeded random source, so the same listings), then the searches of listing-search.test.ts and the shapes buyers
// use, compared page by page. Runs in the PostgreSQL run only (it needs both engines; the SQLite file it makes itself).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { syncReferenceData } from "#db/reference-data.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

// Nobody signs in here, so the accounts get a cheap stand-in hash instead of scrypt.
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, hashPassword: () => Promise.resolve("cheap-test-hash") };
});

const NOW = new Date("2026-11-21T12:00:00Z");
const TMP = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `engines-${crypto.randomUUID()}`);

/** Filters and orders whose answer is fully determined by the rules: the same ids in the same order on both engines. */
const EXACT_QUERIES = [
  "",
  "sort=price:asc",
  "sort=price:desc&page=3",
  "search=oscilloscope&sort=created_at:desc",
  "search=oscilloscope&condition=good&sort=price:asc",
  "search=oscilloscope&condition=good&sort=price:asc&page=2",
  "search=keysight&sort=price:desc",
  "search=tektronix&sort=created_at:asc",
  "search=fluke&sort=price:asc",
  "search=multimeters&sort=price:asc",
  "search=osc&sort=price:asc",
  "search=epiroc&sort=created_at:desc",
  "search=the+excavator&sort=price:asc",
  "search=digital+storage&sort=price:asc",
  "search=S7-1500&sort=price:asc",
  "search=87V’s&sort=price:asc",
  "brand=key&sort=price:asc",
  "brand=FLUKE&sort=created_at:desc",
  "category=industrial_electronics_test_measurement_oscilloscopes&sort=price:asc",
  "minPrice=1000&maxPrice=5000&sort=price:desc&page=2",
  "search=keysight&condition=good&minPrice=500&sort=price:asc",
];

/**
 * Best match. The engines score differently (SQLite BM25 over four columns weighted 10/1/4/4; PostgreSQL ts_rank over
 * one vector weighted A 1.0 title, B 0.4 brand and model, C 0.1 description, divided by 1 + log of its length), so on
 * other texts the order among matches of similar weight could differ; on the demo marketplace it is the same.
 */
const RANKED_QUERIES = ["search=oscilloscope", "search=keysight", "search=tektronix+oscilloscope", "search=excavator", "search=osc"];

let sqlite: OpenedDatabase;
let postgres: OpenedDatabase;

beforeAll(async () => {
  if (!onPostgres) return;
  fs.mkdirSync(TMP, { recursive: true });
  sqlite = openDatabase({ url: path.join(TMP, "demo.sqlite"), synchronous: "OFF" });
  await migrateToLatest(sqlite.db, sqlite.dialect);
  await syncReferenceData(sqlite.db);
  postgres = createTestDatabase();
  for (const [name, opened] of [
    ["sqlite", sqlite],
    ["postgres", postgres],
  ] as const) {
    await seedDemoMarketplace(opened.db, { uploads: new DiskStore(path.join(TMP, `uploads-${name}`)), now: NOW });
  }
}, 600_000);

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  fs.rmSync(TMP, { recursive: true, force: true });
});

/** What identifies a demo listing on both engines (its id, and what the seed drew for it). */
async function page(opened: OpenedDatabase, query: string, pageSize = 24) {
  const { filters } = parseListingFilters(new URLSearchParams(query));
  const result = await searchListings(opened.db, filters, { now: NOW, pageSize });
  return { total: result.total, listings: result.listings.map((listing) => `${listing.id} ${listing.title}`) };
}

describe.skipIf(!onPostgres)("/listings on SQLite and on PostgreSQL, on the demo marketplace", () => {
  it("the demo listings are the same rows on both", async () => {
    const rows = (opened: OpenedDatabase) =>
      opened.db.selectFrom("equipment_listings").select(["id", "title", "status", "price_cents", "created_at"]).orderBy("id").execute();
    const [left, right] = await Promise.all([rows(sqlite), rows(postgres)]);
    expect(left.length).toBeGreaterThan(500);
    expect(right).toEqual(left);
  });

  it.each(EXACT_QUERIES)("%s: the same ids in the same order, and the same total", async (query) => {
    const [left, right] = await Promise.all([page(sqlite, query), page(postgres, query)]);
    expect(right).toEqual(left);
  });

  it.each(RANKED_QUERIES)("%s (Best match): every match, in the same order", async (query) => {
    const [left, right] = await Promise.all([page(sqlite, query, 1000), page(postgres, query, 1000)]);
    expect(left.total).toBeGreaterThan(5);
    expect(right).toEqual(left);
  });
});

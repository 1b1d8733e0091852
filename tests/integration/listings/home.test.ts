// The home page's data: statistics (and their one-minute cache), featured listings and testimonials.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Database, NewListing } from "#db/schema.ts";
import { FEATURED_LISTINGS_LIMIT, featuredListings } from "~/services/listings/featured-listings.server.ts";
import {
  ACTIVE_USER_WINDOW_DAYS,
  computeMarketplaceStats,
  createMarketplaceStatsCache,
  MARKETPLACE_STATS_TTL_MS,
} from "~/services/listings/marketplace-stats.server.ts";
import { publishedTestimonials } from "~/services/listings/testimonials.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const PLCS = "industrial_electronics_automation_control_plcs";
const EXCAVATORS = "heavy_equipment_construction_excavators";
const DAY = 24 * 60 * 60 * 1000;

let database: OpenedDatabase;
let db: Kysely<Database>;

beforeAll(() => {
  database = createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

/** Each test starts from an empty marketplace (the taxonomy stays). */
beforeEach(async () => {
  for (const table of ["watchlist", "saved_searches", "equipment_images", "equipment_listings", "testimonials", "sessions", "profiles", "users"] as const) {
    await db.deleteFrom(table).execute();
  }
});

let serial = 0;
async function insertListing(sellerId: string, values: Partial<NewListing> = {}): Promise<number> {
  serial += 1;
  return insertListingRow(db, sellerId, { title: `Listing ${serial}`, ...values });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe("computeMarketplaceStats", () => {
  it("counts active listings only, sums USD sales in cents and counts AI listings of any status", async () => {
    const seller = await insertUserRow(db, undefined, "seller");
    await insertListing(seller, { status: "active" });
    await insertListing(seller, { status: "active", ai_generated: 1, category_id: PLCS });
    await insertListing(seller, { status: "active", category_id: EXCAVATORS });
    await insertListing(seller, { status: "draft", ai_generated: 1 });
    await insertListing(seller, { status: "archived" });
    await insertListing(seller, { status: "sold", price_cents: 1_250_050, currency: "USD" });
    await insertListing(seller, { status: "sold", price_cents: 99_950, currency: "USD", ai_generated: 1 });
    // Sold in another currency: not added to a USD total.
    await insertListing(seller, { status: "sold", price_cents: 500_000, currency: "EUR" });
    // Active but priced in USD: not a sale.
    await insertListing(seller, { status: "active", price_cents: 7_000_000, category_id: PLCS });

    const stats = await computeMarketplaceStats(db);
    expect(stats.activeListings).toBe(4);
    expect(stats.totalSalesUsdCents).toBe(1_350_000);
    expect(stats.aiListings).toBe(3);
  });

  it("reports zeros for an empty marketplace", async () => {
    const stats = await computeMarketplaceStats(db);
    expect(stats).toEqual({ activeListings: 0, activeUsers: 0, totalSalesUsdCents: 0, aiListings: 0, activeByCategory: {} });
  });

  it("counts active listings per category, rolled up to the subcategory and main category", async () => {
    const seller = await insertUserRow(db, undefined, "seller");
    await insertListing(seller, { category_id: OSCILLOSCOPES });
    await insertListing(seller, { category_id: OSCILLOSCOPES });
    await insertListing(seller, { category_id: "test_measurement" });
    await insertListing(seller, { category_id: PLCS });
    await insertListing(seller, { category_id: EXCAVATORS });
    await insertListing(seller, { category_id: EXCAVATORS, status: "sold" });
    await insertListing(seller, { category_id: "heavy_equipment" });

    const { activeByCategory } = await computeMarketplaceStats(db);
    expect(activeByCategory[OSCILLOSCOPES]).toBe(2);
    expect(activeByCategory.test_measurement).toBe(3);
    expect(activeByCategory.automation_control).toBe(1);
    expect(activeByCategory.industrial_electronics).toBe(4);
    expect(activeByCategory.construction).toBe(1);
    expect(activeByCategory.heavy_equipment).toBe(2);
    expect(activeByCategory.mining).toBeUndefined();
  });

  it(`counts as active the users with a sign of activity in the last ${ACTIVE_USER_WINDOW_DAYS} days`, async () => {
    const now = Date.parse("2026-11-21T12:00:00.000Z");
    const old = iso(now - (ACTIVE_USER_WINDOW_DAYS + 1) * DAY);
    const recent = iso(now - 10 * DAY);
    const makeUser = async (role = "buyer") => {
      const id = await insertUserRow(db, undefined, role);
      await db.updateTable("users").set({ created_at: old }).where("id", "=", id).execute();
      return id;
    };

    const dormant = await makeUser();
    await db
      .insertInto("sessions")
      .values({ id_hash: "old-session", user_id: dormant, created_at: old, expires_at: old, ip: null, user_agent: null })
      .execute();
    const dormantSeller = await makeUser("seller");
    await insertListing(dormantSeller, { created_at: old, updated_at: old });

    const newcomer = await insertUserRow(db);
    await db.updateTable("users").set({ created_at: recent }).where("id", "=", newcomer).execute();
    const signedIn = await makeUser();
    await db
      .insertInto("sessions")
      .values({ id_hash: "recent-session", user_id: signedIn, created_at: recent, expires_at: iso(now + DAY), ip: null, user_agent: null })
      .execute();
    const lister = await makeUser("seller");
    await insertListing(lister, { created_at: recent, updated_at: recent });
    const draftLister = await makeUser("seller");
    await insertListing(draftLister, { created_at: recent, updated_at: recent, status: "draft" });
    const watcher = await makeUser();
    const watched = await insertListing(dormantSeller, { created_at: old, updated_at: old });
    await db.insertInto("watchlist").values({ user_id: watcher, listing_id: watched, created_at: recent, updated_at: recent }).execute();
    const searcher = await makeUser();
    await db.insertInto("saved_searches").values({ user_id: searcher, name: "Scopes", search_params: "{}", created_at: recent, updated_at: recent }).execute();

    const stats = await computeMarketplaceStats(db, new Date(now));
    // newcomer, signedIn, lister, draftLister, watcher, searcher; not dormant nor dormantSeller.
    expect(stats.activeUsers).toBe(6);
  });
});

describe("the statistics cache", () => {
  it("serves the same numbers for a minute, then recomputes", async () => {
    let clock = Date.parse("2026-11-21T12:00:00.000Z");
    const cache = createMarketplaceStatsCache({ now: () => clock });
    const seller = await insertUserRow(db, undefined, "seller");
    await insertListing(seller);

    expect((await cache.get(db)).activeListings).toBe(1);
    await insertListing(seller);
    clock += MARKETPLACE_STATS_TTL_MS - 1;
    expect((await cache.get(db)).activeListings).toBe(1);

    clock += 1;
    expect((await cache.get(db)).activeListings).toBe(2);

    await insertListing(seller);
    clock += 1000;
    expect((await cache.get(db)).activeListings).toBe(2);
    cache.clear();
    expect((await cache.get(db)).activeListings).toBe(3);
  });

  it("shares one computation between concurrent callers and keeps databases apart", async () => {
    const clock = Date.parse("2026-11-21T12:00:00.000Z");
    const cache = createMarketplaceStatsCache({ now: () => clock });
    const first = cache.get(db);
    const second = cache.get(db);
    expect(second).toBe(first);

    const other = createTestDatabase();
    try {
      const seller = await insertUserRow(other.db, undefined, "seller");
      await other.db
        .insertInto("equipment_listings")
        .values({ user_id: seller, title: "Other", category_id: PLCS, condition: "new", price_cents: 1, status: "active" })
        .execute();
      expect((await cache.get(other.db)).activeListings).toBe(1);
      expect((await first).activeListings).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("does not remember a failed computation", async () => {
    const cache = createMarketplaceStatsCache({ now: () => 0 });
    let failures = 0;
    const unavailable = {
      selectFrom() {
        failures += 1;
        throw new Error("database unavailable");
      },
    } as unknown as Kysely<Database>;
    await expect(cache.get(unavailable)).rejects.toThrow("database unavailable");
    await expect(cache.get(unavailable)).rejects.toThrow("database unavailable");
    expect(failures).toBe(2);
  });
});

describe("featuredListings", () => {
  it("returns active featured listings only, at most six (they take turns: listings/featuring.test.ts)", async () => {
    const seller = await insertUserRow(db, undefined, "seller");
    const start = Date.parse("2026-11-01T00:00:00.000Z");
    const featuredIds: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      featuredIds.push(await insertListing(seller, { is_featured: 1, created_at: iso(start + i * DAY), title: `Featured ${i}` }));
    }
    // Newer than all of them, but not eligible.
    await insertListing(seller, { is_featured: 0, created_at: iso(start + 20 * DAY) });
    await insertListing(seller, { is_featured: 1, status: "draft", created_at: iso(start + 21 * DAY) });
    await insertListing(seller, { is_featured: 1, status: "sold", created_at: iso(start + 22 * DAY) });
    await insertListing(seller, { is_featured: 1, status: "archived", created_at: iso(start + 23 * DAY) });

    // The first turn shows the first six in id order.
    const featured = await featuredListings(db, FEATURED_LISTINGS_LIMIT, new Date(0));
    expect(FEATURED_LISTINGS_LIMIT).toBe(6);
    expect(featured.map((l) => l.id)).toEqual(featuredIds.slice(0, 6));
    expect(featured.every((l) => l.isFeatured)).toBe(true);
    expect(featured[0]).toMatchObject({ title: "Featured 0", priceCents: 100_000, currency: "USD", imageUrl: null, sellerVerified: false });
  });

  it("is empty when nothing is featured", async () => {
    const seller = await insertUserRow(db, undefined, "seller");
    await insertListing(seller);
    expect(await featuredListings(db)).toEqual([]);
  });
});

describe("publishedTestimonials", () => {
  it("returns three published testimonials in position order", async () => {
    const rows = [
      { author_name: "Fourth", quote: "d", position: 4 },
      { author_name: "Hidden", quote: "x", position: 0, is_published: 0 },
      { author_name: "Second", quote: "b", position: 2, author_title: "Lab Manager", company: "Northgate", rating: 4 },
      { author_name: "First", quote: "a", position: 1 },
      { author_name: "Third", quote: "c", position: 3 },
    ];
    for (const row of rows)
      await db
        .insertInto("testimonials")
        .values({ is_published: 1, ...row })
        .execute();

    const testimonials = await publishedTestimonials(db);
    expect(testimonials.map((t) => t.authorName)).toEqual(["First", "Second", "Third"]);
    expect(testimonials[1]).toMatchObject({ authorTitle: "Lab Manager", company: "Northgate", quote: "b", rating: 4 });
  });

  it("is empty when none is published", async () => {
    await db.insertInto("testimonials").values({ author_name: "Draft", quote: "Not yet", is_published: 0 }).execute();
    expect(await publishedTestimonials(db)).toEqual([]);
  });
});

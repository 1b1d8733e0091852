// Browsing and searching /listings against a real database: every filter, sort and page, in combination,
// the category levels, Best match, hostile search text (popular searches: popular-searches.test.ts).
import type { LogConfig } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { getCategoryIndex } from "~/services/listings/category-index.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { recordSearch } from "~/services/listings/search-query.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const SCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const METERS = "industrial_electronics_test_measurement_digital_multimeters";
const ANALYZERS = "industrial_electronics_test_measurement_spectrum_analyzers";
const PLCS = "industrial_electronics_automation_control_plcs";
const EXCAVATORS = "heavy_equipment_construction_excavators";
const DRILLS = "heavy_equipment_mining_rock_drills";
/** "Calibrated within 12 months" is judged against this day. */
const NOW = new Date("2026-11-21T12:00:00Z");

interface Fixture {
  title: string;
  description?: string;
  brand?: string;
  model?: string;
  category: string;
  condition: string;
  price: number;
  created: string;
  status?: string;
  testLevel?: string;
  calibrated?: string;
}

// The marketplace of this file. Keys name the rows; the assertions speak in keys.
const FIXTURES = {
  mso54: {
    title: "Tektronix MSO54 Oscilloscope",
    brand: "Tektronix",
    model: "MSO54",
    category: SCOPES,
    condition: "used_good",
    price: 9_500,
    created: "2026-03-01",
    testLevel: "fully_tested",
    calibrated: "2026-06-01",
  },
  dsox: {
    title: "Keysight DSOX3024T Oscilloscope",
    brand: "Keysight",
    model: "DSOX3024T",
    category: SCOPES,
    condition: "used_very_good",
    price: 4_200,
    created: "2026-03-02",
    testLevel: "powers_on",
    calibrated: "2024-01-15",
  },
  rigol: { title: "Rigol DS1054Z Oscilloscope", brand: "Rigol", model: "DS1054Z", category: SCOPES, condition: "new", price: 399, created: "2026-03-03" },
  fluke: {
    title: "Fluke 87V True-RMS Multimeter",
    description: "Oscilloscope probe adapter, oscilloscope ground leads and oscilloscope hook tips included.",
    brand: "Fluke",
    model: "87V",
    category: METERS,
    condition: "used_fair",
    price: 250,
    created: "2026-03-04",
    testLevel: "untested",
  },
  n9020: {
    title: "Agilent N9020A MXA Signal Analyzer",
    brand: "Agilent",
    model: "N9020A",
    category: ANALYZERS,
    condition: "parts_only",
    price: 12_000,
    created: "2026-03-05",
    testLevel: "for_parts",
  },
  s71500: {
    title: "Siemens S7-1500 CPU 1515-2 PN",
    brand: "Siemens",
    model: "6ES7515-2AM02-0AB0",
    category: PLCS,
    condition: "open_box",
    price: 1_800.5,
    created: "2026-03-06",
  },
  cat320: {
    title: "Caterpillar 320 Hydraulic Excavator",
    brand: "Caterpillar",
    model: "320",
    category: EXCAVATORS,
    condition: "used_excellent",
    price: 85_000,
    created: "2026-03-07",
  },
  draftScope: { title: "Tektronix TDS2024C Oscilloscope", category: SCOPES, condition: "used_good", price: 500, created: "2026-03-08", status: "draft" },
  soldScope: { title: "Tektronix TBS1052B Oscilloscope", category: SCOPES, condition: "used_good", price: 300, created: "2026-03-09", status: "sold" },
  archivedScope: { title: "LeCroy WaveSurfer Oscilloscope", category: SCOPES, condition: "used_good", price: 800, created: "2026-03-10", status: "archived" },
  // Fourteen drill rigs for paging: prices and dates deliberately out of step.
  ...Object.fromEntries(
    [7, 3, 12, 1, 9, 14, 5, 2, 11, 6, 13, 4, 10, 8].map((thousands, index) => [
      `drill${thousands}`,
      {
        title: `Epiroc drill rig ${thousands}`,
        brand: "Epiroc",
        category: DRILLS,
        condition: "for_repair",
        price: thousands * 1_000,
        created: `2025-06-${String(index + 1).padStart(2, "0")}`,
      },
    ]),
  ),
} satisfies Record<string, Fixture>;

let database: OpenedDatabase;
const idOf: Record<string, number> = {};
const keyOf = new Map<number, string>();

/** Runs the search for a /listings query string and answers in fixture keys. */
async function search(query: string, pageSize?: number, fewMatches?: number, matchesSearched?: number) {
  const { filters } = parseListingFilters(new URLSearchParams(query));
  const result = await searchListings(database.db, filters, { now: NOW, pageSize, fewMatches, matchesSearched });
  return { keys: result.listings.map((listing) => keyOf.get(listing.id)), total: result.total, totalPages: result.totalPages };
}
const keys = async (query: string, pageSize?: number) => (await search(query, pageSize)).keys;
const drills = (...thousands: number[]) => thousands.map((n) => `drill${n}`);

beforeAll(async () => {
  database = createTestDatabase();
  const verified = await insertUserRow(database.db, undefined, "seller");
  await database.db.updateTable("profiles").set({ is_verified: 1 }).where("id", "=", verified).execute();
  const unverified = await insertUserRow(database.db, undefined, "seller");
  for (const [key, f] of Object.entries(FIXTURES) as [string, Fixture][]) {
    const row = await database.db
      .insertInto("equipment_listings")
      .values({
        user_id: key === "rigol" ? unverified : verified,
        title: f.title,
        description: f.description ?? "Tested and in working order.",
        brand: f.brand ?? "",
        model: f.model ?? "",
        category_id: f.category,
        condition: f.condition,
        price_cents: Math.round(f.price * 100),
        status: f.status ?? "active",
        test_level: f.testLevel ?? null,
        calibration_date: f.calibrated ?? null,
        created_at: `${f.created}T10:00:00.000Z`,
        ai_generated: 0,
        is_featured: key === "mso54" ? 1 : 0,
        calibration_accredited: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    idOf[key] = row.id;
    keyOf.set(row.id, key);
  }
});

afterAll(async () => {
  await database?.close();
});

describe("browsing", () => {
  it("shows active listings only, newest first, 12 to a page", async () => {
    const page1 = await search("");
    expect(page1.keys).toEqual(["cat320", "s71500", "n9020", "fluke", "rigol", "dsox", "mso54", ...drills(8, 10, 4, 13, 6)]);
    expect(page1.total).toBe(21);
    expect(page1.totalPages).toBe(2);
    expect(await keys("page=2")).toEqual(drills(11, 2, 5, 14, 9, 1, 12, 3, 7));
    // Past the last page: nothing, but the total still says how many match.
    expect(await search("page=3")).toEqual({ keys: [], total: 21, totalPages: 2 });
  });

  it("fills the card from the listing, its images and its seller", async () => {
    const { filters } = parseListingFilters(new URLSearchParams(`category=${SCOPES}&sort=price:asc`));
    const { listings } = await searchListings(database.db, filters, { now: NOW });
    await database.db
      .insertInto("equipment_images")
      .values([
        { listing_id: idOf.mso54, url: "/u/a.webp", thumbnail_url: "/u/a-thumb.webp", width: 1, height: 1, is_primary: 0, position: 0 },
        { listing_id: idOf.mso54, url: "/u/b.webp", thumbnail_url: "/u/b-thumb.webp", width: 1, height: 1, is_primary: 1, position: 1 },
      ])
      .execute();
    const again = await searchListings(database.db, filters, { now: NOW });
    expect(listings.map((l) => [keyOf.get(l.id), l.sellerVerified, l.imageUrl])).toEqual([
      ["rigol", false, null],
      ["dsox", true, null],
      ["mso54", true, null],
    ]);
    expect(again.listings.find((l) => l.id === idOf.mso54)).toMatchObject({
      title: "Tektronix MSO54 Oscilloscope",
      priceCents: 950_000,
      currency: "USD",
      condition: "used_good",
      isFeatured: true,
      imageUrl: "/u/b-thumb.webp",
    });
  });
});

describe("sorting", () => {
  it("oldest first", async () => {
    expect(await keys("category=industrial_electronics&sort=created_at:asc")).toEqual(["mso54", "dsox", "rigol", "fluke", "n9020", "s71500"]);
  });

  it("price low to high and high to low, cents included", async () => {
    expect(await keys("category=industrial_electronics&sort=price:asc")).toEqual(["fluke", "rigol", "s71500", "dsox", "mso54", "n9020"]);
    expect(await keys("category=industrial_electronics&sort=price:desc")).toEqual(["n9020", "mso54", "dsox", "s71500", "rigol", "fluke"]);
  });

  it("pages through a price sort without repeating or skipping", async () => {
    const query = `category=${DRILLS}&sort=price:asc`;
    expect(await search(`${query}`, 5)).toEqual({ keys: drills(1, 2, 3, 4, 5), total: 14, totalPages: 3 });
    expect(await keys(`${query}&page=2`, 5)).toEqual(drills(6, 7, 8, 9, 10));
    expect(await keys(`${query}&page=3`, 5)).toEqual(drills(11, 12, 13, 14));
    expect(await keys(`category=${DRILLS}&sort=price:desc&page=2`)).toEqual(drills(2, 1));
  });
});

describe("categories", () => {
  it("a main category covers its subcategories and their items", async () => {
    expect(await keys("category=heavy_equipment&sort=price:desc&maxPrice=90000", 3)).toEqual(["cat320", "drill14", "drill13"]);
    expect((await search("category=heavy_equipment")).total).toBe(15);
  });

  it("a subcategory covers its items", async () => {
    expect(await keys("category=test_measurement")).toEqual(["n9020", "fluke", "rigol", "dsox", "mso54"]);
    expect(await keys("category=automation_control")).toEqual(["s71500"]);
  });

  it("an item covers itself", async () => {
    expect(await keys(`category=${SCOPES}`)).toEqual(["rigol", "dsox", "mso54"]);
    expect(await keys(`category=${EXCAVATORS}`)).toEqual(["cat320"]);
  });

  it("an unknown category finds nothing", async () => {
    expect(await search("category=no_such_category")).toEqual({ keys: [], total: 0, totalPages: 0 });
  });

  it("the cached taxonomy names every level and knows each one's ancestors", async () => {
    const index = await getCategoryIndex(database.db);
    expect(index.find("test_measurement")?.node.name).toBe("Test & Measurement");
    expect(index.find(SCOPES)?.node.name).toBe("Oscilloscopes");
    expect(index.find(SCOPES)?.ancestors.map((n) => n.id)).toEqual(["industrial_electronics", "test_measurement"]);
    expect(index.find("heavy_equipment")?.scope).toContain(DRILLS);
    expect(index.find("nope")).toBeUndefined();
    expect(await getCategoryIndex(database.db)).toBe(index);
  });
});

describe("filters", () => {
  it("a canonical condition", async () => {
    expect(await keys("condition=used_good")).toEqual(["mso54"]);
    expect(await keys("condition=open_box")).toEqual(["s71500"]);
  });

  it("a coarse condition selects its group", async () => {
    expect(await keys("condition=good")).toEqual(["dsox", "mso54"]);
    expect(await keys("condition=excellent")).toEqual(["cat320"]);
    expect(await keys("condition=fair")).toEqual(["fluke"]);
    expect(await keys("condition=poor&category=industrial_electronics")).toEqual(["n9020"]);
    expect((await search("condition=poor")).total).toBe(15);
  });

  it("a price range includes both ends", async () => {
    expect(await keys("minPrice=399&maxPrice=4200&sort=price:asc")).toEqual(["rigol", "drill1", "s71500", "drill2", "drill3", "drill4", "dsox"]);
    expect(await keys("minPrice=1800.50&maxPrice=1800.50")).toEqual(["s71500"]);
    expect(await keys("minPrice=1000.01&maxPrice=1800.49")).toEqual([]);
    expect(await keys("maxPrice=1000&sort=price:asc")).toEqual(["fluke", "rigol", "drill1"]);
    expect(await keys("minPrice=50000")).toEqual(["cat320"]);
  });

  it("an invalid price is ignored, not applied", async () => {
    expect((await search("maxPrice=-1")).total).toBe(21);
    expect((await search("minPrice=500&maxPrice=100")).total).toBe(21);
  });

  it("test level and calibrated within 12 months", async () => {
    expect(await keys("testLevel=fully_tested")).toEqual(["mso54"]);
    expect(await keys("testLevel=for_parts")).toEqual(["n9020"]);
    expect(await keys("calibrated=1")).toEqual(["mso54"]);
    expect(await keys("testLevel=powers_on&calibrated=1")).toEqual([]);
  });

  it("brand: any part of it, in any letter case", async () => {
    expect(await keys("brand=tektronix")).toEqual(["mso54"]);
    expect(await keys("brand=SIGHT")).toEqual(["dsox"]);
    expect(await keys("brand=pir&sort=price:asc")).toEqual(drills(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    expect(await keys("brand=%25")).toEqual([]); // a LIKE wildcard is just a character here
    expect(await keys("brand=ke&category=test_measurement")).toEqual(["fluke", "dsox"]);
    expect(await keys("brand=Agilent&search=analyzer")).toEqual(["n9020"]);
  });

  it("everything at once", async () => {
    expect(await keys("category=test_measurement&condition=good&minPrice=1000&maxPrice=10000&testLevel=fully_tested&calibrated=1&search=tektronix")).toEqual([
      "mso54",
    ]);
    expect(await keys("category=industrial_electronics&condition=good&minPrice=5000")).toEqual(["mso54"]);
  });
});

describe("searching", () => {
  it("matches title, description, brand and model, stemmed and by prefix", async () => {
    expect(await keys("search=keysight")).toEqual(["dsox"]);
    expect(await keys("search=DS1054Z")).toEqual(["rigol"]);
    expect(await keys("search=oscillo&sort=created_at:asc")).toEqual(["mso54", "dsox", "rigol", "fluke"]);
    expect(await keys("search=multimeters")).toEqual(["fluke"]);
    expect(await keys("search=drill rig 12")).toEqual(["drill12"]);
    expect(await keys("search=tektronix")).toEqual(["mso54"]); // the draft, sold and archived ones stay hidden
  });

  it("takes a last word that many listings hold by itself as typed, not as the start of longer words", async () => {
    // "rig" is in the 14 drill rigs' titles: with a few-matches threshold of 5 it counts as a common word, so
    // "oscilloscope rig" no longer also means "oscilloscope rig…" (Rigol); a rare last word still does.
    expect((await search("search=oscilloscope rig", undefined, 5)).keys).toEqual([]);
    expect((await search("search=oscilloscope rigo", undefined, 5)).keys).toEqual(["rigol"]);
    expect(await keys("search=oscilloscope rig")).toEqual(["rigol"]); // "rig" is rare under the real threshold
  });

  it("Best match puts title matches above a description-only match, newer first among equals", async () => {
    // The multimeter is the newest and says oscilloscope three times, but only in its description.
    expect(await keys("search=oscilloscope&sort=created_at:desc")).toEqual(["fluke", "rigol", "dsox", "mso54"]);
    const best = await keys("search=oscilloscope");
    expect(best).toHaveLength(4);
    expect(best.at(-1)).toBe("fluke");
    expect(await keys("search=oscilloscope&sort=relevance")).toEqual(best);
  });

  it("one brand, or one category item, alone pages in every order", async () => {
    // The fourteen Epiroc rigs (dates follow the list [7, 3, 12, …]; prices follow their number): every page of every
    // order, read from the brand's or the item's own index in that order.
    const byDate = drills(7, 3, 12, 1, 9, 14, 5, 2, 11, 6, 13, 4, 10, 8);
    const byPrice = drills(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    for (const filter of ["brand=epiroc", `category=${DRILLS}`]) {
      const all = async (sort: string) => {
        const shown: Array<string | undefined> = [];
        for (const page of [1, 2, 3]) shown.push(...(await search(`${filter}&sort=${sort}&page=${page}`, 5)).keys);
        return shown;
      };
      expect(await all("created_at:asc"), filter).toEqual(byDate);
      expect(await all("created_at:desc"), filter).toEqual([...byDate].reverse());
      expect(await all("price:asc"), filter).toEqual(byPrice);
      expect(await all("price:desc"), filter).toEqual([...byPrice].reverse());
    }
  });

  it("the benchmark's shape: search, condition, price order and a page", async () => {
    expect(await keys("search=oscilloscope&condition=good&sort=price:asc")).toEqual(["dsox", "mso54"]);
    expect(await search("search=oscilloscope&condition=good&sort=price:asc&page=2", 1)).toEqual({ keys: ["mso54"], total: 2, totalPages: 2 });
    expect(await keys("search=epiroc&condition=for_repair&sort=price:asc&page=3", 4)).toEqual(drills(9, 10, 11, 12));
  });

  it("Best match pages like any other order", async () => {
    const all = await keys("search=epiroc", 14);
    const paged = [...(await keys("search=epiroc", 5)), ...(await keys("search=epiroc&page=2", 5)), ...(await keys("search=epiroc&page=3", 5))];
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(14);
  });

  it("starting from the matches or from the listing indexes finds the same", async () => {
    for (const query of [
      "search=oscilloscope&sort=created_at:desc",
      "search=oscilloscope&sort=price:asc",
      "search=oscilloscope&condition=good&sort=price:desc",
      "search=epiroc&sort=created_at:asc&page=2",
      "search=epiroc&minPrice=3000&maxPrice=9000&sort=price:desc",
      `search=tektronix&category=${SCOPES}&calibrated=1`,
    ]) {
      // fewMatches 0: every search counts as matching many listings.
      expect(await search(query, 5, 0), query).toEqual(await search(query, 5));
    }
  });

  it("Best match over many matches (top-k): title matches first, newest first, the same totals", async () => {
    // fewMatches 0: every search counts as matching many listings, so Best match orders the newest candidates
    // without scoring each match: the multimeter (oscilloscope only in its description) still comes last.
    const many = await search("search=oscilloscope", 5, 0);
    expect(many).toEqual({ keys: ["rigol", "dsox", "mso54", "fluke"], total: 4, totalPages: 1 });
    expect((await search("search=oscilloscope", 5)).keys.at(-1)).toBe("fluke");
    // Every page of a many-match Best match, in order, is every match once.
    const paged = [
      ...(await search("search=epiroc", 5, 0)).keys,
      ...(await search("search=epiroc&page=2", 5, 0)).keys,
      ...(await search("search=epiroc&page=3", 5, 0)).keys,
    ];
    expect(new Set(paged).size).toBe(14);
    expect((await search("search=epiroc&minPrice=9000", 5, 0)).total).toBe(6);
  });

  it("a word in more listings than are searched: only the newest matches are searched, and the total says at least", async () => {
    // matchesSearched 5 (of the 14 drill rigs): the 5 newest by id, whatever the order asked for.
    const { filters } = parseListingFilters(new URLSearchParams("search=epiroc&sort=price:asc"));
    const result = await searchListings(database.db, filters, { now: NOW, pageSize: 12, fewMatches: 0, matchesSearched: 5 });
    expect(result.searchedNewest).toBe(5);
    expect(result.totalIsExact).toBe(false);
    expect(result.total).toBe(5);
    const newestFive = Object.keys(FIXTURES)
      .filter((key) => key.startsWith("drill"))
      .slice(-5);
    expect(new Set(result.listings.map((listing) => keyOf.get(listing.id)))).toEqual(new Set(newestFive));
    const prices = result.listings.map((listing) => listing.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    ['"', []],
    ["*", []],
    ["OR", []],
    ["-", []],
    ["NEAR(", []],
    ["NEAR(tektronix", []], // every word must match, "near" included
    ['"tektronix', ["mso54"]],
    ['tektronix"', ["mso54"]],
    ["-tektronix", ["mso54"]],
    ["tektronix*", ["mso54"]],
    ["title:tektronix", []],
    ["tektronix OR rigol", []],
    ["rigol AND NOT", []],
    ["(keysight)", ["dsox"]],
    ["^keysight", ["dsox"]],
    ["keysight; drop table equipment_listings; --", []],
    ["S7-1500", ["s71500"]],
    ["87V’s", []],
    ["🔬 rigol", ["rigol"]],
  ])("search text %j is read as words, never as query syntax", async (text, expected) => {
    const found = await keys(`search=${encodeURIComponent(text)}&sort=created_at:asc`);
    expect(found).toEqual(expected);
  });
});

describe("totals stay exact", () => {
  // Totals are remembered between pages of one search until anything is written; these prove the forgetting.
  it("after a listing is added, changed or removed through the app's connection", async () => {
    const query = "search=epiroc&sort=price:asc";
    expect((await search(query, 5)).total).toBe(14);
    const extra = await database.db
      .insertInto("equipment_listings")
      .values({
        user_id: await insertUserRow(database.db, undefined, "seller"),
        title: "Epiroc Boomer S2",
        category_id: DRILLS,
        condition: "new",
        price_cents: 100,
        status: "active",
        ai_generated: 0,
        is_featured: 0,
        calibration_accredited: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await search(query, 5)).total).toBe(15);
    await database.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", extra.id).execute();
    expect((await search(query, 5)).total).toBe(14);
    await database.db.deleteFrom("equipment_listings").where("id", "=", extra.id).execute();
    expect((await search(query, 5)).total).toBe(14);
  });

  it("are read once while paging or turning the order round, even though page 1 records the search", async () => {
    const queries: string[] = [];
    const log: LogConfig = (event) => void queries.push(event.query.sql);
    // A connection of its own whose queries are seen.
    const { db, close } = openDatabase({ url: database.url, poolSize: 2, log });
    try {
      // Statements that read the full-text index: the search's matches, its total and every page's listings come from them.
      const fullTextReads = () => queries.filter((text) => /listing_search match|listing_search_query\(/.test(text)).length;
      const page = async (n: number, sort = "price:asc") =>
        (await searchListings(db, { ...parseListingFilters(new URLSearchParams(`search=epiroc&sort=${sort}&page=${n}`)).filters }, { pageSize: 5 })).total;
      expect(await page(1)).toBe(14);
      const readsOfPageOne = fullTextReads();
      expect(readsOfPageOne).toBeGreaterThan(0);
      await recordSearch(db, "epiroc", 14, { userId: null, ip: "192.0.2.1", userAgent: null });
      expect(await page(2)).toBe(14);
      expect(await page(1)).toBe(14);
      expect(await page(3, "price:desc")).toBe(14);
      // The search caches key on the listings' own version (listing_search_state): recording a search is no listing
      // change, on either engine.
      expect(fullTextReads()).toBe(readsOfPageOne);
      await db.updateTable("equipment_listings").set({ price_cents: 123 }).where("id", "=", idOf.drill1).execute();
      expect(await page(2)).toBe(14);
      expect(fullTextReads()).toBeGreaterThan(readsOfPageOne);
      await db.updateTable("equipment_listings").set({ price_cents: 100_000 }).where("id", "=", idOf.drill1).execute();
    } finally {
      await close();
    }
  });

  it("after another process writes to the database", async () => {
    const query = `category=${DRILLS}`;
    expect((await search(query, 5)).total).toBe(14);
    // Another connection of its own, as another process (another app server, on PostgreSQL) would hold.
    const other = openDatabase({ url: database.url });
    try {
      await other.db.updateTable("equipment_listings").set({ status: "archived" }).where("id", "=", idOf.drill3).execute();
      expect((await search(query, 5)).total).toBe(13);
      await other.db.updateTable("equipment_listings").set({ status: "active" }).where("id", "=", idOf.drill3).execute();
      expect((await search(query, 5)).total).toBe(14);
    } finally {
      await other.close();
    }
  });
});

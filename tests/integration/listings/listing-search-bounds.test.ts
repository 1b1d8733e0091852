// The rules that keep /listings from scanning at a million listings (docs/decisions/0036), on both
// engines: totals counted up to 10,000 ("10,000+ listings"), pages up to 50, the brand filter on the generated
// brand_key kept in step by every write, and search caches that only listing changes empty (a view or a bid does not).
import { createQueryId, sql, type KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { LISTINGS_COUNT_CAP, LISTINGS_MAX_PAGE, parseListingFilters } from "~/lib/listing-filters.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { resultsLimitText, resultsSummaryText } from "~/components/listings/ResultsSummary.tsx";
import { listingsVersion } from "~/services/listings/remembered-searches.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { recordListingView } from "~/services/listings/listing-views.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { insertListingRow, listingInput } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing, updateListing } from "~/flows/listing-publication.server.ts";

const EXCAVATORS = "heavy_equipment_construction_excavators";
/** More active excavators than are counted. */
const BULK = LISTINGS_COUNT_CAP + 40;

let database: OpenedDatabase;
let seller: string;

const find = (query: string) => searchListings(database.db, parseListingFilters(new URLSearchParams(query)).filters);

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  // One statement for the lot (the same SQL on both engines): ten thousand and forty excavators, every fifth one a
  // Komatsu, prices 1..BULK dollars.
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(BULK)})
    insert into equipment_listings (user_id, title, brand, category_id, condition, price_cents, status, ai_generated, is_featured, calibration_accredited)
    select ${seller}, 'Excavator ' || i, case when i % 5 = 0 then 'Komatsu' else 'Caterpillar' end, ${EXCAVATORS}, 'used_good', i * 100,
           'active', 0, 0, 0
      from n`.execute(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("totals past the count cap", () => {
  it("say 10,000+ beyond it, exactly below it", async () => {
    const all = await find(`category=${EXCAVATORS}`);
    expect(all).toMatchObject({ total: LISTINGS_COUNT_CAP, totalIsExact: false, totalPages: LISTINGS_MAX_PAGE });
    expect(resultsSummaryText(all.listings.length, all.total, all.totalIsExact)).toBe("Showing 12 of 10,000+ listings");

    const komatsu = await find(`category=${EXCAVATORS}&brand=komatsu`);
    expect(komatsu).toMatchObject({ total: BULK / 5, totalIsExact: true });
    expect(resultsSummaryText(komatsu.listings.length, komatsu.total, komatsu.totalIsExact)).toBe("Showing 12 of 2,008 listings");
    const cheap = await find(`category=${EXCAVATORS}&maxPrice=30`);
    expect(cheap).toMatchObject({ total: 30, totalIsExact: true, totalPages: 3 });
  });

  it("a price sort past the cap still starts from the cheapest listing", async () => {
    const cheapest = await find(`category=${EXCAVATORS}&sort=price:asc`);
    expect(cheapest.listings.map((listing) => listing.priceCents)).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 100));
    const dearest = await find(`category=heavy_equipment&sort=price:desc&page=2`);
    expect(dearest.listings[0]?.priceCents).toBe((BULK - 12) * 100);
  });
});

describe("deep pages", () => {
  it("are served up to page 50, and not past it (the page tells the reader why)", async () => {
    const last = await find(`category=${EXCAVATORS}&sort=price:asc&page=${LISTINGS_MAX_PAGE}`);
    expect(last.listings.map((listing) => listing.priceCents)[0]).toBe((LISTINGS_MAX_PAGE - 1) * 12 * 100 + 100);
    const deeper = await find(`category=${EXCAVATORS}&sort=price:asc&page=${LISTINGS_MAX_PAGE + 1}`);
    expect(deeper.listings).toEqual([]);
    // The /listings loader sends a page past totalPages to the last page there is.
    expect(deeper.totalPages).toBe(LISTINGS_MAX_PAGE);
    expect(resultsLimitText({ ...deeper, searchedNewest: null })).toBe("Only the first 50 pages are shown. Add words or filters to narrow the search.");
    expect(resultsLimitText({ total: 30, totalPages: 3, pageSize: 12, searchedNewest: null })).toBeNull();
  });
});

describe("the brand filter", () => {
  const uploads = new DiskStore("/nonexistent-uploads");
  const input = (brand: string): ListingInput => listingInput({ title: "Network analyzer, calibrated", brand });
  const brandKey = async (id: number) =>
    (await sql<{ brand_key: string }>`select brand_key from equipment_listings where id = ${id}`.execute(database.db)).rows[0]?.brand_key;
  const ids = async (query: string) => (await find(query)).listings.map((listing) => listing.id);

  it("reads the normalised brand, kept in step when a listing is created and edited", async () => {
    const id = await createListing(database.db, uploads, seller, input("Rohde & SCHWARZ"), []);
    expect(await brandKey(id)).toBe("rohde & schwarz");
    expect(await ids("brand=schwarz")).toEqual([id]);
    expect(await ids("brand=ROHDE%20%26%20s")).toEqual([id]);

    await updateListing(database.db, uploads, { id: seller, role: "seller" }, id, input("Keysight Technologies"));
    expect(await brandKey(id)).toBe("keysight technologies");
    expect(await ids("brand=schwarz")).toEqual([]);
    expect(await ids("brand=KEYSIGHT")).toEqual([id]);
    expect(await ids("brand=sight%20tech")).toEqual([id]);
  });

  it("folds ASCII letters only, as the saved-search alerts do", async () => {
    const id = await insertListingRow(database.db, seller, { brand: "ÉLAN Électronique" });
    expect(await brandKey(id)).toBe("Élan Électronique");
    expect(await ids("brand=%C3%89lan")).toEqual([id]);
    expect(await ids("brand=%C3%A9lan")).toEqual([]);
  });
});

describe("search caches", () => {
  it("keep their results through listing views, and forget them when a listing changes", async () => {
    // A handle that counts the statements it runs (plugins see every result; a query compiled once per shape,
    // query-templates.server.ts, is not transformed again), with a search cache of its own.
    let statements = 0;
    const counted: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    };
    const db = database.db.withPlugin(counted);
    const search = async () => {
      const before = statements;
      const result = await searchListings(db, parseListingFilters(new URLSearchParams("brand=hitachi")).filters);
      return { total: result.total, ids: result.listings.map((listing) => listing.id), statements: statements - before };
    };
    const id = await insertListingRow(database.db, seller, { title: "Hitachi ZX350 excavator", brand: "Hitachi", category_id: EXCAVATORS });
    const version = await listingsVersion(database.db);
    const first = await search();
    expect(first).toMatchObject({ total: 1, ids: [id] });
    expect(first.statements).toBeGreaterThan(2);

    const viewed = await recordListingView(database.db, { listingId: id, ownerId: seller, ip: "192.0.2.7" });
    expect(viewed.counted).toBe(true);
    expect(await listingsVersion(database.db)).toBe(version);
    // Served from the cache: only the listings' version and the page's cards are read.
    expect(await search()).toEqual({ ...first, statements: 2 });

    await database.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", id).execute();
    expect(await listingsVersion(database.db)).not.toBe(version);
    expect(await search()).toMatchObject({ total: 0, ids: [] });
  });
});

describe("totals of a category alone, or of no filter", () => {
  const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
  /** Active listings counted directly, in a category and the categories under it (three levels), or in all. */
  const activeIn = async (category: string | null) => {
    let query = database.db
      .selectFrom("equipment_listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "active");
    if (category) {
      const children = (parents: string[]) => database.db.selectFrom("categories").select("id").where("parent_id", "in", parents);
      const level2 = (await children([category]).execute()).map((row) => row.id);
      const level3 = level2.length ? (await children(level2).execute()).map((row) => row.id) : [];
      query = query.where("category_id", "in", [category, ...level2, ...level3]);
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it("come from the counts the listing triggers keep, without counting listings, and follow every change", async () => {
    const executor = database.db.getExecutor();
    const statements: string[] = [];
    const db = database.db.withPlugin({
      transformQuery: (args) => {
        statements.push(executor.compileQuery(args.node, createQueryId()).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const total = async (query: string) => {
      const result = await searchListings(db, parseListingFilters(new URLSearchParams(query)).filters);
      return { total: result.total, totalIsExact: result.totalIsExact };
    };
    const scopes = [OSCILLOSCOPES, "test_measurement", "industrial_electronics"];
    const before = (await total(`category=${OSCILLOSCOPES}`)).total;
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await insertListingRow(database.db, seller, { title: `Scope ${i}`, category_id: OSCILLOSCOPES }));
    await insertListingRow(database.db, seller, { title: "Scope draft", category_id: OSCILLOSCOPES, status: "draft" });

    const check = async () => {
      for (const scope of scopes) expect(await total(`category=${scope}`)).toEqual({ total: await activeIn(scope), totalIsExact: true });
      expect(await activeIn(null)).toBeGreaterThan(LISTINGS_COUNT_CAP);
      expect(await total("")).toEqual({ total: LISTINGS_COUNT_CAP, totalIsExact: false });
    };
    await check();
    expect(await total(`category=${OSCILLOSCOPES}`)).toEqual({ total: before + 3, totalIsExact: true });
    // Sold, moved to another category, deleted: each changes the totals at once.
    await database.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", ids[0]!).execute();
    await database.db.updateTable("equipment_listings").set({ category_id: EXCAVATORS }).where("id", "=", ids[1]!).execute();
    await check();
    expect(await total(`category=${OSCILLOSCOPES}`)).toEqual({ total: before + 1, totalIsExact: true });
    await database.db.deleteFrom("equipment_listings").where("id", "=", ids[2]!).execute();
    expect(await total(`category=${OSCILLOSCOPES}`)).toEqual({ total: before, totalIsExact: true });
    await check();
    expect(statements.filter((statement) => /count\(\*\) as "total"/.test(statement))).toEqual([]);
    // A filter beyond the category still counts (up to the cap), and the check above would see it.
    await total(`category=${OSCILLOSCOPES}&maxPrice=100`);
    expect(statements.filter((statement) => /count\(\*\) as "total"/.test(statement)).length).toBeGreaterThan(0);
  });
});

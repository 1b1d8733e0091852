// The popular-search chips on /listings: a query counts once per visitor (a keyed hash with a daily
// salt, no raw address kept), shows only once several distinct visitors searched for it, only when its text is plain
// words, and only when every word finds an active listing. Nine page loads by one visitor plant nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  normaliseSearchQuery,
  POPULAR_SEARCH_MIN_VISITORS,
  popularSearches,
  prunePastSearchVisitors,
  recordSearch,
  searchVisitorHash,
  type SearchVisitor,
} from "~/services/listings/search-query.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const listingsRoute = await import("~/routes/listings._index.tsx");

let opened: OpenedDatabase;
const DAY1 = new Date("2026-11-25T09:00:00Z");
const DAY2 = new Date("2026-11-26T09:00:00Z");

const visitor = (n: number, userAgent: string | null = "Firefox"): SearchVisitor => ({ userId: null, ip: `198.51.100.${n}`, userAgent });
const chips = async () => (await popularSearches(opened.db)).map((chip) => chip.query);
/** `text` searched by `visitors` distinct visitors, each `times` times. */
async function searchedBy(text: string, visitors: number, { times = 1, results = 5, now = DAY1 } = {}) {
  for (let n = 1; n <= visitors; n++) for (let i = 0; i < times; i++) await recordSearch(opened.db, text, results, visitor(n), now);
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const seller = await insertUserRow(opened.db, undefined, "seller");
  await insertListingRow(opened.db, seller, { title: "Tektronix MSO54 Oscilloscope", brand: "Tektronix", model: "MSO54" });
  await insertListingRow(opened.db, seller, { title: "Fluke 87V True-RMS Multimeter", description: "With test leads.", brand: "Fluke" });
  await insertListingRow(opened.db, seller, { title: "Siemens S7-1500 CPU", brand: "Siemens" });
  await insertListingRow(opened.db, seller, { title: "Rohde & Schwarz spectrum analyzer, prototype", status: "draft" });
  await insertListingRow(opened.db, seller, { title: "Keysight oscilloscope", description: "Sold with its probes", status: "sold" });
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.deleteFrom("search_query_visitors").execute();
  await opened.db.deleteFrom("search_queries").execute();
});

describe("counting", () => {
  it("counts a query once per visitor, however often that visitor searches it", async () => {
    expect(normaliseSearchQuery("  Tektronix   MSO ")).toBe("tektronix mso");
    await searchedBy("  Tektronix   MSO ", 1, { times: 9 });
    await searchedBy("tektronix mso", 2);
    const rows = await opened.db.selectFrom("search_queries").select(["query", "count"]).execute();
    expect(rows).toEqual([{ query: "tektronix mso", count: 2 }]);
  });

  it("tells visitors apart by member, else by address and browser; keeps no raw address", async () => {
    const member = await insertUserRow(opened.db);
    await recordSearch(opened.db, "fluke", 1, { userId: member, ip: "198.51.100.1", userAgent: "Firefox" }, DAY1);
    await recordSearch(opened.db, "fluke", 1, { userId: member, ip: "203.0.113.9", userAgent: "Chrome" }, DAY1);
    await recordSearch(opened.db, "fluke", 1, visitor(1, "Firefox"), DAY1);
    await recordSearch(opened.db, "fluke", 1, visitor(1, "Chrome"), DAY1);
    const count = await opened.db.selectFrom("search_queries").select("count").where("query", "=", "fluke").executeTakeFirstOrThrow();
    expect(count.count).toBe(3);
    const stored = JSON.stringify(await opened.db.selectFrom("search_query_visitors").selectAll().execute());
    expect(stored).not.toContain("198.51.100");
    expect(stored).not.toContain("203.0.113");
    expect(stored).not.toContain(member);
  });

  it("salts the visitor's hash by day: the same visitor is one hash all day and a different one the next", async () => {
    expect(searchVisitorHash(visitor(1), "2026-11-25")).toBe(searchVisitorHash(visitor(1), "2026-11-25"));
    expect(searchVisitorHash(visitor(1), "2026-11-26")).not.toBe(searchVisitorHash(visitor(1), "2026-11-25"));
    await searchedBy("fluke", 1, { times: 3, now: DAY1 });
    await searchedBy("fluke", 1, { times: 3, now: DAY2 });
    const count = await opened.db.selectFrom("search_queries").select("count").where("query", "=", "fluke").executeTakeFirstOrThrow();
    expect(count.count).toBe(2);
  });

  it("forgets which visitors searched what once their day has passed", async () => {
    await searchedBy("fluke", 2, { now: DAY1 });
    await searchedBy("fluke", 1, { now: DAY2 });
    expect(await prunePastSearchVisitors(opened.db, DAY2)).toBe(0);
    expect(await prunePastSearchVisitors(opened.db, new Date("2026-11-27T00:30:00Z"))).toBe(2);
    expect(await opened.db.selectFrom("search_query_visitors").select("day").execute()).toEqual([{ day: "2026-11-26" }]);
  });
});

describe("what the chips show", () => {
  it(`needs ${POPULAR_SEARCH_MIN_VISITORS} distinct visitors before a query shows`, async () => {
    await searchedBy("tektronix", POPULAR_SEARCH_MIN_VISITORS - 1, { times: 20 });
    expect(await chips()).toEqual([]);
    await searchedBy("tektronix", POPULAR_SEARCH_MIN_VISITORS);
    expect(await popularSearches(opened.db)).toEqual([{ query: "tektronix", count: POPULAR_SEARCH_MIN_VISITORS }]);
  });

  it("shows only plain words: no quotes, equals signs or semicolons, even when many visitors searched them", async () => {
    for (const text of ["' or '1'='1", "fluke; drop table users", '"fluke"', "fluke=1"]) await searchedBy(text, 5);
    await searchedBy("S7-1500", 5);
    expect(await chips()).toEqual(["s7-1500"]);
  });

  it("shows only queries every word of which finds an active listing", async () => {
    await searchedBy("tektronix oscilloscope", 6);
    await searchedBy("fluke multimeters", 5);
    // Made-up words, and words found only in a draft or a sold listing, never show.
    await searchedBy("tektronix unobtainium", 9);
    await searchedBy("rohde schwarz", 8);
    await searchedBy("keysight", 7);
    await searchedBy("probes", 7);
    expect(await chips()).toEqual(["tektronix oscilloscope", "fluke multimeters"]);
  });

  it("offers the most searched first, ten at most, leaving out searches that found nothing", async () => {
    const words = ["tektronix", "mso54", "oscilloscope", "fluke", "87v", "multimeter", "true", "rms", "leads", "siemens", "cpu", "s7"];
    for (const [index, word] of words.entries()) await searchedBy(word, 3 + index);
    await searchedBy("test", 30, { results: 0 });
    const popular = await popularSearches(opened.db);
    expect(popular.map((chip) => chip.query)).toEqual([...words].reverse().slice(0, 10));
    expect(popular[0]).toEqual({ query: "s7", count: 14 });
    expect(await popularSearches(opened.db, 3)).toHaveLength(3);
  });

  it("follows the listings: a chip goes when the last listing with its word is sold, and comes back with a new one", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const first = await insertListingRow(opened.db, seller, { title: "Bruker benchtop NMR", brand: "Bruker" });
    await searchedBy("bruker", 3);
    expect(await chips()).toEqual(["bruker"]);
    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", first).execute();
    expect(await chips()).toEqual([]);
    await insertListingRow(opened.db, seller, { title: "Bruker FTIR spectrometer", brand: "Bruker" });
    expect(await chips()).toEqual(["bruker"]);
  });
});

describe("through /listings", () => {
  const get = (path: string, ip: string) =>
    listingsRoute.loader({
      request: new Request(`http://localhost${path}`, { headers: { "User-Agent": "probe" } }),
      params: {},
      context: { cspNonce: "", clientIp: ip },
    });

  it("nine anonymous searches for ' or '1'='1 put nothing in the chips every visitor sees", async () => {
    const attack = `/listings?search=${encodeURIComponent("' or '1'='1")}`;
    for (let i = 0; i < 9; i++) await get(attack, "192.0.2.66");
    const count = await opened.db.selectFrom("search_queries").select("count").executeTakeFirst();
    expect(count?.count).toBe(1);
    expect((await get("/listings", "192.0.2.1")).popular).toEqual([]);
  });

  it("three visitors searching for a real word make it a chip", async () => {
    for (const ip of ["192.0.2.10", "192.0.2.11", "192.0.2.12"]) await get("/listings?search=Fluke", ip);
    expect((await get("/listings", "192.0.2.1")).popular).toEqual([{ query: "fluke", count: 3 }]);
  });
});

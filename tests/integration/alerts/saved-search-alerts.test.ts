// Saved-search alerts: the matcher finds exactly the searches that running them would find (checked on random
// listings and searches), keys follow changes, and owners are told once per search per batch window.
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { listingMatchesExpressions } from "#db/full-text.ts";
import { CONDITIONS, type Condition } from "~/lib/conditions.ts";
import { listingsUrl, readSavedSearchParams, savedSearchFilters, savedSearchListingFilters, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { TEST_LEVELS } from "~/lib/test-levels.ts";
import { CreateListingSchema, toListingInput } from "~/schemas/listing.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import {
  ALERT_KEY_VERSION,
  alertKeysOf,
  flushSavedSearchAlerts,
  matchListingToSavedSearches,
  SAVED_SEARCH_ALERT_TITLE,
} from "~/services/alerts/saved-search-alerts.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertUserRow } from "../../support/users.ts";
import { switchUnsoldToBuyNow, createListing, updateListing } from "~/flows/listing-publication.server.ts";
import { cancelAuction } from "~/flows/auction-settlement.server.ts";

const SCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const METERS = "industrial_electronics_test_measurement_digital_multimeters";
const EXCAVATORS = "heavy_equipment_construction_excavators";
const NOW = new Date("2026-11-21T12:00:00.000Z");
const MINUTE = 60_000;

let database: OpenedDatabase;
let users: string[];

/** A search with no criteria (what an empty stored row reads as) but the given ones. */
const params = (overrides: Partial<SavedSearchParams>): SavedSearchParams => ({ ...readSavedSearchParams("{}"), ...overrides });

async function saveSearch(userId: string, search: SavedSearchParams, name = "My search", notify = true): Promise<number> {
  const row = await database.db
    .insertInto("saved_searches")
    .values({ user_id: userId, name, search_params: JSON.stringify(search), notify_on_new: notify ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface ListingFields {
  title: string;
  description?: string;
  brand?: string;
  model?: string;
  category?: string;
  condition?: string;
  priceCents?: number;
  testLevel?: string | null;
  calibrationDate?: string | null;
  status?: string;
}

async function insertListing(sellerId: string, f: ListingFields): Promise<number> {
  const row = await database.db
    .insertInto("equipment_listings")
    .values({
      user_id: sellerId,
      title: f.title,
      description: f.description ?? "",
      brand: f.brand ?? "",
      model: f.model ?? "",
      category_id: f.category ?? SCOPES,
      condition: f.condition ?? "used_good",
      price_cents: f.priceCents ?? 100_000,
      status: f.status ?? "active",
      test_level: f.testLevel ?? null,
      calibration_date: f.calibrationDate ?? null,
      ai_generated: 0,
      is_featured: 0,
      calibration_accredited: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function clearMarketplace(): Promise<void> {
  await database.db.deleteFrom("saved_search_matches").execute();
  await database.db.deleteFrom("saved_searches").execute();
  await database.db.deleteFrom("notifications").execute();
  await database.db.deleteFrom("email_outbox").execute();
  await database.db.deleteFrom("equipment_listings").execute();
}

const notificationsOf = (userId: string) =>
  database.db.selectFrom("notifications").select(["type", "title", "message", "action_url"]).where("user_id", "=", userId).orderBy("id").execute();

beforeAll(async () => {
  database = createTestDatabase();
  users = [];
  for (let i = 0; i < 3; i++) users.push(await insertUserRow(database.db));
});

afterAll(async () => {
  await database?.close();
});

// ── Exactness on random data ──

/** Words that stem, prefix, fold case and lose diacritics differently, plus short and numeric ones. */
const VOCABULARY = [
  "oscilloscope",
  "oscilloscopes",
  "oscillo",
  "Oscilloscopy",
  "analyzer",
  "analyzing",
  "Analyse",
  "analyz",
  "happy",
  "happiness",
  "happi",
  "café",
  "CAFE",
  "cafés",
  "naïve",
  "naive",
  "Ñandú",
  "nandu",
  "über",
  "UBER",
  "résumé",
  "resume",
  "running",
  "run",
  "runs",
  "hp",
  "34401a",
  "34401",
  "ies",
  "x",
  "meter",
  "meters",
  "multimeter",
  "multi",
  "keysight",
  "key",
  "tek",
  "tektronix",
  "ﬁber",
  "fiber",
  "straße",
  "strasse",
  "μA",
  "Ω",
  "i",
  "a",
  // A letter to JavaScript but a separator to SQLite's tokenizer: one word, a phrase of two terms in the index.
  "scope\u19b0meter",
  "meter\u19b0scope",
  "scope",
  "meter scope",
];
const word = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VOCABULARY) }, { weight: 1, arbitrary: fc.stringMatching(/^[a-eé]{1,4}$/) });
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max });
const CATEGORY_VALUES = ["industrial_electronics", "test_measurement", SCOPES, METERS, "heavy_equipment", EXCAVATORS, "no_such_category"];
const PRICES = [0, 9_999, 10_000, 50_000, 100_050, 500_000];
const BRANDS = ["Keysight", "KEYSIGHT Technologies", "Électro", "électro", "Fluke", "", "Rohde & Schwarz", "ÜberTest"];
const CALIBRATION_DATES = [null, "2026-10-01", "2025-11-21", "2025-11-20", "2024-01-01"];

const listingArbitrary = fc.record({
  seller: fc.nat({ max: 2 }),
  title: words(1, 5).map((w) => w.join(" ")),
  description: words(0, 8).map((w) => w.join(", ")),
  brand: fc.constantFrom(...BRANDS),
  model: fc.oneof(fc.constant(""), word),
  category: fc.constantFrom(SCOPES, METERS, EXCAVATORS, "test_measurement"),
  condition: fc.constantFrom(...CONDITIONS),
  priceCents: fc.constantFrom(...PRICES),
  testLevel: fc.option(fc.constantFrom(...TEST_LEVELS), { nil: null }),
  calibrationDate: fc.constantFrom(...CALIBRATION_DATES),
  status: fc.constantFrom("active", "active", "active", "active", "draft"),
});

/** `arbitrary` in `set` of every 10 values, else null. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, set: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 10 - set, arbitrary: fc.constant(null) }, { weight: set, arbitrary });
const price = sometimes(
  fc.constantFrom(...PRICES).map((cents) => cents / 100),
  3,
);
const searchArbitrary = fc.record({
  owner: fc.nat({ max: 2 }),
  notify: fc.constantFrom(true, true, true, false),
  params: fc.record({
    keyword: sometimes(
      fc.oneof(
        { weight: 8, arbitrary: words(1, 3).map((w) => w.join(" ")) },
        { weight: 1, arbitrary: fc.constantFrom("!!!", "  ", "hp-34401a", '"tek"*', "über OR cafe", "NEAR(a b)") },
      ),
      6,
    ),
    category: sometimes(fc.constantFrom(...CATEGORY_VALUES), 3),
    minPrice: price,
    maxPrice: price,
    condition: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Condition[]>([]) },
      { weight: 1, arbitrary: fc.subarray([...CONDITIONS], { minLength: 1, maxLength: 6 }) },
    ),
    testLevel: sometimes(fc.constantFrom(...TEST_LEVELS), 2),
    calibrated: fc.constantFrom(false, false, false, false, true),
    brand: sometimes(fc.constantFrom("sight", "KEY", "élec", "ÉLEC", "Électro", "über", "Über", "&", "fluke"), 3),
  }),
});

describe("the matcher agrees with running the search", () => {
  beforeEach(clearMarketplace);

  it("on random listings and searches", async () => {
    let matches = 0;
    let keyedByTerm = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(listingArbitrary, { minLength: 1, maxLength: 10 }),
        fc.array(searchArbitrary, { minLength: 1, maxLength: 20 }),
        async (listings, searches) => {
          await clearMarketplace();
          const searchRows = [];
          for (const search of searches) {
            const full = params({ ...search.params, condition: [...search.params.condition], categoryName: null });
            const id = await saveSearch(users[search.owner]!, full, "Random", search.notify);
            searchRows.push({ id, owner: users[search.owner]!, notify: search.notify, params: full });
          }
          const listingRows = [];
          for (const listing of listings) {
            const id = await insertListing(users[listing.seller]!, listing);
            listingRows.push({ id, seller: users[listing.seller]!, active: listing.status === "active" });
          }
          // What each search finds when run (the same engine as /listings and Execute).
          const found = new Map<number, Set<number>>();
          for (const search of searchRows) {
            const result = await searchListings(database.db, savedSearchListingFilters(search.params), { now: NOW, pageSize: 100 });
            found.set(search.id, new Set(result.listings.map((listing) => listing.id)));
          }
          for (const listing of listingRows) {
            const { matched } = await matchListingToSavedSearches(database.db, listing.id, NOW);
            const expected = searchRows
              .filter((search) => search.notify && search.owner !== listing.seller && found.get(search.id)!.has(listing.id))
              .map((search) => search.id);
            expect([...matched].sort((a, b) => a - b)).toEqual(expected);
            matches += matched.length;
          }
          const keyed = await database.db.selectFrom("saved_searches").select("alert_term").where("alert_term", "is not", null).execute();
          keyedByTerm += keyed.length;
        },
      ),
      { numRuns: 60 },
    );
    // The random data exercises both outcomes, and most searches with words are looked up by a term.
    expect(matches).toBeGreaterThan(30);
    expect(keyedByTerm).toBeGreaterThan(100);
  });

  it("keys every search, preferring an exact term; stale keys are recomputed before matching", async () => {
    const seller = users[0]!;
    const buyer = users[1]!;
    const id = await saveSearch(buyer, params({ keyword: "Analyzing scopes", category: "test_measurement", minPrice: 10.5 }));
    await matchListingToSavedSearches(database.db, await insertListing(seller, { title: "Nothing alike" }), NOW);
    const keyed = await database.db.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(keyed).toMatchObject({
      alert_term: "analyz",
      alert_term_prefix: 0,
      alert_category: "test_measurement",
      alert_min_cents: 1050,
      alert_max_cents: null,
      alert_key_version: ALERT_KEY_VERSION,
    });

    // The owner changes the search (as the Saved Searches tab does: the keys are marked stale).
    await database.db
      .updateTable("saved_searches")
      .set({ search_params: JSON.stringify(params({ keyword: "multimeters happy" })), alert_key_version: 0 })
      .where("id", "=", id)
      .execute();
    const meter = await insertListing(seller, { title: "Happiness is a Fluke multimeter", category: METERS });
    expect((await matchListingToSavedSearches(database.db, meter, NOW)).matched).toEqual([id]);
    expect(
      await database.db
        .selectFrom("saved_searches")
        .select(["alert_term", "alert_term_prefix", "alert_category"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      alert_term: "multimet",
      alert_term_prefix: 0,
      alert_category: null,
    });

    // Only a short exact word: the last word's longer prefix is the better key; no searchable word finds nothing.
    const [prefixKey, never, none] = await alertKeysOf(database.db, [params({ keyword: "hp 34401a" }), params({ keyword: "!!!" }), params({ brand: "Fluke" })]);
    expect(prefixKey).toMatchObject({ alert_term: "34401a", alert_term_prefix: 1 });
    expect(never).toMatchObject({ alert_term: "", alert_term_prefix: 0 });
    expect(none).toMatchObject({ alert_term: null });
  });

  it("a word the index reads as a phrase of two terms matches only that phrase", async () => {
    const [seller, buyer] = users as [string, string];
    // U+19B0 is a letter to JavaScript (one search word) but a separator to SQLite's tokenizer (Unicode 6.1 data):
    // "scope" then "meter". PostgreSQL's letter class (the C.UTF-8 ctype, current Unicode) holds it a letter, so there
    // the word is one term that neither listing has: the matcher and the search agree on each engine.
    const id = await saveSearch(buyer, params({ keyword: "scope\u19b0met" }));
    const apart = await insertListing(seller, { title: "Meter", description: "A scope" });
    const together = await insertListing(seller, { title: "Scope meters" });
    expect((await matchListingToSavedSearches(database.db, apart, NOW)).matched).toEqual([]);
    expect((await matchListingToSavedSearches(database.db, together, NOW)).matched).toEqual(onPostgres ? [] : [id]);
    const run = await searchListings(database.db, savedSearchListingFilters(params({ keyword: "scope\u19b0met" })), { now: NOW });
    expect(run.listings.map((listing) => listing.id)).toEqual(onPostgres ? [] : [together]);
  });

  it("leaves out the seller's own searches, searches with alerts off, and inactive listings; records a match once", async () => {
    const [seller, buyer, other] = users as [string, string, string];
    const own = await saveSearch(seller, params({ keyword: "tektronix" }));
    const off = await saveSearch(other, params({ keyword: "tektronix" }), "Off", false);
    const wanted = await saveSearch(buyer, params({ keyword: "tek" }));
    const listing = await insertListing(seller, { title: "Tektronix MSO54" });
    expect(await matchListingToSavedSearches(database.db, listing, NOW)).toMatchObject({ matched: [wanted], recorded: 1 });
    expect(await matchListingToSavedSearches(database.db, listing, NOW)).toMatchObject({ matched: [wanted], recorded: 0 });
    // The keyword check asks the index about this listing only (FTS5 ignores a rowid bound as REAL: cast it).
    const alone = await insertListing(other, { title: "Rigol scope" });
    expect(await listingMatchesExpressions(database.db, alone, ['"tektronix"*', '"rigol"*'])).toEqual([false, true]);
    const draft = await insertListing(other, { title: "Tektronix TDS", status: "draft" });
    expect((await matchListingToSavedSearches(database.db, draft, NOW)).matched).toEqual([]);
    expect(own).not.toBe(off);
  });
});

// ── Telling the owners ──

describe("flushing alerts", () => {
  beforeEach(clearMarketplace);

  const WINDOW = 5 * MINUTE;

  it("one notification per search per window, with the count; once only", async () => {
    const [seller, buyer] = users as [string, string];
    const search = params({ keyword: "Keysight scope", maxPrice: 5000 });
    const id = await saveSearch(buyer, search, "Keysight scopes");
    for (let i = 0; i < 3; i++) {
      const listing = await insertListing(seller, { title: `Keysight DSOX${i} scope`, priceCents: 400_000 });
      await matchListingToSavedSearches(database.db, listing, new Date(NOW.getTime() + i * MINUTE));
    }
    // Too expensive: no match.
    await matchListingToSavedSearches(database.db, await insertListing(seller, { title: "Keysight UXR scope", priceCents: 900_000 }), NOW);

    expect(await flushSavedSearchAlerts(database.db, new Date(NOW.getTime() + WINDOW - 1), WINDOW)).toBe(0);
    expect(await notificationsOf(buyer)).toEqual([]);
    expect(await flushSavedSearchAlerts(database.db, new Date(NOW.getTime() + WINDOW), WINDOW)).toBe(1);
    const expectedUrl = listingsUrl(savedSearchFilters(search));
    expect(expectedUrl).toBe("/listings?search=Keysight+scope&maxPrice=5000");
    expect(await notificationsOf(buyer)).toEqual([
      { type: "saved_search", title: SAVED_SEARCH_ALERT_TITLE, message: "3 new listings match 'Keysight scopes'", action_url: expectedUrl },
    ]);
    expect(await flushSavedSearchAlerts(database.db, new Date(NOW.getTime() + 2 * WINDOW), WINDOW)).toBe(0);
    expect(await notificationsOf(buyer)).toHaveLength(1);

    // The next listing starts the next batch.
    const later = new Date(NOW.getTime() + 3 * WINDOW);
    await matchListingToSavedSearches(database.db, await insertListing(seller, { title: "Keysight MSOX scope", priceCents: 100 }), later);
    expect(await flushSavedSearchAlerts(database.db, new Date(later.getTime() + WINDOW), WINDOW)).toBe(1);
    expect((await notificationsOf(buyer)).map((n) => n.message)).toEqual(["3 new listings match 'Keysight scopes'", "1 new listing matches 'Keysight scopes'"]);
    expect(id).toBeGreaterThan(0);
  });

  it("drops matches of listings no longer active and of searches whose alerts went off", async () => {
    const [seller, buyer, other] = users as [string, string, string];
    await saveSearch(buyer, params({ keyword: "fluke" }), "Flukes");
    const offLater = await saveSearch(other, params({ keyword: "fluke" }), "Other flukes");
    const sold = await insertListing(seller, { title: "Fluke 87V" });
    const kept = await insertListing(seller, { title: "Fluke 289" });
    await matchListingToSavedSearches(database.db, sold, NOW);
    await matchListingToSavedSearches(database.db, kept, NOW);
    await database.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", sold).execute();
    await database.db.updateTable("saved_searches").set({ notify_on_new: 0, alert_key_version: 0 }).where("id", "=", offLater).execute();
    expect(await flushSavedSearchAlerts(database.db, NOW, 0)).toBe(1);
    expect((await notificationsOf(buyer)).map((n) => n.message)).toEqual(["1 new listing matches 'Flukes'"]);
    expect(await notificationsOf(other)).toEqual([]);
    expect(await database.db.selectFrom("saved_search_matches").select("listing_id").execute()).toEqual([{ listing_id: kept }]);
  });

  it("concurrent flushes tell the owner once; another connection finds the batch claimed", async () => {
    const [seller, buyer] = users as [string, string];
    await saveSearch(buyer, params({ keyword: "rigol" }), "Rigols");
    for (const title of ["Rigol DS1054Z", "Rigol DHO804"]) await matchListingToSavedSearches(database.db, await insertListing(seller, { title }), NOW);
    const counts = await Promise.all([flushSavedSearchAlerts(database.db, NOW, 0), flushSavedSearchAlerts(database.db, NOW, 0)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    // (better-sqlite3 is synchronous: two connections of one process cannot wait for each other, so one at a time.)
    const second = openDatabase({ url: database.url });
    try {
      expect(await flushSavedSearchAlerts(second.db, NOW, 0)).toBe(0);
    } finally {
      await second.close();
    }
    expect((await notificationsOf(buyer)).map((n) => n.message)).toEqual(["2 new listings match 'Rigols'"]);
  });

  it("e-mails the owners who chose saved-search e-mails, and only them", async () => {
    const [seller, wantsMail, noMail] = users as [string, string, string];
    const choose = (userId: string, on: boolean) =>
      database.db
        .updateTable("profiles")
        .set({ preferences: JSON.stringify({ email_alerts: { saved_search: on } }) })
        .where("id", "=", userId)
        .execute();
    await choose(wantsMail, true);
    await choose(noMail, false);
    await saveSearch(wantsMail, params({ keyword: "siemens" }), "PLCs");
    await saveSearch(noMail, params({ keyword: "siemens" }), "PLCs too");
    await matchListingToSavedSearches(database.db, await insertListing(seller, { title: "Siemens S7-1500" }), NOW);
    expect(await flushSavedSearchAlerts(database.db, NOW, 0)).toBe(2);
    const mail = await database.db.selectFrom("email_outbox").selectAll().execute();
    const email = (await database.db.selectFrom("profiles").select("email").where("id", "=", wantsMail).executeTakeFirstOrThrow()).email;
    expect(mail.map((row) => [row.to_address, row.subject])).toEqual([[email, SAVED_SEARCH_ALERT_TITLE]]);
  });
});

// ── Where listings become active ──

describe("the code paths that make a listing active record its matches", () => {
  beforeEach(clearMarketplace);

  const uploads = new DiskStore(path.join(os.tmpdir(), "tradebench-alerts-uploads"));
  const inputOf = (title: string) => {
    const form = new FormData();
    const values = {
      title,
      description: "With probes.",
      categoryId: SCOPES,
      condition: "used_good",
      currency: "USD",
      listingType: "buy_now",
      price: "900",
      status: "active",
    };
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    const submission = parseWithZod(form, { schema: CreateListingSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return toListingInput(submission.value);
  };
  const matchesOf = (searchId: number) =>
    database.db.selectFrom("saved_search_matches").select("listing_id").where("saved_search_id", "=", searchId).orderBy("listing_id").execute();

  it("creating an active listing, publishing a draft, and an unsold auction's listing switched to Buy It Now", async () => {
    const [seller, buyer] = users as [string, string];
    await database.db.updateTable("profiles").set({ role: "seller" }).where("id", "=", seller).execute();
    const id = await saveSearch(buyer, params({ keyword: "picoscope" }));

    const created = await createListing(database.db, uploads, seller, inputOf("PicoScope 5444D"), [], "active");
    const draft = await createListing(database.db, uploads, seller, inputOf("PicoScope 3206D"), [], "draft");
    expect(await matchesOf(id)).toEqual([{ listing_id: created }]);
    await updateListing(database.db, uploads, { id: seller, role: "seller" }, draft, inputOf("PicoScope 3206D"), { status: "active" });
    expect(await matchesOf(id)).toEqual([{ listing_id: created }, { listing_id: draft }]);

    const { auctionId, listingId } = await insertAuctionRow(database.db, seller, {}, NOW);
    await database.db.updateTable("equipment_listings").set({ title: "PicoScope 2208B" }).where("id", "=", listingId).execute();
    await cancelAuction(database.db, { auctionId, userId: seller, now: NOW });
    // Cancelled without a sale, the listing waits as unsold (not for sale, so no match) until its seller chooses.
    expect(await matchesOf(id)).toEqual([{ listing_id: created }, { listing_id: draft }]);
    await switchUnsoldToBuyNow(database.db, { sellerId: seller, listingId, priceCents: 90_000, now: NOW });
    expect(await matchesOf(id)).toEqual([{ listing_id: created }, { listing_id: draft }, { listing_id: listingId }]);
  });
});

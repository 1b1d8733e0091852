// GET /resources/offline-snapshot and the copies the listing and lot pages hand out: visitors get 401 and
// nothing; a member gets each watched listing as a full copy (specs, description, seller, photos, price or current
// bid and auction end) with their notes, newest watched first, and each saved search with its current results (the
// engine of Execute, at most 50, without stamping "last executed"); never another member's; never cached.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { OfflineListing, OfflineSnapshot } from "~/lib/offline/contracts.ts";
import { parseListingFilters, toSavedSearchParams } from "~/lib/listing-filters.ts";
import { createSavedSearch } from "~/services/alerts/saved-search.server.ts";
import { watchListing } from "~/services/watchlist/watchlist.server.ts";
import { OFFLINE_SEARCH_RESULTS } from "~/services/offline/offline-snapshot.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const snapshotRoute = await import("~/routes/resources.offline-snapshot.ts");
const listingRoute = await import("~/routes/listings.$id.tsx");
const auctionRoute = await import("~/routes/auctions.$id.tsx");

let opened: OpenedDatabase;
let seller: string;
const { request, get } = routeCalls<Record<string, unknown>>({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  await opened.db.updateTable("profiles").set({ company_name: "Bench Supply Co.", first_name: "Dana", last_name: "Reyes" }).where("id", "=", seller).execute();
});
afterAll(() => opened.close());

async function addImages(listingId: number, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const url = `/uploads/listings/${listingId}/photo-${n}.webp`;
    urls.push(url);
    await opened.db
      .insertInto("equipment_images")
      .values({
        listing_id: listingId,
        url,
        thumbnail_url: url.replace(".webp", "-thumb.webp"),
        width: 1600,
        height: 1200,
        is_primary: n === 0 ? 1 : 0,
        position: n,
      })
      .execute();
  }
  return urls;
}

async function snapshotOf(userId: string): Promise<OfflineSnapshot> {
  const answer = await get(snapshotRoute, "/resources/offline-snapshot", userId);
  expect(answer.status).toBe(200);
  return answer.data as unknown as OfflineSnapshot;
}

async function watchAt(userId: string, listingId: number, minute: number, notes?: string) {
  await watchListing(opened.db, userId, listingId, notes);
  await opened.db
    .updateTable("watchlist")
    .set({ created_at: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString() })
    .where("user_id", "=", userId)
    .where("listing_id", "=", listingId)
    .execute();
}

describe("who gets a snapshot", () => {
  it("refuses visitors with 401 and nothing of anyone's, never cached", async () => {
    const response = (await snapshotRoute.loader({
      request: await request("/resources/offline-snapshot", null),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Sign in to keep copies of your watchlist and saved searches." });
  });

  it("answers a member with their own copies, never cached", async () => {
    const buyer = await insertUserRow(opened.db);
    const response = (await snapshotRoute.loader({
      request: await request("/resources/offline-snapshot", buyer),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const snapshot = (await response.json()) as OfflineSnapshot;
    expect(snapshot).toMatchObject({ userId: buyer, watchlist: [], savedSearches: [] });
    expect(Number.isFinite(Date.parse(snapshot.takenAt))).toBe(true);
  });
});

describe("the watchlist copies", () => {
  it("copy each watched listing whole, with the member's notes, newest watched first", async () => {
    const buyer = await insertUserRow(opened.db);
    const scope = await insertListingRow(opened.db, seller, {
      title: "Keysight DSOX1204G oscilloscope",
      brand: "Keysight",
      model: "DSOX1204G",
      condition: "used_excellent",
      price_cents: 129_900,
      location: "Austin, TX",
      description: "Four channels, 200 MHz, wave generator.",
      specifications: JSON.stringify({ Bandwidth: "200 MHz", Channels: "4" }),
      features: JSON.stringify(["Wave generator", "Serial decode"]),
    });
    const photos = await addImages(scope, 3);
    const lot = await insertAuctionRow(opened.db, seller, { current_price_cents: 250_000, bid_count: 3 });
    const hybrid = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 900_000 });
    await watchAt(buyer, scope, 1, "Ask about the probes");
    await watchAt(buyer, lot.listingId, 3);
    await watchAt(buyer, hybrid.listingId, 2);
    // Another member's watches are theirs.
    const other = await insertUserRow(opened.db);
    const theirs = await insertListingRow(opened.db, seller, { title: "Fluke 87V" });
    await watchListing(opened.db, other, theirs);

    const { watchlist } = await snapshotOf(buyer);
    expect(watchlist.map((copy) => copy.listing.id)).toEqual([lot.listingId, hybrid.listingId, scope]);

    const scopeCopy = watchlist[2]!;
    expect(scopeCopy.notes).toBe("Ask about the probes");
    expect(scopeCopy.watchedAt).toBe(new Date(Date.UTC(2026, 10, 1, 0, 1)).toISOString());
    expect(scopeCopy.listing).toEqual<OfflineListing>({
      id: scope,
      title: "Keysight DSOX1204G oscilloscope",
      url: `/listings/${scope}`,
      listingType: "buy_now",
      status: "active",
      currency: "USD",
      priceCents: 129_900,
      currentBidCents: null,
      auctionId: null,
      auctionEndsAt: null,
      condition: "Used - Excellent",
      brand: "Keysight",
      model: "DSOX1204G",
      categoryName: "Oscilloscopes",
      location: "Austin, TX",
      description: "Four channels, 200 MHz, wave generator.",
      specifications: [
        { key: "Bandwidth", value: "200 MHz" },
        { key: "Channels", value: "4" },
      ],
      features: ["Wave generator", "Serial decode"],
      sellerName: "Bench Supply Co.",
      imageUrls: photos,
    });

    const lotRow = await opened.db.selectFrom("auctions").select("end_date").where("id", "=", lot.auctionId).executeTakeFirstOrThrow();
    expect(watchlist[0]!.listing).toMatchObject({
      url: `/auctions/${lot.auctionId}`,
      listingType: "auction",
      priceCents: null,
      currentBidCents: 250_000,
      auctionId: lot.auctionId,
      auctionEndsAt: lotRow.end_date,
    });
    // Auction with Buy It Now: the Buy Now price beside the current bid.
    expect(watchlist[1]!.listing).toMatchObject({ listingType: "hybrid", priceCents: 900_000, currentBidCents: 100_000, auctionId: hybrid.auctionId });
    expect(watchlist.some((copy) => copy.listing.id === theirs)).toBe(false);
  });

  it("keeps what the watchlist shows of a listing its seller withdrew, and nothing more", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller, { title: "Rigol DP832 power supply", description: "Private until relisted" });
    await watchListing(opened.db, buyer, id);
    await opened.db.updateTable("equipment_listings").set({ status: "draft" }).where("id", "=", id).execute();
    const [copy] = (await snapshotOf(buyer)).watchlist;
    expect(copy?.listing).toMatchObject({ id, title: "Rigol DP832 power supply", status: "draft", description: "", specifications: [] });
  });
});

describe("the saved search copies", () => {
  it("carry each search's current results (active only, newest first, at most 50) without marking it executed", async () => {
    const buyer = await insertUserRow(opened.db);
    const brand = `Zyphor${Date.now()}`;
    const ids: number[] = [];
    for (let n = 0; n < OFFLINE_SEARCH_RESULTS + 3; n += 1) {
      ids.push(
        await insertListingRow(opened.db, seller, {
          title: `${brand} bench meter no. ${n}`,
          brand,
          price_cents: 10_000 + n,
          created_at: new Date(Date.UTC(2026, 9, 1, 0, n)).toISOString(),
        }),
      );
    }
    await insertListingRow(opened.db, seller, { title: `${brand} sold meter`, brand, status: "sold" });
    await addImages(ids.at(-1)!, 1);
    const params = toSavedSearchParams(parseListingFilters(new URLSearchParams({ brand, maxPrice: "5000" })).filters);
    const { id: searchId } = await createSavedSearch(opened.db, { userId: buyer, name: "Zyphor meters", params, notifyOnNew: false });

    const { savedSearches } = await snapshotOf(buyer);
    expect(savedSearches).toHaveLength(1);
    const [copy] = savedSearches;
    expect(copy).toMatchObject({
      serverId: searchId,
      key: `s${searchId}`,
      name: "Zyphor meters",
      params,
      notifyOnNew: false,
      lastExecuted: null,
      listingsUrl: `/listings?maxPrice=5000&brand=${brand}`,
    });
    expect(copy!.summary).toBe(`${brand} · up to $5,000`);
    expect(copy!.results).toHaveLength(OFFLINE_SEARCH_RESULTS);
    expect(copy!.results[0]).toEqual({
      id: ids.at(-1),
      title: `${brand} bench meter no. ${OFFLINE_SEARCH_RESULTS + 2}`,
      url: `/listings/${ids.at(-1)}`,
      currency: "USD",
      priceCents: 10_000 + OFFLINE_SEARCH_RESULTS + 2,
      currentBidCents: null,
      condition: "Used - Good",
      imageUrl: `/uploads/listings/${ids.at(-1)}/photo-0-thumb.webp`,
    });
    const stored = await opened.db.selectFrom("saved_searches").select("last_executed").where("id", "=", searchId).executeTakeFirstOrThrow();
    expect(stored.last_executed).toBeNull();
  });
});

describe("the copies the listing and lot pages hand out", () => {
  it("are the same copies as the snapshot's, for members only", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller, {
      title: "Tektronix TBS2104B",
      description: "Bench scope",
      specifications: JSON.stringify({ Bandwidth: "100 MHz" }),
    });
    await addImages(id, 2);
    const lot = await insertAuctionRow(opened.db, seller);
    await watchListing(opened.db, buyer, id);
    await watchListing(opened.db, buyer, lot.listingId);
    const { watchlist } = await snapshotOf(buyer);
    const copyOf = (listingId: number) => watchlist.find((copy) => copy.listing.id === listingId)?.listing;

    const page = await get(listingRoute, `/listings/${id}`, buyer, { id: String(id) });
    expect(page.status).toBe(200);
    expect(page.data?.offlineCopy).toEqual(copyOf(id));
    const lotPage = await get(auctionRoute, `/auctions/${lot.auctionId}`, buyer, { id: String(lot.auctionId) });
    expect(lotPage.data?.offlineCopy).toEqual(copyOf(lot.listingId));
    // The auction listing's own page (with its bid panel) copies the same lot.
    const lotListing = await get(listingRoute, `/listings/${lot.listingId}`, buyer, { id: String(lot.listingId) });
    expect(lotListing.data?.offlineCopy).toEqual(copyOf(lot.listingId));

    expect((await get(listingRoute, `/listings/${id}`, null, { id: String(id) })).data?.offlineCopy).toBeNull();
    expect((await get(auctionRoute, `/auctions/${lot.auctionId}`, null, { id: String(lot.auctionId) })).data?.offlineCopy).toBeNull();
  });
});

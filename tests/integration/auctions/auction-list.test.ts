// The /auctions list on a real database: every status, category and sort of docs/product/auctions.md#auction-list, twelve to a page,
// the card's contents (first image, reserve state — never the reserve amount —, bid count, watching).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { NewAuction } from "#db/schema.ts";
import { AUCTION_SORTS, DEFAULT_AUCTION_FILTERS, parseAuctionFilters, type AuctionFilters } from "~/lib/auction-filters.ts";
import { listAuctions } from "~/services/auctions/auction-list.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const HOUR = 60 * 60 * 1000;
const EXCAVATORS = "heavy_equipment_construction_excavators";

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
const now = new Date();
const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
});
afterEach(() => opened.close());

/** An auction whose listing has `title` (and `category`), with the auction's own values. */
async function auction(title: string, values: Partial<NewAuction> = {}, category?: string) {
  const ids = await insertAuctionRow(opened.db, seller, values, now);
  await opened.db
    .updateTable("equipment_listings")
    .set({ title, ...(category ? { category_id: category } : {}) })
    .where("id", "=", ids.listingId)
    .execute();
  return ids;
}

function list(filters: Partial<AuctionFilters> = {}, viewerId?: string) {
  return listAuctions(opened.db, { ...DEFAULT_AUCTION_FILTERS, ...filters }, viewerId);
}

async function titles(filters: Partial<AuctionFilters> = {}) {
  return (await list(filters)).auctions.map((card) => card.title);
}

describe("listAuctions", () => {
  it("shows active auctions ending soonest first by default, and each status on its own", async () => {
    await auction("Live later", { end_date: at(30) });
    await auction("Live soon", { end_date: at(2) });
    await auction("Coming", { status: "upcoming", start_date: at(5), end_date: at(50) });
    await auction("Finished", { status: "ended", start_date: at(-48), end_date: at(-1), ended_at: at(-1) });
    await auction("Called off", { status: "cancelled", cancelled_at: at(-1) });

    expect(await titles()).toEqual(["Live soon", "Live later"]);
    expect(await titles({ status: "active" })).toEqual(["Live soon", "Live later"]);
    expect(await titles({ status: "upcoming" })).toEqual(["Coming"]);
    // Ended lists only ended auctions: not the live ones, and cancelled auctions are not listed at all.
    expect(await titles({ status: "ended" })).toEqual(["Finished"]);
  });

  it("orders by each of the six sorts", async () => {
    // A ends first, costs most and is oldest; C ends last, costs least and is newest; B is in between.
    await auction("A", { end_date: at(1), current_price_cents: 300_000, starting_price_cents: 300_000, created_at: at(-30) });
    await auction("B", { end_date: at(2), current_price_cents: 200_000, starting_price_cents: 200_000, created_at: at(-20) });
    await auction("C", { end_date: at(3), current_price_cents: 100_000, starting_price_cents: 100_000, created_at: at(-10) });

    const expected: Record<AuctionFilters["sort"], string[]> = {
      ending_soon: ["A", "B", "C"],
      ending_latest: ["C", "B", "A"],
      highest_bid: ["A", "B", "C"],
      lowest_bid: ["C", "B", "A"],
      newest: ["C", "B", "A"],
      oldest: ["A", "B", "C"],
    };
    for (const { value } of AUCTION_SORTS) {
      expect(await titles({ sort: value }), value).toEqual(expected[value]);
    }
  });

  it("sorts by the current bid, not the starting price", async () => {
    await auction("Started high", { starting_price_cents: 500_000, current_price_cents: 500_000 });
    const bidUp = await auction("Bid up", { starting_price_cents: 100_000, current_price_cents: 100_000 });
    expect(await titles({ sort: "highest_bid" })).toEqual(["Started high", "Bid up"]);
    await placeBid(opened.db, { auctionId: bidUp.auctionId, bidderId: buyer, amountCents: 900_000 });
    expect(await titles({ sort: "highest_bid" })).toEqual(["Bid up", "Started high"]);
  });

  it("pages twelve at a time", async () => {
    for (let i = 1; i <= 14; i++) await auction(`Lot ${i}`, { end_date: at(i) });
    const first = await list();
    expect(first).toMatchObject({ total: 14, page: 1, pageSize: 12, totalPages: 2 });
    expect(first.auctions.map((card) => card.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Lot ${i + 1}`));
    const second = await list({ page: 2 });
    expect(second).toMatchObject({ total: 14, page: 2, totalPages: 2 });
    expect(second.auctions.map((card) => card.title)).toEqual(["Lot 13", "Lot 14"]);
    expect((await list({ page: 3 })).auctions).toEqual([]);
  });

  it("filters by a main category, including every item under it", async () => {
    await auction("Oscilloscope"); // an item under test_measurement
    await auction("Excavator", {}, EXCAVATORS);
    expect(await titles({ category: "test_measurement" })).toEqual(["Oscilloscope"]);
    expect(await titles({ category: "heavy_equipment" })).toEqual(["Excavator"]);
    expect(await titles({ category: "lab_scientific" })).toEqual([]);
    expect((await list({ category: "lab_scientific" })).total).toBe(0);
    expect(await titles({ category: "" })).toHaveLength(2);
  });

  it("leaves out auctions of draft or archived listings", async () => {
    await auction("Shown");
    const { listingId } = await auction("Archived");
    await opened.db.updateTable("equipment_listings").set({ status: "archived" }).where("id", "=", listingId).execute();
    expect(await titles()).toEqual(["Shown"]);
    expect((await list()).total).toBe(1);
  });

  it("fills a card with the auction's public state and never the reserve amount", async () => {
    const RESERVE = 123_457;
    const { auctionId, listingId } = await auction("Spectrum analyzer", {
      reserve_price_cents: RESERVE,
      starting_price_cents: 100_000,
      current_price_cents: 100_000,
      currency: "EUR",
    });
    await opened.db
      .insertInto("equipment_images")
      .values([
        { listing_id: listingId, url: "/u/1.webp", thumbnail_url: "/u/1-thumb.webp", width: 1, height: 1, is_primary: 0, position: 0 },
        { listing_id: listingId, url: "/u/2.webp", thumbnail_url: "/u/2-thumb.webp", width: 1, height: 1, is_primary: 1, position: 1 },
      ])
      .execute();

    const [card] = (await list()).auctions;
    expect(card).toEqual({
      auctionId,
      listingId,
      title: "Spectrum analyzer",
      imageUrl: "/u/2-thumb.webp",
      status: "active",
      startsAt: at(-1),
      endsAt: at(24),
      currency: "EUR",
      currentPriceCents: 100_000,
      startingPriceCents: 100_000,
      reserve: "not_met",
      bidCount: 0,
      version: 0,
      watching: false,
    });
    expect(JSON.stringify(card)).not.toContain(String(RESERVE));
    expect(Object.keys(card).filter((key) => /reserve/i.test(key))).toEqual(["reserve"]);

    await placeBid(opened.db, { auctionId, bidderId: buyer, amountCents: 110_000 });
    expect((await list()).auctions[0]).toMatchObject({ currentPriceCents: 110_000, bidCount: 1, reserve: "not_met" });
    await placeBid(opened.db, { auctionId, bidderId: await insertUserRow(opened.db), amountCents: 130_000 });
    const met = (await list()).auctions[0];
    expect(met).toMatchObject({ currentPriceCents: 130_000, bidCount: 2, reserve: "met" });
    expect(met.version).toBeGreaterThan(0);
    expect(JSON.stringify(met)).not.toContain(String(RESERVE));
  });

  it("shows No Reserve and the placeholder for an auction without reserve or images", async () => {
    await auction("Bare");
    expect((await list()).auctions[0]).toMatchObject({ reserve: "none", imageUrl: null });
  });

  it("marks the auctions whose listing the viewer watches", async () => {
    const watched = await auction("Watched", { end_date: at(1) });
    await auction("Not watched", { end_date: at(2) });
    await watchListing(opened.db, buyer, watched.listingId);
    const cards = (await list({}, buyer)).auctions;
    expect(cards.map((card) => [card.title, card.watching])).toEqual([
      ["Watched", true],
      ["Not watched", false],
    ]);
    expect((await list()).auctions.every((card) => !card.watching)).toBe(true);
  });

  it("reads every filter from the URL, each falling back to its default when unknown", async () => {
    await auction("Excavator", { status: "upcoming", start_date: at(1), end_date: at(10) }, EXCAVATORS);
    const filters = parseAuctionFilters(new URLSearchParams("status=upcoming&category=heavy_equipment&sort=newest&page=1"));
    expect((await listAuctions(opened.db, filters)).auctions.map((card) => card.title)).toEqual(["Excavator"]);
    const fallback = parseAuctionFilters(new URLSearchParams("status=cancelled&category=nope&sort=price&page=-2"));
    expect(fallback).toEqual(DEFAULT_AUCTION_FILTERS);
  });
});

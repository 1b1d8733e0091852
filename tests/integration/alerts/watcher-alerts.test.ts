// Watchers are told (docs/product/alerts.md#watchlist types): price_drop when a watched listing's price is lowered, watchlist_update when a
// watched item sells (Buy Now, or an auction ending with a winner), auction_update when a watched auction has under
// an hour left — once, even with two scheduler processes racing and after a soft-close extension. Never the one who
// acted (the editor, the buyer) and never the seller about their own listing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { InProcessBus, setLiveEventBus, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { runScheduledWork } from "~/flows/scheduled-work.server.ts";
import { alertAuctionsEndingSoon } from "~/services/alerts/watcher-alerts.server.ts";
import { watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import type { EndingSoonProcessConfig, EndingSoonProcessReport } from "../../support/ending-soon-process.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { runTogether } from "../../support/processes.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { updateListing } from "~/flows/listing-publication.server.ts";
import { endDueAuctions } from "~/flows/auction-settlement.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date("2026-11-23T10:00:00.000Z");

let opened: OpenedDatabase;
let seller: string;
let watcherA: string;
let watcherB: string;
let buyer: string;
let events: LiveEvent[];

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  watcherA = await insertUserRow(opened.db);
  watcherB = await insertUserRow(opened.db);
  buyer = await insertUserRow(opened.db);
  events = [];
  const bus = new InProcessBus();
  const publish = bus.publish.bind(bus);
  bus.publish = (event) => {
    events.push(event);
    publish(event);
  };
  setLiveEventBus(bus);
});
afterEach(() => opened.close());

const notificationsOf = (userId: string) =>
  opened.db.selectFrom("notifications").select(["type", "title", "message", "action_url"]).where("user_id", "=", userId).orderBy("id").execute();
const notificationsOfType = (type: string) =>
  opened.db.selectFrom("notifications").select(["user_id", "title", "message", "action_url"]).where("type", "=", type).orderBy("id").execute();
const announcedTo = (userId: string) => events.filter((event) => event.name === "notification" && event.topic.endsWith(userId));

async function watchAll(listingId: number, ...userIds: string[]): Promise<void> {
  for (const userId of userIds) await watchListing(opened.db, userId, listingId);
}

describe("price drop", () => {
  // Price changes only: nothing is written to the store.
  const uploads = new DiskStore("/nonexistent-uploads");
  const INPUT: ListingInput = {
    title: "Keysight N9020A MXA signal analyzer",
    description: "26.5 GHz, calibrated last spring.",
    categoryId: "industrial_electronics_test_measurement_oscilloscopes",
    listingType: "buy_now",
    priceCents: 1_800_000,
    currency: "USD",
    condition: "used_excellent",
    brand: "Keysight",
    model: "N9020A",
    location: "Austin, TX",
    year: 2019,
    serialNumber: "",
    features: [],
    specifications: [],
    testLevel: null,
    calibrationDate: null,
    calibrationDue: null,
    calibrationAccredited: false,
    installedOptions: "",
  };
  const owner = () => ({ id: seller, role: "seller" as const });

  it("tells every watcher, with the old and the new price and a link to the listing, but not the seller", async () => {
    const listingId = await insertListingRow(opened.db, seller, { title: INPUT.title, price_cents: 2_000_000 });
    await watchAll(listingId, watcherA, watcherB, seller);

    await updateListing(opened.db, uploads, owner(), listingId, INPUT, { now: T0 });

    for (const watcher of [watcherA, watcherB]) {
      expect(await notificationsOf(watcher)).toEqual([
        {
          type: "price_drop",
          title: `Price drop: ${INPUT.title}`,
          message: `The price of "${INPUT.title}" dropped from $20,000 to $18,000.`,
          action_url: `/listings/${listingId}`,
        },
      ]);
      // Announced live to the watcher's open pages too.
      expect(announcedTo(watcher)).toHaveLength(1);
    }
    expect(await notificationsOf(seller)).toEqual([]);
  });

  it("does not tell the admin who lowered it, nor the owner", async () => {
    const admin = await insertUserRow(opened.db, undefined, "admin");
    const listingId = await insertListingRow(opened.db, seller, { price_cents: 2_000_000 });
    await watchAll(listingId, watcherA, admin, seller);
    await updateListing(opened.db, uploads, { id: admin, role: "admin" }, listingId, { ...INPUT, priceCents: 1_950_050 }, { now: T0 });
    expect((await notificationsOf(watcherA)).map((row) => row.message)).toEqual([`The price of "${INPUT.title}" dropped from $20,000 to $19,500.50.`]);
    expect(await notificationsOf(admin)).toEqual([]);
    expect(await notificationsOf(seller)).toEqual([]);
  });

  it("says nothing when the price goes up, stays the same, changes currency or the listing is not for sale", async () => {
    const listingId = await insertListingRow(opened.db, seller, { price_cents: 1_800_000 });
    await watchAll(listingId, watcherA);
    await updateListing(opened.db, uploads, owner(), listingId, { ...INPUT, priceCents: 2_100_000 }, { now: T0 });
    await updateListing(opened.db, uploads, owner(), listingId, { ...INPUT, priceCents: 2_100_000, title: "Renamed" }, { now: T0 });
    await updateListing(opened.db, uploads, owner(), listingId, { ...INPUT, priceCents: 1_000_000, currency: "EUR" }, { now: T0 });
    await updateListing(opened.db, uploads, owner(), listingId, { ...INPUT, priceCents: 500_000, currency: "EUR" }, { status: "draft", now: T0 });
    expect(await notificationsOfType("price_drop")).toEqual([]);
    expect(events.filter((event) => event.name === "notification")).toEqual([]);
  });
});

describe("sold", () => {
  it("Buy Now tells the watchers, not the buyer who watched it nor the seller", async () => {
    const listingId = await insertListingRow(opened.db, seller, { title: "Fluke 8846A bench multimeter", price_cents: 240_000 });
    await watchAll(listingId, watcherA, watcherB, buyer, seller);

    await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });

    for (const watcher of [watcherA, watcherB]) {
      expect(await notificationsOf(watcher)).toEqual([
        {
          type: "watchlist_update",
          title: "Sold: Fluke 8846A bench multimeter",
          message: `"Fluke 8846A bench multimeter" on your watchlist has been sold and is no longer available.`,
          action_url: `/listings/${listingId}`,
        },
      ]);
      expect(announcedTo(watcher)).toHaveLength(1);
    }
    expect(await notificationsOf(buyer)).toEqual([]);
    // The seller hears of the sale once, as the seller.
    expect((await notificationsOf(seller)).map((row) => row.type)).toEqual(["listing_sold"]);
  });

  it("a hybrid's Buy Now tells a watching bidder once (that the auction ended), other watchers that it sold", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 500_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: watcherB, amountCents: 100_000, now: T0 });
    await watchAll(listingId, watcherA, watcherB);
    await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: new Date(T0.getTime() + MINUTE) });
    expect((await notificationsOf(watcherA)).map((row) => row.type)).toEqual(["watchlist_update"]);
    expect((await notificationsOf(watcherB)).map((row) => row.type)).toEqual(["auction_ended"]);
  });

  it("an auction ending with a winner tells the watchers, not the winner nor the bidders twice", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: watcherB, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: buyer, amountCents: 120_000, now: T0 });
    await watchAll(listingId, watcherA, watcherB, buyer, seller);

    expect(await endDueAuctions(opened.db, new Date(T0.getTime() + 25 * HOUR))).toBe(1);

    const [alert] = await notificationsOfType("watchlist_update");
    expect(await notificationsOfType("watchlist_update")).toHaveLength(1);
    expect(alert).toMatchObject({ user_id: watcherA, action_url: `/auctions/${auctionId}` });
    expect((await notificationsOf(buyer)).map((row) => row.type)).toEqual(expect.not.arrayContaining(["watchlist_update"]));
    expect((await notificationsOf(watcherB)).map((row) => row.type)).toEqual(expect.not.arrayContaining(["watchlist_update"]));
    expect(announcedTo(watcherA)).toHaveLength(1);
  });

  it("an auction ending without a sale tells the watchers nothing", async () => {
    const { listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await watchAll(listingId, watcherA);
    expect(await endDueAuctions(opened.db, new Date(T0.getTime() + 25 * HOUR))).toBe(1);
    expect(await notificationsOf(watcherA)).toEqual([]);
  });
});

describe("ending soon", () => {
  it("tells the watchers (not the seller) once when under an hour is left, through the scheduler's work", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { end_date: new Date(T0.getTime() + 2 * HOUR).toISOString() }, T0);
    await watchAll(listingId, watcherA, watcherB, seller);

    // Two hours left: nothing yet.
    await runScheduledWork(opened.db, T0);
    expect(await notificationsOfType("auction_update")).toEqual([]);

    // 59 minutes left.
    await runScheduledWork(opened.db, new Date(T0.getTime() + 61 * MINUTE));
    for (const watcher of [watcherA, watcherB]) {
      expect(await notificationsOf(watcher)).toEqual([
        {
          type: "auction_update",
          title: "Ending soon: Tektronix MDO3104 mixed domain oscilloscope",
          message: `The auction for "Tektronix MDO3104 mixed domain oscilloscope" ends in under an hour. Starting bid: $1,000.`,
          action_url: `/auctions/${auctionId}`,
        },
      ]);
      expect(announcedTo(watcher)).toHaveLength(1);
    }
    expect(await notificationsOf(seller)).toEqual([]);

    // Later passes do not tell again.
    await runScheduledWork(opened.db, new Date(T0.getTime() + 90 * MINUTE));
    expect(await notificationsOfType("auction_update")).toHaveLength(2);
  });

  it("does not tell again after a soft-close extension moves the end", async () => {
    const end = new Date(T0.getTime() + 30 * MINUTE);
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { end_date: end.toISOString() }, T0);
    await watchAll(listingId, watcherA);
    expect(await alertAuctionsEndingSoon(opened.db, T0)).toBe(1);

    // A bid in the last two minutes extends the auction (soft close).
    const late = new Date(end.getTime() - 2 * MINUTE);
    const bid = await placeBid(opened.db, { auctionId, bidderId: buyer, amountCents: 100_000, now: late });
    expect(bid.extended).toBe(true);
    const row = await opened.db.selectFrom("auctions").select("end_date").where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(new Date(row.end_date).getTime()).toBeGreaterThan(end.getTime());

    expect(await alertAuctionsEndingSoon(opened.db, new Date(late.getTime() + MINUTE))).toBe(0);
    expect(await notificationsOf(watcherA)).toHaveLength(1);
  });

  it("leaves upcoming, ended and already-past auctions alone", async () => {
    const soon = new Date(T0.getTime() + 30 * MINUTE).toISOString();
    const upcoming = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: soon, end_date: soon }, T0);
    const ended = await insertAuctionRow(opened.db, seller, { status: "ended", end_date: soon }, T0);
    const past = await insertAuctionRow(opened.db, seller, { end_date: new Date(T0.getTime() - MINUTE).toISOString() }, T0);
    for (const { listingId } of [upcoming, ended, past]) await watchAll(listingId, watcherA);
    expect(await alertAuctionsEndingSoon(opened.db, T0)).toBe(0);
    expect(await notificationsOf(watcherA)).toEqual([]);
  });

  it("tells once per auction when two server processes run the step at the same moment", async () => {
    const AUCTIONS = 24;
    const watchers = [watcherA, watcherB, buyer];
    for (let i = 0; i < AUCTIONS; i += 1) {
      const end = new Date(T0.getTime() + (5 + i) * MINUTE).toISOString();
      const { listingId } = await insertAuctionRow(opened.db, seller, { end_date: end }, T0);
      await watchAll(listingId, ...watchers.slice(0, 1 + (i % 3)));
    }
    const config: EndingSoonProcessConfig = { databaseFile: opened.url, now: T0.toISOString() };
    const reports = await runTogether<EndingSoonProcessReport>(
      [config, config].map((c) => ({ script: "tests/support/ending-soon-process.ts", env: { ENDING_SOON_CONFIG: JSON.stringify(c) } })),
    );
    for (const report of reports) expect(report.errors).toEqual([]);
    expect(reports.reduce((sum, report) => sum + report.told, 0)).toBe(AUCTIONS);

    const rows = await opened.db.selectFrom("notifications").select(["user_id", "action_url"]).where("type", "=", "auction_update").execute();
    const keys = rows.map((row) => `${row.user_id} ${row.action_url}`);
    expect(new Set(keys).size).toBe(keys.length);
    // 1, 2 or 3 watchers per auction in turn: 8 × (1 + 2 + 3).
    expect(rows).toHaveLength((AUCTIONS / 3) * 6);
    const stamped = await opened.db.selectFrom("auctions").select("ending_soon_notified_at").execute();
    expect(stamped.every((row) => row.ending_soon_notified_at === T0.toISOString())).toBe(true);
  });
});

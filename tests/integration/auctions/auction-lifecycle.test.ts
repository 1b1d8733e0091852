// The auction lifecycle against a real database (docs/product/auctions.md#states, docs/product/auctions.md#ending): upcoming auctions start, due ones
// end with a winner, an order at the fee schedule's rate and the three kinds of notification; reserve not met and no
// bids end without a sale; the owner ends early or cancels; refusals carry the spec's messages; every change happens
// once; reading an auction settles it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseEnv } from "~/env.server.ts";
import { getLiveEventBus, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import {
  cancelAuction,
  endAuctionEarly,
  endDueAuctions,
  ownerControlView,
  runAuctionLifecycle,
  settleAuctionIfDue,
} from "~/flows/auction-settlement.server.ts";
import { startAuctionScheduler } from "~/flows/auction-scheduler.server.ts";
import { startDueAuctions } from "~/services/auctions/start-due-auctions.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date("2026-12-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
/** Insert helpers take "now"; auctions here run from an hour before T0 to a day after it unless told otherwise. */
const AFTER_END = at(25 * HOUR);

let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;
let carol: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
  carol = await insertUserRow(opened.db);
  await opened.db
    .updateTable("profiles")
    .set({ first_name: "Alice", last_name: "Archer", city: "Austin", address: "1 Main St" })
    .where("id", "=", alice)
    .execute();
});
afterEach(() => opened.close());

async function auctionOf(auctionId: number) {
  return opened.db.selectFrom("auctions").selectAll().where("id", "=", auctionId).executeTakeFirstOrThrow();
}

async function listingStatus(listingId: number): Promise<string> {
  const row = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
  return row.status;
}

async function ordersOf(auctionId: number) {
  return opened.db.selectFrom("orders").selectAll().where("auction_id", "=", auctionId).execute();
}

async function notificationsOf(userId: string) {
  return opened.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).where("type", "!=", "bid").orderBy("id").execute();
}

async function refusal(promise: Promise<unknown>): Promise<{ message: string; kind: string }> {
  const { message, kind } = await refusalOf(promise);
  return { message, kind };
}

/** Live events published while `work` runs. */
async function announced(topic: string, work: () => Promise<unknown>): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  const unsubscribe = getLiveEventBus().subscribe([topic], (event) => events.push(event));
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return events;
}

describe("starting", () => {
  it("starts upcoming auctions whose start date has come, and only those", async () => {
    const due = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: at(-MINUTE).toISOString() }, T0);
    const later = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: at(HOUR).toISOString() }, T0);
    const events = await announced(`auction:${due.auctionId}`, async () => expect(await startDueAuctions(opened.db, T0)).toBe(1));
    expect((await auctionOf(due.auctionId)).status).toBe("active");
    expect((await auctionOf(later.auctionId)).status).toBe("upcoming");
    expect(events.map((event) => (event.data as { reason: string }).reason)).toEqual(["started"]);
    expect(await startDueAuctions(opened.db, T0)).toBe(0);
  });
});

describe("ending at the end date", () => {
  it("sells to the highest bidder: listing sold, one pending order with the auction fee, the three notifications", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: carol, amountCents: 110_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 123_400, now: T0 });

    expect(await endDueAuctions(opened.db, at(23 * HOUR))).toBe(0);
    const events = await announced(`auction:${auctionId}`, async () => expect(await endDueAuctions(opened.db, AFTER_END)).toBe(1));

    const auction = await auctionOf(auctionId);
    expect(auction).toMatchObject({ status: "ended", winner_id: alice, ended_at: AFTER_END.toISOString() });
    expect(await listingStatus(listingId)).toBe("sold");
    const orders = await ordersOf(auctionId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      listing_id: listingId,
      buyer_id: alice,
      seller_id: seller,
      sale_type: "auction",
      amount_cents: 123_400,
      fee_rate_bp: 350,
      fee_cents: 4_319,
      status: "pending",
      shipping_name: "Alice Archer",
      shipping_city: "Austin",
    });

    const [won] = await notificationsOf(alice);
    expect(won).toMatchObject({ type: "auction_won", action_url: `/checkout/auction/${auctionId}` });
    expect(won!.message).toContain("$1,234");
    const [sold] = await notificationsOf(seller);
    expect(sold).toMatchObject({ type: "listing_sold", action_url: `/orders/${orders[0]!.id}` });
    for (const other of [bob, carol]) {
      const rows = await notificationsOf(other);
      expect(rows.map((row) => row.type)).toEqual(["auction_ended"]);
      expect(rows[0]!.message).toContain("Another bidder won");
    }
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reason: "ended", state: { status: "ended", winnerId: alice }, newBids: [] });
  });

  it("charges 3.0% on a hybrid and reduces the fee by the seller's exemption", async () => {
    await opened.db.updateTable("profiles").set({ fee_exemption: 50 }).where("id", "=", seller).execute();
    const { auctionId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 500_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 200_000, now: T0 });
    await endDueAuctions(opened.db, AFTER_END);
    const [order] = await ordersOf(auctionId);
    expect(order).toMatchObject({ sale_type: "hybrid", amount_cents: 200_000, fee_rate_bp: 150, fee_cents: 3_000 });
  });

  it("does not sell when the highest bid is below the reserve: the listing is unsold (not a dead-end active one), seller and top bidder are told", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: 300_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 150_000, now: T0 });
    await endDueAuctions(opened.db, AFTER_END);

    expect(await auctionOf(auctionId)).toMatchObject({ status: "ended", winner_id: null });
    expect(await listingStatus(listingId)).toBe("unsold");
    expect(await ordersOf(auctionId)).toEqual([]);
    const sellerRows = await notificationsOf(seller);
    expect(sellerRows.map((row) => [row.type, row.title])).toEqual([["auction_ended", "Your auction ended: reserve not met"]]);
    // The seller's notice leads to the choices: relist, switch to Buy It Now, or end.
    expect(sellerRows[0]).toMatchObject({ action_url: `/listings/${listingId}/relist` });
    const aliceRows = await notificationsOf(alice);
    expect(aliceRows.map((row) => row.type)).toEqual(["auction_ended"]);
    expect(aliceRows[0]!.message).toContain("did not reach the seller's reserve price");
    expect(await notificationsOf(bob)).toEqual([]);
  });

  it("sells when the reserve is met", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: 150_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 150_000, now: T0 });
    await endDueAuctions(opened.db, AFTER_END);
    expect((await auctionOf(auctionId)).winner_id).toBe(alice);
    expect(await ordersOf(auctionId)).toHaveLength(1);
  });

  it("ends an auction without bids with no winner and tells only the seller", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await endDueAuctions(opened.db, AFTER_END);
    expect(await auctionOf(auctionId)).toMatchObject({ status: "ended", winner_id: null });
    expect(await listingStatus(listingId)).toBe("unsold");
    expect(await ordersOf(auctionId)).toEqual([]);
    expect((await notificationsOf(seller)).map((row) => row.title)).toEqual(["Your auction ended without bids"]);
  });

  it("waits for an end moved by a late bid (soft close)", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { end_date: at(HOUR).toISOString() }, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: at(HOUR - MINUTE) });
    expect(await endDueAuctions(opened.db, at(HOUR))).toBe(0);
    expect((await auctionOf(auctionId)).status).toBe("active");
    expect(await endDueAuctions(opened.db, at(HOUR + 4 * MINUTE))).toBe(1);
  });

  it("ends each auction once: a second pass, a page read and the owner change nothing", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    expect(await runAuctionLifecycle(opened.db, AFTER_END)).toEqual({ started: 0, ended: 1, failed: 0 });
    const first = await auctionOf(auctionId);
    const counts = await Promise.all([
      runAuctionLifecycle(opened.db, at(26 * HOUR)),
      runAuctionLifecycle(opened.db, at(26 * HOUR)),
      settleAuctionIfDue(opened.db, auctionId, at(26 * HOUR)),
    ]);
    expect(counts.slice(0, 2)).toEqual([
      { started: 0, ended: 0, failed: 0 },
      { started: 0, ended: 0, failed: 0 },
    ]);
    expect(await refusal(endAuctionEarly(opened.db, { auctionId, userId: seller, now: at(26 * HOUR) }))).toEqual({
      message: "This auction cannot be ended",
      kind: "conflict",
    });
    expect(await auctionOf(auctionId)).toEqual(first);
    expect(await ordersOf(auctionId)).toHaveLength(1);
    expect((await notificationsOf(alice)).map((row) => row.type)).toEqual(["auction_won"]);
  });

  it("settles an auction when it is read: starts a due upcoming one, ends a due active one", async () => {
    const upcoming = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: at(-MINUTE).toISOString() }, T0);
    await settleAuctionIfDue(opened.db, upcoming.auctionId, T0);
    expect((await auctionOf(upcoming.auctionId)).status).toBe("active");

    const running = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId: running.auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    await settleAuctionIfDue(opened.db, running.auctionId, T0);
    expect((await auctionOf(running.auctionId)).status).toBe("active");
    await settleAuctionIfDue(opened.db, running.auctionId, AFTER_END);
    expect(await auctionOf(running.auctionId)).toMatchObject({ status: "ended", winner_id: alice });
    expect(await ordersOf(running.auctionId)).toHaveLength(1);

    // An upcoming auction whose whole run has passed (the server was down) starts and ends in one read.
    const missed = await insertAuctionRow(
      opened.db,
      seller,
      { status: "upcoming", start_date: at(-2 * HOUR).toISOString(), end_date: at(-HOUR).toISOString() },
      T0,
    );
    await settleAuctionIfDue(opened.db, missed.auctionId, T0);
    expect(await auctionOf(missed.auctionId)).toMatchObject({ status: "ended", winner_id: null });
    await settleAuctionIfDue(opened.db, 987_654, T0);
  });
});

describe("the owner ends early", () => {
  it("sells to the leader at once when the reserve is met", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 120_000, now: T0 });
    const ended = await endAuctionEarly(opened.db, { auctionId, userId: seller, now: at(HOUR) });
    expect(ended).toMatchObject({ auctionId, outcome: "sold", winnerId: bob });
    expect(await auctionOf(auctionId)).toMatchObject({ status: "ended", winner_id: bob, ended_at: at(HOUR).toISOString() });
    expect(await listingStatus(listingId)).toBe("sold");
    expect(await ordersOf(auctionId)).toMatchObject([{ id: ended.orderId, buyer_id: bob, amount_cents: 120_000 }]);
    expect((await notificationsOf(alice)).map((row) => row.type)).toEqual(["auction_ended"]);
  });

  it("ends an upcoming auction without a sale", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: at(HOUR).toISOString() }, T0);
    expect(await endAuctionEarly(opened.db, { auctionId, userId: seller, now: T0 })).toMatchObject({ outcome: "no_bids", orderId: null });
    expect((await auctionOf(auctionId)).status).toBe("ended");
    expect(await listingStatus(listingId)).toBe("unsold");
  });

  it("is refused to anyone but the owner, and for ended or cancelled auctions", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    for (const userId of [alice, await insertUserRow(opened.db, undefined, "admin")]) {
      expect(await refusal(endAuctionEarly(opened.db, { auctionId, userId, now: T0 }))).toEqual({
        message: "You do not have permission to end this auction",
        kind: "forbidden",
      });
    }
    expect((await auctionOf(auctionId)).status).toBe("active");
    const cancelled = await insertAuctionRow(opened.db, seller, { status: "cancelled" }, T0);
    expect((await refusal(endAuctionEarly(opened.db, { auctionId: cancelled.auctionId, userId: seller, now: T0 }))).message).toBe(
      "This auction cannot be ended",
    );
    expect(await refusal(endAuctionEarly(opened.db, { auctionId: 987_654, userId: seller, now: T0 }))).toEqual({
      message: "Auction not found",
      kind: "not_found",
    });
  });
});

describe("the owner cancels", () => {
  it("cancels a running auction: no sale, listing unsold, every bidder told once", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 110_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 120_000, now: T0 });
    const events = await announced(`auction:${auctionId}`, () => cancelAuction(opened.db, { auctionId, userId: seller, now: at(HOUR) }));
    expect(await auctionOf(auctionId)).toMatchObject({ status: "cancelled", winner_id: null, cancelled_at: at(HOUR).toISOString() });
    expect(await listingStatus(listingId)).toBe("unsold");
    expect(await ordersOf(auctionId)).toEqual([]);
    for (const bidder of [alice, bob]) {
      expect((await notificationsOf(bidder)).map((row) => [row.type, row.title])).toEqual([["auction_ended", "Auction cancelled"]]);
    }
    expect(await notificationsOf(seller)).toEqual([]);
    expect(events.map((event) => event.data)).toMatchObject([{ reason: "cancelled", state: { status: "cancelled" } }]);
    // Nothing more happens to it later.
    expect(await runAuctionLifecycle(opened.db, AFTER_END)).toEqual({ started: 0, ended: 0, failed: 0 });
  });

  it("cancels an upcoming auction, so it never starts", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { status: "upcoming", start_date: at(HOUR).toISOString() }, T0);
    await cancelAuction(opened.db, { auctionId, userId: seller, now: T0 });
    await runAuctionLifecycle(opened.db, at(2 * HOUR));
    expect((await auctionOf(auctionId)).status).toBe("cancelled");
  });

  it("is refused to anyone but the owner, and once the auction has ended or been cancelled", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    expect(await refusal(cancelAuction(opened.db, { auctionId, userId: bob, now: T0 }))).toEqual({
      message: "You do not have permission to cancel this auction",
      kind: "forbidden",
    });
    await cancelAuction(opened.db, { auctionId, userId: seller, now: T0 });
    expect(await refusal(cancelAuction(opened.db, { auctionId, userId: seller, now: T0 }))).toEqual({
      message: "This auction cannot be cancelled",
      kind: "conflict",
    });
    const ended = await insertAuctionRow(opened.db, seller, { status: "ended" }, T0);
    expect((await refusal(cancelAuction(opened.db, { auctionId: ended.auctionId, userId: seller, now: T0 }))).message).toBe("This auction cannot be cancelled");
  });

  it("cannot cancel an auction whose end date has passed: it ends with its winner instead", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    expect((await refusal(cancelAuction(opened.db, { auctionId, userId: seller, now: AFTER_END }))).message).toBe("This auction cannot be cancelled");
    expect(await auctionOf(auctionId)).toMatchObject({ status: "ended", winner_id: alice });
  });
});

describe("the owner's confirmation page", () => {
  it("shows the owner the auction, and says why others are refused", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    expect(await ownerControlView(opened.db, { auctionId, userId: seller }, "end", T0)).toMatchObject({ status: "active", refusal: null });
    expect(await ownerControlView(opened.db, { auctionId, userId: alice }, "cancel", T0)).toMatchObject({
      refusal: { kind: "forbidden", message: "You do not have permission to cancel this auction" },
    });
    expect(await ownerControlView(opened.db, { auctionId, userId: seller }, "end", AFTER_END)).toMatchObject({
      status: "ended",
      refusal: { kind: "conflict", message: "This auction cannot be ended" },
    });
    expect(await ownerControlView(opened.db, { auctionId: 987_654, userId: seller }, "end", T0)).toBeNull();
  });
});

describe("the scheduler", () => {
  it("runs a pass at once, then on its interval, and stops cleanly", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { end_date: at(-MINUTE).toISOString() }, T0);
    const passes: Date[] = [];
    let resolveSecond: () => void = () => {};
    const secondPass = new Promise<void>((resolve) => (resolveSecond = resolve));
    const stop = startAuctionScheduler(opened.db, {
      intervalMs: 5,
      now: () => T0,
      afterPass: async (_db, now) => {
        passes.push(now);
        if (passes.length === 2) resolveSecond();
      },
    });
    await secondPass;
    await stop();
    expect((await auctionOf(auctionId)).status).toBe("ended");
    const count = passes.length;
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it("also completes the orders whose inspection period has ended, by default", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    await endDueAuctions(opened.db, AFTER_END);
    const deliveredAt = at(26 * HOUR);
    await opened.db.updateTable("orders").set({ status: "delivered", delivered_at: deliveredAt.toISOString() }).where("auction_id", "=", auctionId).execute();
    const stop = startAuctionScheduler(opened.db, { intervalMs: 60_000, now: () => new Date(deliveredAt.getTime() + 8 * 24 * HOUR) });
    await stop(); // waits for the pass the scheduler runs at once
    expect((await ordersOf(auctionId))[0]).toMatchObject({ status: "completed" });
  });

  it("logs a failed pass and keeps going", async () => {
    const logged: string[] = [];
    let resolveRecovered: () => void = () => {};
    const recovered = new Promise<void>((resolve) => (resolveRecovered = resolve));
    let calls = 0;
    const stop = startAuctionScheduler(opened.db, {
      intervalMs: 5,
      now: () => T0,
      log: (message) => logged.push(message),
      afterPass: async () => {
        calls += 1;
        if (calls === 1) throw new Error("disk full");
        resolveRecovered();
      },
    });
    await recovered;
    await stop();
    expect(logged).toEqual(["The auction scheduler's pass failed; it runs again shortly."]);
  });
});

describe("AUCTION_SCHEDULER_INTERVAL_MS", () => {
  const base = { SESSION_SECRET: "s".repeat(32), DATABASE_URL: ":memory:" } as unknown as NodeJS.ProcessEnv;
  it("defaults to every 2 seconds; 0 turns the scheduler off; anything else is refused with a clear message", () => {
    expect(parseEnv(base).AUCTION_SCHEDULER_INTERVAL_MS).toBe(2000);
    expect(parseEnv({ ...base, AUCTION_SCHEDULER_INTERVAL_MS: "0" }).AUCTION_SCHEDULER_INTERVAL_MS).toBe(0);
    expect(parseEnv({ ...base, AUCTION_SCHEDULER_INTERVAL_MS: "500" }).AUCTION_SCHEDULER_INTERVAL_MS).toBe(500);
    for (const bad of ["-1", "soon", "1.5"]) {
      expect(() => parseEnv({ ...base, AUCTION_SCHEDULER_INTERVAL_MS: bad })).toThrow(/AUCTION_SCHEDULER_INTERVAL_MS/);
    }
  });
});

// The demo auction floor: auctions in every state on seeded listings, bid histories the bidding rules made, an order
// for every won auction, and orders in every state of the buyer-protection flow for the demo buyer and seller.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { SOFT_CLOSE_MS } from "~/lib/bidding.ts";
import { INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { ORDER_STATUSES } from "~/lib/orders.ts";
import { resolveBid, type AuctionBidState } from "~/services/auctions/bid-resolution.ts";
import { completeInspectedOrders } from "~/services/orders/order-flow.server.ts";
import { disputeThread } from "~/services/orders/disputes.server.ts";
import { escrowDesk } from "~/services/orders/orders.server.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { runAuctionLifecycle } from "~/flows/auction-settlement.server.ts";

// Nobody signs in here, so the accounts get a cheap stand-in hash instead of scrypt.
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, hashPassword: () => Promise.resolve("cheap-test-hash") };
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date();
const TMP = process.env.TEST_TMP_DIR ?? "tests/.tmp";
let opened: OpenedDatabase;
const uploadsDir = path.resolve(TMP, `uploads-${crypto.randomUUID()}`);

beforeAll(async () => {
  opened = createTestDatabase();
  await seedDemoMarketplace(opened.db, { uploads: new DiskStore(uploadsDir), now: NOW });
}, 180_000);

afterAll(async () => {
  await opened?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function idOf(email: string): Promise<string> {
  const row = await opened.db.selectFrom("profiles").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

function auctions() {
  return opened.db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .leftJoin("bids as lead", "lead.id", "a.leading_bid_id")
    .selectAll("a")
    .select([
      "l.user_id as seller_id",
      "l.status as listing_status",
      "l.listing_type",
      "l.price_cents as listing_price_cents",
      "l.buy_now_price_cents as listing_buy_now_cents",
      "l.currency as listing_currency",
      "lead.user_id as leader_id",
    ])
    .orderBy("a.id")
    .execute();
}

function bidsOf(auctionId: number) {
  return opened.db.selectFrom("bids").selectAll().where("auction_id", "=", auctionId).orderBy("id").execute();
}

const ms = (iso: string) => Date.parse(iso);

describe("demo auctions", () => {
  it("has auctions in every state, live ones ending within minutes, hours and days", async () => {
    const all = await auctions();
    const byStatus = (status: string) => all.filter((a) => a.status === status);
    expect(byStatus("active")).toHaveLength(52);
    expect(byStatus("upcoming")).toHaveLength(8);
    expect(byStatus("ended")).toHaveLength(17);
    expect(byStatus("cancelled")).toHaveLength(4);
    expect(byStatus("ended").filter((a) => a.winner_id !== null)).toHaveLength(12);

    const left = byStatus("active").map((a) => ms(a.end_date) - NOW.getTime());
    for (const a of byStatus("active")) expect(ms(a.start_date)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...left)).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(left.filter((t) => t <= 30 * MINUTE).length).toBeGreaterThanOrEqual(3);
    expect(left.filter((t) => t > 30 * MINUTE && t < DAY).length).toBeGreaterThanOrEqual(5);
    expect(left.filter((t) => t >= DAY).length).toBeGreaterThan(byStatus("active").length / 2);
    // Soft close and the end can be watched: the ones ending soon have bids and extend.
    const soon = byStatus("active").filter((a) => ms(a.end_date) - NOW.getTime() <= 30 * MINUTE);
    expect(soon.every((a) => a.auto_extend === 1 && a.bid_count > 0)).toBe(true);

    const startsIn = byStatus("upcoming").map((a) => ms(a.start_date) - NOW.getTime());
    expect(Math.min(...startsIn)).toBeGreaterThan(0);
    expect(startsIn.some((t) => t < DAY)).toBe(true);
    expect(startsIn.some((t) => t > 2 * DAY)).toBe(true);
    for (const a of byStatus("upcoming")) expect(a.bid_count).toBe(0);

    for (const a of byStatus("ended")) {
      expect(a.ended_at).not.toBeNull();
      expect(ms(a.ended_at!)).toBeLessThanOrEqual(NOW.getTime());
      expect(a.ended_at).toBe(a.end_date);
    }
    for (const a of byStatus("cancelled")) expect(ms(a.cancelled_at!)).toBeLessThanOrEqual(NOW.getTime());
    expect(byStatus("cancelled").some((a) => a.bid_count > 0)).toBe(true);
    expect(all.some((a) => a.extension_count > 0)).toBe(true);
  });

  it("puts every auction on an auction or hybrid listing priced as the rules say", async () => {
    const all = await auctions();
    for (const a of all) {
      expect(a.listing_type).toBe(a.buy_now_price_cents === null ? "auction" : "hybrid");
      expect(a.listing_price_cents).toBe(a.starting_price_cents);
      expect(a.listing_buy_now_cents).toBe(a.buy_now_price_cents);
      expect(a.currency).toBe(a.listing_currency);
      // No reserve below the start; a hybrid's Buy Now above both.
      if (a.reserve_price_cents !== null) expect(a.reserve_price_cents).toBeGreaterThan(a.starting_price_cents);
      if (a.buy_now_price_cents !== null) {
        expect(a.buy_now_price_cents).toBeGreaterThan(Math.max(a.starting_price_cents, a.reserve_price_cents ?? 0));
      }
      // $10 by default, more on dear lots.
      expect([1000, 2500, 5000, 10_000]).toContain(a.bid_increment_cents);
      if (a.starting_price_cents < 100_000) expect(a.bid_increment_cents).toBe(1000);
      if (a.starting_price_cents >= 2_000_000) expect(a.bid_increment_cents).toBe(10_000);
    }
    const reserved = all.filter((a) => a.reserve_price_cents !== null).length;
    expect(reserved / all.length).toBeGreaterThan(0.3);
    expect(reserved / all.length).toBeLessThan(0.7);
    expect(all.filter((a) => a.buy_now_price_cents !== null && a.status === "active").length).toBeGreaterThanOrEqual(3);
    expect(all.filter((a) => a.auto_extend === 1).length / all.length).toBeGreaterThan(0.8);
    // Every lot is a different listing, and live ones are on active listings.
    expect(new Set(all.map((a) => a.listing_id)).size).toBe(all.length);
    for (const a of all.filter((x) => x.status === "active" || x.status === "upcoming")) expect(a.listing_status).toBe("active");
    // A cancelled lot leaves its listing unsold, waiting for its seller's choice: never a dead-end active one.
    for (const a of all.filter((x) => x.status === "cancelled")) expect(a.listing_status).toBe("unsold");
  });

  it("stores exactly what replaying each auction's bids through the bidding rules gives", async () => {
    const all = await auctions();
    let replayed = 0;
    for (const a of all) {
      const bids = await bidsOf(a.id);
      const state: AuctionBidState = {
        status: "active",
        startsAt: new Date(a.start_date),
        endsAt: new Date(a.end_date),
        sellerId: a.seller_id,
        currency: a.currency,
        startingPriceCents: a.starting_price_cents,
        reserveCents: a.reserve_price_cents,
        fixedIncrementCents: a.bid_increment_fixed === 1 ? a.bid_increment_cents : null,
        currentPriceCents: a.starting_price_cents,
        bidCount: 0,
        autoExtend: a.auto_extend === 1,
        extensionsEndAt: a.extensions_end_at === null ? null : new Date(a.extensions_end_at),
        leader: null,
      };
      let cursor = 0;
      while (cursor < bids.length) {
        const placed = bids[cursor]!;
        expect(placed.is_auto, `auction ${a.id} bid ${placed.id} is a bidder's own`).toBe(0);
        const resolution = resolveBid(state, {
          bidderId: placed.user_id,
          amountCents: placed.amount_cents,
          maxCents: placed.max_amount_cents,
          now: new Date(placed.created_at),
        });
        if (resolution.kind !== "accepted") throw new Error(`auction ${a.id}: bid ${placed.id} would be ${resolution.kind}`);
        const written = bids.slice(cursor, cursor + resolution.rows.length);
        expect(
          written.map((b) => ({ userId: b.user_id, amountCents: b.amount_cents, maxCents: b.max_amount_cents, isAuto: b.is_auto === 1 })),
          `auction ${a.id} bid ${placed.id}`,
        ).toEqual(resolution.rows);
        for (const b of written) expect(b.created_at).toBe(placed.created_at);
        const last = written[written.length - 1]!;
        state.currentPriceCents = resolution.priceCents;
        state.bidCount += written.length;
        state.leader = { bidId: last.id, userId: last.user_id, maxCents: last.max_amount_cents ?? last.amount_cents };
        cursor += written.length;
        replayed += 1;
      }
      expect(a.current_price_cents, `auction ${a.id}`).toBe(state.currentPriceCents);
      expect(a.bid_count, `auction ${a.id}`).toBe(state.bidCount);
      expect(a.leader_id, `auction ${a.id}`).toBe(state.leader?.userId ?? null);
      expect(a.leading_bid_id).toBe(state.leader?.bidId ?? null);
      // Bids fall inside the auction's run, and an extended end is five minutes after the last bid.
      for (const b of bids) {
        expect(ms(b.created_at)).toBeGreaterThanOrEqual(ms(a.start_date));
        expect(ms(b.created_at)).toBeLessThan(ms(a.end_date));
        expect(ms(b.created_at)).toBeLessThan(NOW.getTime());
      }
      if (a.extension_count > 0) expect(ms(a.end_date)).toBe(ms(bids[bids.length - 1]!.created_at) + SOFT_CLOSE_MS);
      if (a.status === "upcoming") expect(bids).toHaveLength(0);
    }
    expect(replayed).toBeGreaterThan(200);
    // Proxy bidding left its automatic answers, and the seller never bid on their own lot.
    const auto = await opened.db.selectFrom("bids").select("id").where("is_auto", "=", 1).execute();
    expect(auto.length).toBeGreaterThan(20);
    for (const a of all) for (const b of await bidsOf(a.id)) expect(b.user_id).not.toBe(a.seller_id);
  });

  it("has an order exactly for each auction that ended with a winner, and follows the reserve", async () => {
    const all = await auctions();
    const orders = await opened.db.selectFrom("orders").selectAll().where("auction_id", "is not", null).execute();
    const orderOf = new Map(orders.map((o) => [o.auction_id, o]));
    let boughtOutright = 0;
    for (const a of all) {
      const order = orderOf.get(a.id);
      const won = a.status === "ended" && a.winner_id !== null;
      expect(Boolean(order), `auction ${a.id}`).toBe(won);
      if (won && order) {
        expect(order.buyer_id).toBe(a.winner_id);
        expect(order.seller_id).toBe(a.seller_id);
        expect(order.currency).toBe(a.currency);
        if (order.amount_cents === a.buy_now_price_cents && a.leader_id !== a.winner_id) {
          // Taken with Buy Now while the bidding was below it.
          boughtOutright += 1;
          expect(order.sale_type).toBe("hybrid");
          expect(a.current_price_cents).toBeLessThan(a.buy_now_price_cents!);
        } else {
          expect(a.winner_id).toBe(a.leader_id);
          expect(order.amount_cents).toBe(a.current_price_cents);
          expect(order.sale_type).toBe(a.listing_type);
          if (a.reserve_price_cents !== null) expect(a.current_price_cents).toBeGreaterThanOrEqual(a.reserve_price_cents);
        }
        expect(a.listing_status).toBe(order.status === "cancelled" ? "unsold" : "sold");
      }
      if (a.status === "ended" && !won) {
        // Reserve not met, or nobody bid: the listing is unsold, its seller chooses what next.
        expect(a.bid_count === 0 || (a.reserve_price_cents !== null && a.current_price_cents < a.reserve_price_cents)).toBe(true);
        expect(a.listing_status).toBe("unsold");
      }
    }
    expect(boughtOutright).toBe(1);
    const unsold = all.filter((a) => a.status === "ended" && a.winner_id === null);
    expect(unsold.some((a) => a.bid_count > 0)).toBe(true);
    expect(unsold.some((a) => a.bid_count === 0)).toBe(true);
  });

  it("gives the demo buyer a won auction awaiting checkout, a lead in live auctions and live ones where they were outbid", async () => {
    const buyer = await idOf("buyer@tradebench.test");
    const all = await auctions();
    const won = all.filter((a) => a.status === "ended" && a.winner_id === buyer);
    const awaiting = await opened.db
      .selectFrom("orders")
      .selectAll()
      .where("buyer_id", "=", buyer)
      .where(
        "auction_id",
        "in",
        won.map((a) => a.id),
      )
      .where("status", "=", "pending")
      .where("checked_out_at", "is", null)
      .execute();
    expect(awaiting).toHaveLength(1);
    const note = await opened.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", buyer)
      .where("action_url", "=", `/checkout/auction/${awaiting[0]!.auction_id}`)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: "auction_won", is_read: 0 });

    const live = all.filter((a) => a.status === "active");
    expect(live.filter((a) => a.leader_id === buyer).length).toBeGreaterThanOrEqual(3);
    const outbid = [];
    for (const a of live.filter((x) => x.leader_id !== buyer)) {
      if ((await bidsOf(a.id)).some((b) => b.user_id === buyer)) outbid.push(a.id);
    }
    expect(outbid.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the demo seller live auctions with bids and an upcoming one, and lets every kind of account bid", async () => {
    const seller = await idOf("seller@tradebench.test");
    const all = await auctions();
    const own = all.filter((a) => a.seller_id === seller);
    expect(own.filter((a) => a.status === "active" && a.bid_count > 0).length).toBeGreaterThanOrEqual(3);
    expect(own.filter((a) => a.status === "upcoming").length).toBeGreaterThanOrEqual(1);
    expect(own.filter((a) => a.status === "ended" && a.winner_id !== null).length).toBeGreaterThanOrEqual(3);
    const bidders = await opened.db.selectFrom("bids as b").innerJoin("profiles as p", "p.id", "b.user_id").select(["p.email", "p.role"]).distinct().execute();
    expect(bidders.length).toBeGreaterThanOrEqual(10);
    expect(new Set(bidders.map((b) => b.role))).toContain("buyer");
    expect(bidders.map((b) => b.email)).toContain("seller@tradebench.test");
  });
});

/** The statuses an order passes through on its way to `status` (auto-completion and direct receipt aside). */
const PATHS: Record<string, string[][]> = {
  pending: [["pending"]],
  paid: [["pending", "paid"]],
  shipped: [["pending", "paid", "shipped"]],
  delivered: [["pending", "paid", "shipped", "delivered"]],
  completed: [["pending", "paid", "shipped", "delivered", "completed"]],
  disputed: [["pending", "paid", "shipped", "delivered", "disputed"]],
  refunded: [["pending", "paid", "shipped", "delivered", "disputed", "refunded"]],
  released: [["pending", "paid", "shipped", "delivered", "disputed", "released"]],
  cancelled: [["pending", "cancelled"]],
};

describe("demo orders", () => {
  it("has orders in every state, for the demo buyer and the demo seller alike, Buy Now ones too", async () => {
    const [buyer, seller] = [await idOf("buyer@tradebench.test"), await idOf("seller@tradebench.test")];
    const orders = await opened.db.selectFrom("orders").selectAll().execute();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.filter((o) => o.buyer_id === buyer).map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.filter((o) => o.seller_id === seller).map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const buyNow = orders.filter((o) => o.sale_type === "buy_now");
    expect(buyNow.length).toBeGreaterThanOrEqual(5);
    for (const o of buyNow) expect(o.auction_id).toBeNull();
    expect(new Set(orders.map((o) => o.reference)).size).toBe(orders.length);
  });

  it("has a two-sided dispute awaiting the referee: the buyer's reason and the seller's answer, on the escrow desk", async () => {
    const { openDisputes } = await escrowDesk(opened.db, { payments: false, disputes: true });
    expect(openDisputes.length).toBeGreaterThan(0);
    const disputed = await opened.db.selectFrom("orders").select(["id", "buyer_id", "seller_id", "resolved_at"]).where("status", "=", "disputed").execute();
    expect(openDisputes.map((d) => d.id).sort()).toEqual(disputed.map((o) => o.id).sort());
    for (const order of disputed) {
      expect(order.resolved_at, `order ${order.id}`).toBeNull();
      const thread = await disputeThread(opened.db, order.id);
      // The buyer's side: the reason the dispute was opened with.
      expect(thread.reason, `order ${order.id}`).toMatch(/\S{10,}/);
      expect(thread.sellerAnswered, `order ${order.id}`).toBe(true);
      const sides = thread.messages.map((m) => m.side);
      expect(sides, `order ${order.id}`).toContain("seller");
      // Nobody has decided: the referee has not written.
      expect(sides, `order ${order.id}`).not.toContain("referee");
      const authors = await opened.db
        .selectFrom("dispute_messages")
        .select("author_id")
        .where("order_id", "=", order.id)
        .where("author_side", "=", "seller")
        .execute();
      expect(
        authors.every((a) => a.author_id === order.seller_id),
        `order ${order.id}`,
      ).toBe(true);
      expect(thread.messages.find((m) => m.side === "seller")!.body).toContain("tested and photographed before packing");
    }
  });

  it("stamps every step in order, on a timeline made by the right people", async () => {
    const staff = {
      billing: await idOf("billing@tradebench.test"),
      referee: await idOf("referee@tradebench.test"),
    };
    const orders = await opened.db
      .selectFrom("orders as o")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .selectAll("o")
      .select("l.status as listing_status")
      .execute();
    for (const o of orders) {
      const events = await opened.db.selectFrom("order_events").selectAll().where("order_id", "=", o.id).orderBy("id").execute();
      // Checkout of a won auction adds a "pending" entry by the buyer; the path is the statuses it moved through.
      const path = events.map((e) => e.status).filter((s, i, all) => i === 0 || s !== all[i - 1]);
      const paths = PATHS[o.status]!.concat(o.status === "completed" ? [["pending", "paid", "shipped", "completed"]] : []);
      expect(paths, `order ${o.id}: ${path.join(" → ")}`).toContainEqual(path);
      const times = events.map((e) => ms(e.created_at));
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      expect(times[0]).toBe(ms(o.created_at));
      expect(Math.max(...times)).toBeLessThan(NOW.getTime());

      const actorOf = (status: string) => events.find((e) => e.status === status)?.actor_id;
      // A Buy Now is the buyer's doing; a won auction's order comes from the scheduler ending it.
      expect(events[0]!.actor_id, `order ${o.id}`).toBe(o.auction_id === null || o.checked_out_at === o.created_at ? o.buyer_id : null);
      if (path.includes("paid")) expect(actorOf("paid")).toBe(staff.billing);
      if (path.includes("shipped")) expect(actorOf("shipped")).toBe(o.seller_id);
      if (path.includes("delivered")) expect([o.buyer_id, o.seller_id]).toContain(actorOf("delivered"));
      if (path.includes("disputed")) expect(actorOf("disputed")).toBe(o.buyer_id);
      if (o.status === "refunded" || o.status === "released") expect(actorOf(o.status)).toBe(staff.referee);
      if (o.status === "completed") expect([o.buyer_id, null]).toContain(actorOf("completed"));

      // The stamps follow one another, and each state has its details.
      const stamps = [o.created_at, o.checked_out_at, o.paid_at, o.shipped_at, o.delivered_at, o.disputed_at ?? o.completed_at, o.resolved_at]
        .filter((s): s is string => s !== null)
        .map(ms);
      expect([...stamps].sort((x, y) => x - y)).toEqual(stamps);
      expect(o.paid_at !== null).toBe(path.includes("paid"));
      expect(o.shipped_at !== null && Boolean(o.carrier) && Boolean(o.tracking_number)).toBe(path.includes("shipped"));
      expect(o.dispute_reason !== null && o.disputed_at !== null).toBe(path.includes("disputed"));
      expect(o.resolution_note !== null && o.resolved_at !== null).toBe(o.status === "refunded" || o.status === "released");
      expect(o.cancelled_at !== null).toBe(o.status === "cancelled");
      if (path.includes("paid")) {
        expect(o.checked_out_at).not.toBeNull();
        expect(o.shipping_address).not.toBe("");
      }
      // Nothing is overdue: a delivered order is still inside its inspection period.
      if (o.status === "delivered") expect(ms(o.delivered_at!)).toBeGreaterThan(NOW.getTime() - INSPECTION_PERIOD_DAYS * DAY);
      // The item is sold while the order goes ahead, and for sale again once it was cancelled.
      if (o.status === "cancelled") expect(o.listing_status).toBe("active");
      else if (o.status !== "refunded") expect(o.listing_status).toBe("sold");
    }
  });

  it("told the demo accounts what happened, the older news read and the latest not", async () => {
    for (const email of ["buyer@tradebench.test", "seller@tradebench.test"]) {
      const notes = await opened.db
        .selectFrom("notifications")
        .selectAll()
        .where("user_id", "=", await idOf(email))
        .orderBy("id")
        .execute();
      expect(notes.length, email).toBeGreaterThanOrEqual(5);
      expect(
        notes.some((n) => n.is_read === 0),
        email,
      ).toBe(true);
      expect(
        notes.some((n) => n.is_read === 1),
        email,
      ).toBe(true);
      for (const n of notes) {
        expect(ms(n.created_at)).toBeLessThan(NOW.getTime());
        expect(n.is_read, n.title).toBe(ms(n.created_at) < NOW.getTime() - 36 * HOUR ? 1 : 0);
      }
      // The auctions' own notices were written as they happened (the bell orders by time, so other parts of the demo
      // may add older ones later).
      const times = notes.filter((n) => ["bid", "payment", "shipping", "auction_won", "auction_ended"].includes(n.type)).map((n) => n.created_at);
      expect([...times].sort()).toEqual(times);
      const types = new Set(notes.map((n) => n.type));
      for (const type of ["bid", "payment", "shipping"]) expect(types, email).toContain(type);
    }
    const buyerTypes = new Set(
      (
        await opened.db
          .selectFrom("notifications")
          .select("type")
          .where("user_id", "=", await idOf("buyer@tradebench.test"))
          .execute()
      ).map((n) => n.type),
    );
    expect(buyerTypes).toContain("auction_won");
    const sellerTypes = new Set(
      (
        await opened.db
          .selectFrom("notifications")
          .select("type")
          .where("user_id", "=", await idOf("seller@tradebench.test"))
          .execute()
      ).map((n) => n.type),
    );
    expect(sellerTypes).toContain("listing_sold");
  });

  it("leaves nothing for the scheduler to catch up on", async () => {
    expect(await runAuctionLifecycle(opened.db, NOW)).toEqual({ started: 0, ended: 0, failed: 0 });
    expect(await completeInspectedOrders(opened.db, NOW)).toBe(0);
    // Nor mail: the demo's history happened before anyone could read it.
    expect(await opened.db.selectFrom("email_outbox").select("id").where("status", "=", "pending").execute()).toEqual([]);
  });
});

describe("the demo seed", () => {
  it("is the same every time for the same moment", async () => {
    const other = createTestDatabase();
    const otherUploads = `${uploadsDir}-other`;
    try {
      await seedDemoMarketplace(other.db, { uploads: new DiskStore(otherUploads), now: NOW });
      const [mine, theirs] = await Promise.all([snapshot(opened), snapshot(other)]);
      expect(theirs).toEqual(mine);
    } finally {
      await other.close();
      fs.rmSync(otherUploads, { recursive: true, force: true });
    }
  }, 180_000);
});

/** Everything the auction seed wrote, with people named by e-mail and payment references (random) masked. */
async function snapshot(database: OpenedDatabase) {
  const { db } = database;
  const people = new Map((await db.selectFrom("profiles").select(["id", "email"]).execute()).map((p) => [p.id, p.email]));
  const who = (id: string | null) => (id === null ? null : (people.get(id) ?? "?"));
  const mask = (text: string) => text.replace(/TB-[0-9A-Z]{4}-[0-9A-Z]{4}/g, "TB-XXXX-XXXX");
  const listings = await db
    .selectFrom("equipment_listings")
    .select(["id", "status", "listing_type", "price_cents", "buy_now_price_cents", "updated_at"])
    .orderBy("id")
    .execute();
  const auctionRows = await db.selectFrom("auctions").selectAll().orderBy("id").execute();
  const bidRows = await db.selectFrom("bids").selectAll().orderBy("id").execute();
  const orderRows = await db.selectFrom("orders").selectAll().orderBy("id").execute();
  const eventRows = await db.selectFrom("order_events").selectAll().orderBy("id").execute();
  const notes = await db.selectFrom("notifications").selectAll().orderBy("id").execute();
  return {
    listings,
    auctions: auctionRows.map((a) => ({ ...a, winner_id: who(a.winner_id) })),
    bids: bidRows.map((b) => ({ ...b, user_id: who(b.user_id) })),
    orders: orderRows.map((o) => ({
      ...o,
      reference: mask(o.reference),
      buyer_id: who(o.buyer_id),
      seller_id: who(o.seller_id),
      payment_confirmed_by: who(o.payment_confirmed_by),
      held_by: who(o.held_by),
    })),
    events: eventRows.map((e) => ({ ...e, actor_id: who(e.actor_id) })),
    // One event's notifications go out in the order of the recipients' ids, which are fresh on every database.
    notifications: notes
      .map(({ id: _id, ...n }) => ({
        ...n,
        user_id: who(n.user_id),
        title: mask(n.title),
        message: mask(n.message),
        // Links to a member's profile (/user/{id}, the reviews' notices) name the member by e-mail too.
        action_url: n.action_url?.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => who(id) ?? "?") ?? null,
      }))
      .sort((x, y) => x.created_at.localeCompare(y.created_at) || String(x.user_id).localeCompare(String(y.user_id)) || x.title.localeCompare(y.title)),
  };
}

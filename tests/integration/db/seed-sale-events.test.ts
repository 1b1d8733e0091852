// The demo sale events: the auction house's live plant-closure sale (forty lots closing a minute apart), an upcoming
// sale with pre-bids, an approved bidder whose deposit is confirmed and the demo buyer's pending request, and a closed
// sale settled as single auctions are (orders for the sold lots, one lot whose reserve was not met).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import {
  DEMO_CLOSED_EVENT_TITLE,
  DEMO_LIVE_EVENT_LOTS,
  DEMO_LIVE_EVENT_TITLE,
  DEMO_SALE_HOUSE,
  DEMO_UPCOMING_DEPOSIT_CENTS,
  DEMO_UPCOMING_EVENT_TITLE,
} from "#db/seed/sale-events.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

// Nobody signs in here, so the accounts get a cheap stand-in hash instead of scrypt.
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, hashPassword: () => Promise.resolve("cheap-test-hash") };
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date();
const TMP = process.env.TEST_TMP_DIR ?? "tests/.tmp";
const uploadsDir = path.resolve(TMP, `uploads-${crypto.randomUUID()}`);
let opened: OpenedDatabase;

beforeAll(async () => {
  opened = createTestDatabase();
  await seedDemoMarketplace(opened.db, { uploads: new DiskStore(uploadsDir), now: NOW });
}, 180_000);

afterAll(async () => {
  await opened?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const ms = (iso: string) => new Date(iso).getTime();

async function eventNamed(title: string) {
  return opened.db.selectFrom("sale_events").selectAll().where("title", "=", title).executeTakeFirstOrThrow();
}

async function lotsOf(eventId: number) {
  return opened.db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("auctions as a", "a.id", "sl.auction_id")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .select([
      "sl.lot_number",
      "a.id",
      "a.status",
      "a.start_date",
      "a.end_date",
      "a.bid_count",
      "a.winner_id",
      "a.reserve_price_cents",
      "a.current_price_cents",
      "l.category_id",
    ])
    .where("sl.event_id", "=", eventId)
    .orderBy("sl.lot_number")
    .execute();
}

describe("demo sale events", () => {
  it("are run by a seller account of an auction house", async () => {
    const house = await opened.db.selectFrom("profiles").selectAll().where("email", "=", DEMO_SALE_HOUSE.email).executeTakeFirstOrThrow();
    expect(house).toMatchObject({ role: "seller", company_name: "Hartwell Industrial Auctions", is_verified: 1 });
    const events = await opened.db.selectFrom("sale_events").select(["seller_id", "status"]).execute();
    expect(events).toHaveLength(3);
    for (const event of events) expect(event).toEqual({ seller_id: house.id, status: "scheduled" });
  });

  it("has a live plant-closure sale of forty varied lots closing a minute apart from twenty minutes on, some with bids", async () => {
    const event = await eventNamed(DEMO_LIVE_EVENT_TITLE);
    expect(event.title).toMatch(/plant closure$/);
    const lots = await lotsOf(event.id);
    expect(lots).toHaveLength(DEMO_LIVE_EVENT_LOTS);
    expect(lots.map((lot) => lot.lot_number)).toEqual(Array.from({ length: DEMO_LIVE_EVENT_LOTS }, (_, i) => i + 1));
    expect(ms(lots[0]!.end_date) - NOW.getTime()).toBe(20 * MINUTE);
    lots.forEach((lot, i) => expect(ms(lot.end_date) - ms(lots[0]!.end_date)).toBe(i * MINUTE));
    for (const lot of lots) {
      expect(lot.status).toBe("active");
      expect(ms(lot.start_date)).toBeLessThan(NOW.getTime());
    }
    expect(new Set(lots.map((lot) => lot.category_id)).size).toBeGreaterThan(10);
    const withBids = lots.filter((lot) => lot.bid_count > 0).length;
    expect(withBids).toBeGreaterThan(10);
    expect(withBids).toBeLessThan(lots.length);
  });

  it("has an upcoming sale needing approval and a fixed deposit, with an approved bidder's pre-bids and the demo buyer's pending request", async () => {
    const event = await eventNamed(DEMO_UPCOMING_EVENT_TITLE);
    expect(event).toMatchObject({ approval_required: 1, deposit_kind: "fixed", deposit_fixed_cents: DEMO_UPCOMING_DEPOSIT_CENTS });
    expect(ms(event.first_close_at) - NOW.getTime()).toBeGreaterThan(DAY);
    const lots = await lotsOf(event.id);
    for (const lot of lots) {
      expect(lot.status).toBe("upcoming");
      expect(ms(lot.start_date)).toBeGreaterThan(NOW.getTime());
    }
    const bidders = await opened.db
      .selectFrom("sale_event_bidders as b")
      .innerJoin("profiles as p", "p.id", "b.user_id")
      .select(["p.email", "b.user_id", "b.status", "b.deposit_cents", "b.deposit_confirmed_at"])
      .where("b.event_id", "=", event.id)
      .orderBy("b.id")
      .execute();
    expect(bidders.map(({ email, status }) => ({ email, status }))).toEqual([
      { email: "sales@westbrooktest.test", status: "approved" },
      { email: "buyer@tradebench.test", status: "pending" },
    ]);
    expect(bidders[0]!.deposit_cents).toBe(DEMO_UPCOMING_DEPOSIT_CENTS);
    expect(bidders[0]!.deposit_confirmed_at).not.toBeNull();
    const preBids = await opened.db
      .selectFrom("bids")
      .selectAll()
      .where(
        "auction_id",
        "in",
        lots.map((lot) => lot.id),
      )
      .execute();
    expect(preBids.length).toBeGreaterThanOrEqual(3);
    for (const bid of preBids) {
      expect(bid.user_id).toBe(bidders[0]!.user_id);
      expect(bid.max_amount_cents).toBeGreaterThan(bid.amount_cents);
      expect(ms(bid.created_at)).toBeLessThan(ms(lots[0]!.start_date));
    }
  });

  it("has a closed sale whose lots were settled: orders for the sold lots, and one lot whose reserve was not met", async () => {
    const event = await eventNamed(DEMO_CLOSED_EVENT_TITLE);
    const lots = await lotsOf(event.id);
    for (const lot of lots) {
      expect(lot.status).toBe("ended");
      expect(ms(lot.end_date)).toBeLessThan(NOW.getTime());
    }
    const sold = lots.filter((lot) => lot.winner_id !== null);
    expect(sold.length).toBeGreaterThanOrEqual(5);
    const reserveNotMet = lots.filter((lot) => lot.winner_id === null && lot.bid_count > 0);
    expect(reserveNotMet).toHaveLength(1);
    expect(reserveNotMet[0]!.reserve_price_cents).toBeGreaterThan(reserveNotMet[0]!.current_price_cents);
    const orders = await opened.db
      .selectFrom("orders")
      .select(["auction_id", "buyer_id"])
      .where(
        "auction_id",
        "in",
        lots.map((lot) => lot.id),
      )
      .execute();
    expect(new Map(orders.map((o) => [o.auction_id, o.buyer_id]))).toEqual(new Map(sold.map((lot) => [lot.id, lot.winner_id])));
  });
});

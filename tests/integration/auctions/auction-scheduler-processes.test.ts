// Two server processes on one database file run the auction lifecycle over the same due auctions at the same moment
// (tests/support/lifecycle-process.ts): every auction must start or end exactly once — one state change each, one
// order per won auction, no notification twice — whichever process claims it.
import { afterEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import type { LifecycleProcessConfig, LifecycleProcessReport } from "../../support/lifecycle-process.ts";
import { runTogether } from "../../support/processes.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const SCRIPT = "tests/support/lifecycle-process.ts";
const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-06-01T12:00:00.000Z");
/** Both processes' clock: a day and an hour after T0, when every auction below is due. */
const NOW = new Date(T0.getTime() + 25 * HOUR);

const ENDING = 54;
const STARTING = 10;

interface Fixture {
  opened: OpenedDatabase;
  sellerId: string;
  ending: number[];
  starting: number[];
  /** Auctions whose highest bid meets the reserve (or that have none): each must get exactly one order. */
  won: Map<number, string>;
  /** Everyone who bid on each auction. */
  bidders: Map<number, Set<string>>;
  versions: Map<number, number>;
}

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.opened.close();
  fixture = undefined;
});

/**
 * 54 active auctions ending at T0 + 1 day: most with bids from one to three bidders (some below a reserve), some
 * without any; and 10 upcoming auctions starting at T0 + 1 hour that run for days.
 */
async function prepare(): Promise<Fixture> {
  const opened = createTestDatabase();
  const sellerId = await insertUserRow(opened.db, undefined, "seller");
  const people: string[] = [];
  for (let i = 0; i < 6; i += 1) people.push(await insertUserRow(opened.db));
  const result: Fixture = { opened, sellerId, ending: [], starting: [], won: new Map(), bidders: new Map(), versions: new Map() };
  for (let i = 0; i < ENDING; i += 1) {
    const kind = i % 6; // 0–3: bids that win, 4: bids below the reserve, 5: no bids
    const { auctionId } = await insertAuctionRow(opened.db, sellerId, kind === 4 ? { reserve_price_cents: 900_000 } : {}, T0);
    result.ending.push(auctionId);
    const bidders = new Set<string>();
    if (kind !== 5) {
      const count = 1 + (i % 3);
      for (let b = 0; b < count; b += 1) {
        const bidderId = people[(i + b) % people.length]!;
        await placeBid(opened.db, { auctionId, bidderId, amountCents: 100_000 + b * 5_000, now: T0 });
        bidders.add(bidderId);
      }
      if (kind !== 4) result.won.set(auctionId, people[(i + count - 1) % people.length]!);
    }
    result.bidders.set(auctionId, bidders);
  }
  for (let i = 0; i < STARTING; i += 1) {
    const { auctionId } = await insertAuctionRow(
      opened.db,
      sellerId,
      { status: "upcoming", start_date: new Date(T0.getTime() + HOUR).toISOString(), end_date: new Date(T0.getTime() + 72 * HOUR).toISOString() },
      T0,
    );
    result.starting.push(auctionId);
  }
  for (const row of await opened.db.selectFrom("auctions").select(["id", "version"]).execute()) result.versions.set(row.id, row.version);
  return result;
}

/** Starts both processes, lets them go at the same moment once both are ready, and waits for their reports. */
function runSchedulers(configs: LifecycleProcessConfig[]): Promise<LifecycleProcessReport[]> {
  return runTogether<LifecycleProcessReport>(configs.map((config) => ({ script: SCRIPT, env: { LIFECYCLE_CONFIG: JSON.stringify(config) } })));
}

async function expectEachChangedOnce(f: Fixture): Promise<void> {
  const { db } = f.opened;
  const auctions = await db.selectFrom("auctions").select(["id", "status", "version", "winner_id", "ended_at"]).execute();
  const byId = new Map(auctions.map((row) => [row.id, row]));
  for (const id of f.ending) {
    const row = byId.get(id)!;
    expect(row.status, `auction ${id}`).toBe("ended");
    expect(row.ended_at).toBe(NOW.toISOString());
    // One claim: the version moved by exactly one.
    expect(row.version, `auction ${id}`).toBe(f.versions.get(id)! + 1);
    expect(row.winner_id, `auction ${id}`).toBe(f.won.get(id) ?? null);
  }
  for (const id of f.starting) {
    expect(byId.get(id)).toMatchObject({ status: "active", version: f.versions.get(id)! + 1 });
  }

  const orders = await db.selectFrom("orders").select(["auction_id", "buyer_id", "listing_id"]).execute();
  expect(orders).toHaveLength(f.won.size);
  expect(new Set(orders.map((order) => order.auction_id)).size).toBe(f.won.size);
  for (const order of orders) expect(order.buyer_id).toBe(f.won.get(order.auction_id!));
  const events = await db.selectFrom("order_events").select("order_id").execute();
  expect(events).toHaveLength(f.won.size);

  const notifications = await db.selectFrom("notifications").select(["user_id", "type", "title", "action_url"]).where("type", "!=", "bid").execute();
  const keys = notifications.map((row) => `${row.user_id} ${row.type} ${row.title} ${row.action_url}`);
  expect(new Set(keys).size).toBe(keys.length);
  // Exactly the expected ones: winner + seller + other bidders for a sale; seller + top bidder below the reserve;
  // the seller alone without bids.
  let expected = 0;
  for (const id of f.ending) {
    const bidders = f.bidders.get(id)!;
    if (f.won.has(id)) expected += 1 + bidders.size;
    else expected += bidders.size > 0 ? 2 : 1;
  }
  expect(notifications).toHaveLength(expected);
  expect(notifications.filter((row) => row.type === "auction_won")).toHaveLength(f.won.size);
  expect(notifications.filter((row) => row.type === "listing_sold")).toHaveLength(f.won.size);
}

describe("two scheduler processes on one database", () => {
  it("end each of 54 due auctions and start each of 10 upcoming ones exactly once", async () => {
    fixture = await prepare();
    const ids = [...fixture.ending, ...fixture.starting];
    const reports = await runSchedulers([
      { databaseFile: fixture.opened.url, now: NOW.toISOString(), readOrder: ids, readFirst: false },
      { databaseFile: fixture.opened.url, now: NOW.toISOString(), readOrder: [...ids].reverse(), readFirst: false },
    ]);
    for (const report of reports) expect(report).toMatchObject({ failed: 0, errors: [] });
    // Between them the two passes did each change once (which process got which is up to the race).
    expect(reports.reduce((sum, report) => sum + report.ended, 0)).toBe(ENDING);
    expect(reports.reduce((sum, report) => sum + report.started, 0)).toBe(STARTING);
    await expectEachChangedOnce(fixture);
  });

  it("end each auction once when one process's page reads race the other's scheduler pass", async () => {
    fixture = await prepare();
    const ids = [...fixture.ending, ...fixture.starting];
    const reports = await runSchedulers([
      { databaseFile: fixture.opened.url, now: NOW.toISOString(), readOrder: [...ids].reverse(), readFirst: true },
      { databaseFile: fixture.opened.url, now: NOW.toISOString(), readOrder: ids, readFirst: false },
    ]);
    for (const report of reports) expect(report).toMatchObject({ failed: 0, errors: [] });
    await expectEachChangedOnce(fixture);
  });
});

// Four OS processes bid at once on the same auctions in one database (tests/support/bidder-process.ts; a SQLite file,
// or with TEST_DATABASE_URL a PostgreSQL database), each with its own bidders and a mix of valid, too low, proxy and
// raised-maximum bids. Afterwards the stored bids must be exactly what the accepted requests made, and replaying them
// in commit order through the reference model must give the stored state. The rules are the engine's business on
// neither engine, so every case but the last runs on both.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { runTogether } from "../../support/processes.ts";
import type { BidderProcessConfig, BidderProcessReport } from "../../support/bidder-process.ts";
import { checkBidLedger, loadBidLedger, MODEL_SOFT_CLOSE_MS } from "../../support/bidding-model.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const PROCESSES = 4;
const BIDDERS_PER_PROCESS = 3;
const REQUESTS_PER_PROCESS = Number(process.env.BIDDING_CONCURRENCY_REQUESTS ?? 400);
const SCRIPT = "tests/support/bidder-process.ts";

let opened: OpenedDatabase;
let sellerId: string;
const bidders: string[][] = [];
const auctionIds: number[] = [];
/** The auction that ends within the soft-close window, and its end before any bid. */
let softCloseAuctionId: number;
let softCloseEnd: string;

beforeAll(async () => {
  opened = createTestDatabase();
  sellerId = await insertUserRow(opened.db, undefined, "seller");
  for (let p = 0; p < PROCESSES; p += 1) {
    const own: string[] = [];
    for (let b = 0; b < BIDDERS_PER_PROCESS; b += 1) own.push(await insertUserRow(opened.db));
    bidders.push(own);
  }
  const now = new Date();
  softCloseEnd = new Date(now.getTime() + 4 * 60_000).toISOString();
  const auctions = [
    {},
    { starting_price_cents: 50_000, bid_increment_cents: 500, reserve_price_cents: 80_000 },
    { starting_price_cents: 100, bid_increment_cents: 1 },
    // Ends in four minutes: every bid lands in the soft close.
    { end_date: softCloseEnd, reserve_price_cents: 200_000 },
  ];
  for (const values of auctions) auctionIds.push((await insertAuctionRow(opened.db, sellerId, values, now)).auctionId);
  softCloseAuctionId = auctionIds[3]!;
});
afterAll(() => opened.close());

/** Runs the four bidder processes at once on `lots` and returns what they were told. */
async function bidTogether(lots: number[], options: { seed: number; requests: number; inFlight?: number }): Promise<BidderProcessReport[]> {
  const reports = await runTogether<BidderProcessReport>(
    bidders.map((bidderIds, p) => {
      const config: BidderProcessConfig = {
        databaseFile: opened.url,
        seed: options.seed + p,
        bidderIds,
        auctionIds: lots,
        requests: options.requests,
        inFlight: options.inFlight,
      };
      return { script: SCRIPT, env: { BIDDER_CONFIG: JSON.stringify(config) } };
    }),
  );
  expect(reports.flatMap((report) => report.errors)).toEqual([]);
  return reports;
}

/** The ledger checks of checkBidLedger (below) for each lot. */
async function expectLedgersHold(lots: number[], reports: BidderProcessReport[]): Promise<void> {
  const accepted = reports.flatMap((report) => report.accepted);
  for (const auctionId of lots) {
    const ledger = await loadBidLedger(opened.db, auctionId);
    expect(ledger.rows.length, `auction ${auctionId} has bids`).toBeGreaterThan(0);
    expect(checkBidLedger(ledger.auction, ledger.rows, accepted, ledger.outbidNotices), `auction ${auctionId}`).toEqual([]);
  }
}

describe("four processes bidding on one database", () => {
  it("lose no bid, duplicate none, and leave the state the rules give", async () => {
    const reports = await bidTogether(auctionIds, { seed: 1000, requests: REQUESTS_PER_PROCESS });
    const accepted = reports.flatMap((report) => report.accepted);
    const rejected: Record<string, number> = {};
    for (const report of reports) for (const [key, count] of Object.entries(report.rejected)) rejected[key] = (rejected[key] ?? 0) + count;
    console.log(
      `bidding concurrency: ${PROCESSES} processes × ${REQUESTS_PER_PROCESS} requests in ${reports.map((r) => `${(r.ms / 1000).toFixed(1)} s`).join(", ")}: ` +
        `${accepted.filter((a) => a.result === "leading").length} leading, ${accepted.filter((a) => a.result === "outbid").length} answered by a maximum, ` +
        `${accepted.filter((a) => a.result === "maximum_raised").length} maximums raised; rejected ${JSON.stringify(rejected)}, ` +
        `of them ${reports.reduce((sum, report) => sum + report.stale, 0)} made stale by another process`,
    );
    // The processes really overlapped: bids valid against the price just read were refused because another process
    // had moved it in between.
    const stale = reports.reduce((sum, report) => sum + report.stale, 0);
    expect(stale).toBeGreaterThan(0);

    // The checks, stated precisely in checkBidLedger (tests/support/bidding-model.ts): row count = bid count and one
    // leader (the newest row, holding the price); every accepted request has exactly its rows, in its bidder's order,
    // and an answered one its automatic row; amounts rise strictly in id order except an automatic answer tying an
    // exhausted maximum; replaying the requests in commit order through the reference model gives the stored rows,
    // price, leader, bid count and end; one outbid notification per lost lead.
    for (const auctionId of auctionIds) {
      const ledger = await loadBidLedger(opened.db, auctionId, auctionId === softCloseAuctionId ? softCloseEnd : undefined);
      expect(ledger.rows.length, `auction ${auctionId} has bids`).toBeGreaterThan(0);
      expect(checkBidLedger(ledger.auction, ledger.rows, accepted, ledger.outbidNotices), `auction ${auctionId}`).toEqual([]);
      if (auctionId === softCloseAuctionId) {
        // Soft close: every bid came within five minutes of the end, so the end is five minutes after the latest.
        const latest = Math.max(...ledger.rows.map((row) => Date.parse(row.createdAt)));
        expect(ledger.auction.endsAt).toBe(new Date(latest + MODEL_SOFT_CLOSE_MS).toISOString());
      }
    }
  }, 180_000);

  it("with three bids under way in each process: on one hot lot, then on four lots at once", async () => {
    const now = new Date();
    const hot = (await insertAuctionRow(opened.db, sellerId, {}, now)).auctionId;
    const hotReports = await bidTogether([hot], { seed: 2000, requests: 150, inFlight: 3 });
    expect(hotReports.reduce((sum, report) => sum + report.stale, 0)).toBeGreaterThan(0);
    await expectLedgersHold([hot], hotReports);

    const lots: number[] = [];
    for (const values of [{}, { starting_price_cents: 100, bid_increment_cents: 1 }, { reserve_price_cents: 150_000 }, {}]) {
      lots.push((await insertAuctionRow(opened.db, sellerId, values, now)).auctionId);
    }
    const reports = await bidTogether(lots, { seed: 3000, requests: 200, inFlight: 3 });
    await expectLedgersHold(lots, reports);
    // The hot lot's bids were all of the first run: nothing of the second run landed on it.
    await expectLedgersHold([hot], hotReports);
  }, 180_000);
});

// PostgreSQL only: there a bid locks its lot's row, so a bid waits only for bids on the same lot. (SQLite's write
// transaction holds the whole database: there every bid waits for every other, by design.)
describe.skipIf(!onPostgres)("bids on PostgreSQL", () => {
  it("queue at their lot's row lock while bids on other lots go ahead", async () => {
    const now = new Date();
    const [held, other] = [(await insertAuctionRow(opened.db, sellerId, {}, now)).auctionId, (await insertAuctionRow(opened.db, sellerId, {}, now)).auctionId];
    const [alice, bob] = [bidders[0]![0]!, bidders[1]![0]!];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds the first lot's row (as a bid in progress on another server would).
    const holder = opened.db.transaction().execute(async (trx) => {
      await trx.selectFrom("auctions").select("id").where("id", "=", held).forUpdate().execute();
      locked();
      await released;
    });
    try {
      await isLocked;
      let waitingSettled = false;
      const waiting = placeBid(opened.db, { auctionId: held, bidderId: alice, amountCents: 100_000 }).finally(() => (waitingSettled = true));
      // The bid on the other lot commits meanwhile.
      const goneAhead = await placeBid(opened.db, { auctionId: other, bidderId: bob, amountCents: 100_000 });
      expect(goneAhead.result).toBe("leading");
      // The bid on the held lot is waiting for the row lock, not refused or failed.
      await waitForLockWaiter();
      expect(waitingSettled).toBe(false);
      release();
      await holder;
      expect((await waiting).result).toBe("leading");
      const stored = await opened.db.selectFrom("auctions").select(["id", "bid_count"]).where("id", "in", [held, other]).orderBy("id").execute();
      expect(stored).toEqual([
        { id: held, bid_count: 1 },
        { id: other, bid_count: 1 },
      ]);
    } finally {
      release();
      await holder.catch(() => undefined);
    }
  });
});

/** Waits until a session of this database waits for a row lock (PostgreSQL's own view of its sessions). */
async function waitForLockWaiter(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(opened.db);
      expect(rows[0]?.waiting, "sessions waiting for a lock").toBeGreaterThan(0);
    },
    { timeout: 5_000, interval: 10 },
  );
}

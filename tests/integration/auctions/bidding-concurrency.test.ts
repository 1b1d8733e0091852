// Four OS processes bid at once on the same auctions in one database file (tests/support/bidder-process.ts), each
// with its own bidders and a mix of valid, too low, proxy and raised-maximum bids. Afterwards the stored bids must be
// exactly what the accepted requests made, and replaying them in commit order through the reference model must give
// the stored state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { runTogether } from "../../support/processes.ts";
import type { BidderProcessConfig, BidderProcessReport } from "../../support/bidder-process.ts";
import { checkBidLedger, loadBidLedger, MODEL_SOFT_CLOSE_MS } from "../../support/bidding-model.ts";
import { createTestDatabase } from "../../support/test-database.ts";
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

describe("four processes bidding on one database", () => {
  it("lose no bid, duplicate none, and leave the state the rules give", async () => {
    const reports = await runTogether<BidderProcessReport>(
      bidders.map((bidderIds, p) => {
        const config: BidderProcessConfig = { databaseFile: opened.url, seed: 1000 + p, bidderIds, auctionIds, requests: REQUESTS_PER_PROCESS };
        return { script: SCRIPT, env: { BIDDER_CONFIG: JSON.stringify(config) } };
      }),
    );

    expect(reports.flatMap((report) => report.errors)).toEqual([]);
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
});

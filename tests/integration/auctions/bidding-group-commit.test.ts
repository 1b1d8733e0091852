// Group commit (app/services/auctions/bidding.server.ts): bids placed at the same time share one write transaction, each in
// its own savepoint. Every caller still gets exactly its own outcome, in the order the bids were placed, as if they
// had been placed one after another; a bid that fails rolls back alone; the live announcements go out only once the
// bids can be read from another connection (after the commit).
import { DomainError } from "~/services/domain-error.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import type { OpenedDatabase } from "#db/dialect.ts";
import { auctionTopic, getLiveEventBus } from "~/services/platform/live-events.server.ts";
import { placeBid, type BidOutcome, type BidRequest } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { AuctionModel } from "../../support/bidding-model.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
let seller: string;
let bidders: string[];

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  bidders = [];
  for (let i = 0; i < 4; i += 1) bidders.push(await insertUserRow(opened.db));
});
afterEach(() => opened.close());

type Told = { result: BidOutcome["result"]; bidCents: number; priceCents: number; bidCount: number } | { refused: string } | { failed: string };

function told(settled: PromiseSettledResult<BidOutcome>): Told {
  if (settled.status === "fulfilled") {
    const { result, bidCents, state } = settled.value;
    return { result, bidCents, priceCents: state.currentPriceCents, bidCount: state.bidCount };
  }
  const error: unknown = settled.reason;
  return error instanceof DomainError ? { refused: error.message } : { failed: String(error) };
}

/** A fixed, varied run of bids: valid, too low, proxies, the leader bidding again, the seller. */
function bidRun(auctionId: number, now: Date): BidRequest[] {
  const run: BidRequest[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 80; i += 1) {
    const who = next() < 0.05 ? seller : bidders[Math.floor(next() * bidders.length)]!;
    const amountCents = 100_000 + Math.floor(next() * 60) * 1000 + (next() < 0.1 ? 500 : 0);
    const maxCents = next() < 0.3 ? amountCents + Math.floor(next() * 8) * 1000 : null;
    run.push({ auctionId, bidderId: who, amountCents, maxCents, now });
  }
  return run;
}

async function storedRows(auctionId: number) {
  return opened.db
    .selectFrom("bids")
    .select(["user_id", "amount_cents", "max_amount_cents", "is_auto"])
    .where("auction_id", "=", auctionId)
    .orderBy("id")
    .execute();
}

// SQLite only: the group commit is SQLite's (better-sqlite3 blocks the event loop during a commit, so bids pile up and
// share the next one). On PostgreSQL each bid is its own transaction queued at the lot's row lock, so bids placed at
// the same time run in the order they reach the lock, not the order placeBid was called; the rules that hold there
// (no lost or doubled bid, the price and leader the rules give) are bidding-concurrency.test.ts's, on both engines.
describe.skipIf(onPostgres)("bids placed at the same time", () => {
  it("are told and stored exactly as the same bids placed one after another", async () => {
    const now = new Date();
    const together = await insertAuctionRow(opened.db, seller, {}, now);
    const oneByOne = await insertAuctionRow(opened.db, seller, {}, now);

    const concurrent = await Promise.allSettled(bidRun(together.auctionId, now).map((bid) => placeBid(opened.db, bid)));
    const sequential: PromiseSettledResult<BidOutcome>[] = [];
    for (const bid of bidRun(oneByOne.auctionId, now)) {
      const [settled] = await Promise.allSettled([placeBid(opened.db, bid)]);
      sequential.push(settled!);
    }
    expect(concurrent.map(told)).toEqual(sequential.map(told));
    expect(concurrent.some((s) => s.status === "fulfilled")).toBe(true);
    expect(concurrent.some((s) => s.status === "rejected")).toBe(true);

    // And as the reference model says.
    const model = new AuctionModel({
      status: "active",
      startsAt: now.getTime() - 3_600_000,
      endsAt: now.getTime() + 86_400_000,
      sellerId: seller,
      currency: "USD",
      startingPriceCents: 100_000,
      reserveCents: null,
      incrementCents: 1000,
      autoExtend: true,
    });
    const modelTold = bidRun(together.auctionId, now).map((bid) => {
      const outcome = model.bid({ bidderId: bid.bidderId, amountCents: bid.amountCents, maxCents: bid.maxCents ?? null, now: now.getTime() });
      return outcome.accepted ? { result: outcome.result, bidCents: outcome.bidCents } : { refused: outcome.message };
    });
    expect(
      concurrent.map((settled) => {
        const t = told(settled);
        return "result" in t ? { result: t.result, bidCents: t.bidCents } : t;
      }),
    ).toEqual(modelTold);

    const rows = await storedRows(together.auctionId);
    expect(rows).toEqual(await storedRows(oneByOne.auctionId));
    expect(rows.map((row) => ({ userId: row.user_id, amountCents: row.amount_cents, isAuto: row.is_auto === 1 }))).toEqual(
      model.rows.map((row) => ({ userId: row.userId, amountCents: row.amountCents, isAuto: row.isAuto })),
    );
  });

  it("roll back a failing bid alone; the others still commit", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const [alice, bob] = bidders as [string, string];
    const settled = await Promise.allSettled([
      placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 }),
      // No such user: the bid row breaks a foreign key after the auction was read and checked.
      placeBid(opened.db, { auctionId, bidderId: "no-such-user", amountCents: 150_000 }),
      placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 105_000 }),
      placeBid(opened.db, { auctionId: auctionId + 1000, bidderId: bob, amountCents: 105_000 }),
    ]);
    expect(settled.map(told)).toEqual([
      { result: "leading", bidCents: 100_000, priceCents: 100_000, bidCount: 1 },
      { failed: expect.stringMatching(/FOREIGN KEY/) as unknown as string },
      { result: "leading", bidCents: 105_000, priceCents: 105_000, bidCount: 2 },
      { refused: "Auction not found" },
    ]);
    const rows = await storedRows(auctionId);
    expect(rows.map((row) => [row.user_id, row.amount_cents])).toEqual([
      [alice, 100_000],
      [bob, 105_000],
    ]);
    const auction = await opened.db.selectFrom("auctions").select(["current_price_cents", "bid_count"]).where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction).toEqual({ current_price_cents: 105_000, bid_count: 2 });
  });

  it("are announced only once another connection can read them", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    // A second connection, read synchronously inside the listener: it sees only what is committed.
    const reader = new SQLite(opened.url, { readonly: true });
    const count = reader.prepare("select count(*) as count from bids where auction_id = ?");
    const seen: Array<{ announcedCount: number; storedCount: number }> = [];
    const unsubscribe = getLiveEventBus().subscribe([auctionTopic(auctionId)], (event) => {
      const { state } = event.data as { state: { bidCount: number } };
      const { count: storedCount } = count.get(auctionId) as { count: number };
      seen.push({ announcedCount: state.bidCount, storedCount });
    });
    try {
      const amounts = [100_000, 110_000, 120_000, 130_000, 140_000, 150_000];
      await Promise.all(amounts.map((amountCents, i) => placeBid(opened.db, { auctionId, bidderId: bidders[i % 2]!, amountCents })));
      expect(seen.map((s) => s.announcedCount)).toEqual([1, 2, 3, 4, 5, 6]);
      // Placed together, the six share one commit: each announcement already sees all six.
      for (const { storedCount } of seen) expect(storedCount).toBe(6);
    } finally {
      unsubscribe();
      reader.close();
    }
  });
});

// The engine with the tiered increment table and the soft-close cap, on a fresh database of either
// engine: the minimum across a band edge, proxy resolution across an edge, a seller's fixed increment, and soft close
// that stops extending at the cap while bids are still taken until the final end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const MINUTE = 60_000;
let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
});

afterAll(async () => {
  await opened?.close();
});

const tiered = { bid_increment_fixed: 0 } as const;

describe("tiered increments", () => {
  it("asks $25 more from $1,000 and $10 more just below it", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { ...tiered, starting_price_cents: 99_000 });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 99_000 });
    await expect(placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 99_999 })).rejects.toThrow("Bid must be at least $1,000");
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 100_000 });
    await expect(placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 102_000 })).rejects.toThrow("Bid must be at least $1,025");
    const outcome = await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 102_500 });
    expect(outcome.state.currentPriceCents).toBe(102_500);
  });

  it("resolves proxy bids across a band edge with the increment of the price beaten", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { ...tiered, starting_price_cents: 90_000 });
    // Alice's maximum $995 (in the $10 band); Bob's maximum $2,000 takes the lead at $995 + $10 = $1,005.
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 90_000, maxCents: 99_500 });
    const bobFirst = await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 91_000, maxCents: 200_000 });
    expect(bobFirst.state.currentPriceCents).toBe(100_500);
    // Alice bids $1,100 plainly (above $1,005 + $25): Bob's maximum answers at $1,100 + $25 = $1,125.
    const answered = await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 110_000 });
    expect(answered.result).toBe("outbid");
    expect(answered.state.currentPriceCents).toBe(112_500);
  });

  it("still honours a seller's fixed increment", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { starting_price_cents: 6_000_000, bid_increment_cents: 1000, bid_increment_fixed: 1 });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 6_000_000 });
    const outcome = await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 6_001_000 });
    expect(outcome.state.currentPriceCents).toBe(6_001_000);
  });
});

describe("the soft-close cap", () => {
  it("extends up to the cap, then takes bids until the final end without moving it", async () => {
    const start = new Date("2026-06-01T12:00:00.000Z");
    const end = new Date(start.getTime() + 60 * MINUTE);
    const cap = new Date(end.getTime() + 10 * MINUTE);
    const { auctionId } = await insertAuctionRow(
      opened.db,
      seller,
      { start_date: start.toISOString(), end_date: end.toISOString(), extensions_end_at: cap.toISOString() },
      start,
    );
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    let price = 100_000;
    const bid = (bidderId: string, minutes: number) => placeBid(opened.db, { auctionId, bidderId, amountCents: (price += 1000), now: at(minutes) });

    const first = await bid(alice, 58); // ends 63
    expect(first.extended).toBe(true);
    expect(first.state.endsAt).toBe(at(63).toISOString());
    const second = await bid(bob, 62); // ends 67
    expect(second.state.endsAt).toBe(at(67).toISOString());
    const third = await bid(alice, 66); // would be 71: capped at 70
    expect(third.extended).toBe(true);
    expect(third.state.endsAt).toBe(cap.toISOString());
    const late = await bid(bob, 69); // accepted, no longer extends
    expect(late.extended).toBe(false);
    expect(late.state.endsAt).toBe(cap.toISOString());
    expect(late.state.extensionsEndAt).toBe(cap.toISOString());
    await expect(bid(alice, 70)).rejects.toThrow("This auction is not active");
  });
});

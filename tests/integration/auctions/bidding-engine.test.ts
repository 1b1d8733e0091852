// The bidding engine against a real database: the rules of docs/product/auctions.md#proxy-bids, proxy maximums, reserve, soft close,
// notifications to the outbid bidder.
import { DomainError } from "~/services/domain-error.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { insertAuctionRow } from "../../support/auctions.ts";

let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
  await opened.db.updateTable("profiles").set({ first_name: "Alice", last_name: "Archer" }).where("id", "=", alice).execute();
});
afterEach(() => opened.close());

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as Error).message;
}

describe("placeBid", () => {
  it("takes a first bid at the starting price and refuses less", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 99_999 }))).toBe("Bid must be at least $1,000");
    const outcome = await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    expect(outcome.result).toBe("leading");
    expect(outcome.state).toMatchObject({ currentPriceCents: 100_000, bidCount: 1, leaderId: alice });
  });

  it("needs later bids above the current price by the increment", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 100_000 }))).toBe("Bid must be higher than current price of $1,000");
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 100_950 }))).toBe("Bid must be at least $1,010");
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 200_000 }))).toBe("You are currently the highest bidder!");
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: seller, amountCents: 200_000 }))).toBe("You cannot bid on your own auction");
  });

  it("answers a challenger from the leader's maximum and notifies only a bidder who lost the lead", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, maxCents: 150_000 });
    const answered = await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 120_000 });
    expect(answered.result).toBe("outbid");
    expect(answered.state).toMatchObject({ currentPriceCents: 121_000, leaderId: alice, bidCount: 3 });
    const taken = await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 160_000 });
    expect(taken.result).toBe("leading");
    expect(taken.state).toMatchObject({ currentPriceCents: 160_000, leaderId: bob });
    const notes = await opened.db.selectFrom("notifications").select(["user_id", "title", "action_url"]).execute();
    expect(notes).toEqual([{ user_id: alice, title: "You have been outbid", action_url: `/auctions/${auctionId}` }]);
  });

  it("moves the price to the reserve once a maximum reaches it, and reports the reserve as met", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: 130_000 });
    const first = await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    expect(first.state.reserve).toBe("not_met");
    const second = await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 101_000, maxCents: 140_000 });
    expect(second.state).toMatchObject({ currentPriceCents: 130_000, reserve: "met", leaderId: bob });
  });

  it("extends the end to five minutes after a bid placed in the last five minutes", async () => {
    const now = new Date();
    const { auctionId } = await insertAuctionRow(opened.db, seller, { end_date: new Date(now.getTime() + 60_000).toISOString() }, now);
    const outcome = await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now });
    expect(outcome.extended).toBe(true);
    expect(outcome.state.endsAt).toBe(new Date(now.getTime() + 5 * 60_000).toISOString());
    expect(outcome.state.extensionCount).toBe(1);
  });

  it("refuses bids on auctions that are not running", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { status: "upcoming" });
    expect(await rejection(placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 }))).toBe("This auction is not active");
  });
});

// Listing cards of auction listings show the live auction's price and bids, not the stale starting price.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { selectListingCards, toListingCard } from "~/services/listings/listing-cards.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
beforeEach(() => {
  opened = createTestDatabase();
});
afterEach(() => opened.close());

async function card(listingId: number) {
  const row = await selectListingCards(opened.db).where("l.id", "=", listingId).executeTakeFirstOrThrow();
  return toListingCard(row);
}

it("a live auction's card carries its current price and bid count; a fixed-price card carries none", async () => {
  const seller = await insertUserRow(opened.db, undefined, "seller");
  const buyer = await insertUserRow(opened.db);
  const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
  expect((await card(listingId)).auction).toEqual({ currentPriceCents: 100_000, bidCount: 0 });
  await placeBid(opened.db, { auctionId, bidderId: buyer, amountCents: 125_000 });
  expect((await card(listingId)).auction).toEqual({ currentPriceCents: 125_000, bidCount: 1 });
  await opened.db.updateTable("auctions").set({ status: "ended" }).where("id", "=", auctionId).execute();
  expect((await card(listingId)).auction).toBeNull();
  expect((await card(await insertListingRow(opened.db, seller))).auction).toBeNull();
});

// Ending an auction (docs/product/auctions.md#states): the highest bid wins if it meets the reserve. The auctions domain
// claims the end and sets the listing's status (claimAuctionEnd) and words what each person is told (endNotifications);
// the settlement flow (app/flows/auction-settlement.server.ts) opens the transaction and adds the winner's order and
// the watchers' sold alerts to it, so an auction ends, and its order is made, exactly once.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { reserveState } from "~/lib/auctions.ts";
import { formatBidMoney } from "~/lib/bidding.ts";
import type { SaleType } from "~/lib/fees.ts";
import { isListingType } from "~/lib/listing-types.ts";
import { unsoldChoicesUrl } from "~/lib/listing-status.ts";
import type { NotificationDraft } from "../notifications/index.server.ts";
import { bidderIdsOf, markListingUnsold } from "./auction-lifecycle.server.ts";
import type { AuctionRow } from "./auction-state.server.ts";

/** How an ended auction turned out. */
export type EndOutcome = "sold" | "reserve_not_met" | "no_bids";

export interface EndedAuction {
  auctionId: number;
  outcome: EndOutcome;
  winnerId: string | null;
  orderId: number | null;
}

/** Who is told what when an auction ends; the seller's message links to the order when there is one. */
export function endNotifications(row: AuctionRow, outcome: EndOutcome, bidderIds: string[], orderId: number | null): NotificationDraft[] {
  const price = formatBidMoney(row.current_price_cents, row.currency);
  const lot = `/auctions/${row.id}`;
  const drafts: NotificationDraft[] = [];
  if (outcome === "sold" && row.leader_id) {
    drafts.push({
      userId: row.leader_id,
      type: "auction_won",
      title: "You won the auction",
      message: `You won "${row.title}" with a bid of ${price}. Complete your purchase and pay by bank transfer.`,
      actionUrl: `/checkout/auction/${row.id}`,
    });
    drafts.push({
      userId: row.seller_id,
      type: "listing_sold",
      title: "Your auction sold",
      message: `"${row.title}" sold for ${price}. We will tell you when the buyer has paid; ship only after that.`,
      actionUrl: orderId === null ? lot : `/orders/${orderId}`,
    });
    for (const bidderId of bidderIds) {
      if (bidderId === row.leader_id || bidderId === row.seller_id) continue;
      drafts.push({
        userId: bidderId,
        type: "auction_ended",
        title: "Auction ended",
        message: `The auction for "${row.title}" has ended. Another bidder won it at ${price}.`,
        actionUrl: lot,
      });
    }
    return drafts;
  }
  if (outcome === "reserve_not_met") {
    drafts.push({
      userId: row.seller_id,
      type: "auction_ended",
      title: "Your auction ended: reserve not met",
      message: `The highest bid on "${row.title}", ${price}, did not reach your reserve price, so it was not sold. Choose whether to relist it as an auction, sell it at a fixed price or end it.`,
      actionUrl: unsoldChoicesUrl(row.listing_id),
    });
    if (row.leader_id && row.leader_id !== row.seller_id) {
      drafts.push({
        userId: row.leader_id,
        type: "auction_ended",
        title: "Auction ended: reserve not met",
        message: `The auction for "${row.title}" ended without a sale: your bid of ${price} did not reach the seller's reserve price.`,
        actionUrl: lot,
      });
    }
    return drafts;
  }
  drafts.push({
    userId: row.seller_id,
    type: "auction_ended",
    title: "Your auction ended without bids",
    message: `The auction for "${row.title}" ended without bids. Choose whether to relist it as an auction, sell it at a fixed price or end it.`,
    actionUrl: unsoldChoicesUrl(row.listing_id),
  });
  return drafts;
}

/** The sale type of the order an auction's end makes: an auction's, or a hybrid listing's. */
export function saleTypeOfAuction(listingType: string): SaleType {
  return isListingType(listingType) && listingType !== "buy_now" ? listingType : "auction";
}

/** An auction's end as claimed in the caller's transaction: how it turned out, its winner, and everyone who bid. */
export interface AuctionEndClaim {
  outcome: EndOutcome;
  winnerId: string | null;
  bidderIds: string[];
}

/**
 * Claims the end of the auction `row` (read inside `trx`) by a conditional update and sets its listing's status: sold
 * when there is a winner, unsold when there was no sale. `due` limits the claim to an active auction whose end date has
 * come (scheduler); otherwise an active or upcoming one (owner ends early). Null when another writer changed the
 * auction first. The caller makes the winner's order and the notifications in the same transaction.
 */
export async function claimAuctionEnd(trx: Kysely<Database>, row: AuctionRow, now: Date, due: boolean): Promise<AuctionEndClaim | null> {
  const stamp = now.toISOString();
  const bidders = row.bid_count > 0 ? await bidderIdsOf(trx, row.id) : [];
  const reserve = reserveState(row.reserve_price_cents, row.current_price_cents, row.bid_count);
  const leader = row.bid_count > 0 && row.leading_bid_id !== null ? (row.leader_id ?? null) : null;
  // A listing already sold another way (which should not happen while its auction runs) gets no second order.
  const otherSale = leader
    ? await trx
        .selectFrom("orders")
        .select("id")
        .where("listing_id", "=", row.listing_id)
        .where("status", "not in", ["cancelled", "refunded"])
        .executeTakeFirst()
    : undefined;
  if (otherSale) console.warn(`Auction ${row.id} ended without a sale: listing ${row.listing_id} already has order ${otherSale.id}.`);
  const winnerId = leader && reserve !== "not_met" && !otherSale ? leader : null;
  const outcome: EndOutcome = winnerId ? "sold" : leader ? "reserve_not_met" : "no_bids";

  let claim = trx
    .updateTable("auctions")
    .set((eb) => ({ status: "ended", winner_id: winnerId, ended_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
    .where("id", "=", row.id)
    .where("version", "=", row.version);
  claim = due ? claim.where("status", "=", "active").where("end_date", "<=", stamp) : claim.where("status", "in", ["active", "upcoming"]);
  const claimed = await claim.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;

  if (winnerId) {
    await trx.updateTable("equipment_listings").set({ status: "sold", updated_at: stamp }).where("id", "=", row.listing_id).execute();
  } else if (!otherSale) {
    await markListingUnsold(trx, row.listing_id, stamp);
  }
  return { outcome, winnerId, bidderIds: bidders };
}

/** The active auctions whose end date has come, earliest first. */
export async function auctionsDueToEnd(db: Kysely<Database>, now: Date): Promise<Array<{ id: number }>> {
  return db.selectFrom("auctions").select("id").where("status", "=", "active").where("end_date", "<=", now.toISOString()).orderBy("end_date").execute();
}

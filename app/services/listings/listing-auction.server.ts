// The auction of an auction or hybrid listing, as the listing's create and edit write it: its settings from the form,
// the one live auction a listing may have, what an edit changes on it, and the summary the edit form shows.
// (Bidding, ending and cancelling live in app/services/auctions/; telling open pages of a new auction is the post-listing
// flow's, app/flows/listing-publication.server.ts.)
import type { Kysely } from "kysely";
import { toDbTime } from "#db/dialect.ts";
import type { Auction, Database } from "#db/schema.ts";
import { DEFAULT_AUCTION_DURATION_DAYS, LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { DEFAULT_BID_INCREMENT_CENTS, extensionsEndFor } from "~/lib/bidding.ts";
import { getEnv } from "~/env.server.ts";
import type { AuctionSettings, ListingInput, LiveAuctionSummary } from "~/schemas/listing.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings of an auction or hybrid listing; a listing input of those types without them is a programming error. */
export function auctionSettingsOf(input: ListingInput): AuctionSettings {
  if (!input.auction) throw new Error(`A ${input.listingType} listing needs its auction settings`);
  return input.auction;
}

/** The listing's upcoming or active auction, if any (at most one: a unique index says so). */
export async function findLiveAuction(db: Kysely<Database>, listingId: number): Promise<Auction | undefined> {
  return db.selectFrom("auctions").selectAll().where("listing_id", "=", listingId).where("status", "in", LIVE_AUCTION_STATUSES).executeTakeFirst();
}

/** The newest auction of a listing (live or over), for the edit form. */
export async function latestAuction(db: Kysely<Database>, listingId: number): Promise<Auction | undefined> {
  return db.selectFrom("auctions").selectAll().where("listing_id", "=", listingId).orderBy("id", "desc").limit(1).executeTakeFirst();
}

/**
 * Inserts the auction of a new auction or hybrid listing: starting now (active) or at the chosen future start
 * (upcoming), ending `durationDays` after its start, its current price the starting price until the first bid.
 */
export async function insertAuction(
  trx: Kysely<Database>,
  listingId: number,
  currency: string,
  listingType: "auction" | "hybrid",
  settings: AuctionSettings,
  now: Date,
): Promise<{ id: number; status: "active" | "upcoming" }> {
  const chosen = settings.startDate ? new Date(settings.startDate) : null;
  const upcoming = chosen !== null && chosen.getTime() > now.getTime();
  const start = upcoming ? chosen : now;
  const days = settings.durationDays ?? DEFAULT_AUCTION_DURATION_DAYS;
  const status = upcoming ? "upcoming" : "active";
  const end = new Date(start.getTime() + days * DAY_MS);
  const row = await trx
    .insertInto("auctions")
    .values({
      listing_id: listingId,
      start_date: toDbTime(start),
      end_date: toDbTime(end),
      extensions_end_at: toDbTime(extensionsEndAt(end)),
      starting_price_cents: settings.startingPriceCents,
      reserve_price_cents: settings.reservePriceCents,
      current_price_cents: settings.startingPriceCents,
      ...incrementColumns(settings),
      buy_now_price_cents: listingType === "hybrid" ? settings.buyNowPriceCents : null,
      currency,
      status,
      auto_extend: settings.autoExtend ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, status };
}

/** Soft close's cap for an auction ending at `end`: the original end plus AUCTION_EXTENSION_CAP_MINUTES. */
function extensionsEndAt(end: Date): Date {
  return extensionsEndFor(end, getEnv().AUCTION_EXTENSION_CAP_MINUTES);
}

/** The increment columns of the settings: the seller's fixed increment, or the tiered table (no fixed one). */
function incrementColumns(settings: AuctionSettings): { bid_increment_cents: number; bid_increment_fixed: number } {
  return settings.bidIncrementCents === null
    ? { bid_increment_cents: DEFAULT_BID_INCREMENT_CENTS, bid_increment_fixed: 0 }
    : { bid_increment_cents: settings.bidIncrementCents, bid_increment_fixed: 1 };
}

/** What the edit form changes on a live auction, or null when its settings stay as they are. */
export function auctionChanges(live: Auction, listingType: "auction" | "hybrid", settings: AuctionSettings) {
  const buyNow = listingType === "hybrid" ? settings.buyNowPriceCents : null;
  const start = new Date(live.start_date).getTime();
  const endDate = settings.durationDays === null ? live.end_date : toDbTime(new Date(start + settings.durationDays * DAY_MS));
  const changed =
    settings.startingPriceCents !== live.starting_price_cents ||
    settings.reservePriceCents !== live.reserve_price_cents ||
    buyNow !== live.buy_now_price_cents ||
    settings.bidIncrementCents !== (live.bid_increment_fixed === 1 ? live.bid_increment_cents : null) ||
    (settings.autoExtend ? 1 : 0) !== live.auto_extend ||
    new Date(endDate).getTime() !== new Date(live.end_date).getTime();
  if (!changed) return null;
  return {
    starting_price_cents: settings.startingPriceCents,
    // No bid exists when settings change, so the current price is the starting price.
    current_price_cents: settings.startingPriceCents,
    reserve_price_cents: settings.reservePriceCents,
    buy_now_price_cents: buyNow,
    ...incrementColumns(settings),
    auto_extend: settings.autoExtend ? 1 : 0,
    end_date: endDate,
    // A new end (no bid has extended it yet) has a new cap.
    extensions_end_at: toDbTime(extensionsEndAt(new Date(endDate))),
  };
}

/** Whole days between two instants, for showing a stored auction's length. */
function wholeDays(from: string, to: string): number {
  return Math.round((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS);
}

export function liveAuctionSummary(auction: Auction | undefined | null): LiveAuctionSummary | null {
  if (!auction || (auction.status !== "upcoming" && auction.status !== "active")) return null;
  return {
    id: auction.id,
    status: auction.status,
    startsAt: auction.start_date,
    endsAt: auction.end_date,
    bidCount: auction.bid_count,
    days: wholeDays(auction.start_date, auction.end_date),
  };
}

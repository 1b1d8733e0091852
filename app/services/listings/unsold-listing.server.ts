// An unsold listing (decision 0073): its auction ended without a sale or was cancelled, so nothing can be bid
// on or bought. Its seller chooses, from /seller/listings or the listing page (/listings/{id}/relist):
// - relist it as an auction with the same terms and fresh dates (here; new terms go through /create-auction),
// - switch it to Buy It Now at a price (it becomes an active fixed-price listing),
// - or end it (archived, kept with the seller).
// Only its owner, only while it is unsold; a listing moderation holds (under review, removed) is never unsold — the
// lifecycle leaves such a listing as moderation set it — and is refused with the moderation message all the same.
import type { Kysely } from "kysely";
import { inWriteTransaction, toDbTime } from "#db/dialect.ts";
import type { Auction, Database } from "#db/schema.ts";
import { AUCTION_DURATION_DAYS, LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { isAuctionListingType } from "~/lib/listing-types.ts";
import { moderationHoldMessage } from "~/lib/moderation.ts";
import type { AuctionSettings } from "~/schemas/listing.ts";
import { UNSOLD_LISTING_MESSAGES } from "~/schemas/unsold-listing.ts";
import { DomainError } from "../domain-error.ts";
import { DAY_MS, insertAuction, latestAuction } from "./listing-auction.server.ts";
import type { ListingPublished } from "./listing-published.server.ts";

/** What the choices page shows the seller about the listing and its last auction. */
export interface UnsoldListingView {
  id: number;
  title: string;
  status: string;
  listingType: string;
  currency: string;
  priceCents: number;
  /** The last auction: how it ended and its terms (repeated by "relist with the same terms"). */
  lastAuction: {
    id: number;
    status: string;
    bidCount: number;
    startingPriceCents: number;
    highestBidCents: number | null;
    reservePriceCents: number | null;
    buyNowPriceCents: number | null;
    durationDays: number;
  } | null;
  /** The Buy It Now price the form starts from: the last auction's highest bid or its starting price. */
  suggestedBuyNowCents: number;
  /** Why the seller may not choose now (not unsold any more, moderation), or null. */
  refusal: string | null;
}

/** The allowed duration nearest the stored auction's length (soft close may have lengthened it). */
function durationOf(auction: Pick<Auction, "start_date" | "end_date" | "extensions_end_at">): number {
  const days = (new Date(auction.end_date).getTime() - new Date(auction.start_date).getTime()) / DAY_MS;
  let best: number = AUCTION_DURATION_DAYS[0];
  for (const choice of AUCTION_DURATION_DAYS) if (Math.abs(choice - days) < Math.abs(best - days)) best = choice;
  return best;
}

/** The last auction's terms with fresh dates: starting now, for as long as it ran. */
function sameTermsOf(auction: Auction, listingType: "auction" | "hybrid"): AuctionSettings {
  return {
    startingPriceCents: auction.starting_price_cents,
    reservePriceCents: auction.reserve_price_cents,
    buyNowPriceCents: listingType === "hybrid" ? auction.buy_now_price_cents : null,
    durationDays: durationOf(auction),
    startDate: null,
    bidIncrementCents: auction.bid_increment_fixed === 1 ? auction.bid_increment_cents : null,
    autoExtend: auction.auto_extend === 1,
  };
}

function refusalOf(row: { status: string }): string | null {
  return moderationHoldMessage(row.status) ?? (row.status === "unsold" ? null : UNSOLD_LISTING_MESSAGES.notUnsold);
}

async function ownedListing(db: Kysely<Database>, sellerId: string, listingId: number) {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw new DomainError("not_found", UNSOLD_LISTING_MESSAGES.notFound);
  const row = await db
    .selectFrom("equipment_listings")
    .select(["id", "user_id", "title", "status", "listing_type", "currency", "price_cents"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  // Another seller's listing is "not found": its existence is not theirs to learn here.
  if (!row || row.user_id !== sellerId) throw new DomainError("not_found", UNSOLD_LISTING_MESSAGES.notFound);
  return row;
}

/** The choices page's data; not_found for a listing that is not the seller's. */
export async function unsoldListingView(db: Kysely<Database>, sellerId: string, listingId: number): Promise<UnsoldListingView> {
  const row = await ownedListing(db, sellerId, listingId);
  const auction = await latestAuction(db, row.id);
  const highest = auction && auction.bid_count > 0 ? auction.current_price_cents : null;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    listingType: row.listing_type,
    currency: row.currency,
    priceCents: row.price_cents,
    lastAuction: auction
      ? {
          id: auction.id,
          status: auction.status,
          bidCount: auction.bid_count,
          startingPriceCents: auction.starting_price_cents,
          highestBidCents: highest,
          reservePriceCents: auction.reserve_price_cents,
          buyNowPriceCents: auction.buy_now_price_cents,
          durationDays: durationOf(auction),
        }
      : null,
    suggestedBuyNowCents: highest ?? auction?.starting_price_cents ?? row.price_cents,
    refusal: refusalOf(row),
  };
}

/** Reads the listing in `trx` and refuses unless the seller owns it and it is unsold with no live auction. */
async function unsoldInTransaction(trx: Kysely<Database>, sellerId: string, listingId: number) {
  const row = await ownedListing(trx, sellerId, listingId);
  const held = moderationHoldMessage(row.status);
  if (held) throw new DomainError("forbidden", held);
  if (row.status !== "unsold") throw new DomainError("conflict", UNSOLD_LISTING_MESSAGES.notUnsold);
  const live = await trx.selectFrom("auctions").select("id").where("listing_id", "=", row.id).where("status", "in", LIVE_AUCTION_STATUSES).executeTakeFirst();
  if (live) throw new DomainError("conflict", UNSOLD_LISTING_MESSAGES.liveAuction);
  return row;
}

export interface UnsoldRequest {
  sellerId: string;
  listingId: number;
  now?: Date;
}

/**
 * Relists the unsold listing as an auction with its last auction's terms (starting, reserve and Buy Now prices,
 * increment, soft close, length) starting now, in the caller's transaction (relistUnsoldAsAuction in app/flows opens
 * it and tells the post-listing news after the commit; the bulk action runs it for each listing).
 */
export async function relistInTransaction(trx: Kysely<Database>, sellerId: string, listingId: number, now: Date): Promise<number> {
  const row = await unsoldInTransaction(trx, sellerId, listingId);
  const last = await latestAuction(trx, row.id);
  if (!last) throw new DomainError("conflict", UNSOLD_LISTING_MESSAGES.noAuction);
  const type = isAuctionListingType(row.listing_type) ? row.listing_type : "auction";
  const settings = sameTermsOf(last, type === "hybrid" && last.buy_now_price_cents === null ? "auction" : type);
  const listingType = settings.buyNowPriceCents === null ? "auction" : "hybrid";
  const auction = await insertAuction(trx, row.id, row.currency, listingType, settings, now);
  await trx
    .updateTable("equipment_listings")
    .set({
      status: "active",
      listing_type: listingType,
      price_cents: settings.startingPriceCents,
      buy_now_price_cents: settings.buyNowPriceCents,
      updated_at: toDbTime(now),
    })
    .where("id", "=", row.id)
    .execute();
  return auction.id;
}

/** What a committed relist leaves to tell: open pages hear of the new auction, saved searches of the listing on sale again. */
export function relisted(listingId: number, auctionId: number): ListingPublished {
  return { listingId, startedAuctionId: auctionId, becameActive: true };
}

/**
 * Switches the unsold listing to Buy It Now at `priceCents`: an active fixed-price listing from now on. Returns what the
 * post-listing flow tells after the commit (switchUnsoldToBuyNow in app/flows runs both).
 */
export async function storeUnsoldAsBuyNow(db: Kysely<Database>, request: UnsoldRequest & { priceCents: number }): Promise<ListingPublished> {
  const now = request.now ?? new Date();
  if (!Number.isSafeInteger(request.priceCents) || request.priceCents <= 0) {
    throw new DomainError("invalid", UNSOLD_LISTING_MESSAGES.priceRequired, { field: "price" });
  }
  await inWriteTransaction(db, async (trx) => {
    const row = await unsoldInTransaction(trx, request.sellerId, request.listingId);
    await trx
      .updateTable("equipment_listings")
      .set({ status: "active", listing_type: "buy_now", price_cents: request.priceCents, buy_now_price_cents: null, updated_at: toDbTime(now) })
      .where("id", "=", row.id)
      .where("status", "=", "unsold")
      .execute();
  });
  return { listingId: request.listingId, startedAuctionId: null, becameActive: true };
}

/** Ends the unsold listing: archived, with its seller (who may still edit and publish it later). */
export async function endUnsoldListing(db: Kysely<Database>, request: UnsoldRequest): Promise<void> {
  const now = request.now ?? new Date();
  await inWriteTransaction(db, async (trx) => {
    const row = await unsoldInTransaction(trx, request.sellerId, request.listingId);
    await trx
      .updateTable("equipment_listings")
      .set({ status: "archived", updated_at: toDbTime(now) })
      .where("id", "=", row.id)
      .where("status", "=", "unsold")
      .execute();
  });
}

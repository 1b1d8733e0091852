// Starting an auction for an existing listing (/create-auction): the owner only, for an active or draft
// listing that is not sold and has no live auction. The auction is inserted by insertAuction, the same as the manual
// form's, with the same settings; the listing becomes an active auction (or hybrid) listing priced at its start.
import type { Kysely } from "kysely";
import { inWriteTransaction, toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { moderationHoldMessage } from "~/lib/moderation.ts";
import { CREATE_AUCTION_CHOICES_LIMIT, CREATE_AUCTION_MESSAGES } from "~/schemas/create-auction.ts";
import type { AuctionSettings } from "~/schemas/listing.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";
import { insertAuction } from "./listing-auction.server.ts";
import type { ListingPublished } from "./listing-published.server.ts";

export interface AuctionableListing {
  id: number;
  title: string;
  status: string;
  priceCents: number;
  currency: string;
}

/** An unsold listing (its last auction ended without a sale) is relisted here too. */
const AUCTIONABLE_STATUSES = ["active", "draft", "unsold"] as const;

/** The seller's active, draft and unsold listings without a live auction, newest first (`include` is always offered if eligible). */
export async function listAuctionableListings(db: Kysely<Database>, sellerId: string, include?: number | null): Promise<AuctionableListing[]> {
  const base = db
    .selectFrom("equipment_listings as l")
    .select(["l.id", "l.title", "l.status", "l.price_cents", "l.currency"])
    .where("l.user_id", "=", sellerId)
    .where("l.status", "in", AUCTIONABLE_STATUSES)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("auctions as a").select("a.id").whereRef("a.listing_id", "=", "l.id").where("a.status", "in", LIVE_AUCTION_STATUSES))),
    );
  const [rows, named] = await Promise.all([
    base.orderBy("l.created_at", "desc").orderBy("l.id", "desc").limit(CREATE_AUCTION_CHOICES_LIMIT).execute(),
    include ? base.where("l.id", "=", include).execute() : Promise.resolve([]),
  ]);
  const all = [...named, ...rows.filter((row) => row.id !== include)];
  return all.map((row) => ({ id: row.id, title: row.title, status: row.status, priceCents: row.price_cents, currency: row.currency }));
}

export interface StartListingAuctionInput {
  sellerId: string;
  listingId: number;
  listingType: "auction" | "hybrid";
  settings: AuctionSettings;
  now?: Date;
}

/**
 * Starts the auction; refuses another's listing (not found), a sold one, one not active or draft, one already live.
 * Returns what the post-listing flow tells after the commit (startListingAuction in app/flows runs both).
 */
export async function storeListingAuctionStart(
  db: Kysely<Database>,
  input: StartListingAuctionInput,
): Promise<{ started: { auctionId: number; status: "active" | "upcoming" }; published: ListingPublished }> {
  const now = input.now ?? new Date();
  let becameActive = false;
  const started = await inWriteTransaction(db, async (trx) => {
    const listing = await trx
      .selectFrom("equipment_listings")
      .select(["id", "user_id", "status", "currency"])
      .where("id", "=", input.listingId)
      .executeTakeFirst();
    if (!listing || listing.user_id !== input.sellerId) throw new DomainError("not_found", CREATE_AUCTION_MESSAGES.listingRequired, { field: "listingId" });
    if (listing.status === "sold") throw new DomainError("conflict", LISTING_MESSAGES.soldNotAuctioned, { field: "listingId" });
    const held = moderationHoldMessage(listing.status);
    if (held) throw new DomainError("forbidden", held, { field: "listingId" });
    if (!(AUCTIONABLE_STATUSES as readonly string[]).includes(listing.status))
      throw new DomainError("conflict", CREATE_AUCTION_MESSAGES.notEligible, { field: "listingId" });
    const live = await trx
      .selectFrom("auctions")
      .select("id")
      .where("listing_id", "=", listing.id)
      .where("status", "in", LIVE_AUCTION_STATUSES)
      .executeTakeFirst();
    if (live) throw new DomainError("conflict", CREATE_AUCTION_MESSAGES.alreadyLive, { field: "listingId" });
    becameActive = listing.status !== "active";
    const auction = await insertAuction(trx, listing.id, listing.currency, input.listingType, input.settings, now);
    await trx
      .updateTable("equipment_listings")
      .set({
        listing_type: input.listingType,
        status: "active",
        price_cents: input.settings.startingPriceCents,
        buy_now_price_cents: input.listingType === "hybrid" ? input.settings.buyNowPriceCents : null,
        updated_at: toDbTime(now),
      })
      .where("id", "=", listing.id)
      .execute();
    return auction;
  });
  return {
    started: { auctionId: started.id, status: started.status },
    published: { listingId: input.listingId, startedAuctionId: started.status === "active" ? started.id : null, becameActive },
  };
}

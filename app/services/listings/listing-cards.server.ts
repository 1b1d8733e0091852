// The listing card: what every grid (browse, featured, related, watchlist) shows of a listing.
import { expressionBuilder, sql, type Expression, type Kysely, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { publicName } from "~/lib/user.ts";

export interface ListingCardData {
  id: number;
  title: string;
  priceCents: number;
  currency: string;
  condition: string;
  listingType: string;
  location: string;
  isFeatured: boolean;
  sellerVerified: boolean;
  /**
   * Who sells it, for the link to their profile: columns of the seller row the card already joins. Absent
   * from cards kept offline by older versions (the card then leaves the line out).
   */
  sellerId?: string;
  sellerName?: string;
  /** Thumbnail of the primary image, else the first image; null shows the placeholder. */
  imageUrl: string | null;
  /** Auction and hybrid listings with an upcoming or live auction: its current price and bids. */
  auction: { currentPriceCents: number; bidCount: number } | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The listing's thumbnail as a correlated subquery: the primary image, else the first; null without images.
 * Select it with `.as(...)`: `primaryThumbnail(eb.ref("l.id")).as("image_url")`.
 */
export function primaryThumbnail(listingId: Expression<number>) {
  return (
    expressionBuilder<Database>()
      .selectFrom("equipment_images as i")
      .select("i.thumbnail_url")
      .where("i.listing_id", "=", listingId)
      .orderBy("i.is_primary", "desc")
      .orderBy("i.position")
      // Equal positions (older rows): the first stored, on either engine (their order of equal rows differs).
      .orderBy("i.id")
      .limit(1)
  );
}

/** Listings joined with their seller, selecting the card's columns; callers add where, order and limit. */
export function selectListingCards(db: Db) {
  return db
    .selectFrom("equipment_listings as l")
    .innerJoin("profiles as seller", "seller.id", "l.user_id")
    .select((eb) => [
      "l.id",
      "l.title",
      "l.price_cents",
      "l.currency",
      "l.condition",
      "l.listing_type",
      "l.location",
      "l.is_featured",
      "seller.is_verified as seller_verified",
      "l.user_id as seller_id",
      "seller.first_name as seller_first_name",
      "seller.last_name as seller_last_name",
      "seller.company_name as seller_company_name",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
      eb
        .selectFrom("auctions as a")
        .select((sub) => sql<string>`${sub.ref("a.current_price_cents")} || ':' || ${sub.ref("a.bid_count")}`.as("auction_state"))
        .whereRef("a.listing_id", "=", "l.id")
        .where("a.status", "in", LIVE_AUCTION_STATUSES)
        .limit(1)
        .as("live_auction"),
    ]);
}

type CardRow = {
  id: number;
  title: string;
  price_cents: number;
  currency: string;
  condition: string;
  listing_type: string;
  location: string;
  is_featured: number;
  seller_verified: number;
  seller_id: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_company_name: string;
  image_url: string | null;
  /** "current price cents:bid count" of the listing's upcoming or live auction. */
  live_auction: string | null;
};

export function toListingCard(row: CardRow): ListingCardData {
  return {
    id: row.id,
    title: row.title,
    priceCents: row.price_cents,
    currency: row.currency,
    condition: row.condition,
    listingType: row.listing_type,
    location: row.location,
    isFeatured: row.is_featured === 1,
    sellerVerified: row.seller_verified === 1,
    sellerId: row.seller_id,
    sellerName: publicName({ firstName: row.seller_first_name, lastName: row.seller_last_name, companyName: row.seller_company_name }, "Tradebench seller"),
    imageUrl: row.image_url,
    auction: parseLiveAuction(row.live_auction),
  };
}

function parseLiveAuction(value: string | null): ListingCardData["auction"] {
  if (!value) return null;
  const [price, bids] = value.split(":").map(Number);
  return { currentPriceCents: price ?? 0, bidCount: bids ?? 0 };
}

// Recently viewed (docs/product/listings.md#search-and-browse "Recent views: by user, default 10"): the latest view of each listing by each member,
// one row per member and listing, kept by one upsert whenever a signed-in member opens a listing or lot page.
// A member's own listings are neither recorded nor shown: the strip is for things they might buy.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";
import { PUBLIC_LISTING_STATUSES } from "./listing-policy.server.ts";

/** docs/product/listings.md#search-and-browse: recent views, 10. */
export const RECENT_VIEWS_LIMIT = 10;

export interface RecentViewInput {
  /** The signed-in member; visitors are not recorded. */
  userId: string | null | undefined;
  listingId: number;
  /** The listing's seller: a member's views of their own listings are not recorded. */
  ownerId: string;
  now?: Date;
}

/** Records (or moves to the front) the member's view of the listing: one upsert, nothing for visitors or the owner. */
export async function recordRecentView(db: Kysely<Database>, input: RecentViewInput): Promise<void> {
  if (!input.userId || input.userId === input.ownerId) return;
  const viewedAt = (input.now ?? new Date()).toISOString();
  await db
    .insertInto("recent_views")
    .values({ user_id: input.userId, listing_id: input.listingId, viewed_at: viewedAt })
    .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doUpdateSet({ viewed_at: viewedAt }))
    .execute();
}

export interface RecentlyViewedListing {
  card: ListingCardData;
  /** Sold since the member looked: shown marked as sold. */
  sold: boolean;
  viewedAt: string;
}

/**
 * The member's recently viewed listings, newest view first, at most `limit`: active and sold ones (a draft or
 * archived listing, or one deleted since, drops out), never the member's own.
 */
export async function recentlyViewed(db: Kysely<Database>, userId: string, limit = RECENT_VIEWS_LIMIT): Promise<RecentlyViewedListing[]> {
  const rows = await selectListingCards(db)
    .innerJoin("recent_views as rv", "rv.listing_id", "l.id")
    .select(["rv.viewed_at", "l.status"])
    .where("rv.user_id", "=", userId)
    .where("l.user_id", "!=", userId)
    .where("l.status", "in", PUBLIC_LISTING_STATUSES)
    .orderBy("rv.viewed_at", "desc")
    .orderBy("l.id", "desc")
    .limit(Math.max(0, Math.floor(limit)))
    .execute();
  return rows.map((row) => ({ card: toListingCard(row), sold: row.status === "sold", viewedAt: row.viewed_at }));
}

// Per-listing analytics (docs/product/listings.md#analytics): views, views per day, watchers, saved-search matches,
// offers, and the latest auction with its bid history (bidders as first name + last initial) and bidders count.
// The listing's owner, or staff whose role holds can_view_any_listing_analytics; anyone else gets the spec's refusal.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";
import { roleHasPermission } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";

export const LISTING_ANALYTICS_MESSAGES = {
  forbidden: "You do not have permission to view analytics for this listing",
} as const;
/** The views chart's range. */
const LISTING_ANALYTICS_DAYS = 30;
/** The most bids the history shows (newest first). */
const LISTING_ANALYTICS_BIDS = 50;

export interface ListingAnalytics {
  listing: { id: number; title: string; status: string; views: number; createdAt: string };
  viewsByDay: Array<{ day: string; views: number }>;
  watchers: number;
  savedSearchMatches: number;
  offers: { total: number; open: number; accepted: number; declined: number };
  auction: {
    id: number;
    status: string;
    currency: string;
    currentPriceCents: number;
    bidCount: number;
    bidders: number;
    endsAt: string;
    bids: Array<{ id: number; amountCents: number; at: string; bidder: string }>;
  } | null;
}

/** "Dana K.": first name and last initial; "Bidder" when the profile has no name. */
function bidderName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : "Bidder";
  return initial ? `${first} ${initial}.` : first;
}

function lastDays(now: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

export async function getListingAnalytics(
  db: Kysely<Database>,
  listingId: number,
  viewer: { id: string; role: Role },
  now: Date = new Date(),
): Promise<ListingAnalytics> {
  const listing = await db
    .selectFrom("equipment_listings")
    .select(["id", "title", "status", "views", "created_at", "user_id"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing) throw new DomainError("not_found", LISTING_DETAIL_MESSAGES.notFound);
  if (listing.user_id !== viewer.id && !(await roleHasPermission(db, viewer.role, "can_view_any_listing_analytics")))
    throw new DomainError("forbidden", LISTING_ANALYTICS_MESSAGES.forbidden);
  const days = lastDays(now, LISTING_ANALYTICS_DAYS);
  const [viewRows, watchers, matches, offerRows, auction] = await Promise.all([
    db.selectFrom("listing_view_days").select(["day", "views"]).where("listing_id", "=", listingId).where("day", ">=", days[0]!).execute(),
    db
      .selectFrom("watchlist")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listing_id", "=", listingId)
      .where("user_id", "!=", listing.user_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("saved_search_matches")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listing_id", "=", listingId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("offers")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("listing_id", "=", listingId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("auctions")
      .select(["id", "status", "currency", "current_price_cents", "bid_count", "end_date"])
      .where("listing_id", "=", listingId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  let auctionView: ListingAnalytics["auction"] = null;
  if (auction) {
    const [bids, bidders] = await Promise.all([
      db
        .selectFrom("bids as b")
        .innerJoin("profiles as p", "p.id", "b.user_id")
        .select(["b.id", "b.amount_cents", "b.created_at", "p.first_name", "p.last_name"])
        .where("b.auction_id", "=", auction.id)
        .orderBy("b.id", "desc")
        .limit(LISTING_ANALYTICS_BIDS)
        .execute(),
      db
        .selectFrom("bids")
        .select((eb) => eb.fn.count<number>("user_id").distinct().as("n"))
        .where("auction_id", "=", auction.id)
        .executeTakeFirstOrThrow(),
    ]);
    auctionView = {
      id: auction.id,
      status: auction.status,
      currency: auction.currency,
      currentPriceCents: Number(auction.current_price_cents),
      bidCount: Number(auction.bid_count),
      bidders: Number(bidders.n),
      endsAt: auction.end_date,
      bids: bids.map((bid) => ({ id: bid.id, amountCents: Number(bid.amount_cents), at: bid.created_at, bidder: bidderName(bid.first_name, bid.last_name) })),
    };
  }
  const perDay = new Map(viewRows.map((row) => [row.day, Number(row.views)]));
  const offerCount = (status: string) => Number(offerRows.find((row) => row.status === status)?.n ?? 0);
  return {
    listing: { id: listing.id, title: listing.title, status: listing.status, views: Number(listing.views), createdAt: listing.created_at },
    viewsByDay: days.map((day) => ({ day, views: perDay.get(day) ?? 0 })),
    watchers: Number(watchers.n),
    savedSearchMatches: Number(matches.n),
    offers: {
      total: offerRows.reduce((sum, row) => sum + Number(row.n), 0),
      open: offerCount("open"),
      accepted: offerCount("accepted"),
      declined: offerCount("declined"),
    },
    auction: auctionView,
  };
}

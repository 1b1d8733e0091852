// The /auctions list (docs/product/auctions.md#auction-list): auctions of one status, optionally within a category, in one of six orders,
// twelve to a page. Cards carry whether the reserve is met, never the reserve amount.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { AUCTIONS_PAGE_SIZE, AUCTION_SORTS, type AuctionFilters } from "~/lib/auction-filters.ts";
import { isAuctionStatus, reserveState, type AuctionStatus, type ReserveState } from "~/lib/auctions.ts";
import { categoryScope, primaryThumbnail, PUBLIC_LISTING_STATUSES } from "../listings/index.server.ts";
import { watchedAmong } from "../watchlist/index.server.ts";

export interface AuctionCardData {
  auctionId: number;
  listingId: number;
  title: string;
  /** Thumbnail of the primary image, else the first image; null shows the placeholder. */
  imageUrl: string | null;
  status: AuctionStatus;
  startsAt: string;
  endsAt: string;
  currency: string;
  currentPriceCents: number;
  startingPriceCents: number;
  reserve: ReserveState;
  bidCount: number;
  /** Bumped by every change of the auction: a live update older than the card is ignored. */
  version: number;
  /** Whether the viewer watches the listing. */
  watching: boolean;
}

export interface AuctionListPage {
  auctions: AuctionCardData[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

const SORT_COLUMNS = {
  end_date: "a.end_date",
  current_price: "a.current_price_cents",
  created_at: "a.created_at",
} as const;

export async function listAuctions(db: Kysely<Database>, filters: AuctionFilters, viewerId?: string | null): Promise<AuctionListPage> {
  const scope = filters.category ? await categoryScope(db, filters.category) : null;
  if (scope && scope.length === 0) {
    return { auctions: [], total: 0, page: filters.page, pageSize: AUCTIONS_PAGE_SIZE, totalPages: 0 };
  }

  // The status leads every index on auctions (status + end_date, current price or created_at), so each order is
  // read straight from an index; the listing is joined by its primary key.
  let matching = db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .where("a.status", "=", filters.status)
    // Listings that are not shown anywhere public (drafts, archived) keep their auctions off the list too.
    .where("l.status", "in", PUBLIC_LISTING_STATUSES);
  if (scope) matching = matching.where("l.category_id", "in", scope);

  const sort = AUCTION_SORTS.find((option) => option.value === filters.sort) ?? AUCTION_SORTS[0];
  const column = SORT_COLUMNS[sort.column];
  const offset = (filters.page - 1) * AUCTIONS_PAGE_SIZE;

  const [counted, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .select((eb) => [
        "a.id",
        "a.listing_id",
        "a.status",
        "a.start_date",
        "a.end_date",
        "a.currency",
        "a.current_price_cents",
        "a.starting_price_cents",
        "a.reserve_price_cents",
        "a.bid_count",
        "a.version",
        "l.title",
        primaryThumbnail(eb.ref("l.id")).as("image_url"),
      ])
      .orderBy(column, sort.direction)
      // Ties in the same direction as the order, so the index (which ends in the row id) still gives the order.
      .orderBy("a.id", sort.direction)
      .limit(AUCTIONS_PAGE_SIZE)
      .offset(offset)
      .execute(),
  ]);

  const total = Number(counted.total);
  const watched = await watchedAmong(
    db,
    viewerId ?? undefined,
    rows.map((row) => row.listing_id),
  );

  return {
    auctions: rows.map((row) => ({
      auctionId: row.id,
      listingId: row.listing_id,
      title: row.title,
      imageUrl: row.image_url,
      status: isAuctionStatus(row.status) ? row.status : "ended",
      startsAt: row.start_date,
      endsAt: row.end_date,
      currency: row.currency,
      currentPriceCents: row.current_price_cents,
      startingPriceCents: row.starting_price_cents,
      reserve: reserveState(row.reserve_price_cents, row.current_price_cents, row.bid_count),
      bidCount: row.bid_count,
      version: row.version,
      watching: watched.has(row.listing_id),
    })),
    total,
    page: filters.page,
    pageSize: AUCTIONS_PAGE_SIZE,
    totalPages: Math.ceil(total / AUCTIONS_PAGE_SIZE),
  };
}

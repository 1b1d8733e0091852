// Watching listings: one row per user and listing; watching again only updates the notes.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { addingInWriteTransaction, assertRoomFor } from "../member-limits.server.ts";
import { primaryThumbnail, ownedListing, watchableBy } from "../listings/index.server.ts";

export const WATCH_MESSAGES = {
  notFound: "Listing not found",
} as const;

/**
 * Starts watching an active listing (or one's own, or any for admins is not needed here). A member watches at most
 * MEMBER_LIMITS.watchlist listings (~/lib/member-limits.ts), counted in the write transaction that adds.
 */
export async function watchListing(db: Kysely<Database>, userId: string, listingId: number, notes?: string): Promise<void> {
  // Watching again only updates the notes, whatever became of the listing since (sold, ended): no status check.
  if (await updateWatchNotes(db, userId, listingId, notes)) return;
  const listing = await db.selectFrom("equipment_listings").select(["id", "status", "user_id"]).where("id", "=", listingId).executeTakeFirst();
  if (!listing || !watchableBy(ownedListing(listing), userId)) throw new DomainError("not_found", WATCH_MESSAGES.notFound);
  const now = new Date().toISOString();
  await addingInWriteTransaction(db, async (trx) => {
    const watched = await trx
      .selectFrom("watchlist")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    assertRoomFor("watchlist", Number(watched.n));
    await trx
      .insertInto("watchlist")
      .values({ user_id: userId, listing_id: listingId, notes: notes ?? "", created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doUpdateSet(notes === undefined ? { updated_at: now } : { notes, updated_at: now }))
      .execute();
  });
}

/**
 * Updates the notes of an existing entry (only `updated_at` when `notes` is undefined); false when the user does not
 * watch the listing, which is left unwatched.
 */
export async function updateWatchNotes(db: Kysely<Database>, userId: string, listingId: number, notes?: string): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable("watchlist")
    .set(notes === undefined ? { updated_at: now } : { notes, updated_at: now })
    .where("user_id", "=", userId)
    .where("listing_id", "=", listingId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function unwatchListing(db: Kysely<Database>, userId: string, listingId: number): Promise<void> {
  await db.deleteFrom("watchlist").where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
}

/** Which of `listingIds` the user watches (for the toggles on a grid). */
export async function watchedAmong(db: Kysely<Database>, userId: string | undefined, listingIds: number[]): Promise<Set<number>> {
  if (!userId || listingIds.length === 0) return new Set();
  const rows = await db.selectFrom("watchlist").select("listing_id").where("user_id", "=", userId).where("listing_id", "in", listingIds).execute();
  return new Set(rows.map((row) => row.listing_id));
}

// ── The Watched Items list (/watchlist) ──

/** The service's default page (docs/product/alerts.md#watchlist); the page itself shows WATCHLIST_PAGE_SIZE (app/schemas/watchlist.ts). */
export const WATCHLIST_DEFAULT_LIMIT = 50;

export interface WatchedAuction {
  id: number;
  /** upcoming, active, ended, cancelled */
  status: string;
  currentPriceCents: number;
  bidCount: number;
  startsAt: string;
  endsAt: string;
}

export interface WatchedItem {
  entryId: number;
  listingId: number;
  title: string;
  notes: string;
  watchedAt: string;
  priceCents: number;
  currency: string;
  condition: string;
  listingType: string;
  /** The listing's status: active, sold, draft, archived. */
  status: string;
  /** The primary image's thumbnail, else the first image's; null without images. */
  imageUrl: string | null;
  /** The listing's latest auction, if it ever had one. */
  auction: WatchedAuction | null;
}

export interface WatchlistPage {
  items: WatchedItem[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** How many listings a user watches. */
async function countWatchlist(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("watchlist")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of what a user watches, newest first, with each listing's picture, price and latest auction. */
export async function listWatchlist(db: Kysely<Database>, userId: string, page = 1, pageSize = WATCHLIST_DEFAULT_LIMIT): Promise<WatchlistPage> {
  const total = await countWatchlist(db, userId);
  const totalPages = Math.ceil(total / pageSize);
  const current = Math.max(1, Math.floor(page));
  if (total === 0 || current > totalPages) return { items: [], total, page: current, pageSize, totalPages };
  const rows = await db
    .selectFrom("watchlist as w")
    .innerJoin("equipment_listings as l", "l.id", "w.listing_id")
    .select((eb) => [
      "w.id as entry_id",
      "w.notes",
      "w.created_at as watched_at",
      "l.id as listing_id",
      "l.title",
      "l.price_cents",
      "l.currency",
      "l.condition",
      "l.listing_type",
      "l.status",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
    ])
    .where("w.user_id", "=", userId)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  const auctions = new Map<number, WatchedAuction>();
  if (rows.length > 0) {
    const auctionRows = await db
      .selectFrom("auctions")
      .select(["id", "listing_id", "status", "current_price_cents", "bid_count", "start_date", "end_date"])
      .where(
        "listing_id",
        "in",
        rows.map((row) => row.listing_id),
      )
      .orderBy("id", "asc")
      .execute();
    // Ascending ids: the latest auction of a listing is written last.
    for (const row of auctionRows) {
      auctions.set(row.listing_id, {
        id: row.id,
        status: row.status,
        currentPriceCents: row.current_price_cents,
        bidCount: row.bid_count,
        startsAt: row.start_date,
        endsAt: row.end_date,
      });
    }
  }
  return {
    items: rows.map((row) => ({
      entryId: row.entry_id,
      listingId: row.listing_id,
      title: row.title,
      notes: row.notes,
      watchedAt: row.watched_at,
      priceCents: row.price_cents,
      currency: row.currency,
      condition: row.condition,
      listingType: row.listing_type,
      status: row.status,
      imageUrl: row.image_url,
      auction: auctions.get(row.listing_id) ?? null,
    })),
    total,
    page: current,
    pageSize,
    totalPages,
  };
}

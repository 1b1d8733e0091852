// /seller/listings: every listing of one seller in every status, with counts per status, search, sort and
// pages of 12; and the bulk actions — publish drafts, archive (for an unsold listing: end it), relist an unsold listing
// as an auction with its last auction's terms and fresh dates — each checked per listing against its owner
// and state on the server (a listing of someone else is "not found").
import type { Kysely } from "kysely";
import { inWriteTransaction, containsIgnoringCase, toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";
import { moderationHoldMessage } from "~/lib/moderation.ts";
import { SELLER_LISTINGS_MESSAGES, SELLER_LISTINGS_PAGE_SIZE, type SellerListingAction, type SellerListingsQuery } from "~/schemas/seller-listings.ts";
import { primaryThumbnail } from "./listing-cards.server.ts";
import type { ListingPublished } from "./listing-published.server.ts";
import { relisted, relistInTransaction } from "./unsold-listing.server.ts";

export interface SellerListingItem {
  id: number;
  title: string;
  brand: string;
  model: string;
  priceCents: number;
  currency: string;
  status: string;
  listingType: string;
  views: number;
  createdAt: string;
  imageUrl: string | null;
  /** The listing's latest auction, if it ever had one. */
  auction: { id: number; status: string; sold: boolean } | null;
  /** Whether it may start a new auction from /create-auction (active or draft, no live auction). */
  canStartAuction: boolean;
  /** Whether it is unsold (its auction ended without a sale) and waits for its seller's choice. */
  canRelist: boolean;
}

export interface SellerListingsPage {
  items: SellerListingItem[];
  total: number;
  page: number;
  pages: number;
  counts: Record<ListingStatus | "all", number>;
}

function latestAuctionState(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("auctions").select(["id", "listing_id", "status", "winner_id"]).where("listing_id", "in", ids).orderBy("id", "desc").execute();
}

/** A seller's listing as both the seller's listings page and the seller dashboard show it, from its row. */
export function sellerListingFields(row: {
  id: number;
  title: string;
  brand: string;
  model: string;
  price_cents: number;
  currency: string;
  status: string;
  views: number | string;
  created_at: string;
  image_url: string | null;
}) {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    model: row.model,
    priceCents: row.price_cents,
    currency: row.currency,
    status: row.status,
    views: Number(row.views),
    createdAt: row.created_at,
    imageUrl: row.image_url,
  };
}

export async function listSellerListings(db: Kysely<Database>, sellerId: string, query: SellerListingsQuery): Promise<SellerListingsPage> {
  let filtered = db.selectFrom("equipment_listings as l").where("l.user_id", "=", sellerId);
  if (query.status !== "all") filtered = filtered.where("l.status", "=", query.status);
  if (query.q) {
    const text = query.q.toLowerCase();
    filtered = filtered.where((eb) =>
      eb.or([containsIgnoringCase(db, "l.title", text), containsIgnoringCase(db, "l.brand", text), containsIgnoringCase(db, "l.model", text)]),
    );
  }
  const [countRows, totalRow] = await Promise.all([
    db
      .selectFrom("equipment_listings")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "=", sellerId)
      .groupBy("status")
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const counts = Object.fromEntries([["all", 0], ...LISTING_STATUSES.map((status) => [status, 0])]) as Record<ListingStatus | "all", number>;
  for (const row of countRows) {
    counts.all += Number(row.n);
    if ((LISTING_STATUSES as readonly string[]).includes(row.status)) counts[row.status as ListingStatus] += Number(row.n);
  }
  const total = Number(totalRow.n);
  const pages = Math.max(1, Math.ceil(total / SELLER_LISTINGS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let rows = filtered.select((eb) => [
    "l.id",
    "l.title",
    "l.brand",
    "l.model",
    "l.price_cents",
    "l.currency",
    "l.status",
    "l.listing_type",
    "l.views",
    "l.created_at",
    primaryThumbnail(eb.ref("l.id")).as("image_url"),
  ]);
  switch (query.sort) {
    case "oldest":
      rows = rows.orderBy("l.created_at", "asc").orderBy("l.id", "asc");
      break;
    case "views":
      rows = rows.orderBy("l.views", "desc").orderBy("l.id", "desc");
      break;
    case "price_desc":
      rows = rows.orderBy("l.price_cents", "desc").orderBy("l.id", "desc");
      break;
    case "price_asc":
      rows = rows.orderBy("l.price_cents", "asc").orderBy("l.id", "asc");
      break;
    case "title":
      rows = rows.orderBy("l.title", "asc").orderBy("l.id", "asc");
      break;
    default:
      rows = rows.orderBy("l.created_at", "desc").orderBy("l.id", "desc");
  }
  const listed = await rows
    .limit(SELLER_LISTINGS_PAGE_SIZE)
    .offset((page - 1) * SELLER_LISTINGS_PAGE_SIZE)
    .execute();
  const auctions = await latestAuctionState(
    db,
    listed.map((row) => row.id),
  );
  const latest = new Map<number, (typeof auctions)[number]>();
  for (const auction of auctions) if (!latest.has(auction.listing_id)) latest.set(auction.listing_id, auction);
  return {
    total,
    page,
    pages,
    counts,
    items: listed.map((row) => {
      const auction = latest.get(row.id);
      const live = auction !== undefined && (LIVE_AUCTION_STATUSES as readonly string[]).includes(auction.status);
      return {
        ...sellerListingFields(row),
        listingType: row.listing_type,
        auction: auction ? { id: auction.id, status: auction.status, sold: auction.winner_id !== null } : null,
        canStartAuction: (row.status === "active" || row.status === "draft" || row.status === "unsold") && !live,
        canRelist: row.status === "unsold" && !live,
      };
    }),
  };
}

export interface BulkOutcome {
  changed: number[];
  refused: Array<{ id: number; message: string }>;
}

/** The refusal of `action` for one listing in its current state, or null when it may go ahead. */
function refusalFor(
  action: SellerListingAction,
  listing: { status: string },
  auction: { status: string; winner_id: string | null } | undefined,
): string | null {
  const live = auction !== undefined && (LIVE_AUCTION_STATUSES as readonly string[]).includes(auction.status);
  // Under review or removed: only a moderator's decision changes it.
  const held = moderationHoldMessage(listing.status);
  if (held) return held;
  if (action === "publish") return listing.status === "draft" ? null : SELLER_LISTINGS_MESSAGES.publishOnlyDrafts;
  if (action === "archive") {
    if (listing.status === "sold") return SELLER_LISTINGS_MESSAGES.archiveSold;
    if (listing.status === "archived") return SELLER_LISTINGS_MESSAGES.alreadyArchived;
    return live ? SELLER_LISTINGS_MESSAGES.archiveLiveAuction : null;
  }
  if (listing.status !== "unsold" || live) return SELLER_LISTINGS_MESSAGES.relistOnlyUnsoldAuction;
  return auction === undefined ? SELLER_LISTINGS_MESSAGES.relistNeedsTerms : null;
}

/**
 * Applies a bulk action to the seller's listings among `ids`, each checked in one write transaction: a listing that is
 * not the seller's (or does not exist) is refused as not found, one in the wrong state with the rule's message.
 * Publishing makes the listing active and relisting starts its new auction (new to saved searches afterwards);
 * archiving hides it (an unsold listing archived has ended). Returns, with the outcome, what the post-listing flow tells
 * after the commit (applySellerListingAction in app/flows runs both).
 */
export async function storeSellerListingAction(
  db: Kysely<Database>,
  sellerId: string,
  action: SellerListingAction,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<{ outcome: BulkOutcome; published: ListingPublished[] }> {
  const wanted = [...new Set(ids)];
  const relistings: ListingPublished[] = [];
  const outcome = await inWriteTransaction(db, async (trx) => {
    const result: BulkOutcome = { changed: [], refused: [] };
    const owned = await trx.selectFrom("equipment_listings").select(["id", "status"]).where("id", "in", wanted).where("user_id", "=", sellerId).execute();
    const byId = new Map(owned.map((row) => [row.id, row]));
    const auctions = await latestAuctionState(
      trx,
      owned.map((row) => row.id),
    );
    const latest = new Map<number, (typeof auctions)[number]>();
    for (const auction of auctions) if (!latest.has(auction.listing_id)) latest.set(auction.listing_id, auction);
    for (const id of wanted) {
      const listing = byId.get(id);
      if (!listing) {
        result.refused.push({ id, message: SELLER_LISTINGS_MESSAGES.notFound });
        continue;
      }
      const refusal = refusalFor(action, listing, latest.get(id));
      if (refusal) result.refused.push({ id, message: refusal });
      else result.changed.push(id);
    }
    if (action === "relist") {
      for (const id of result.changed) relistings.push(relisted(id, await relistInTransaction(trx, sellerId, id, now)));
    } else if (result.changed.length > 0) {
      await trx
        .updateTable("equipment_listings")
        .set({ status: action === "archive" ? "archived" : "active", updated_at: toDbTime(now) })
        .where("id", "in", result.changed)
        .where("user_id", "=", sellerId)
        .execute();
    }
    return result;
  });
  // Listings that became active are new to saved searches.
  const published = action === "publish" ? outcome.changed.map((listingId) => ({ listingId, startedAuctionId: null, becameActive: true })) : relistings;
  return { outcome, published };
}

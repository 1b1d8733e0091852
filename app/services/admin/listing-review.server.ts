// One reported listing's review page: the listing, its reports and the seller's record.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { type ListingReportReason } from "~/lib/moderation.ts";
import { primaryThumbnail } from "../listings/index.server.ts";
import { isListingReportReason } from "./report-listing.server.ts";
import { sellerNameOf } from "./flagged-listings.server.ts";

// ── One listing's review ──

export interface ListingReportEntry {
  id: number;
  reason: ListingReportReason;
  note: string;
  reporterId: string;
  reporterName: string;
  createdAt: string;
  status: "open" | "closed";
  resolution: string | null;
}

export interface ListingReview {
  listing: {
    id: number;
    title: string;
    priceCents: number;
    currency: string;
    status: string;
    listingType: string;
    description: string;
    imageUrl: string | null;
    createdAt: string;
  };
  /** Its open reports first, then closed ones, newest first within each; at most 100. */
  reports: ListingReportEntry[];
  openReports: number;
  liveAuction: { id: number; bidCount: number } | null;
  seller: {
    id: string;
    name: string;
    email: string;
    joinedAt: string;
    listingsByStatus: Record<string, number>;
    /** Earlier moderation of this seller's listings: closed reports' decisions, counted per listing. */
    pastDecisions: { warned: number; unpublished: number; removed: number; dismissed: number };
    pendingFraudReports: number;
  };
}

/** What /admin/review-listing/{id} shows; null when there is no such listing. */
export async function getListingReview(db: Kysely<Database>, listingId: number): Promise<ListingReview | null> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) return null;
  const listing = await db
    .selectFrom("equipment_listings as l")
    .innerJoin("profiles as p", "p.id", "l.user_id")
    .select((eb) => [
      "l.id",
      "l.title",
      "l.price_cents",
      "l.currency",
      "l.status",
      "l.listing_type",
      "l.description",
      "l.created_at",
      "l.user_id",
      "p.company_name",
      "p.first_name",
      "p.last_name",
      "p.email",
      "p.created_at as joined_at",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
    ])
    .where("l.id", "=", listingId)
    .executeTakeFirst();
  if (!listing) return null;
  const [reports, auction, byStatus, decisions, fraud] = await Promise.all([
    db
      .selectFrom("listing_reports as r")
      .innerJoin("profiles as p", "p.id", "r.reporter_id")
      .select(["r.id", "r.reason", "r.note", "r.reporter_id", "r.created_at", "r.status", "r.resolution", "p.company_name", "p.first_name", "p.last_name"])
      .where("r.listing_id", "=", listingId)
      .orderBy("r.status", "desc")
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(100)
      .execute(),
    db.selectFrom("auctions").select(["id", "bid_count"]).where("listing_id", "=", listingId).where("status", "in", LIVE_AUCTION_STATUSES).executeTakeFirst(),
    db
      .selectFrom("equipment_listings")
      .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
      .where("user_id", "=", listing.user_id)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("listing_reports as r")
      .innerJoin("equipment_listings as l", "l.id", "r.listing_id")
      .select((eb) => ["r.resolution", eb.fn.count<number | string>("r.listing_id").distinct().as("n")])
      .where("l.user_id", "=", listing.user_id)
      .where("r.status", "=", "closed")
      .groupBy("r.resolution")
      .execute(),
    db
      .selectFrom("fraud_reports")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("reported_user_id", "=", listing.user_id)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  const pastDecisions = { warned: 0, unpublished: 0, removed: 0, dismissed: 0 };
  for (const row of decisions) {
    if (row.resolution && row.resolution in pastDecisions) pastDecisions[row.resolution as keyof typeof pastDecisions] = Number(row.n);
  }
  return {
    listing: {
      id: listing.id,
      title: listing.title,
      priceCents: listing.price_cents,
      currency: listing.currency,
      status: listing.status,
      listingType: listing.listing_type,
      description: listing.description,
      imageUrl: listing.image_url,
      createdAt: listing.created_at,
    },
    reports: reports.flatMap((row) =>
      isListingReportReason(row.reason)
        ? [
            {
              id: row.id,
              reason: row.reason,
              note: row.note,
              reporterId: row.reporter_id,
              reporterName: sellerNameOf(row),
              createdAt: row.created_at,
              status: row.status,
              resolution: row.resolution,
            },
          ]
        : [],
    ),
    openReports: reports.filter((row) => row.status === "open").length,
    liveAuction: auction ? { id: auction.id, bidCount: auction.bid_count } : null,
    seller: {
      id: listing.user_id,
      name: sellerNameOf(listing),
      email: listing.email,
      joinedAt: listing.joined_at,
      listingsByStatus: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
      pastDecisions,
      pendingFraudReports: Number(fraud.n),
    },
  };
}

// The moderators' queue of flagged listings: oldest first, grouped by listing.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { FLAGGED_LISTINGS_PAGE, type ListingReportReason } from "~/lib/moderation.ts";
import { publicName } from "~/lib/user.ts";
import { primaryThumbnail } from "../listings/index.server.ts";
import { isListingReportReason } from "./report-listing.server.ts";

// ── The moderators' queue ──

export interface FlaggedListing {
  listingId: number;
  title: string;
  priceCents: number;
  currency: string;
  /** The listing's status now: active, or under_review when hidden by its reports. */
  status: string;
  /** Thumbnail of the primary image; null shows the placeholder. */
  imageUrl: string | null;
  /** The reason most of its open reports give (the oldest of equals). */
  reason: ListingReportReason;
  sellerId: string;
  /** Company name, else first and last name (docs/product/admin.md#dashboard). */
  sellerName: string;
  /** When its oldest open report came in. */
  flaggedAt: string;
  /** Different members with an open report of it. */
  reportCount: number;
}

/** A member's public name (app/lib/user.ts), or "" when the profile has none (callers choose their own word). */
export function sellerNameOf(row: { company_name: string | null; first_name: string; last_name: string }): string {
  return publicName({ firstName: row.first_name, lastName: row.last_name, companyName: row.company_name }, "");
}

/**
 * Listings with open reports, oldest report first (docs/product/admin.md#dashboard Flagged Listings; the queue of /admin/flagged-listings).
 * `limit` is clamped to 1…FLAGGED_LISTINGS_PAGE, `offset` to 0…10,000.
 */
export async function listFlaggedListings(
  db: Kysely<Database>,
  { limit = FLAGGED_LISTINGS_PAGE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<FlaggedListing[]> {
  const take = Math.min(Math.max(1, Math.trunc(limit) || 1), FLAGGED_LISTINGS_PAGE);
  const skip = Math.min(Math.max(0, Math.trunc(offset) || 0), 10_000);
  const groups = await db
    .selectFrom("listing_reports")
    .select((eb) => ["listing_id", eb.fn.min<string>("created_at").as("flagged_at"), eb.fn.count<number | string>("reporter_id").distinct().as("reporters")])
    .where("status", "=", "open")
    .groupBy("listing_id")
    .orderBy("flagged_at")
    .orderBy("listing_id")
    .limit(take)
    .offset(skip)
    .execute();
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.listing_id);
  const [listings, reasons] = await Promise.all([
    db
      .selectFrom("equipment_listings as l")
      .innerJoin("profiles as p", "p.id", "l.user_id")
      .select((eb) => [
        "l.id",
        "l.title",
        "l.price_cents",
        "l.currency",
        "l.status",
        "l.user_id",
        "p.company_name",
        "p.first_name",
        "p.last_name",
        primaryThumbnail(eb.ref("l.id")).as("image_url"),
      ])
      .where("l.id", "in", ids)
      .execute(),
    db
      .selectFrom("listing_reports")
      .select((eb) => ["listing_id", "reason", eb.fn.count<number | string>("id").as("n"), eb.fn.min<string>("created_at").as("first_at")])
      .where("status", "=", "open")
      .where("listing_id", "in", ids)
      .groupBy(["listing_id", "reason"])
      .execute(),
  ]);
  const byId = new Map(listings.map((row) => [row.id, row]));
  const topReason = new Map<number, { reason: string; n: number; firstAt: string }>();
  for (const row of reasons) {
    const n = Number(row.n);
    const best = topReason.get(row.listing_id);
    if (!best || n > best.n || (n === best.n && row.first_at < best.firstAt)) topReason.set(row.listing_id, { reason: row.reason, n, firstAt: row.first_at });
  }
  return groups.flatMap((group) => {
    const listing = byId.get(group.listing_id);
    const reason = topReason.get(group.listing_id)?.reason;
    if (!listing || !isListingReportReason(reason)) return [];
    return [
      {
        listingId: listing.id,
        title: listing.title,
        priceCents: listing.price_cents,
        currency: listing.currency,
        status: listing.status,
        imageUrl: listing.image_url,
        reason,
        sellerId: listing.user_id,
        sellerName: sellerNameOf(listing),
        flaggedAt: group.flagged_at,
        reportCount: Number(group.reporters),
      },
    ];
  });
}

/** Listings with open reports (the queue's length). */
export async function countFlaggedListings(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("listing_reports")
    .select((eb) => eb.fn.count<number | string>("listing_id").distinct().as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

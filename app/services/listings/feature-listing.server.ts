// A seller features their own listing for a number of days: from the listing's page or /seller/listings,
// for one of the fee schedule's durations. In one write transaction the listing is marked featured until its end
// (a featuring bought while one runs extends it from its end) and the charge is written as a platform fee the seller
// owes (platform_fees: their dashboard and the admin's sales report read it). It ends by itself: the home page reads
// the end date, and the scheduler's pass clears the flag (endExpiredFeaturings).
import { FEATURING_MESSAGES } from "~/schemas/featuring.ts";
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FEE_SCHEDULE, featuredListingCharge } from "~/lib/fees.ts";
import { moderationHoldMessage } from "~/lib/moderation.ts";
import { publicName } from "~/lib/user.ts";
import { DomainError } from "../domain-error.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `days` is one of the durations on sale. */
function isFeaturingDuration(days: unknown): days is number {
  return typeof days === "number" && FEE_SCHEDULE.featuredListing.durations.includes(days);
}

export interface FeaturingState {
  listingId: number;
  title: string;
  status: string;
  /** Featured by staff with no end (nothing to buy), by a paid featuring until this time, or not at all. */
  featured: { bySeller: false } | { bySeller: true; until: string } | null;
  /** Why the seller may not buy a featuring now, or null. */
  problem: string | null;
}

function featuringOf(row: { is_featured: number; featured_until: string | null }, now: Date): FeaturingState["featured"] {
  if (row.is_featured !== 1) return null;
  if (row.featured_until === null) return { bySeller: false };
  return row.featured_until > now.toISOString() ? { bySeller: true, until: row.featured_until } : null;
}

function problemOf(row: { user_id: string; status: string }, featured: FeaturingState["featured"], sellerId: string): string | null {
  if (row.user_id !== sellerId) return FEATURING_MESSAGES.notOwner;
  const held = moderationHoldMessage(row.status);
  if (held) return held;
  if (row.status !== "active") return FEATURING_MESSAGES.notActive;
  if (featured && !featured.bySeller) return FEATURING_MESSAGES.byStaff;
  return null;
}

/** What the featuring page shows the seller; a not_found refusal for a listing that is not theirs. */
export async function featuringState(db: Kysely<Database>, sellerId: string, listingId: number, now: Date = new Date()): Promise<FeaturingState> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw new DomainError("not_found", FEATURING_MESSAGES.notFound);
  const row = await db
    .selectFrom("equipment_listings")
    .select(["id", "title", "user_id", "status", "is_featured", "featured_until"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!row || row.user_id !== sellerId) throw new DomainError("not_found", FEATURING_MESSAGES.notFound);
  const featured = featuringOf(row, now);
  return { listingId: row.id, title: row.title, status: row.status, featured, problem: problemOf(row, featured, sellerId) };
}

export interface FeaturingPurchase {
  feeId: number;
  amountCents: number;
  currency: string;
  startsAt: string;
  endsAt: string;
}

/**
 * The seller buys `days` days of featuring for their active listing: refused for another's listing (not found), a
 * listing not active or held by moderation, one staff feature already, or a duration not on sale. Returns the fee row.
 */
export async function featureListing(
  db: Kysely<Database>,
  request: { sellerId: string; listingId: number; days: number; now?: Date },
): Promise<FeaturingPurchase> {
  const now = request.now ?? new Date();
  if (!isFeaturingDuration(request.days)) throw new DomainError("invalid", FEATURING_MESSAGES.chooseDays, { field: "days" });
  if (!Number.isSafeInteger(request.listingId) || request.listingId <= 0) throw new DomainError("not_found", FEATURING_MESSAGES.notFound);
  const price = FEE_SCHEDULE.featuredListing;
  return inWriteTransaction(
    db,
    async (trx) => {
      const row = await forUpdate(
        trx,
        trx.selectFrom("equipment_listings").select(["id", "title", "user_id", "status", "is_featured", "featured_until"]).where("id", "=", request.listingId),
      ).executeTakeFirst();
      if (!row || row.user_id !== request.sellerId) throw new DomainError("not_found", FEATURING_MESSAGES.notFound);
      const featured = featuringOf(row, now);
      const problem = problemOf(row, featured, request.sellerId);
      if (problem)
        throw new DomainError(problem === FEATURING_MESSAGES.notActive || problem === FEATURING_MESSAGES.byStaff ? "conflict" : "forbidden", problem);
      const startsAt = featured?.bySeller ? featured.until : now.toISOString();
      const endsAt = new Date(new Date(startsAt).getTime() + request.days * DAY_MS).toISOString();
      const amountCents = featuredListingCharge(request.days, price);
      const fee = await trx
        .insertInto("platform_fees")
        .values({
          seller_id: request.sellerId,
          listing_id: row.id,
          kind: "featured_listing",
          description: `Featured listing, ${request.days} days: ${row.title}`.slice(0, 300),
          days: request.days,
          amount_cents: amountCents,
          currency: price.currency,
          starts_at: startsAt,
          ends_at: endsAt,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("equipment_listings").set({ is_featured: 1, featured_until: endsAt }).where("id", "=", row.id).execute();
      return { feeId: fee.id, amountCents, currency: price.currency, startsAt, endsAt };
    },
    { decidesOnLockedRows: true },
  );
}

/** Ends every paid featuring whose end has come (the scheduler's pass); returns how many ended. */
export async function endExpiredFeaturings(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const ended = await db
    .updateTable("equipment_listings")
    .set({ is_featured: 0, featured_until: null })
    .where("featured_until", "is not", null)
    .where("featured_until", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

export interface PlatformFeeRow {
  id: number;
  sellerId: string;
  /** Company, else first and last name. */
  sellerName: string;
  listingId: number | null;
  description: string;
  days: number;
  amountCents: number;
  currency: string;
  startsAt: string;
  endsAt: string;
  status: string;
  createdAt: string;
}

/** Platform fees, newest first: one seller's, or everyone's (the sales report); at most `limit` (≤ 100). */
export async function listPlatformFees(db: Kysely<Database>, { sellerId, limit = 20 }: { sellerId?: string; limit?: number } = {}): Promise<PlatformFeeRow[]> {
  let query = db
    .selectFrom("platform_fees as f")
    .innerJoin("profiles as p", "p.id", "f.seller_id")
    .selectAll("f")
    .select(["p.first_name", "p.last_name", "p.company_name"]);
  if (sellerId !== undefined) query = query.where("f.seller_id", "=", sellerId);
  const rows = await query
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .limit(Math.min(Math.max(1, Math.trunc(limit) || 1), 100))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sellerId: row.seller_id,
    sellerName: publicName({ firstName: row.first_name, lastName: row.last_name, companyName: row.company_name }, "Tradebench seller"),
    listingId: row.listing_id,
    description: row.description,
    days: Number(row.days),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
    createdAt: String(row.created_at),
  }));
}

/** Owed platform fees per currency: one seller's, or everyone's. */
export async function platformFeesOwed(db: Kysely<Database>, sellerId?: string): Promise<Array<{ currency: string; cents: number }>> {
  let query = db
    .selectFrom("platform_fees")
    .select(["currency", (eb) => eb.fn.sum<number | string>("amount_cents").as("cents")])
    .where("status", "=", "owed");
  if (sellerId !== undefined) query = query.where("seller_id", "=", sellerId);
  const rows = await query.groupBy("currency").orderBy("currency").execute();
  return rows.map((row) => ({ currency: row.currency, cents: Number(row.cents ?? 0) })).filter((row) => row.cents > 0);
}

export { FEATURING_MESSAGES };

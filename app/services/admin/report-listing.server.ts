// A member reports someone else's listing: once while their report is open, within the attempt limit; enough weight of
// open reports puts an active listing under review.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import {
  LISTING_REPORT_REASONS,
  LISTING_UNDER_REVIEW,
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX,
  REPORT_RATE_LIMIT,
  type ListingReportReason,
} from "~/lib/moderation.ts";
import { tooManyAttempts, sharedRateLimiter, type RateLimiter, recordAuditEvent } from "../platform/index.server.ts";
import { reportsHideContent } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";

/** Statuses a member may report a listing in: on sale, or already waiting for review. */
const REPORTABLE_STATUSES = ["active", LISTING_UNDER_REVIEW] as const;

export function isListingReportReason(value: unknown): value is ListingReportReason {
  return typeof value === "string" && (LISTING_REPORT_REASONS as readonly string[]).includes(value);
}

/** Counts one report (of a listing or a member) by `userId`; refuses with "Too many attempts…" past the limit. */
export async function claimReportAttempt(db: Kysely<Database>, userId: string, limiter: RateLimiter = sharedRateLimiter, now = new Date()): Promise<void> {
  const verdict = await limiter.hit(db, `report:user:${userId}`, REPORT_RATE_LIMIT, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

export interface ListingReportInput {
  listingId: number;
  reporterId: string;
  reason: string;
  note?: string;
}

/**
 * Files a member's report of a listing. Refuses (DomainError) an unknown or unlisted listing, the seller's own, a
 * second open report by the same member, and past the rate limit. Returns whether the listing is hidden from search now.
 */
export async function reportListing(
  db: Kysely<Database>,
  input: ListingReportInput,
  { limiter = sharedRateLimiter, now = new Date() }: { limiter?: RateLimiter; now?: Date } = {},
): Promise<{ hidden: boolean }> {
  if (!isListingReportReason(input.reason)) throw new DomainError("invalid", MODERATION_MESSAGES.reasonRequired, { field: "reason" });
  const note = (input.note ?? "").trim();
  if (note.length > REPORT_NOTE_MAX) throw new DomainError("invalid", MODERATION_MESSAGES.noteTooLong, { field: "note" });
  if (!Number.isSafeInteger(input.listingId) || input.listingId <= 0) throw new DomainError("not_found", MODERATION_MESSAGES.listingNotFound);
  const listing = await db.selectFrom("equipment_listings").select(["user_id", "status"]).where("id", "=", input.listingId).executeTakeFirst();
  if (!listing || !(REPORTABLE_STATUSES as readonly string[]).includes(listing.status)) throw new DomainError("not_found", MODERATION_MESSAGES.listingNotFound);
  if (listing.user_id === input.reporterId) throw new DomainError("forbidden", MODERATION_MESSAGES.ownListing);
  const already = await db
    .selectFrom("listing_reports")
    .select("id")
    .where("listing_id", "=", input.listingId)
    .where("reporter_id", "=", input.reporterId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (already) throw new DomainError("conflict", MODERATION_MESSAGES.alreadyReported);
  await claimReportAttempt(db, input.reporterId, limiter, now);
  const stamp = now.toISOString();
  return inWriteTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("listing_reports")
      .values({ listing_id: input.listingId, reporter_id: input.reporterId, reason: input.reason, note, created_at: stamp })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new DomainError("conflict", MODERATION_MESSAGES.alreadyReported);
    const open = await trx
      .selectFrom("listing_reports")
      .select("reporter_id")
      .distinct()
      .where("listing_id", "=", input.listingId)
      .where("status", "=", "open")
      .execute();
    const reporters = open.length;
    // Weighed by the reporters' standing; a staff member's listing is never hidden by reports (report-weight.server.ts).
    if (
      !(await reportsHideContent(
        trx,
        listing.user_id,
        open.map((row) => row.reporter_id),
        now,
      ))
    )
      return { hidden: listing.status === LISTING_UNDER_REVIEW };
    const hidden = await trx
      .updateTable("equipment_listings")
      .set({ status: LISTING_UNDER_REVIEW, updated_at: stamp })
      .where("id", "=", input.listingId)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (Number(hidden.numUpdatedRows) === 1) {
      await recordAuditEvent(
        trx,
        {
          actorUserId: null,
          action: "listing.hide_by_reports",
          subjectType: "listing",
          subjectId: input.listingId,
          detail: JSON.stringify({ old: { status: "active" }, new: { status: LISTING_UNDER_REVIEW }, reporters }),
        },
        now,
      );
    }
    return { hidden: true };
  });
}

/**
 * What the report page shows of a listing: its title, and whether `userId` may report it (not the seller's, no open
 * report of theirs); null when it is not a listing anyone may report.
 */
export async function reportableListing(
  db: Kysely<Database>,
  listingId: number,
  userId: string,
): Promise<{ id: number; title: string; problem: string | null } | null> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) return null;
  const listing = await db.selectFrom("equipment_listings").select(["id", "title", "user_id", "status"]).where("id", "=", listingId).executeTakeFirst();
  if (!listing || !(REPORTABLE_STATUSES as readonly string[]).includes(listing.status)) return null;
  if (listing.user_id === userId) return { id: listing.id, title: listing.title, problem: MODERATION_MESSAGES.ownListing };
  const open = await db
    .selectFrom("listing_reports")
    .select("id")
    .where("listing_id", "=", listingId)
    .where("reporter_id", "=", userId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return { id: listing.id, title: listing.title, problem: open ? MODERATION_MESSAGES.alreadyReported : null };
}

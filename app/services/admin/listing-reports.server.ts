// Listing reports and their review (docs/product/admin.md#dashboard Flagged Listings, docs/product/admin.md#moderation Flagged listing). A signed-in
// member reports someone else's listing once (while their report is open), within REPORT_RATE_LIMIT; once its open
// reporters weigh REPORT_WEIGHT_TO_HIDE (by account standing; never a staff member's listing) an active listing is put "under_review", a status every search already leaves
// out (they read status = 'active'), so hiding costs the search nothing. Moderators (can_moderate_content) see the
// queue oldest first, grouped by listing, and decide: dismiss, warn the seller, unpublish (archived) or remove (the
// listing's live auction cancelled, its bidders told). Each decision closes the listing's open reports and is one
// audit_events row, written with the moderator's other changes in one transaction; the seller hears why.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import {
  FLAGGED_LISTINGS_PAGE,
  LISTING_REMOVED,
  LISTING_REPORT_REASON_LABELS,
  LISTING_REPORT_REASONS,
  LISTING_UNDER_REVIEW,
  MODERATION_MESSAGES,
  MODERATOR_MESSAGE_MAX,
  REPORT_NOTE_MAX,
  REPORT_RATE_LIMIT,
  type ListingReportReason,
  type ListingReviewDecision,
} from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { publicName } from "~/lib/user.ts";
import { tooManyAttempts } from "../platform/attempt-counters.server.ts";
import { permissionsOfRole } from "../accounts/permissions.server.ts";
import { reportsHideContent } from "../accounts/report-weight.server.ts";
import { assertNotAParty } from "../accounts/separation-of-duties.server.ts";
import { sharedRateLimiter, type RateLimiter } from "../platform/rate-limit.server.ts";
import { announceAuctionChange, findAuctionRow, toLiveState } from "../auctions/auction-state.server.ts";
import { DomainError } from "../domain-error.ts";
import { primaryThumbnail } from "../listings/listing-cards.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../messaging/notifications.server.ts";
import { recordAuditEvent } from "../platform/audit-log.server.ts";

/** Statuses a member may report a listing in: on sale, or already waiting for review. */
const REPORTABLE_STATUSES = ["active", LISTING_UNDER_REVIEW] as const;

function isListingReportReason(value: unknown): value is ListingReportReason {
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

async function assertModerator(db: Kysely<Database>, userId: string): Promise<void> {
  const profile = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  const permissions = profile ? await permissionsOfRole(db, profile.role as Role) : new Set();
  if (!permissions.has("can_moderate_content")) throw new DomainError("forbidden", MODERATION_MESSAGES.notModerator);
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

export interface ListingReviewInput {
  decision: ListingReviewDecision;
  /** To the seller: required to warn; unpublish and remove without one name the reports' reasons; ignored on dismiss. */
  message?: string;
}

export interface ListingReviewResult {
  decision: ListingReviewDecision;
  status: string;
  closedReports: number;
  /** Bidders told their auction was cancelled (remove only). */
  biddersNotified: number;
}

const RESOLUTION_OF: Record<ListingReviewDecision, string> = { dismiss: "dismissed", warn: "warned", unpublish: "unpublished", remove: "removed" };

/**
 * A moderator's decision on a reported listing, in one transaction with its audit row: closes every open report of
 * the listing; dismiss and warn put a listing hidden by its reports back in search; unpublish archives it; remove
 * takes it down for good; both of the last cancel its upcoming or live auction, telling the bidders. The seller is told of a
 * warning, an unpublishing or a removal, with the moderator's message.
 */
export async function reviewReportedListing(
  db: Kysely<Database>,
  actorUserId: string,
  listingId: number,
  input: ListingReviewInput,
  now = new Date(),
): Promise<ListingReviewResult> {
  const decision = input.decision;
  if (!(decision in RESOLUTION_OF)) throw new DomainError("invalid", MODERATION_MESSAGES.decisionRequired, { field: "decision" });
  const message = (input.message ?? "").trim();
  if (decision === "warn" && message.length === 0) throw new DomainError("invalid", MODERATION_MESSAGES.messageRequired, { field: "message" });
  if (message.length > MODERATOR_MESSAGE_MAX) throw new DomainError("invalid", MODERATION_MESSAGES.messageTooLong, { field: "message" });
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw new DomainError("not_found", MODERATION_MESSAGES.listingNotFound);
  const stamp = now.toISOString();
  let auctionId: number | null = null;
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      await assertModerator(trx, actorUserId);
      const listing = await forUpdate(
        trx,
        trx.selectFrom("equipment_listings").select(["id", "title", "status", "user_id"]).where("id", "=", listingId),
      ).executeTakeFirst();
      if (!listing) throw new DomainError("not_found", MODERATION_MESSAGES.listingNotFound);
      const open = await trx
        .selectFrom("listing_reports")
        .select(["id", "reason", "reporter_id"])
        .where("listing_id", "=", listingId)
        .where("status", "=", "open")
        .execute();
      if (open.length === 0) throw new DomainError("conflict", MODERATION_MESSAGES.noOpenReports);
      // Not on one's own listing, nor on reports one filed (separation of duties).
      assertNotAParty("report", actorUserId, [listing.user_id, ...open.map((row) => row.reporter_id)]);
      // Unpublish and remove without a message (the dashboard's Remove button) tell the seller the reports' reasons.
      const reasons = [...new Set(open.map((row) => row.reason))]
        .filter(isListingReportReason)
        .map((reason) => LISTING_REPORT_REASON_LABELS[reason].toLowerCase());
      const told = message || `members reported it (${reasons.join(", ")}) and our moderators agreed.`;
      if ((decision === "unpublish" || decision === "remove") && listing.status === "sold") {
        throw new DomainError("conflict", "A sold listing cannot be unpublished or removed; dismiss the reports or warn the seller.");
      }
      let status = listing.status;
      if (decision === "dismiss" || decision === "warn") status = listing.status === LISTING_UNDER_REVIEW ? "active" : listing.status;
      else if (decision === "unpublish") status = "archived";
      else status = LISTING_REMOVED;

      const notifications: NotificationDraft[] = [];
      let cancelledAuction: number | null = null;
      if (decision === "remove" || decision === "unpublish") {
        const auction = await forUpdate(
          trx,
          trx.selectFrom("auctions").select(["id", "bid_count"]).where("listing_id", "=", listingId).where("status", "in", LIVE_AUCTION_STATUSES),
        ).executeTakeFirst();
        if (auction) {
          await trx
            .updateTable("auctions")
            .set((eb) => ({ status: "cancelled", cancelled_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
            .where("id", "=", auction.id)
            .where("status", "in", LIVE_AUCTION_STATUSES)
            .execute();
          cancelledAuction = auction.id;
          const bidders = await trx.selectFrom("bids").select("user_id").distinct().where("auction_id", "=", auction.id).execute();
          for (const bidder of bidders) {
            if (bidder.user_id === listing.user_id) continue;
            notifications.push({
              userId: bidder.user_id,
              type: "auction_ended",
              title: "Auction cancelled",
              message: `The auction for "${listing.title}" was cancelled by Tradebench's moderators. Your bids no longer count and nothing is owed.`,
              actionUrl: `/auctions/${auction.id}`,
            });
          }
        }
      }
      if (status !== listing.status) await trx.updateTable("equipment_listings").set({ status, updated_at: stamp }).where("id", "=", listingId).execute();
      const closed = await trx
        .updateTable("listing_reports")
        .set({ status: "closed", resolved_at: stamp, resolved_by: actorUserId, resolution: RESOLUTION_OF[decision] })
        .where("listing_id", "=", listingId)
        .where("status", "=", "open")
        .executeTakeFirst();
      const sellerNotice = sellerNotification(decision, listing.title, listingId, told);
      const bidderCount = notifications.length;
      if (sellerNotice) notifications.push({ userId: listing.user_id, ...sellerNotice });
      await insertNotifications(trx, notifications, now);
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: `listing.${decision}`,
          subjectType: "listing",
          subjectId: listingId,
          detail: JSON.stringify({
            old: { status: listing.status },
            new: { status },
            reports: Number(closed.numUpdatedRows),
            ...(decision !== "dismiss" ? { message: told } : {}),
            ...(cancelledAuction !== null ? { cancelledAuction, biddersNotified: bidderCount } : {}),
          }),
        },
        now,
      );
      auctionId = cancelledAuction;
      return { result: { decision, status, closedReports: Number(closed.numUpdatedRows), biddersNotified: bidderCount }, notifications };
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(committed.notifications);
  if (auctionId !== null) {
    const row = await findAuctionRow(db, auctionId);
    if (row) announceAuctionChange({ reason: "cancelled", state: toLiveState(row), newBids: [] });
  }
  return committed.result;
}

function sellerNotification(decision: ListingReviewDecision, title: string, listingId: number, message: string): Omit<NotificationDraft, "userId"> | null {
  switch (decision) {
    case "dismiss":
      return null;
    case "warn":
      return {
        type: "system",
        title: "A warning about your listing",
        message: `Our moderators reviewed reports about "${title}" and ask you to act: ${message}`,
        actionUrl: `/listings/${listingId}`,
      };
    case "unpublish":
      return {
        type: "system",
        title: "Your listing was unpublished",
        message: `Our moderators unpublished "${title}": ${message} You can edit it and publish it again.`,
        actionUrl: `/edit-listing/${listingId}`,
      };
    case "remove":
      return { type: "system", title: "Your listing was removed", message: `Our moderators removed "${title}": ${message}`, actionUrl: null };
  }
}

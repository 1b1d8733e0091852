// A moderator's decision on a reported listing: dismiss, warn, unpublish or remove, with its audit row and the
// seller's notice.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import {
  LISTING_REMOVED,
  LISTING_REPORT_REASON_LABELS,
  LISTING_UNDER_REVIEW,
  MODERATION_MESSAGES,
  MODERATOR_MESSAGE_MAX,
  type ListingReviewDecision,
} from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { announceAuctionChange, findAuctionRow, toLiveState } from "../auctions/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { isListingReportReason } from "./report-listing.server.ts";

async function assertModerator(db: Kysely<Database>, userId: string): Promise<void> {
  const profile = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  const permissions = profile ? await permissionsOfRole(db, profile.role as Role) : new Set();
  if (!permissions.has("can_moderate_content")) throw new DomainError("forbidden", MODERATION_MESSAGES.notModerator);
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

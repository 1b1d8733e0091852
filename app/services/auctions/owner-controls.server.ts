// The owner's controls (docs/product/auctions.md#states): the listing's owner may end an auction early or cancel it while it is
// upcoming or running. Ending early is a settlement like the end date's, so it is the settlement flow's
// (app/flows/auction-settlement.server.ts, which checks the owner with ownedAuctionRow); cancelling sells nothing.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { DomainError, type DomainErrorKind } from "../domain-error.ts";
import { isOwner, moderationHold } from "../listings/index.server.ts";
import { insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { announceCommitted, bidderIdsOf, DECIDES_ON_LOCKED_AUCTION, markListingUnsold, type CommittedAuctionChange } from "./auction-lifecycle.server.ts";
import { findAuctionRow, lockAuction, type AuctionRow } from "./auction-state.server.ts";
import { startAuctionIfDue } from "./start-due-auctions.server.ts";

/** The refusals of the owner's controls (docs/product/auctions.md#messages). */
export const LIFECYCLE_MESSAGES = {
  notFound: "Auction not found",
  endPermission: "You do not have permission to end this auction",
  cancelPermission: "You do not have permission to cancel this auction",
  cannotEnd: "This auction cannot be ended",
  cannotCancel: "This auction cannot be cancelled",
} as const;

/** Why the owner's end or cancel is refused, shown on the confirmation page: not theirs, or no longer running. */
export type LifecycleRefusalKind = Extract<DomainErrorKind, "forbidden" | "conflict">;

function permissionMessage(action: OwnerAction): string {
  return action === "end" ? LIFECYCLE_MESSAGES.endPermission : LIFECYCLE_MESSAGES.cancelPermission;
}

function stateMessage(action: OwnerAction): string {
  return action === "end" ? LIFECYCLE_MESSAGES.cannotEnd : LIFECYCLE_MESSAGES.cannotCancel;
}

export interface OwnerRequest {
  auctionId: number;
  userId: string;
  now?: Date;
  /** Staff cancel on the owner's behalf (the owner's account was suspended): bidders are told Tradebench cancelled it. */
  byStaff?: boolean;
}

/**
 * The auction, read in the transaction, if `request.userId` owns its listing and it is still upcoming or running.
 * An auction past its end date has ended (or ends on the settlement that runs first) and can be neither ended nor cancelled.
 */
export async function ownedAuctionRow(trx: Kysely<Database>, request: OwnerRequest, now: Date, action: OwnerAction): Promise<AuctionRow> {
  await lockAuction(trx, request.auctionId);
  const row = await findAuctionRow(trx, request.auctionId);
  if (!row) throw new DomainError("not_found", LIFECYCLE_MESSAGES.notFound);
  if (!isOwner({ ownerId: row.seller_id }, request.userId)) throw new DomainError("forbidden", permissionMessage(action));
  if (!request.byStaff) {
    const held = await sellerModerationHold(trx, row);
    if (held) throw held;
  }
  if ((row.status !== "active" && row.status !== "upcoming") || row.end_date <= now.toISOString()) {
    throw new DomainError("conflict", stateMessage(action));
  }
  return row;
}

/**
 * The seller may neither end nor cancel the auction of a listing its reports hid: ending would sell it
 * before review, cancelling would free it to be relisted. Only a moderator's decision (which cancels it) changes it.
 */
async function sellerModerationHold(db: Kysely<Database>, row: Pick<AuctionRow, "listing_id" | "seller_id">): Promise<DomainError | null> {
  const listing = await db.selectFrom("equipment_listings").select("status").where("id", "=", row.listing_id).executeTakeFirst();
  return listing ? moderationHold({ status: listing.status, ownerId: row.seller_id }, row.seller_id) : null;
}

export type OwnerAction = "end" | "cancel";

/** What the owner's confirmation page shows: the auction, and why the action is refused if it is. */
export interface OwnerControlView {
  auctionId: number;
  title: string;
  status: string;
  bidCount: number;
  refusal: { kind: LifecycleRefusalKind; message: string } | null;
}

/**
 * The auction as its owner's end or cancel page shows it, as stored (ownerControlView in app/flows settles it first);
 * null when there is no such auction.
 */
export async function ownerControlState(
  db: Kysely<Database>,
  request: { auctionId: number; userId: string },
  action: OwnerAction,
): Promise<OwnerControlView | null> {
  const row = await findAuctionRow(db, request.auctionId);
  if (!row) return null;
  const view = { auctionId: row.id, title: row.title, status: row.status, bidCount: row.bid_count };
  if (!isOwner({ ownerId: row.seller_id }, request.userId)) return { ...view, refusal: { kind: "forbidden", message: permissionMessage(action) } };
  if (row.status !== "active" && row.status !== "upcoming") return { ...view, refusal: { kind: "conflict", message: stateMessage(action) } };
  const held = await sellerModerationHold(db, row);
  if (held) return { ...view, refusal: { kind: "forbidden", message: held.message } };
  return { ...view, refusal: null };
}

/**
 * The owner cancels the auction: no sale, the listing is unsold (its seller chooses what next), every bidder is told.
 * Active or upcoming only; an upcoming auction whose start has come starts first. One past its end is refused: the
 * owner's route (cancelAuction in app/flows) settles it first, staff cancel only auctions whose end is to come.
 */
export async function cancelRunningAuction(db: Kysely<Database>, request: OwnerRequest): Promise<{ auctionId: number; notified: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  await startAuctionIfDue(db, request.auctionId, now);
  const committed = await inWriteTransaction(
    db,
    async (trx): Promise<CommittedAuctionChange<{ auctionId: number; notified: number }>> => {
      const row = await ownedAuctionRow(trx, request, now, "cancel");
      const claimed = await trx
        .updateTable("auctions")
        .set((eb) => ({ status: "cancelled", cancelled_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
        .where("id", "=", row.id)
        .where("status", "in", ["active", "upcoming"])
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", LIFECYCLE_MESSAGES.cannotCancel);
      await markListingUnsold(trx, row.listing_id, stamp);
      const bidders = row.bid_count > 0 ? await bidderIdsOf(trx, row.id) : [];
      const notifications: NotificationDraft[] = bidders
        .filter((bidderId) => bidderId !== row.seller_id)
        .map((bidderId) => ({
          userId: bidderId,
          type: "auction_ended",
          title: "Auction cancelled",
          message: request.byStaff
            ? `Tradebench cancelled the auction for "${row.title}": the seller's account is suspended. Your bids no longer count and nothing is owed.`
            : `The seller cancelled the auction for "${row.title}". Your bids no longer count and nothing is owed.`,
          actionUrl: `/auctions/${row.id}`,
        }));
      await insertNotifications(trx, notifications, now);
      return { result: { auctionId: row.id, notified: notifications.length }, reason: "cancelled", auctionId: row.id, notifications };
    },
    DECIDES_ON_LOCKED_AUCTION,
  );
  const result = await announceCommitted(db, committed);
  return result!;
}

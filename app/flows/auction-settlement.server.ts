// An auction's settlement (docs/product/auctions.md#states): when an auction ends, at its end date or early by its owner,
// the highest bid wins if it meets the reserve, and the winner's order (orders) and the watchers' sold alerts (alerts)
// are written in the same write transaction as the auctions domain's claim of the end (claimAuctionEnd). Only the
// transaction whose claim hit the row goes on, so each auction ends, and its order is made, exactly once however many
// scheduler passes, page reads and server processes race; each transaction locks the auction's row first.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { itemSoldAlerts } from "../services/alerts/index.server.ts";
import {
  announceCommitted,
  auctionsDueToEnd,
  cancelRunningAuction,
  claimAuctionEnd,
  DECIDES_ON_LOCKED_AUCTION,
  endNotifications,
  findAuctionPage,
  findAuctionPanel,
  findAuctionRow,
  forEachAuction,
  LIFECYCLE_MESSAGES,
  lockAuction,
  ownedAuctionRow,
  ownerControlState,
  saleTypeOfAuction,
  startAuction,
  startDueAuctionsTallied,
  type AuctionPageData,
  type AuctionPanelData,
  type AuctionPassTally,
  type AuctionRow,
  type CommittedAuctionChange,
  type EndedAuction,
  type OwnerAction,
  type OwnerControlView,
  type OwnerRequest,
} from "../services/auctions/index.server.ts";
import { DomainError } from "../services/domain-error.ts";
import type { ListingViewer } from "../services/listings/index.server.ts";
import { insertNotifications } from "../services/notifications/index.server.ts";
import { createOrder } from "../services/orders/index.server.ts";

export interface LifecycleCounts {
  started: number;
  ended: number;
  /** Auctions whose change failed this pass (logged; tried again on the next pass). */
  failed: number;
}

/**
 * Ends the auction `row` (read inside `trx`): the auctions domain claims it, then the sale is settled in the same
 * transaction: the winner's order, everyone's notification, the watchers' sold alerts. Null when the claim missed.
 */
async function endClaimed(trx: Kysely<Database>, row: AuctionRow, now: Date, due: boolean): Promise<CommittedAuctionChange<EndedAuction> | null> {
  const claim = await claimAuctionEnd(trx, row, now, due);
  if (!claim) return null;
  const { outcome, winnerId, bidderIds } = claim;
  let orderId: number | null = null;
  if (winnerId) {
    const order = await createOrder(
      trx,
      {
        listingId: row.listing_id,
        auctionId: row.id,
        buyerId: winnerId,
        sellerId: row.seller_id,
        saleType: saleTypeOfAuction(row.listing_type),
        amountCents: row.current_price_cents,
        currency: row.currency,
        createdBy: null,
      },
      now,
    );
    orderId = order.id;
  }
  const notifications = endNotifications(row, outcome, bidderIds, orderId);
  if (winnerId) {
    const sold = {
      listingId: row.listing_id,
      title: row.title,
      sellerId: row.seller_id,
      buyerId: winnerId,
      alreadyTold: bidderIds,
      actionUrl: `/auctions/${row.id}`,
    };
    notifications.push(...(await itemSoldAlerts(trx, sold)));
  }
  await insertNotifications(trx, notifications, now);
  return { result: { auctionId: row.id, outcome, winnerId, orderId }, reason: "ended", auctionId: row.id, notifications };
}

/** Ends one active auction whose end date has come; null when it is not due or another writer ended it first. */
async function endOneDue(db: Kysely<Database>, auctionId: number, now: Date): Promise<EndedAuction | null> {
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      await lockAuction(trx, auctionId);
      const row = await findAuctionRow(trx, auctionId);
      if (!row || row.status !== "active" || row.end_date > now.toISOString()) return null;
      return endClaimed(trx, row, now, true);
    },
    DECIDES_ON_LOCKED_AUCTION,
  );
  return announceCommitted(db, committed);
}

/** Active auctions whose end date has come end (docs/product/auctions.md#states). Returns how many this call ended. */
export async function endDueAuctions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return (await endDue(db, now)).done;
}

async function endDue(db: Kysely<Database>, now: Date): Promise<AuctionPassTally> {
  return forEachAuction(await auctionsDueToEnd(db, now), async (id) => (await endOneDue(db, id, now)) !== null, "end");
}

/**
 * Starts and ends the one auction if its time has come: called when an auction is read, so a page never shows a
 * running auction past its end even between scheduler passes. Cheap when nothing is due (one indexed read).
 */
export async function settleAuctionIfDue(db: Kysely<Database>, auctionId: number, now: Date = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const row = await db.selectFrom("auctions").select(["status", "start_date", "end_date"]).where("id", "=", auctionId).executeTakeFirst();
  if (!row) return;
  if (row.status === "upcoming" && row.start_date <= stamp) await startAuction(db, auctionId, now);
  if ((row.status === "upcoming" || row.status === "active") && row.start_date <= stamp && row.end_date <= stamp) {
    await endOneDue(db, auctionId, now);
  }
}

/** One pass of the scheduler: start due auctions, then end due ones. */
export async function runAuctionLifecycle(db: Kysely<Database>, now: Date = new Date()): Promise<LifecycleCounts> {
  const started = await startDueAuctionsTallied(db, now);
  const ended = await endDue(db, now);
  return { started: started.done, ended: ended.done, failed: started.failed + ended.failed };
}

/** Starts or ends the auction if due; a failure here must not cost the viewer the page (the scheduler retries). */
async function settleOnRead(db: Kysely<Database>, auctionId: number, now: Date): Promise<void> {
  try {
    await settleAuctionIfDue(db, auctionId, now);
  } catch (error) {
    console.error(`Could not settle auction ${auctionId} on read`, error);
  }
}

/** The bid panel's data for one auction, settled first if its time has come; null when there is no such auction. */
export async function getAuctionPanel(
  db: Kysely<Database>,
  auctionId: number,
  viewerId: string | null | undefined,
  now: Date = new Date(),
): Promise<AuctionPanelData | null> {
  await settleOnRead(db, auctionId, now);
  return findAuctionPanel(db, auctionId, viewerId, now);
}

/** The lot page, its auction settled first if its time has come; null when there is none or its listing is hidden. */
export async function getAuctionPage(
  db: Kysely<Database>,
  auctionId: number,
  viewer: ListingViewer | null,
  now: Date = new Date(),
): Promise<AuctionPageData | null> {
  await settleOnRead(db, auctionId, now);
  return findAuctionPage(db, auctionId, viewer, now);
}

/** The auction as its owner's end or cancel page shows it, settled first if its time has come; null when there is none. */
export async function ownerControlView(
  db: Kysely<Database>,
  request: { auctionId: number; userId: string },
  action: OwnerAction,
  now: Date = new Date(),
): Promise<OwnerControlView | null> {
  await settleAuctionIfDue(db, request.auctionId, now);
  return ownerControlState(db, request, action);
}

/**
 * The owner ends the auction now (docs/product/auctions.md#states): the same settlement as at the end date — the highest bid wins if it
 * meets the reserve. Only the listing's owner, only from active or upcoming.
 */
export async function endAuctionEarly(db: Kysely<Database>, request: OwnerRequest): Promise<EndedAuction> {
  const now = request.now ?? new Date();
  await settleAuctionIfDue(db, request.auctionId, now);
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      const row = await ownedAuctionRow(trx, request, now, "end");
      const ended = await endClaimed(trx, row, now, false);
      if (!ended) throw new DomainError("conflict", LIFECYCLE_MESSAGES.cannotEnd);
      return ended;
    },
    DECIDES_ON_LOCKED_AUCTION,
  );
  const result = await announceCommitted(db, committed);
  return result!;
}

/** The owner cancels the auction; one whose time has come is settled first (and, ended, can no longer be cancelled). */
export async function cancelAuction(db: Kysely<Database>, request: OwnerRequest): Promise<{ auctionId: number; notified: number }> {
  const now = request.now ?? new Date();
  await settleAuctionIfDue(db, request.auctionId, now);
  return cancelRunningAuction(db, { ...request, now });
}

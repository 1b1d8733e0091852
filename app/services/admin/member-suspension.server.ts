// Suspending and reinstating a member, by staff whose role holds can_manage_users (an administrator's
// account: can_manage_admins), never one's own: the rule of ./member-authority.server.ts. Suspending, in one write transaction: marks the profile, deletes every
// session of the member (they are signed out at once), caps the proxy maximums they left on live auctions at the bids
// those already placed (so nothing bids for them any more) and writes the audit row {old, new}. Then, after the commit,
// each of their live (active or upcoming) auctions is cancelled through the auctions domain, which tells the
// bidders; the same transaction records each of those auctions with its state before (suspension_cancellations).
// Reinstating clears the mark (audited); then staff see what the suspension cancelled and may restore the auctions
// that can still come back (restoreSuspensionCancellations: one transaction, audited, the seller told, idempotent).
// What a suspended account can no longer do is enforced in the
// accounts domain (app/services/accounts/suspension.server.ts).
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { ADMIN_MESSAGES } from "~/lib/admin.ts";
import {
  MEMBER_AUDIT_ACTIONS,
  MEMBER_MESSAGES,
  RESTORE_END_DAYS,
  RESTORE_LIST_MAX,
  SUSPENSION_REASON_MAX_LENGTH,
  type RestoreState,
} from "~/lib/admin-members.ts";
import { deleteUserSessions } from "../accounts/index.server.ts";
import { announceRestoredAuction, cancelRunningAuction, restoreCancelledAuction } from "../auctions/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { managesMembers, memberAuthority, memberAuthorityRefusal } from "./member-authority.server.ts";

export interface SuspensionOutcome {
  suspended: boolean;
  /** False when the account was already in that state (nothing written). */
  changed: boolean;
  /** Live auctions cancelled because of this suspension. */
  auctionsCancelled: number;
  /** Bidders told of those cancellations. */
  biddersNotified: number;
}

/** Reads the actor's authority and the target in the transaction, and applies the rules every change shares (member-authority). */
async function checkedTarget(trx: Kysely<Database>, actorUserId: string, targetUserId: string) {
  const authority = await memberAuthority(trx, actorUserId);
  if (!managesMembers(authority)) throw new DomainError("forbidden", ADMIN_MESSAGES.forbidden, { code: "can_manage_users" });
  const target = await forUpdate(
    trx,
    trx.selectFrom("profiles").select(["id", "role", "suspended_at", "suspended_by", "suspension_reason"]).where("id", "=", targetUserId),
  ).executeTakeFirst();
  if (!target) throw new DomainError("not_found", ADMIN_MESSAGES.userNotFound);
  const refusal = memberAuthorityRefusal(authority, target);
  if (refusal === "own_account") throw new DomainError("forbidden", MEMBER_MESSAGES.ownAccount, { code: "own_account" });
  if (refusal !== null) throw new DomainError("forbidden", MEMBER_MESSAGES.adminOnlySuperAdmin, { code: "can_manage_admins" });
  return target;
}

/** Suspends `targetUserId` on behalf of `actorUserId` (see the top of this file). */
export async function suspendUser(
  db: Kysely<Database>,
  actorUserId: string,
  targetUserId: string,
  input: { reason?: string } = {},
  now = new Date(),
): Promise<SuspensionOutcome> {
  const reason = String(input.reason ?? "").trim();
  if (reason.length > SUSPENSION_REASON_MAX_LENGTH) throw new DomainError("invalid", MEMBER_MESSAGES.reasonTooLong, { field: "reason" });
  const stamp = now.toISOString();
  const changed = await inWriteTransaction(db, async (trx) => {
    const target = await checkedTarget(trx, actorUserId, targetUserId);
    if (target.suspended_at !== null) return false;
    await trx
      .updateTable("profiles")
      .set({ suspended_at: stamp, suspended_by: actorUserId, suspension_reason: reason, updated_at: stamp })
      .where("id", "=", targetUserId)
      .execute();
    await deleteUserSessions(trx, targetUserId);
    // A proxy maximum they left on a live auction stops bidding for them: it is capped at the bid it already placed.
    const live = trx.selectFrom("auctions").select("id").where("status", "in", ["active", "upcoming"]);
    await trx
      .updateTable("bids")
      .set((eb) => ({ max_amount_cents: eb.ref("amount_cents") }))
      .where("user_id", "=", targetUserId)
      .where("max_amount_cents", "is not", null)
      .where((eb) => eb("max_amount_cents", ">", eb.ref("amount_cents")))
      .where("auction_id", "in", live)
      .execute();
    // What the cancellations below will undo, with each auction's state before, so reinstating can offer it back.
    const theirLive = await trx
      .selectFrom("auctions")
      .innerJoin("equipment_listings", "equipment_listings.id", "auctions.listing_id")
      .select(["auctions.id", "auctions.listing_id", "auctions.status", "auctions.end_date", "equipment_listings.status as listing_status"])
      .where("equipment_listings.user_id", "=", targetUserId)
      .where("auctions.status", "in", ["active", "upcoming"])
      .where("auctions.end_date", ">", stamp)
      .execute();
    if (theirLive.length > 0) {
      await trx
        .insertInto("suspension_cancellations")
        .values(
          theirLive.map((row) => ({
            user_id: targetUserId,
            suspended_at: stamp,
            auction_id: row.id,
            listing_id: row.listing_id,
            previous_status: row.status,
            previous_end_date: row.end_date,
            previous_listing_status: row.listing_status,
            created_at: stamp,
          })),
        )
        .execute();
    }
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: MEMBER_AUDIT_ACTIONS.suspend,
        subjectType: "user",
        subjectId: targetUserId,
        detail: JSON.stringify({ old: { suspended: false }, new: { suspended: true, reason } }),
      },
      now,
    );
    return true;
  });
  if (!changed) return { suspended: true, changed: false, auctionsCancelled: 0, biddersNotified: 0 };

  // After the commit: the suspended seller's live auctions, each cancelled (and its bidders told) by the auctions domain.
  const live = await db
    .selectFrom("auctions")
    .innerJoin("equipment_listings", "equipment_listings.id", "auctions.listing_id")
    .select("auctions.id")
    .where("equipment_listings.user_id", "=", targetUserId)
    .where("auctions.status", "in", ["active", "upcoming"])
    .where("auctions.end_date", ">", stamp)
    .execute();
  let auctionsCancelled = 0;
  let biddersNotified = 0;
  for (const auction of live) {
    try {
      const outcome = await cancelRunningAuction(db, { auctionId: Number(auction.id), userId: targetUserId, now, byStaff: true });
      auctionsCancelled++;
      biddersNotified += outcome.notified;
    } catch (error) {
      // An auction that ended or was cancelled meanwhile is no longer live: nothing to do for it.
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
    }
  }
  return { suspended: true, changed: true, auctionsCancelled, biddersNotified };
}

/** Lifts the suspension of `targetUserId` (audited); the member signs in again as before. */
export async function reinstateUser(db: Kysely<Database>, actorUserId: string, targetUserId: string, now = new Date()): Promise<SuspensionOutcome> {
  const stamp = now.toISOString();
  const changed = await inWriteTransaction(db, async (trx) => {
    const target = await checkedTarget(trx, actorUserId, targetUserId);
    if (target.suspended_at === null) return false;
    await trx
      .updateTable("profiles")
      .set({ suspended_at: null, suspended_by: null, suspension_reason: "", updated_at: stamp })
      .where("id", "=", targetUserId)
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: MEMBER_AUDIT_ACTIONS.reinstate,
        subjectType: "user",
        subjectId: targetUserId,
        detail: JSON.stringify({
          old: { suspended: true, reason: target.suspension_reason, since: target.suspended_at },
          new: { suspended: false },
        }),
      },
      now,
    );
    return true;
  });
  return { suspended: false, changed, auctionsCancelled: 0, biddersNotified: 0 };
}

// ── What the suspension cancelled, offered back at reinstatement ──

export interface SuspensionCancellation {
  auctionId: number;
  listingId: number;
  title: string;
  /** The auction's status and end before the suspension cancelled it. */
  previousStatus: string;
  previousEndDate: string;
  /** Its end now (the new one, once restored with one). */
  endDate: string;
  bidCount: number;
  state: RestoreState;
  restoredAt: string | null;
}

/** The latest suspension's cancelled auctions of `userId`, newest first, each with where it stands at `now`. */
async function latestCancellations(db: Kysely<Database>, userId: string, now: Date, auctionIds?: readonly number[]) {
  const latest = await db
    .selectFrom("suspension_cancellations")
    .select((eb) => eb.fn.max("suspended_at").as("at"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!latest?.at) return [];
  let query = db
    .selectFrom("suspension_cancellations as c")
    .innerJoin("auctions", "auctions.id", "c.auction_id")
    .innerJoin("equipment_listings", "equipment_listings.id", "c.listing_id")
    .select([
      "c.id",
      "c.auction_id",
      "c.listing_id",
      "c.suspended_at",
      "c.previous_status",
      "c.previous_end_date",
      "c.restored_at",
      "auctions.status",
      "auctions.cancelled_at",
      "auctions.end_date",
      "auctions.bid_count",
      "equipment_listings.title",
      "equipment_listings.status as listing_status",
    ])
    .where("c.user_id", "=", userId)
    .where("c.suspended_at", "=", String(latest.at))
    .orderBy("c.id", "desc")
    .limit(RESTORE_LIST_MAX);
  if (auctionIds) query = query.where("c.auction_id", "in", auctionIds.length > 0 ? [...auctionIds] : [-1]);
  const rows = await query.execute();
  const stamp = now.toISOString();
  const entries: (SuspensionCancellation & { id: number; suspendedAt: string })[] = [];
  for (const row of rows) {
    // An auction that ended (or was cancelled by its seller) before the suspension's cancellation reached it was not
    // cancelled by the suspension: nothing to offer back.
    const cancelledBySuspension = row.status === "cancelled" && row.cancelled_at !== null && row.cancelled_at >= row.suspended_at;
    if (row.restored_at === null && !cancelledBySuspension) continue;
    const state: RestoreState =
      row.restored_at !== null
        ? "restored"
        : row.bid_count > 0
          ? "had_bids"
          : row.listing_status !== "unsold"
            ? "listing_changed"
            : row.end_date <= stamp
              ? "ended"
              : "restorable";
    entries.push({
      id: row.id,
      suspendedAt: row.suspended_at,
      auctionId: row.auction_id,
      listingId: row.listing_id,
      title: row.title,
      previousStatus: row.previous_status,
      previousEndDate: row.previous_end_date,
      endDate: row.end_date,
      bidCount: row.bid_count,
      state,
      restoredAt: row.restored_at,
    });
  }
  return entries;
}

/**
 * What the latest suspension of `userId` cancelled, for the member's page: empty while they are still suspended (the
 * offer comes with reinstatement) and when the suspension cancelled nothing.
 */
export async function listSuspensionCancellations(db: Kysely<Database>, userId: string, now = new Date()): Promise<SuspensionCancellation[]> {
  const profile = await db.selectFrom("profiles").select("suspended_at").where("id", "=", userId).executeTakeFirst();
  if (!profile || profile.suspended_at !== null) return [];
  return (await latestCancellations(db, userId, now)).map(({ id: _id, suspendedAt: _at, ...entry }) => entry);
}

export interface RestoreOutcome {
  restored: number[];
  /** The auctions chosen that could not come back, each with why. */
  skipped: { auctionId: number; state: RestoreState }[];
}

/**
 * Restores, in one transaction, the chosen auctions that the latest suspension of `targetUserId` cancelled and that can
 * still come back (no bids, end not passed, listing still unsold), as they were or, with `endInDays`, ending that many
 * days from now (1–30). Audited {old, new}; the seller is told. Restoring again restores nothing and writes nothing.
 */
export async function restoreSuspensionCancellations(
  db: Kysely<Database>,
  actorUserId: string,
  targetUserId: string,
  input: { auctionIds: readonly number[]; endInDays?: number | null },
  now = new Date(),
): Promise<RestoreOutcome> {
  const auctionIds = [...new Set(input.auctionIds)];
  if (auctionIds.length === 0 || auctionIds.length > RESTORE_LIST_MAX)
    throw new DomainError("invalid", MEMBER_MESSAGES.restoreChooseAuctions, { field: "auctionId" });
  const days = input.endInDays ?? null;
  if (days !== null && (!Number.isInteger(days) || days < RESTORE_END_DAYS.min || days > RESTORE_END_DAYS.max)) {
    throw new DomainError("invalid", MEMBER_MESSAGES.restoreEndDays, { field: "endInDays" });
  }
  const endDate = days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const stamp = now.toISOString();
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      const target = await checkedTarget(trx, actorUserId, targetUserId);
      if (target.suspended_at !== null) throw new DomainError("conflict", MEMBER_MESSAGES.restoreWhileSuspended);
      const entries = await latestCancellations(trx, targetUserId, now, auctionIds);
      const restored: { auctionId: number; title: string; old: { status: string; endDate: string }; new: { status: string; endDate: string } }[] = [];
      const skipped: RestoreOutcome["skipped"] = [];
      for (const entry of entries) {
        if (entry.state !== "restorable") {
          if (entry.state !== "restored") skipped.push({ auctionId: entry.auctionId, state: entry.state });
          continue;
        }
        const outcome = await restoreCancelledAuction(trx, { auctionId: entry.auctionId, endDate, now });
        if (outcome.refusal !== null) {
          if (outcome.refusal !== "not_cancelled") skipped.push({ auctionId: entry.auctionId, state: outcome.refusal });
          continue;
        }
        await trx
          .updateTable("suspension_cancellations")
          .set({ restored_at: stamp, restored_by: actorUserId })
          .where("id", "=", entry.id)
          .where("restored_at", "is", null)
          .execute();
        restored.push({
          auctionId: entry.auctionId,
          title: entry.title,
          old: { status: "cancelled", endDate: entry.endDate },
          new: { status: outcome.status, endDate: outcome.endDate },
        });
      }
      const notifications: NotificationDraft[] = [];
      if (restored.length > 0) {
        await recordAuditEvent(
          trx,
          {
            actorUserId,
            action: MEMBER_AUDIT_ACTIONS.restoreAuctions,
            subjectType: "user",
            subjectId: targetUserId,
            detail: JSON.stringify({
              suspendedAt: entries[0]?.suspendedAt ?? null,
              old: restored.map((row) => ({ auction: row.auctionId, ...row.old })),
              new: restored.map((row) => ({ auction: row.auctionId, ...row.new })),
              skipped,
            }),
          },
          now,
        );
        const titles = restored.map((row) => `"${row.title}"`).join(", ");
        notifications.push({
          userId: targetUserId,
          type: "auction_update",
          title: restored.length === 1 ? "Your auction is back" : "Your auctions are back",
          message:
            `Tradebench restored ${restored.length === 1 ? "the auction" : "the auctions"} your suspension cancelled: ${titles}. ` +
            (endDate
              ? `${restored.length === 1 ? "It ends" : "They end"} ${days} ${days === 1 ? "day" : "days"} from now.`
              : `${restored.length === 1 ? "It keeps its" : "They keep their"} end time.`),
          actionUrl: restored.length === 1 ? `/auctions/${restored[0]!.auctionId}` : "/seller-dashboard",
        });
        await insertNotifications(trx, notifications, now);
      }
      return { outcome: { restored: restored.map((row) => row.auctionId), skipped }, notifications };
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(committed.notifications);
  for (const auctionId of committed.outcome.restored) {
    await announceRestoredAuction(db, auctionId).catch((error: unknown) => console.error("Announcing a restored auction failed", error));
  }
  return committed.outcome;
}

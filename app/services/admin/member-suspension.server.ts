// Suspending and reinstating a member (issue 19 §3), by staff whose role holds can_manage_users (an administrator's
// account: can_manage_admins), never one's own. Suspending, in one write transaction: marks the profile, deletes every
// session of the member (they are signed out at once), caps the proxy maximums they left on live auctions at the bids
// those already placed (so nothing bids for them any more) and writes the audit row {old, new}. Then, after the commit,
// each of their live (active or upcoming) auctions is cancelled through the auctions domain, which tells the
// bidders. Reinstating clears the mark (audited). What a suspended account can no longer do is enforced in the
// accounts domain (app/services/accounts/suspension.server.ts).
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { ADMIN_MESSAGES } from "~/lib/admin.ts";
import { MEMBER_AUDIT_ACTIONS, MEMBER_MESSAGES, SUSPENSION_REASON_MAX_LENGTH } from "~/lib/admin-members.ts";
import type { Permission } from "~/lib/permissions.ts";
import { isAdminRole, normalizeRole } from "~/lib/roles.ts";
import { permissionsOfRole } from "../accounts/permissions.server.ts";
import { deleteUserSessions } from "../accounts/session.server.ts";
import { cancelAuction } from "../auctions/auction-lifecycle.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/audit-log.server.ts";

export interface SuspensionOutcome {
  suspended: boolean;
  /** False when the account was already in that state (nothing written). */
  changed: boolean;
  /** Live auctions cancelled because of this suspension. */
  auctionsCancelled: number;
  /** Bidders told of those cancellations. */
  biddersNotified: number;
}

/** Reads the actor's permissions and the target in the transaction, and applies the rules every change shares. */
async function checkedTarget(trx: Kysely<Database>, actorUserId: string, targetUserId: string) {
  const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
  const permissions = actor ? await permissionsOfRole(trx, normalizeRole(actor.role)) : new Set<Permission>();
  if (!permissions.has("can_manage_users") && !permissions.has("can_manage_admins")) {
    throw new DomainError("forbidden", ADMIN_MESSAGES.forbidden, { code: "can_manage_users" });
  }
  const target = await forUpdate(trx, trx.selectFrom("profiles").select(["id", "role", "suspended_at", "suspended_by", "suspension_reason"]).where("id", "=", targetUserId)).executeTakeFirst();
  if (!target) throw new DomainError("not_found", ADMIN_MESSAGES.userNotFound);
  if (targetUserId === actorUserId) throw new DomainError("forbidden", MEMBER_MESSAGES.ownAccount, { code: "own_account" });
  if (isAdminRole(normalizeRole(target.role)) && !permissions.has("can_manage_admins")) {
    throw new DomainError("forbidden", MEMBER_MESSAGES.adminOnlySuperAdmin, { code: "can_manage_admins" });
  }
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
      const outcome = await cancelAuction(db, { auctionId: Number(auction.id), userId: targetUserId, now, byStaff: true });
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

// Bulk take-down on /admin/listings: staff holding can_manage_listings unpublish (archive: the seller may
// edit and publish again) or remove (for good) many listings at once with a reason — the listings ticked on the page
// (at most ADMIN_BULK_SELECTION) or every listing of one bulk import (at most one file's rows). In one write
// transaction: each listing's status, one audit_events row per listing (old and new status, the reason), one
// notification per seller naming how many of their listings and why. Sold listings and listings with an upcoming or
// live auction are skipped (the reported-listing review cancels an auction with its bidders told) and counted.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { BULK_LIMITS } from "~/lib/bulk-import.ts";
import { LISTING_REMOVED } from "~/lib/moderation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole, partyRefusal } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

/** Listings ticked on one page that one bulk action takes. */
const ADMIN_BULK_SELECTION = 100;
const ADMIN_BULK_REASON_MAX = 500;

export type BulkListingDecision = "unpublish" | "remove";

const BULK_LISTING_MESSAGES = {
  forbidden: "Only listing managers can unpublish or remove listings.",
  reasonRequired: "Give the reason the sellers will read.",
  reasonTooLong: `Keep the reason under ${ADMIN_BULK_REASON_MAX} characters.`,
  nothingChosen: "Tick at least one listing, or choose an import.",
  tooMany: `Choose at most ${ADMIN_BULK_SELECTION} listings at once, or take down a whole import.`,
  decision: "Choose Unpublish or Remove.",
} as const;

export interface BulkListingTarget {
  /** Listings ticked on the page. */
  listingIds?: readonly number[];
  /** Or every listing one bulk import created. */
  importId?: number | null;
}

export interface BulkListingResult {
  changed: number;
  skipped: number;
  sellersNotified: number;
}

const NEW_STATUS: Record<BulkListingDecision, string> = { unpublish: "archived", remove: LISTING_REMOVED };

export async function takeDownListings(
  db: Kysely<Database>,
  actorUserId: string,
  decision: BulkListingDecision,
  target: BulkListingTarget,
  reasonText: string,
  now = new Date(),
): Promise<BulkListingResult> {
  if (decision !== "unpublish" && decision !== "remove") throw new DomainError("invalid", BULK_LISTING_MESSAGES.decision, { field: "decision" });
  const reason = reasonText.trim();
  if (reason === "") throw new DomainError("invalid", BULK_LISTING_MESSAGES.reasonRequired, { field: "reason" });
  if (reason.length > ADMIN_BULK_REASON_MAX) throw new DomainError("invalid", BULK_LISTING_MESSAGES.reasonTooLong, { field: "reason" });
  const ids = [...new Set(target.listingIds ?? [])].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length > ADMIN_BULK_SELECTION) throw new DomainError("invalid", BULK_LISTING_MESSAGES.tooMany, { field: "listingIds" });
  const importId = target.importId ?? null;
  if (ids.length === 0 && importId === null) throw new DomainError("invalid", BULK_LISTING_MESSAGES.nothingChosen, { field: "listingIds" });
  const stamp = now.toISOString();
  const status = NEW_STATUS[decision];
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
      if (!actor || !(await permissionsOfRole(trx, actor.role as Role)).has("can_manage_listings"))
        throw new DomainError("forbidden", BULK_LISTING_MESSAGES.forbidden);
      let query = trx.selectFrom("equipment_listings as l").select(["l.id", "l.title", "l.status", "l.user_id"]);
      if (importId !== null) {
        query = query.where(
          "l.id",
          "in",
          trx
            .selectFrom("bulk_import_rows")
            .select("listing_id")
            .where("import_id", "=", importId)
            .where("listing_id", "is not", null)
            .$narrowType<{ listing_id: number }>(),
        );
      }
      if (ids.length > 0) query = query.where("l.id", "in", ids);
      const listings = await query.orderBy("l.id").limit(BULK_LIMITS.rows).execute();
      const withAuction = new Set(
        listings.length === 0
          ? []
          : (
              await trx
                .selectFrom("auctions")
                .select("listing_id")
                .where(
                  "listing_id",
                  "in",
                  listings.map((l) => l.id),
                )
                .where("status", "in", LIVE_AUCTION_STATUSES)
                .execute()
            ).map((a) => a.listing_id),
      );
      const chosen = listings.filter((l) => l.status !== status && l.status !== "sold" && l.status !== LISTING_REMOVED && !withAuction.has(l.id));
      // Staff do not decide on their own listings (separation of duties): such listings are refused outright.
      for (const listing of chosen) {
        const refused = partyRefusal("listing", actorUserId, [listing.user_id]);
        if (refused) throw refused;
      }
      for (let start = 0; start < chosen.length; start += 200) {
        const slice = chosen.slice(start, start + 200);
        await trx
          .updateTable("equipment_listings")
          .set({ status, updated_at: stamp })
          .where(
            "id",
            "in",
            slice.map((l) => l.id),
          )
          .execute();
      }
      for (const listing of chosen) {
        await recordAuditEvent(
          trx,
          {
            actorUserId,
            action: `listing.bulk_${decision}`,
            subjectType: "listing",
            subjectId: listing.id,
            detail: JSON.stringify({ old: { status: listing.status }, new: { status }, reason, ...(importId !== null ? { importId } : {}) }),
          },
          now,
        );
      }
      const bySeller = new Map<string, typeof chosen>();
      for (const listing of chosen) bySeller.set(listing.user_id, [...(bySeller.get(listing.user_id) ?? []), listing]);
      const notifications: NotificationDraft[] = [...bySeller.entries()].map(([userId, own]) => {
        const what = own.length === 1 ? `"${own[0]!.title}"` : `${own.length} of your listings`;
        return decision === "unpublish"
          ? {
              userId,
              type: "system",
              title: own.length === 1 ? "Your listing was unpublished" : "Your listings were unpublished",
              message: `Our staff unpublished ${what}: ${reason} You can edit them and publish them again.`,
              actionUrl: "/seller/listings",
            }
          : {
              userId,
              type: "system",
              title: own.length === 1 ? "Your listing was removed" : "Your listings were removed",
              message: `Our staff removed ${what}: ${reason}`,
              actionUrl: "/seller/listings",
            };
      });
      await insertNotifications(trx, notifications, now);
      return { result: { changed: chosen.length, skipped: listings.length - chosen.length, sellersNotified: notifications.length }, notifications };
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(committed.notifications);
  return committed.result;
}

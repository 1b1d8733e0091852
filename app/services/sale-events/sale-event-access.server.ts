// Who may do what to a sale event: the house (the event's seller) runs it, staff who moderate listings may look at
// it, billing staff (can_confirm_payments) record and confirm deposits. Every mutation checks here, in the service.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Permission } from "~/lib/permissions.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { roleHasPermission } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";

/** Whether the member's role holds `permission` (false for an unknown member). */
export async function memberHolds(db: Kysely<Database>, userId: string, permission: Permission): Promise<boolean> {
  const profile = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  return profile ? roleHasPermission(db, normalizeRole(profile.role), permission) : false;
}

/** Refuses anyone but the event's house. */
export function requireHouse(event: { seller_id: string }, actorId: string): void {
  if (event.seller_id !== actorId) throw new DomainError("forbidden", SALE_EVENT_MESSAGES.forbidden);
}

/** The house, or staff who moderate listings, may see an event whatever its state. */
export async function mayOverseeEvent(db: Kysely<Database>, event: { seller_id: string }, viewerId: string | null): Promise<boolean> {
  if (viewerId === null) return false;
  return event.seller_id === viewerId || (await memberHolds(db, viewerId, "can_moderate_listings"));
}

/** Refuses anyone whose role does not confirm payments. */
export async function requireBillingStaff(db: Kysely<Database>, actorId: string): Promise<void> {
  if (!(await memberHolds(db, actorId, "can_confirm_payments"))) throw new DomainError("forbidden", SALE_EVENT_MESSAGES.billingOnly);
}

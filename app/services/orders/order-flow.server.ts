// The order flow (docs/product/orders.md#states buyer protection): pending → paid (escrow) → shipped → delivered → completed, or
// disputed → refunded | released; pending → cancelled. One table says, per transition, from which states, who may
// make it, what it stamps and whom it tells; `transitionOrder` applies a row of it in one write transaction that
// claims the order by its status and version, so two people acting at once can never both succeed.
//
// The rest of the flow lives beside this file: the table (order-transitions), who may act (order-permissions), what
// each step records (order-step-records) and the inspection period (order-inspection). This file applies a transition.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { ORDER_MESSAGES, type OrderStatus } from "~/lib/orders.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { orderAuthority, partyOf, refusal } from "./order-permissions.server.ts";
import { recordOfStep, type TransitionRequest } from "./order-step-records.server.ts";
import { auctionCancelNote, ORDER_TRANSITIONS, selectOrderForRules } from "./order-transitions.server.ts";

// Named here too for the seed and the tests, which drive the whole flow from this file.
export { completeInspectedOrders, INSPECTION_PERIOD_MS } from "./order-inspection.server.ts";

export { availableOrderActions, orderAuthority, type OrderActor } from "./order-permissions.server.ts";

export { selectOrderForRules } from "./order-transitions.server.ts";

/**
 * A sale undone: the sold listing is on sale again ("active") or back with its seller ("archived"). An auction or
 * hybrid listing has no auction left to sell it through, so "on sale again" leaves it unsold for its seller to relist,
 * switch to Buy It Now or end (decision 0073).
 */
async function unsellListing(trx: Kysely<Database>, listingId: number, status: "active" | "archived", stamp: string): Promise<void> {
  await trx
    .updateTable("equipment_listings")
    .set((eb) => ({
      status: status === "archived" ? "archived" : eb.case().when("listing_type", "in", ["auction", "hybrid"]).then("unsold").else("active").end(),
      updated_at: stamp,
    }))
    .where("id", "=", listingId)
    .where("status", "=", "sold")
    .execute();
}

/** Applies one transition of the buyer-protection flow; returns the order's new status. Refuses with DomainError. */
export async function transitionOrder(db: Kysely<Database>, request: TransitionRequest): Promise<{ status: OrderStatus }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const transition = ORDER_TRANSITIONS[request.action];
  const actor = await orderAuthority(db, request.actor);
  const notifications = await inWriteTransaction(
    db,
    async (trx) => {
      // The order's row is locked before it is read: two parties acting on one order at once queue here (PostgreSQL).
      await forUpdate(trx, trx.selectFrom("orders").select("id").where("id", "=", request.orderId)).execute();
      const order = await selectOrderForRules(trx).where("o.id", "=", request.orderId).executeTakeFirst();
      if (!order) throw new DomainError("not_found", ORDER_MESSAGES.orderNotFound);
      const refused = refusal(request.action, order, actor, now);
      if (refused) throw refused;
      const record = recordOfStep(request, order, transition.stamp, stamp, now);
      let note = record.note;
      const { changes, audited } = record;

      const claimed = await trx
        .updateTable("orders")
        .set((eb) => ({ ...changes, status: transition.to, version: eb("version", "+", 1), updated_at: stamp }))
        .where("id", "=", order.id)
        .where("status", "=", order.status)
        .where("version", "=", order.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_MESSAGES.changed);

      if (request.action === "cancel") {
        await unsellListing(trx, order.listing_id, "active", stamp);
        if (!note) note = auctionCancelNote(order);
      }
      if (request.action === "refund") {
        // The item goes back to the seller: the listing leaves the sold list, archived until the seller relists it.
        await unsellListing(trx, order.listing_id, "archived", stamp);
      }
      await trx.insertInto("order_events").values({ order_id: order.id, status: transition.to, actor_id: request.actor.id, note, created_at: stamp }).execute();
      // Staff acting on someone else's order (payment, dispute decision, cancellation) is audited in the same write.
      if (partyOf(order, request.actor.id) === null) {
        await recordAuditEvent(
          trx,
          {
            actorUserId: request.actor.id,
            action: `order.${request.action}`,
            subjectType: "order",
            subjectId: order.id,
            detail: JSON.stringify({
              reference: order.reference,
              old: { status: order.status },
              new: { status: transition.to, ...audited },
              amountCents: order.amount_cents,
              currency: order.currency,
              note,
            }),
          },
          now,
        );
      }

      const notice = transition.notification(order);
      const drafts: NotificationDraft[] = [order.buyer_id, order.seller_id]
        .filter((userId, index, all) => userId !== request.actor.id && all.indexOf(userId) === index)
        .map((userId) => ({ userId, ...notice, actionUrl: `/orders/${order.id}` }));
      await insertNotifications(trx, drafts, now);
      return drafts;
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(notifications);
  return { status: transition.to };
}

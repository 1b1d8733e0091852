// The buyer's inspection period: 7 days from delivery to confirm receipt or open a dispute; when it ends without
// either, the scheduler completes the order and the payment is released to the seller.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { selectOrderForRules, type OrderForRules } from "./order-transitions.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const INSPECTION_PERIOD_MS = INSPECTION_PERIOD_DAYS * DAY_MS;

/** Whether the buyer may still open a dispute: always before delivery, then until the inspection period ends. */
export function inspectionOpen(order: Pick<OrderForRules, "status" | "delivered_at">, now: Date): boolean {
  if (order.status !== "delivered" || !order.delivered_at) return true;
  return now.getTime() < new Date(order.delivered_at).getTime() + INSPECTION_PERIOD_MS;
}

/** The end of the buyer's inspection period (7 days after delivery), or null before delivery. */
export function inspectionEndsAt(deliveredAt: string | null): string | null {
  return deliveredAt ? new Date(new Date(deliveredAt).getTime() + INSPECTION_PERIOD_MS).toISOString() : null;
}

/**
 * Completes every delivered order whose 7-day inspection period has passed without a dispute, releasing the
 * payment to the seller. Called by the scheduler; safe to run from several processes at once. Returns how many.
 */
export async function completeInspectedOrders(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const stamp = now.toISOString();
  const cutoff = new Date(now.getTime() - INSPECTION_PERIOD_MS).toISOString();
  const { completed, notifications } = await inWriteTransaction(db, async (trx) => {
    const due = await selectOrderForRules(trx)
      .where("o.status", "=", "delivered")
      .where("o.delivered_at", "<=", cutoff)
      .where("o.held_at", "is", null)
      .orderBy("o.delivered_at")
      .limit(limit)
      .execute();
    const drafts: NotificationDraft[] = [];
    let count = 0;
    for (const order of due) {
      const claimed = await trx
        .updateTable("orders")
        .set((eb) => ({ status: "completed", completed_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
        .where("id", "=", order.id)
        .where("status", "=", "delivered")
        .where("version", "=", order.version)
        .where("held_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      count += 1;
      await trx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          status: "completed",
          actor_id: null,
          note: `Completed automatically at the end of the ${INSPECTION_PERIOD_DAYS}-day inspection period`,
          created_at: stamp,
        })
        .execute();
      const message = `The ${INSPECTION_PERIOD_DAYS}-day inspection period of "${order.title}" ended without a dispute. The payment of ${formatExactPrice(order.amount_cents, order.currency)} is released to the seller.`;
      for (const userId of [order.buyer_id, order.seller_id]) {
        drafts.push({ userId, type: "payment", title: `Order ${order.reference} is complete`, message, actionUrl: `/orders/${order.id}` });
      }
    }
    await insertNotifications(trx, drafts, now);
    return { completed: count, notifications: drafts };
  });
  announceNotifications(notifications);
  return completed;
}

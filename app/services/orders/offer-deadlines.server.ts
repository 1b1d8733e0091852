// The scheduler's offer deadlines: offers and counters expire after 48 hours, and an accepted offer's order unpaid
// after 48 hours is cancelled.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { OFFER_ORDER_PAYMENT_HOURS, OFFER_ORDER_PAYMENT_MS, type OfferParty } from "~/lib/offers.ts";
import { announceNotifications, insertNotifications } from "../notifications/index.server.ts";
import { claimOffer, record, type Effects } from "./offer-negotiation.server.ts";

/**
 * Marks every open offer or counter whose 48 hours have passed as expired and tells both parties, once: each row is
 * claimed by a conditional update, so two scheduler passes (or processes) never both report it. Returns how many.
 */
export async function expireDueOffers(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const at = now.toISOString();
  const effects: Effects = { notifications: [] };
  const count = await inWriteTransaction(db, async (trx) => {
    effects.notifications = [];
    const due = await trx
      .selectFrom("offers as o")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .selectAll("o")
      .select(["l.title"])
      .where("o.status", "=", "open")
      .where("o.expires_at", "<=", at)
      .orderBy("o.expires_at")
      .limit(limit)
      .execute();
    let expired = 0;
    for (const offer of due) {
      if (!(await claimOffer(trx, offer.id, { status: "expired", acted_by: "system" }, at))) continue;
      expired += 1;
      const maker = offer.made_by as OfferParty;
      const amount = formatExactPrice(offer.amount_cents, offer.currency);
      await record(trx, effects, {
        listing: { id: offer.listing_id, title: offer.title },
        buyerId: offer.buyer_id,
        sellerId: offer.seller_id,
        from: maker,
        line: `The ${maker === "seller" ? "counter" : "offer"} of ${amount} expired unanswered after 48 hours`,
        notify: ["buyer", "seller"],
        title: `Offer expired: ${amount}`,
        at,
      });
    }
    await insertNotifications(trx, effects.notifications, now);
    return expired;
  });
  announceNotifications(effects.notifications);
  return count;
}

/**
 * Cancels every order made by accepting an offer that is still unpaid 48 hours after it was made: the listing is on
 * sale again, and both parties are told. Each order is claimed by its status and version, so it happens once.
 */
export async function cancelUnpaidOfferOrders(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - OFFER_ORDER_PAYMENT_MS).toISOString();
  const effects: Effects = { notifications: [] };
  const count = await inWriteTransaction(db, async (trx) => {
    effects.notifications = [];
    const due = await trx
      .selectFrom("orders as o")
      .innerJoin("offers as f", "f.order_id", "o.id")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .select(["o.id", "o.reference", "o.version", "o.buyer_id", "o.seller_id", "o.listing_id", "o.amount_cents", "o.currency", "l.title"])
      .where("o.status", "=", "pending")
      .where("o.created_at", "<=", cutoff)
      .orderBy("o.created_at")
      .limit(limit)
      .execute();
    let cancelled = 0;
    for (const order of due) {
      const claimed = await trx
        .updateTable("orders")
        .set((eb) => ({ status: "cancelled", cancelled_at: at, version: eb("version", "+", 1), updated_at: at }))
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .where("version", "=", order.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      cancelled += 1;
      await trx
        .updateTable("equipment_listings")
        .set({ status: "active", updated_at: at })
        .where("id", "=", order.listing_id)
        .where("status", "=", "sold")
        .execute();
      const note = `Cancelled automatically: not paid within ${OFFER_ORDER_PAYMENT_HOURS} hours of the accepted offer. The item is back on sale.`;
      await trx.insertInto("order_events").values({ order_id: order.id, status: "cancelled", actor_id: null, note, created_at: at }).execute();
      for (const userId of [order.buyer_id, order.seller_id]) {
        effects.notifications.push({
          userId,
          type: "offer",
          title: `Order ${order.reference} was cancelled`,
          message: `The order for "${order.title}" at ${formatExactPrice(order.amount_cents, order.currency)} was not paid within ${OFFER_ORDER_PAYMENT_HOURS} hours of the accepted offer, so it was cancelled and the item is back on sale.`,
          actionUrl: `/orders/${order.id}`,
        });
      }
    }
    await insertNotifications(trx, effects.notifications, now);
    return cancelled;
  });
  announceNotifications(effects.notifications);
  return count;
}

// The accepted offer's checkout: the order at the agreed amount, paid within 48 hours.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { OFFER_MESSAGES, OFFER_ORDER_PAYMENT_MS } from "~/lib/offers.ts";
import { confirmShippingAddress, existingOrderCheckout, type AuctionCheckout } from "./checkout.server.ts";
import type { ShippingAddress } from "~/schemas/order.ts";
import { DomainError } from "../domain-error.ts";

export interface OfferCheckout extends AuctionCheckout {
  /** When the order is cancelled if still unpaid. */
  payBy: string;
}

/** The buyer's checkout of an accepted offer (the order at the agreed amount), or null for anyone else. */
export async function getOfferCheckout(db: Kysely<Database>, offerId: number, viewerId: string): Promise<OfferCheckout | null> {
  const offer = await db.selectFrom("offers").select(["order_id", "buyer_id"]).where("id", "=", offerId).executeTakeFirst();
  if (!offer || offer.buyer_id !== viewerId || offer.order_id === null) return null;
  const order = await db.selectFrom("orders").selectAll().where("id", "=", offer.order_id).executeTakeFirst();
  const checkout = order ? await existingOrderCheckout(db, order, "buy_now") : null;
  if (!order || !checkout) return null;
  return { ...checkout, payBy: new Date(Date.parse(order.created_at) + OFFER_ORDER_PAYMENT_MS).toISOString() };
}

/** The buyer confirms the shipping address of the order their accepted offer made. */
export async function confirmOfferCheckout(
  db: Kysely<Database>,
  request: { offerId: number; buyerId: string; shipping: ShippingAddress; now?: Date },
): Promise<{ orderId: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  return inWriteTransaction(
    db,
    async (trx) => {
      const offer = await trx.selectFrom("offers").select(["order_id", "buyer_id"]).where("id", "=", request.offerId).executeTakeFirst();
      if (!offer || offer.buyer_id !== request.buyerId || offer.order_id === null) throw new DomainError("not_found", OFFER_MESSAGES.offerOrderNotFound);
      const order = await forUpdate(trx, trx.selectFrom("orders").select(["id", "status", "version"]).where("id", "=", offer.order_id)).executeTakeFirst();
      if (!order) throw new DomainError("not_found", OFFER_MESSAGES.offerOrderNotFound);
      return confirmShippingAddress(trx, order, request.buyerId, request.shipping, stamp);
    },
    { decidesOnLockedRows: true },
  );
}

// The transitions of the buyer-protection flow (docs/product/orders.md#states buyer protection), one table: per
// transition, from which states, who may make it, what it stamps, the refusals' words and whom it tells; and the order
// as the rules read it.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { INSPECTION_PERIOD_DAYS, REFUND_BUSINESS_DAYS, SELLER_RESPONSE_BUSINESS_DAYS } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import type { OrderAction, OrderStatus } from "~/lib/orders.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { NotificationType } from "../notifications/index.server.ts";

/** The order as the rules need it. */
export interface OrderForRules {
  id: number;
  reference: string;
  status: string;
  version: number;
  buyer_id: string;
  seller_id: string;
  listing_id: number;
  auction_id: number | null;
  amount_cents: number;
  currency: string;
  delivered_at: string | null;
  created_at: string;
  held_at: string | null;
  title: string;
}

export type Party = "buyer" | "seller";
export type StampColumn = "paid_at" | "shipped_at" | "delivered_at" | "completed_at" | "disputed_at" | "resolved_at" | "cancelled_at";

export interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Which of the order's own parties may make it. */
  parties: readonly Party[];
  /** The permission (role_permissions) that lets staff make it on any order; null when only the parties may. */
  permission: Permission | null;
  stamp: StampColumn;
  notAllowed: string;
  wrongState: string;
  notification: (order: OrderForRules) => { type: NotificationType; title: string; message: string };
}

export function auctionCancelNote(order: OrderForRules): string {
  return order.auction_id === null
    ? "The item is back on sale."
    : "The auction stays ended and will not be re-run by itself; the listing waits as unsold until the seller relists it, sells it at a fixed price or ends it.";
}

/** The transitions of the buyer-protection flow. */
export const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
  confirm_payment: {
    from: ["pending"],
    to: "paid",
    parties: [],
    permission: "can_confirm_payments",
    stamp: "paid_at",
    notAllowed: "Only Tradebench billing or an administrator can confirm a payment",
    wrongState: "Only an order awaiting payment can have its payment confirmed",
    notification: (order) => ({
      type: "payment",
      title: `Payment received for order ${order.reference}`,
      message: `The payment of ${formatExactPrice(order.amount_cents, order.currency)} for "${order.title}" has arrived and is held in escrow. The seller can now ship the item.`,
    }),
  },
  ship: {
    from: ["paid"],
    to: "shipped",
    parties: ["seller"],
    permission: null,
    stamp: "shipped_at",
    notAllowed: "Only the seller can mark this order as shipped",
    wrongState: "Only a paid order can be marked as shipped",
    notification: (order) => ({
      type: "shipping",
      title: `Order ${order.reference} has shipped`,
      message: `"${order.title}" is on its way. The carrier and tracking number are on the order page.`,
    }),
  },
  mark_delivered: {
    from: ["shipped"],
    to: "delivered",
    parties: ["buyer", "seller"],
    permission: null,
    stamp: "delivered_at",
    notAllowed: "Only the buyer or the seller can mark this order as delivered",
    wrongState: "Only a shipped order can be marked as delivered",
    notification: (order) => ({
      type: "shipping",
      title: `Order ${order.reference} was delivered`,
      message: `"${order.title}" arrived. The buyer has ${INSPECTION_PERIOD_DAYS} days to inspect it and confirm receipt or open a dispute.`,
    }),
  },
  confirm_receipt: {
    from: ["shipped", "delivered"],
    to: "completed",
    parties: ["buyer"],
    permission: null,
    stamp: "completed_at",
    notAllowed: "Only the buyer can confirm receipt",
    wrongState: "Receipt can only be confirmed for an order that has been shipped",
    notification: (order) => ({
      type: "payment",
      title: `Order ${order.reference} is complete`,
      message: `The buyer confirmed receipt of "${order.title}". The payment of ${formatExactPrice(order.amount_cents, order.currency)} is released to the seller.`,
    }),
  },
  open_dispute: {
    from: ["shipped", "delivered"],
    to: "disputed",
    parties: ["buyer"],
    permission: null,
    stamp: "disputed_at",
    notAllowed: "Only the buyer can open a dispute",
    wrongState: "A dispute can only be opened on an order that has been shipped or delivered",
    notification: (order) => ({
      type: "dispute",
      title: `A dispute was opened on order ${order.reference}`,
      message: `The buyer opened a dispute about "${order.title}". The payment stays in escrow while Tradebench reviews it; the seller has ${SELLER_RESPONSE_BUSINESS_DAYS} business days to respond.`,
    }),
  },
  refund: {
    from: ["disputed"],
    to: "refunded",
    parties: [],
    permission: "can_resolve_disputes",
    stamp: "resolved_at",
    notAllowed: "Only a dispute resolution referee or an administrator can decide a dispute",
    wrongState: "Only a disputed order can be refunded",
    notification: (order) => ({
      type: "dispute",
      title: `Dispute on order ${order.reference} decided for the buyer`,
      message: `The payment of ${formatExactPrice(order.amount_cents, order.currency)} for "${order.title}" will be refunded to the buyer within ${REFUND_BUSINESS_DAYS} business days. The listing is archived; the seller can relist it from its edit page.`,
    }),
  },
  release: {
    from: ["disputed"],
    to: "released",
    parties: [],
    permission: "can_resolve_disputes",
    stamp: "resolved_at",
    notAllowed: "Only a dispute resolution referee or an administrator can decide a dispute",
    wrongState: "Only a disputed order can be released to the seller",
    notification: (order) => ({
      type: "dispute",
      title: `Dispute on order ${order.reference} decided for the seller`,
      message: `The payment of ${formatExactPrice(order.amount_cents, order.currency)} for "${order.title}" is released to the seller.`,
    }),
  },
  cancel: {
    from: ["pending"],
    to: "cancelled",
    parties: ["buyer", "seller"],
    permission: "can_confirm_payments",
    stamp: "cancelled_at",
    notAllowed: "Only the buyer, the seller or Tradebench billing can cancel this order",
    wrongState: "Only an order awaiting payment can be cancelled",
    notification: (order) => ({
      type: "other",
      title: `Order ${order.reference} was cancelled`,
      message: `The order for "${order.title}" was cancelled before payment. ${auctionCancelNote(order)}`,
    }),
  },
};

/** The order with its listing's title, as the rules read it. */
export function selectOrderForRules(db: Kysely<Database>) {
  return db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .select([
      "o.id",
      "o.reference",
      "o.status",
      "o.version",
      "o.buyer_id",
      "o.seller_id",
      "o.listing_id",
      "o.auction_id",
      "o.amount_cents",
      "o.currency",
      "o.delivered_at",
      "o.created_at",
      "o.held_at",
      "l.title",
    ]);
}

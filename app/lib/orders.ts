// Orders as buyers, sellers and staff read them (client-safe): the states of the buyer-protection flow
// (docs/product/orders.md#states), their labels, who may act on them, and the messages of checkout and the order flow.
import { formatDateTime, formatShortDate } from "./dates.ts";
import { INSPECTION_PERIOD_DAYS } from "./fees.ts";

export const ORDER_STATUSES = ["pending", "paid", "shipped", "delivered", "completed", "disputed", "refunded", "released", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid, held in escrow",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  disputed: "Disputed",
  refunded: "Refunded",
  released: "Released to seller",
  cancelled: "Cancelled",
};

export const ORDER_STATUS_PALETTES: Record<OrderStatus, string> = {
  pending: "yellow",
  paid: "blue",
  shipped: "purple",
  delivered: "teal",
  completed: "green",
  disputed: "red",
  refunded: "orange",
  released: "green",
  cancelled: "gray",
};

/** What happens to the order next, in one plain sentence per state. */
export const ORDER_STATUS_EXPLAINED: Record<OrderStatus, string> = {
  pending: "The buyer pays by bank transfer, quoting the payment reference. Tradebench confirms the payment when it arrives.",
  paid: "The payment is held in escrow by Tradebench. The seller ships the item and adds the carrier and tracking number.",
  shipped: "The item is on its way. The buyer or the seller marks it delivered when it arrives.",
  delivered: "The buyer inspects the item, then confirms receipt to release the payment to the seller, or opens a dispute.",
  completed: "The buyer received the item. The payment has been released to the seller.",
  disputed: "Tradebench is reviewing the buyer's dispute and will refund the buyer or release the payment to the seller.",
  refunded: "The dispute was decided for the buyer and the payment is refunded.",
  released: "The dispute was decided for the seller and the payment has been released to the seller.",
  cancelled: "The order was cancelled before payment.",
};

/** The transitions of the buyer-protection flow, named for what the person does. */
export const ORDER_ACTIONS = ["confirm_payment", "ship", "mark_delivered", "confirm_receipt", "open_dispute", "refund", "release", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export function isOrderAction(value: unknown): value is OrderAction {
  return typeof value === "string" && (ORDER_ACTIONS as readonly string[]).includes(value);
}

/** Button labels. */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  confirm_payment: "Confirm payment received",
  ship: "Mark as shipped",
  mark_delivered: "Mark as delivered",
  confirm_receipt: "Confirm receipt",
  open_dispute: "Open a dispute",
  refund: "Refund the buyer",
  release: "Release payment to the seller",
  cancel: "Cancel order",
};

/** What the page says after the action succeeded. */
export const ORDER_ACTION_DONE: Record<OrderAction, string> = {
  confirm_payment: "Payment confirmed. The funds are held in escrow and the seller has been told to ship.",
  ship: "The order is marked as shipped and the buyer has the tracking details.",
  mark_delivered: `The order is marked as delivered. The ${INSPECTION_PERIOD_DAYS}-day inspection period has started.`,
  confirm_receipt: "Thank you. Receipt confirmed and the payment is released to the seller.",
  open_dispute: "Your dispute is open. The seller and Tradebench have been told.",
  refund: "The dispute is decided for the buyer: the payment will be refunded.",
  release: "The dispute is decided for the seller: the payment is released.",
  cancel: "The order has been cancelled.",
};

export const ORDER_MESSAGES = {
  orderNotFound: "Order not found",
  listingNotFound: "Listing not found",
  alreadySold: "This item has already been sold",
  ownListing: "You cannot buy your own listing",
  notForSale: "This item is not for sale right now",
  auctionOnly: "This item is sold by auction: place a bid on the auction page instead.",
  buyNowClosed: "Buy Now is no longer available for this auction: bidding has reached the Buy Now price or the auction has ended.",
  notTheWinner: "Only the winning bidder can check out this auction",
  checkoutClosed: "The shipping address can only be changed while the order is awaiting payment",
  changed: "This order was changed by someone else a moment ago. Please look at it again and retry.",
  carrierRequired: "Carrier is required",
  trackingRequired: "Tracking number is required",
  reasonRequired: "Please describe the problem to open a dispute",
  noteRequired: "A note explaining the decision is required",
  amountReceivedRequired: "Enter the amount that arrived in the escrow account",
  amountFormat: "Enter an amount such as 1250.00: digits, at most two decimals",
  valueDateRequired: "Enter the value date of the bank transfer",
  valueDateFormat: "Enter the value date as YYYY-MM-DD",
  valueDateFuture: "The value date cannot be in the future",
  valueDateBeforeOrder: "The value date cannot be before the order was placed",
  amountMismatch: (received: string, total: string) =>
    `The amount received (${received}) is not the order total (${total}). Confirm only when the full amount has arrived; contact the buyer about the difference.`,
  refundTooLarge: (total: string) => `A refund cannot be more than the order total (${total})`,
  confirmRequired: "Tick the box to confirm this decision",
  onHold: "This order is on hold; staff must lift the hold before it can move on",
  inspectionOver: `The ${INSPECTION_PERIOD_DAYS}-day inspection period has ended, so a dispute can no longer be opened`,
} as const;

/** Where the buyer's bank transfer goes: the operator's escrow account, from the server's configuration. */
export interface EscrowAccount {
  accountName: string;
  bankName: string;
  accountNumber: string;
  swift: string;
  /** The demo marketplace's fictitious account (no ESCROW_* set): shown labelled as such, never a real one. */
  demo?: boolean;
}

/** The label over the demo's fictitious bank details. */
export const DEMO_BANK_DETAILS_LABEL = "Demo bank details — not a real account";

/** "Nov 21, 2026, 5:04 PM UTC". */
export function formatOrderTime(iso: string): string {
  return formatDateTime(iso);
}

/** "Nov 21, 2026". */
export function formatOrderDate(iso: string): string {
  return formatShortDate(iso);
}

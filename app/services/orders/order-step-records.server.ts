// What each step of the order flow records besides its status: the carrier and tracking number of a shipment, the
// payment billing received, the buyer's reason for a dispute, the referee's decision and refund, who declared the
// delivery (the seller with proof); with the timeline's note and what the audit log adds.
import { DISPUTE_MESSAGES } from "~/lib/disputes.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_MESSAGES, type OrderAction } from "~/lib/orders.ts";
import { DomainError } from "../domain-error.ts";
import { partyOf, type OrderActor } from "./order-permissions.server.ts";
import type { OrderForRules, StampColumn } from "./order-transitions.server.ts";

/** The form fields a refused transition may belong to. */
export type OrderFlowField = "carrier" | "trackingNumber" | "reason" | "note" | "amountReceived" | "valueDate" | "refundAmount" | "proof";

export interface TransitionRequest {
  orderId: number;
  actor: OrderActor;
  action: OrderAction;
  carrier?: string;
  trackingNumber?: string;
  reason?: string;
  note?: string;
  /** confirm_payment: what billing saw arrive (minor units) and the bank's value date (YYYY-MM-DD). */
  payment?: { receivedCents: number; valueDate: string };
  /** refund: the amount the referee decided to refund (minor units); absent, the whole amount. */
  refundCents?: number;
  /** The stored proof of delivery (a photo or a signed delivery note): required when the seller marks it delivered. */
  deliveryProofKey?: string;
  now?: Date;
}

function requiredText(value: string | undefined, message: string, field: OrderFlowField): string {
  const text = (value ?? "").trim();
  if (!text) throw new DomainError("invalid", message, { field });
  return text;
}

/**
 * The payment billing confirms: the full order total, with a value date on or after the order's day and not in the
 * future. A different amount is refused (never confirmed short or over), so the escrow holds what the order says.
 */
function checkedPayment(order: OrderForRules, payment: TransitionRequest["payment"], now: Date): { receivedCents: number; valueDate: string } {
  // Without a typed payment (the scheduler's and seed's callers), what is recorded is the order total, value-dated
  // today, and said so in the timeline and the audit; the desk's form always sends both and they are checked here.
  if (!payment) return { receivedCents: order.amount_cents, valueDate: now.toISOString().slice(0, 10) };
  if (!Number.isSafeInteger(payment.receivedCents) || payment.receivedCents <= 0) {
    throw new DomainError("invalid", ORDER_MESSAGES.amountReceivedRequired, { field: "amountReceived" });
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payment.valueDate)) throw new DomainError("invalid", ORDER_MESSAGES.valueDateFormat, { field: "valueDate" });
  if (payment.valueDate > now.toISOString().slice(0, 10)) throw new DomainError("invalid", ORDER_MESSAGES.valueDateFuture, { field: "valueDate" });
  if (payment.valueDate < new Date(order.created_at).toISOString().slice(0, 10)) {
    throw new DomainError("invalid", ORDER_MESSAGES.valueDateBeforeOrder, { field: "valueDate" });
  }
  if (payment.receivedCents !== order.amount_cents) {
    throw new DomainError(
      "invalid",
      ORDER_MESSAGES.amountMismatch(formatExactPrice(payment.receivedCents, order.currency), formatExactPrice(order.amount_cents, order.currency)),
      { field: "amountReceived" },
    );
  }
  return { receivedCents: payment.receivedCents, valueDate: payment.valueDate };
}

/** The columns a step sets on the order besides its status, version and updated_at. */
type OrderChanges = Partial<
  Record<
    | StampColumn
    | "carrier"
    | "tracking_number"
    | "dispute_reason"
    | "resolution_note"
    | "payment_value_date"
    | "payment_confirmed_by"
    | "delivery_source"
    | "delivery_proof_key",
    string
  >
> &
  Partial<Record<"payment_received_cents" | "refunded_cents", number>>;

/** What a step records: the order's changes (its stamp among them), the timeline's note, the audit's additions. */
export interface StepRecord {
  changes: OrderChanges;
  note: string;
  audited: Record<string, string | number>;
}

/** The record of `request`'s step on `order`, stamped `stamp` in `stampColumn`. Refuses a missing or wrong value with DomainError. */
export function recordOfStep(request: TransitionRequest, order: OrderForRules, stampColumn: StampColumn, stamp: string, now: Date): StepRecord {
  let note = (request.note ?? "").trim();
  const changes: OrderChanges = { [stampColumn]: stamp };
  // What the audit log records of a staff decision besides the status (money received, refunded).
  const audited: Record<string, string | number> = {};
  if (request.action === "ship") {
    const carrier = requiredText(request.carrier, ORDER_MESSAGES.carrierRequired, "carrier");
    const tracking = requiredText(request.trackingNumber, ORDER_MESSAGES.trackingRequired, "trackingNumber");
    changes.carrier = carrier;
    changes.tracking_number = tracking;
    note = `${carrier}, tracking number ${tracking}`;
  } else if (request.action === "open_dispute") {
    note = requiredText(request.reason, ORDER_MESSAGES.reasonRequired, "reason");
    changes.dispute_reason = note;
  } else if (request.action === "confirm_payment") {
    const payment = checkedPayment(order, request.payment, now);
    changes.payment_received_cents = payment.receivedCents;
    changes.payment_value_date = payment.valueDate;
    changes.payment_confirmed_by = request.actor.id;
    audited.receivedCents = payment.receivedCents;
    audited.valueDate = payment.valueDate;
    if (!request.payment) audited.recordedAs = "order_total";
    const received = `Received ${formatExactPrice(payment.receivedCents, order.currency)}, value date ${payment.valueDate}`;
    note = note ? `${received}. ${note}` : received;
  } else if (request.action === "refund" || request.action === "release") {
    note = requiredText(request.note, ORDER_MESSAGES.noteRequired, "note");
    changes.resolution_note = note;
    if (request.action === "refund") {
      const refundCents = request.refundCents ?? order.amount_cents;
      if (!Number.isSafeInteger(refundCents) || refundCents <= 0 || refundCents > order.amount_cents) {
        throw new DomainError("invalid", ORDER_MESSAGES.refundTooLarge(formatExactPrice(order.amount_cents, order.currency)), { field: "refundAmount" });
      }
      changes.refunded_cents = refundCents;
      audited.refundedCents = refundCents;
      if (refundCents < order.amount_cents) {
        audited.releasedCents = order.amount_cents - refundCents;
        note = `Partial refund of ${formatExactPrice(refundCents, order.currency)} to the buyer; ${formatExactPrice(order.amount_cents - refundCents, order.currency)} released to the seller. ${note}`;
      }
    }
  } else if (request.action === "mark_delivered") {
    // The seller's word alone does not start the release clock: his declaration carries proof, which the
    // buyer can contest by opening a dispute within the inspection period. The buyer's own confirmation needs none.
    if (partyOf(order, request.actor.id) === "seller") {
      if (!request.deliveryProofKey) throw new DomainError("invalid", DISPUTE_MESSAGES.proofRequired, { field: "proof" });
      changes.delivery_source = "seller_proof";
      changes.delivery_proof_key = request.deliveryProofKey;
      note = note ? `Declared by the seller with proof of delivery: ${note}` : "Declared by the seller with proof of delivery";
    } else {
      changes.delivery_source = "buyer";
    }
  } else if (request.action === "confirm_receipt" && order.delivered_at === null) {
    // Confirming receipt straight from "shipped" also records the delivery.
    changes.delivered_at = stamp;
    changes.delivery_source = "buyer";
  }
  return { changes, note, audited };
}

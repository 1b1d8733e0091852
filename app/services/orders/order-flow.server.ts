// The order flow (docs/product/orders.md#states buyer protection): pending → paid (escrow) → shipped → delivered → completed, or
// disputed → refunded | released; pending → cancelled. One table says, per transition, from which states, who may
// make it, what it stamps and whom it tells; `transitionOrder` applies a row of it in one write transaction that
// claims the order by its status and version, so two people acting at once can never both succeed.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { INSPECTION_PERIOD_DAYS, REFUND_BUSINESS_DAYS, SELLER_RESPONSE_BUSINESS_DAYS } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { DISPUTE_MESSAGES } from "~/lib/disputes.ts";
import { isOrderStatus, ORDER_MESSAGES, type OrderAction, type OrderStatus } from "~/lib/orders.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { Role } from "~/lib/roles.ts";
import { announceNotifications, insertNotifications, type NotificationDraft, type NotificationType } from "../notifications/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { permissionsOfRole, partyRefusal } from "../accounts/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const INSPECTION_PERIOD_MS = INSPECTION_PERIOD_DAYS * DAY_MS;

/** The form fields a refused transition may belong to. */
export type OrderFlowField = "carrier" | "trackingNumber" | "reason" | "note" | "amountReceived" | "valueDate" | "refundAmount" | "proof";

export interface OrderActor {
  id: string;
  role: Role;
}

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

type Party = "buyer" | "seller";
type StampColumn = "paid_at" | "shipped_at" | "delivered_at" | "completed_at" | "disputed_at" | "resolved_at" | "cancelled_at";

interface Transition {
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

function auctionCancelNote(order: OrderForRules): string {
  return order.auction_id === null
    ? "The item is back on sale."
    : "The auction stays ended and will not be re-run by itself; the listing waits as unsold until the seller relists it, sells it at a fixed price or ends it.";
}

/** The transitions of the buyer-protection flow. */
const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
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

function partyOf(order: Pick<OrderForRules, "buyer_id" | "seller_id">, userId: string): Party | null {
  if (order.buyer_id === userId) return "buyer";
  if (order.seller_id === userId) return "seller";
  return null;
}

/** The permissions that make someone escrow staff: they may open any order. */
const ESCROW_DESK_PERMISSIONS: readonly Permission[] = ["can_confirm_payments", "can_resolve_disputes"];

/** What the rules know of the person acting: who they are and what their role may do now. */
export interface OrderAuthority extends OrderActor {
  permissions: ReadonlySet<Permission>;
}

/** The actor with their role's permissions, read from role_permissions. */
export async function orderAuthority(db: Kysely<Database>, actor: OrderActor): Promise<OrderAuthority> {
  return { ...actor, permissions: await permissionsOfRole(db, actor.role) };
}

/** Support reads any order (parties, status, timeline, payment state) to answer questions, and acts on none. */
const ORDER_READER_PERMISSIONS: readonly Permission[] = [...ESCROW_DESK_PERMISSIONS, "can_answer_support"];

/** Whether this person may see the order at all: its buyer, its seller, escrow staff or support (read-only). */
export function canViewOrder(order: Pick<OrderForRules, "buyer_id" | "seller_id">, viewer: OrderAuthority): boolean {
  return partyOf(order, viewer.id) !== null || ORDER_READER_PERMISSIONS.some((permission) => viewer.permissions.has(permission));
}

function mayAct(transition: Transition, order: OrderForRules, actor: OrderAuthority): boolean {
  const party = partyOf(order, actor.id);
  return (party !== null && transition.parties.includes(party)) || (transition.permission !== null && actor.permissions.has(transition.permission));
}

function inspectionOpen(order: Pick<OrderForRules, "status" | "delivered_at">, now: Date): boolean {
  if (order.status !== "delivered" || !order.delivered_at) return true;
  return now.getTime() < new Date(order.delivered_at).getTime() + INSPECTION_PERIOD_MS;
}

/** Why `actor` may not make this transition now, or null when they may. */
function refusal(action: OrderAction, order: OrderForRules, actor: OrderAuthority, now: Date): DomainError | null {
  const transition = ORDER_TRANSITIONS[action];
  if (!canViewOrder(order, actor)) return new DomainError("not_found", ORDER_MESSAGES.orderNotFound);
  if (!mayAct(transition, order, actor)) return new DomainError("forbidden", transition.notAllowed);
  // Staff may not take the staff path on an order they bought or sold (separation of duties).
  const party = partyOf(order, actor.id);
  if (party !== null && !transition.parties.includes(party)) {
    const refused = partyRefusal(action === "refund" || action === "release" ? "dispute" : "order", actor.id, [order.buyer_id, order.seller_id]);
    if (refused) return refused;
  }
  if (!isOrderStatus(order.status) || !transition.from.includes(order.status)) return new DomainError("conflict", transition.wrongState);
  // A staff hold (the order desk) stops the flow until staff lift it.
  if (order.held_at !== null) return new DomainError("conflict", ORDER_MESSAGES.onHold);
  if (action === "open_dispute" && !inspectionOpen(order, now)) return new DomainError("conflict", ORDER_MESSAGES.inspectionOver);
  return null;
}

/** The transitions this person may make on the order now: the forms the order page shows. */
export function availableOrderActions(order: OrderForRules, actor: OrderAuthority, now: Date = new Date()): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) => refusal(action, order, actor, now) === null);
}

/** The end of the buyer's inspection period (7 days after delivery), or null before delivery. */
export function inspectionEndsAt(deliveredAt: string | null): string | null {
  return deliveredAt ? new Date(new Date(deliveredAt).getTime() + INSPECTION_PERIOD_MS).toISOString() : null;
}

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

function requiredText(value: string | undefined, message: string, field: OrderFlowField): string {
  const text = (value ?? "").trim();
  if (!text) throw new DomainError("invalid", message, { field });
  return text;
}

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

      let note = (request.note ?? "").trim();
      const changes: Partial<
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
        Partial<Record<"payment_received_cents" | "refunded_cents", number>> = {
        [transition.stamp]: stamp,
      };
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

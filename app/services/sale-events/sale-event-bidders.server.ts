// Registration to bid in a sale event: a member asks (company, phone, what they mean to buy, the limit they ask for);
// the house approves, declines or puts the request in review with a reason and may set the bidding limit; billing
// staff record the deposit's payment (amount and reference) and confirm it. Staff acts go to the audit log.
import type { Kysely, Selectable } from "kysely";
import type { Database, SaleEventBiddersTable } from "#db/schema.ts";
import { minorDigits } from "~/lib/money.ts";
import { type BidderStatus, depositCents, depositReferenceFor, isBidderStatus, isDepositKind, SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { mayOverseeEvent, memberHolds, requireBillingStaff, requireHouse } from "./sale-event-access.server.ts";
import { loadSaleEvent, saleEventStatusOf, type SaleEventRow } from "./sale-event-editing.server.ts";

type BidderRow = Selectable<SaleEventBiddersTable>;

export interface BidRequestForm {
  company: string;
  phone: string;
  intendedPurchases: string;
  /** The limit the bidder asks for, in the event's minor units; required when the deposit is a percentage of it. */
  requestedLimitCents?: number | null;
}

/** The deposit this bidder owes under the event's terms (0: none). */
export function depositDueOf(event: SaleEventRow, bidder: { requested_limit_cents: number | null }): number {
  return depositCents(
    { kind: isDepositKind(event.deposit_kind) ? event.deposit_kind : "none", fixedCents: event.deposit_fixed_cents, percentBps: event.deposit_percent_bps },
    bidder.requested_limit_cents,
  );
}

/** The reference a bidder quotes when paying: the recorded one once billing staff have it, else the one we issue. */
export function depositReferenceOf(bidder: BidderRow): string {
  return bidder.deposit_reference ?? depositReferenceFor(bidder.event_id, bidder.id);
}

/**
 * A member asks to bid in a published event that has not closed. Without approval required they are approved at once;
 * a deposit, when the event asks one, is still owed before they bid. Returns the registration's status.
 */
export async function requestToBid(
  db: Kysely<Database>,
  userId: string,
  eventId: number,
  form: BidRequestForm,
  now: Date = new Date(),
): Promise<{ status: BidderStatus; depositCents: number; depositReference: string }> {
  const event = await loadSaleEvent(db, eventId);
  if (event.status === "draft") throw new DomainError("not_found", SALE_EVENT_MESSAGES.notFound);
  const status = await saleEventStatusOf(db, event, now);
  if (status === "cancelled" || status === "closed") throw new DomainError("conflict", SALE_EVENT_MESSAGES.registrationClosed);
  if (event.seller_id === userId) throw new DomainError("forbidden", SALE_EVENT_MESSAGES.ownSale);
  const phone = form.phone.trim();
  if (!phone) throw new DomainError("invalid", SALE_EVENT_MESSAGES.phoneRequired, { field: "phone" });
  const limit = form.requestedLimitCents ?? null;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit <= 0))
    throw new DomainError("invalid", SALE_EVENT_MESSAGES.invalidAmount, { field: "requestedLimitCents" });
  if (event.deposit_kind === "percent" && limit === null) throw new DomainError("invalid", SALE_EVENT_MESSAGES.limitRequired, { field: "requestedLimitCents" });
  const existing = await db.selectFrom("sale_event_bidders").select("id").where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst();
  if (existing) throw new DomainError("conflict", SALE_EVENT_MESSAGES.alreadyRegistered);
  const approved = event.approval_required === 0;
  const row = await db
    .insertInto("sale_event_bidders")
    .values({
      event_id: eventId,
      user_id: userId,
      status: approved ? "approved" : "pending",
      company: form.company.trim(),
      phone,
      intended_purchases: form.intendedPurchases.trim(),
      requested_limit_cents: limit,
      bidding_limit_cents: approved ? limit : null,
      deposit_cents: null,
      deposit_reference: null,
      deposit_confirmed_at: null,
      deposit_confirmed_by: null,
      decided_by: null,
      decided_at: approved ? now.toISOString() : null,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { status: approved ? "approved" : "pending", depositCents: depositDueOf(event, row), depositReference: depositReferenceOf(row) };
}

/** A member's own registration in an event, for the event page: null when they have not asked to bid. */
export async function bidderRegistrationOf(
  db: Kysely<Database>,
  userId: string,
  eventId: number,
): Promise<{
  status: BidderStatus;
  reason: string;
  biddingLimitCents: number | null;
  depositDueCents: number;
  depositReference: string;
  depositConfirmed: boolean;
} | null> {
  const event = await loadSaleEvent(db, eventId);
  const row = await db.selectFrom("sale_event_bidders").selectAll().where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    status: isBidderStatus(row.status) ? row.status : "pending",
    reason: row.reason,
    biddingLimitCents: row.bidding_limit_cents,
    depositDueCents: depositDueOf(event, row),
    depositReference: depositReferenceOf(row),
    depositConfirmed: row.deposit_confirmed_at !== null,
  };
}

async function loadBidder(db: Kysely<Database>, eventId: number, userId: string): Promise<BidderRow> {
  const row = await db.selectFrom("sale_event_bidders").selectAll().where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new DomainError("not_found", SALE_EVENT_MESSAGES.bidderNotFound);
  return row;
}

/** The house decides a registration: approved, declined (with its reason) or in review. Approval grants the limit asked for unless one is set. */
export async function decideBidder(
  db: Kysely<Database>,
  actorId: string,
  decision: { eventId: number; userId: string; status: Exclude<BidderStatus, "pending">; reason?: string },
  now: Date = new Date(),
): Promise<void> {
  const event = await loadSaleEvent(db, decision.eventId);
  requireHouse(event, actorId);
  if (!isBidderStatus(decision.status) || (decision.status as BidderStatus) === "pending")
    throw new DomainError("invalid", SALE_EVENT_MESSAGES.bidderNotFound, { field: "status" });
  const bidder = await loadBidder(db, decision.eventId, decision.userId);
  const reason = (decision.reason ?? "").trim();
  await db
    .updateTable("sale_event_bidders")
    .set({
      status: decision.status,
      reason,
      decided_by: actorId,
      decided_at: now.toISOString(),
      bidding_limit_cents: decision.status === "approved" ? (bidder.bidding_limit_cents ?? bidder.requested_limit_cents) : bidder.bidding_limit_cents,
    })
    .where("id", "=", bidder.id)
    .execute();
  await recordAuditEvent(
    db,
    {
      actorUserId: actorId,
      action: "sale_event.bidder_decision",
      subjectType: "sale_event",
      subjectId: decision.eventId,
      detail: JSON.stringify({ bidder: decision.userId, from: bidder.status, to: decision.status, reason }),
    },
    now,
  );
}

/** The house sets (or lifts, with null) a bidder's limit: the total of their leading bids in the event. */
export async function setBiddingLimit(
  db: Kysely<Database>,
  actorId: string,
  input: { eventId: number; userId: string; limitCents: number | null },
  now: Date = new Date(),
): Promise<void> {
  const event = await loadSaleEvent(db, input.eventId);
  requireHouse(event, actorId);
  if (input.limitCents !== null && (!Number.isSafeInteger(input.limitCents) || input.limitCents <= 0)) {
    throw new DomainError("invalid", SALE_EVENT_MESSAGES.invalidAmount, { field: "limitCents" });
  }
  const bidder = await loadBidder(db, input.eventId, input.userId);
  await db.updateTable("sale_event_bidders").set({ bidding_limit_cents: input.limitCents }).where("id", "=", bidder.id).execute();
  await recordAuditEvent(
    db,
    {
      actorUserId: actorId,
      action: "sale_event.bidding_limit",
      subjectType: "sale_event",
      subjectId: input.eventId,
      detail: JSON.stringify({ bidder: input.userId, from: bidder.bidding_limit_cents, to: input.limitCents }),
    },
    now,
  );
}

/** Billing staff record a deposit's payment: the amount received and the payment's reference. */
export async function recordDeposit(
  db: Kysely<Database>,
  actorId: string,
  input: { eventId: number; userId: string; amountCents: number; reference: string },
  now: Date = new Date(),
): Promise<void> {
  await requireBillingStaff(db, actorId);
  const event = await loadSaleEvent(db, input.eventId);
  const bidder = await loadBidder(db, input.eventId, input.userId);
  if (depositDueOf(event, bidder) === 0) throw new DomainError("conflict", SALE_EVENT_MESSAGES.depositNotDue);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new DomainError("invalid", SALE_EVENT_MESSAGES.invalidAmount, { field: "amountCents" });
  const reference = input.reference.trim();
  if (!reference) throw new DomainError("invalid", SALE_EVENT_MESSAGES.referenceRequired, { field: "reference" });
  await db.updateTable("sale_event_bidders").set({ deposit_cents: input.amountCents, deposit_reference: reference }).where("id", "=", bidder.id).execute();
  await recordAuditEvent(
    db,
    {
      actorUserId: actorId,
      action: "sale_event.deposit_record",
      subjectType: "sale_event",
      subjectId: input.eventId,
      detail: JSON.stringify({ bidder: input.userId, amountCents: input.amountCents, reference }),
    },
    now,
  );
}

/** Billing staff confirm a recorded deposit that covers what is due: the bidder may then bid (once approved). */
export async function confirmDeposit(db: Kysely<Database>, actorId: string, input: { eventId: number; userId: string }, now: Date = new Date()): Promise<void> {
  await requireBillingStaff(db, actorId);
  const event = await loadSaleEvent(db, input.eventId);
  const bidder = await loadBidder(db, input.eventId, input.userId);
  const due = depositDueOf(event, bidder);
  if (due === 0) throw new DomainError("conflict", SALE_EVENT_MESSAGES.depositNotDue);
  if (bidder.deposit_cents === null || bidder.deposit_reference === null) throw new DomainError("conflict", SALE_EVENT_MESSAGES.depositNotRecorded);
  if (bidder.deposit_cents < due) throw new DomainError("conflict", SALE_EVENT_MESSAGES.depositShort(bidder.deposit_cents, due, event.currency));
  await db
    .updateTable("sale_event_bidders")
    .set({ deposit_confirmed_at: now.toISOString(), deposit_confirmed_by: actorId })
    .where("id", "=", bidder.id)
    .execute();
  await recordAuditEvent(
    db,
    {
      actorUserId: actorId,
      action: "sale_event.deposit_confirm",
      subjectType: "sale_event",
      subjectId: input.eventId,
      detail: JSON.stringify({ bidder: input.userId, amountCents: bidder.deposit_cents, reference: bidder.deposit_reference }),
    },
    now,
  );
}

export interface SaleEventBidder {
  userId: string;
  name: string;
  email: string;
  status: BidderStatus;
  reason: string;
  company: string;
  phone: string;
  intendedPurchases: string;
  requestedLimitCents: number | null;
  biddingLimitCents: number | null;
  depositDueCents: number;
  depositCents: number | null;
  depositReference: string;
  depositConfirmedAt: string | null;
  decidedAt: string | null;
  createdAt: string;
}

const CSV_HEADER = [
  "Bidder",
  "E-mail",
  "Company",
  "Phone",
  "Status",
  "Reason",
  "Intended purchases",
  "Requested limit",
  "Bidding limit",
  "Deposit due",
  "Deposit paid",
  "Payment reference",
  "Deposit confirmed",
  "Registered",
];

/** The event's registrations, oldest first, with their CSV rows (header first), for the house, listing moderators and billing staff. */
export async function bidderList(
  db: Kysely<Database>,
  viewerId: string,
  eventId: number,
): Promise<{ bidders: SaleEventBidder[]; csvRows: Array<Array<string | number>> }> {
  const event = await loadSaleEvent(db, eventId);
  if (!(await mayOverseeEvent(db, event, viewerId)) && !(await memberHolds(db, viewerId, "can_confirm_payments"))) {
    throw new DomainError("forbidden", SALE_EVENT_MESSAGES.forbidden);
  }
  const rows = await db
    .selectFrom("sale_event_bidders as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .leftJoin("profiles as p", "p.id", "b.user_id")
    .selectAll("b")
    .select(["u.email", "p.first_name", "p.last_name"])
    .where("b.event_id", "=", eventId)
    .orderBy("b.id")
    .execute();
  const bidders = rows.map((row): SaleEventBidder => ({
    userId: row.user_id,
    name: [row.first_name, row.last_name].filter(Boolean).join(" "),
    email: row.email,
    status: isBidderStatus(row.status) ? row.status : "pending",
    reason: row.reason,
    company: row.company,
    phone: row.phone,
    intendedPurchases: row.intended_purchases,
    requestedLimitCents: row.requested_limit_cents,
    biddingLimitCents: row.bidding_limit_cents,
    depositDueCents: depositDueOf(event, row),
    depositCents: row.deposit_cents,
    depositReference: depositReferenceOf(row),
    depositConfirmedAt: row.deposit_confirmed_at,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  }));
  const digits = minorDigits(event.currency);
  const money = (cents: number | null) => (cents === null ? "" : (cents / 10 ** digits).toFixed(digits));
  const csvRows: Array<Array<string | number>> = [
    CSV_HEADER,
    ...bidders.map((b) => [
      b.name,
      b.email,
      b.company,
      b.phone,
      b.status,
      b.reason,
      b.intendedPurchases,
      money(b.requestedLimitCents),
      money(b.biddingLimitCents),
      money(b.depositDueCents),
      money(b.depositCents),
      b.depositReference,
      b.depositConfirmedAt ?? "",
      b.createdAt,
    ]),
  ];
  return { bidders, csvRows };
}

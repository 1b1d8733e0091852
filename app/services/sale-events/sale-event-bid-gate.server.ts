// The sale event's gate on a bid, called by the auctions domain inside the bid's transaction: whether the lot belongs
// to an event, whether that event takes pre-bids before the lot opens, and the refusal when the bidder may not bid
// (not registered, awaiting or declined, deposit not confirmed, over the bidding limit, event cancelled or unpublished).
import type { Kysely } from "kysely";
import { forUpdate } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { DomainError } from "../domain-error.ts";
import { depositDueOf, depositReferenceOf } from "./sale-event-bidders.server.ts";

export interface EventBidQuestion {
  auctionId: number;
  bidderId: string;
  amountCents: number;
  maxCents: number | null;
}

export interface EventBidGate {
  /** Whether the lot takes proxy maximums before it opens (its event's catalogue is published). */
  preBidsOpen: boolean;
  /** Why the bidder may not bid; null: the event lets the bid through to the bidding rules. */
  refusal: DomainError | null;
}

/**
 * Null when the auction is no lot of an event; else the event's answer. Writes nothing; call inside the bid's write
 * transaction (it locks the bidder's registration row, which serialises one bidder's bids across the event's lots).
 */
export async function eventBidGate(db: Kysely<Database>, question: EventBidQuestion): Promise<EventBidGate | null> {
  const event = await db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("sale_events as e", "e.id", "sl.event_id")
    .selectAll("e")
    .where("sl.auction_id", "=", question.auctionId)
    .executeTakeFirst();
  if (!event) return null;
  const refuse = (kind: "conflict" | "forbidden", message: string, code: string): EventBidGate => ({
    preBidsOpen: false,
    refusal: new DomainError(kind, message, { code }),
  });
  if (event.status === "cancelled") return refuse("conflict", SALE_EVENT_MESSAGES.cancelled(event.title), "event_cancelled");
  if (event.status !== "scheduled") return refuse("conflict", SALE_EVENT_MESSAGES.notPublished(event.title), "event_not_published");
  // The house's own lots: the bidding rules refuse them with their own message.
  if (event.seller_id === question.bidderId) return { preBidsOpen: true, refusal: null };

  const needsRegistration = event.approval_required === 1 || event.deposit_kind !== "none";
  // Locked: one bidder's bids within the event queue here, so each reads the leading total the previous one left.
  const bidder = await forUpdate(
    db,
    db.selectFrom("sale_event_bidders").selectAll().where("event_id", "=", event.id).where("user_id", "=", question.bidderId),
  ).executeTakeFirst();
  if (!bidder) {
    return needsRegistration ? refuse("forbidden", SALE_EVENT_MESSAGES.notRegistered(event.title), "not_registered") : { preBidsOpen: true, refusal: null };
  }
  if (bidder.status === "pending") return refuse("forbidden", SALE_EVENT_MESSAGES.pending(event.title), "registration_pending");
  if (bidder.status === "in_review") return refuse("forbidden", SALE_EVENT_MESSAGES.inReview(event.title), "registration_in_review");
  if (bidder.status === "declined") return refuse("forbidden", SALE_EVENT_MESSAGES.declined(event.title, bidder.reason), "registration_declined");
  const due = depositDueOf(event, bidder);
  if (due > 0 && bidder.deposit_confirmed_at === null) {
    return refuse("forbidden", SALE_EVENT_MESSAGES.depositRequired(event.title, due, event.currency, depositReferenceOf(bidder)), "deposit_required");
  }
  if (bidder.bidding_limit_cents !== null) {
    // What the bidder stands to pay elsewhere in the event: each lot they lead, at their maximum there.
    const leading = await db
      .selectFrom("sale_event_lots as sl")
      .innerJoin("auctions as a", "a.id", "sl.auction_id")
      .innerJoin("bids as lead", "lead.id", "a.leading_bid_id")
      .select((eb) => eb.fn.sum<string | number | null>(eb.fn.coalesce("lead.max_amount_cents", "lead.amount_cents")).as("total"))
      .where("sl.event_id", "=", event.id)
      .where("sl.auction_id", "!=", question.auctionId)
      .where("lead.user_id", "=", question.bidderId)
      .where("a.status", "in", ["upcoming", "active", "ended"])
      .executeTakeFirst();
    const total = Number(leading?.total ?? 0) + (question.maxCents ?? question.amountCents);
    if (total > bidder.bidding_limit_cents) {
      return refuse("forbidden", SALE_EVENT_MESSAGES.limitExceeded(bidder.bidding_limit_cents, event.currency), "limit_exceeded");
    }
  }
  return { preBidsOpen: true, refusal: null };
}

// What every step of a Make Offer negotiation shares: the listing's terms for offers, the locks, the rows' live/expired
// reading, and the record of a step (its conversation line and notice). The steps themselves: make-offer, offer-responses,
// offer-acceptance and offer-deadlines (offers.server.ts names them all).
import type { Kysely } from "kysely";
import { forUpdate } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { SaleType } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { isOfferStatus, OFFER_MESSAGES, type OfferParty, type OfferStatus } from "~/lib/offers.ts";
import { buyNowOpen, findLiveAuctionRow, lockLiveAuctionOf, type AuctionRow } from "../auctions/index.server.ts";
import { appendListingConversationLine } from "../messaging/index.server.ts";
import { type NotificationDraft } from "../notifications/index.server.ts";
import { DomainError } from "../domain-error.ts";

export interface ListingForOffers {
  id: number;
  user_id: string;
  title: string;
  listing_type: string;
  status: string;
  price_cents: number;
  currency: string;
  accepts_offers: number;
  auto_accept_cents: number | null;
  auto_decline_cents: number | null;
}

export const LISTING_COLUMNS = [
  "id",
  "user_id",
  "title",
  "listing_type",
  "status",
  "price_cents",
  "currency",
  "accepts_offers",
  "auto_accept_cents",
  "auto_decline_cents",
] as const;

export type OfferRow = Awaited<ReturnType<typeof findOfferRow>> & object;

export function findOfferRow(db: Kysely<Database>, offerId: number) {
  return db.selectFrom("offers").selectAll().where("id", "=", offerId).executeTakeFirst();
}

/** An open row whose 48 hours have not yet passed: the only kind anyone may act on. */
export function isLive(row: { status: string; expires_at: string }, now: Date): boolean {
  return row.status === "open" && row.expires_at > now.toISOString();
}

/** The status a row reads as at `now`: an open row past its expiry is expired even before the scheduler marks it. */
export function statusAt(row: { status: string; expires_at: string }, now: Date): OfferStatus {
  if (row.status === "open" && !isLive(row, now)) return "expired";
  return isOfferStatus(row.status) ? row.status : "expired";
}

export type Terms = { ok: true; priceCents: number; saleType: SaleType; auction: AuctionRow | undefined } | { ok: false; error: DomainError };

/** Whether the listing takes offers now, and below what price (a hybrid's: its Buy Now price while Buy Now is open). */
export function offerTerms(listing: ListingForOffers, auction: AuctionRow | undefined): Terms {
  const refuse = (message: string): Terms => ({ ok: false, error: new DomainError("conflict", message) });
  if (listing.status === "sold") return refuse(OFFER_MESSAGES.alreadySold);
  if (listing.status !== "active") return refuse(OFFER_MESSAGES.notForSale);
  if (!listing.accepts_offers) return refuse(OFFER_MESSAGES.notTakingOffers);
  if (listing.listing_type === "buy_now") return { ok: true, priceCents: listing.price_cents, saleType: "buy_now", auction: undefined };
  if (listing.listing_type === "hybrid" && auction && buyNowOpen(auction) && auction.buy_now_price_cents !== null) {
    return { ok: true, priceCents: auction.buy_now_price_cents, saleType: "hybrid", auction };
  }
  return refuse(listing.listing_type === "hybrid" ? OFFER_MESSAGES.notForSale : OFFER_MESSAGES.notTakingOffers);
}

/** Locks a hybrid's live auction, then the listing (the order Buy Now and bids keep), and reads what offers decide on. */
export async function lockListingForOffers(trx: Kysely<Database>, listingId: number) {
  await lockLiveAuctionOf(trx, listingId);
  const listing = await forUpdate(trx, trx.selectFrom("equipment_listings").select(LISTING_COLUMNS).where("id", "=", listingId)).executeTakeFirst();
  const auction = listing?.listing_type === "hybrid" ? await findLiveAuctionRow(trx, listingId) : undefined;
  return { listing, auction };
}

export function cleanText(value: string | undefined, max: number, message: string, field: string): string {
  const text = (value ?? "").replace(/\r\n?/g, "\n").trim();
  if (text.length > max) throw new DomainError("invalid", message, { field });
  return text;
}

export function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError("invalid", OFFER_MESSAGES.amountTooLow, { field: "amount" });
}

/** Work done inside a transaction, and what to announce once it has committed. */
export interface Effects {
  notifications: NotificationDraft[];
}

const offersUrl = (party: OfferParty) => `/offers?tab=${party === "seller" ? "received" : "sent"}`;

/**
 * One step of the negotiation, written as a line of the listing's conversation from `from` to the other party, and
 * a notification (type "offer", mailed if they chose so) to `notify`.
 */
export async function record(
  trx: Kysely<Database>,
  effects: Effects,
  step: {
    listing: { id: number; title: string };
    buyerId: string;
    sellerId: string;
    from: OfferParty;
    line: string;
    notify: OfferParty[];
    title: string;
    at: string;
  },
): Promise<void> {
  const [senderId, recipientId] = step.from === "buyer" ? [step.buyerId, step.sellerId] : [step.sellerId, step.buyerId];
  await appendListingConversationLine(trx, {
    listing: step.listing,
    buyerId: step.buyerId,
    sellerId: step.sellerId,
    senderId,
    recipientId,
    body: step.line,
    at: step.at,
  });
  for (const party of step.notify) {
    effects.notifications.push({
      userId: party === "buyer" ? step.buyerId : step.sellerId,
      type: "offer",
      title: step.title,
      message: `${step.listing.title}: ${step.line}`,
      actionUrl: offersUrl(party),
    });
  }
}

export const otherParty = (party: OfferParty): OfferParty => (party === "buyer" ? "seller" : "buyer");

export interface OfferOutcome {
  offerId: number;
  /** open, or accepted / declined at once by the seller's automatic prices. */
  status: OfferStatus;
  orderId: number | null;
}

/** Claims an open row for a new status; false when someone else changed it first. */
export async function claimOffer(
  trx: Kysely<Database>,
  offerId: number,
  changes: { status: OfferStatus; acted_by: OfferParty | "system"; decline_reason?: string | null },
  at: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable("offers")
    .set({ ...changes, updated_at: at })
    .where("id", "=", offerId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Declines or withdraws an open row, with its line and the other party's notice. */
export async function closeOffer(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: { id: number; title: string; currency: string },
  status: "declined" | "withdrawn",
  actedBy: OfferParty | "system",
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  if (!(await claimOffer(trx, offer.id, { status, acted_by: actedBy, decline_reason: reason || null }, at))) {
    throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  }
  const amount = formatExactPrice(offer.amount_cents, listing.currency);
  const maker = offer.made_by as OfferParty;
  const line =
    status === "withdrawn"
      ? `The ${maker} withdrew the offer of ${amount}`
      : actedBy === "system"
        ? `The offer of ${amount} was declined automatically`
        : `The ${actedBy} declined the offer of ${amount}${reason ? `: ${reason}` : ""}`;
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    // An automatic answer is the seller's rule speaking; a withdrawal comes from the maker.
    from: status === "withdrawn" ? maker : actedBy === "system" ? "seller" : actedBy,
    line,
    notify: status === "withdrawn" ? [otherParty(maker)] : actedBy === "system" ? ["buyer"] : [otherParty(actedBy)],
    title: status === "withdrawn" ? `Offer withdrawn: ${amount}` : `Offer declined: ${amount}`,
    at,
  });
}

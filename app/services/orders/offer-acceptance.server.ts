// Accepting an offer (by either party, or by the seller's auto-accept price): the sale in one write transaction.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { OFFER_MESSAGES, OFFER_ORDER_PAYMENT_HOURS, type OfferParty } from "~/lib/offers.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { createOrder } from "./order-creation.server.ts";
import { DomainError } from "../domain-error.ts";
import {
  claimOffer,
  closeOffer,
  otherParty,
  record,
  type Effects,
  type ListingForOffers,
  type OfferOutcome,
  type OfferRow,
  type Terms,
} from "./offer-negotiation.server.ts";

/** The seller's automatic prices applied to a buyer's offer or counter just made. */
export async function answerAutomatically(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: ListingForOffers,
  terms: Extract<Terms, { ok: true }>,
  now: Date,
): Promise<OfferOutcome> {
  if (listing.auto_accept_cents !== null && offer.amount_cents >= listing.auto_accept_cents) {
    const orderId = await acceptOffer(trx, effects, offer, listing, terms, "system", now);
    return { offerId: offer.id, status: "accepted", orderId };
  }
  if (listing.auto_decline_cents !== null && offer.amount_cents < listing.auto_decline_cents) {
    await closeOffer(trx, effects, offer, listing, "declined", "system", null, now);
    return { offerId: offer.id, status: "declined", orderId: null };
  }
  return { offerId: offer.id, status: "open", orderId: null };
}

/**
 * Accepts an open row: claims it and the listing, ends a hybrid's auction, creates the order at the agreed amount and
 * declines every other open offer on the listing with a notice. Returns the order's id.
 */
export async function acceptOffer(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: ListingForOffers,
  terms: Extract<Terms, { ok: true }>,
  actedBy: OfferParty | "system",
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  if (!(await claimOffer(trx, offer.id, { status: "accepted", acted_by: actedBy }, at))) throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  const claimed = await trx
    .updateTable("equipment_listings")
    .set({ status: "sold", updated_at: at })
    .where("id", "=", listing.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", OFFER_MESSAGES.alreadySold);
  if (terms.auction) {
    const ended = await trx
      .updateTable("auctions")
      .set((eb) => ({ status: "ended", winner_id: offer.buyer_id, ended_at: at, end_date: at, version: eb("version", "+", 1), updated_at: at }))
      .where("id", "=", terms.auction.id)
      .where("version", "=", terms.auction.version)
      .where("status", "in", LIVE_AUCTION_STATUSES)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw new DomainError("conflict", OFFER_MESSAGES.alreadySold);
    // Its bidders learn why bidding stopped, as they do when a Buy Now ends it.
    const bidders = await trx
      .selectFrom("bids")
      .select("user_id")
      .distinct()
      .where("auction_id", "=", terms.auction.id)
      .where("user_id", "!=", offer.buyer_id)
      .execute();
    for (const { user_id } of bidders) {
      effects.notifications.push({
        userId: user_id,
        type: "auction_ended",
        title: `Auction ended: ${listing.title}`,
        message: `The seller accepted an offer on "${listing.title}", so the auction has ended and no further bids are taken.`,
        actionUrl: `/auctions/${terms.auction.id}`,
      });
    }
  }
  const actorId = actedBy === "buyer" ? offer.buyer_id : actedBy === "seller" ? offer.seller_id : null;
  const order = await createOrder(
    trx,
    {
      listingId: listing.id,
      auctionId: terms.auction?.id ?? null,
      buyerId: offer.buyer_id,
      sellerId: offer.seller_id,
      saleType: terms.saleType,
      amountCents: offer.amount_cents,
      currency: listing.currency,
      createdBy: actorId,
    },
    now,
  );
  await trx.updateTable("offers").set({ order_id: order.id }).where("id", "=", offer.id).execute();
  const amount = formatExactPrice(offer.amount_cents, listing.currency);
  const accepter: OfferParty = actedBy === "system" ? "seller" : actedBy;
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    from: accepter,
    line: `${actedBy === "system" ? "The offer was accepted automatically" : `The ${accepter} accepted`} at ${amount}. Order ${order.reference} awaits the buyer's payment within ${OFFER_ORDER_PAYMENT_HOURS} hours.`,
    notify: actedBy === "system" ? ["buyer", "seller"] : [otherParty(accepter)],
    title: `Offer accepted: ${amount}`,
    at,
  });
  const others = await trx
    .selectFrom("offers")
    .selectAll()
    .where("listing_id", "=", listing.id)
    .where("status", "=", "open")
    .where("id", "!=", offer.id)
    .execute();
  for (const other of others) {
    if (!(await claimOffer(trx, other.id, { status: "declined", acted_by: "system", decline_reason: OFFER_MESSAGES.soldToAnother }, at))) continue;
    await record(trx, effects, {
      listing,
      buyerId: other.buyer_id,
      sellerId: other.seller_id,
      from: "seller",
      line: `The offer of ${formatExactPrice(other.amount_cents, listing.currency)} was declined: ${OFFER_MESSAGES.soldToAnother.toLowerCase()}`,
      notify: ["buyer"],
      title: `Offer declined: ${listing.title} was sold`,
      at,
    });
  }
  return order.id;
}

// Answering an offer: its other party accepts, declines or counters it; its maker may withdraw it.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { formatExactPrice } from "~/lib/money.ts";
import {
  MAX_OFFERS_PER_LISTING,
  OFFER_MESSAGE_MAX_LENGTH,
  OFFER_MESSAGES,
  OFFER_REASON_MAX_LENGTH,
  offerExpiresAt,
  offerLine,
  type OfferAction,
  type OfferParty,
} from "~/lib/offers.ts";
import { announceNotifications, insertNotifications } from "../notifications/index.server.ts";
import { DomainError } from "../domain-error.ts";
import {
  checkAmount,
  claimOffer,
  cleanText,
  closeOffer,
  findOfferRow,
  isLive,
  lockListingForOffers,
  offerTerms,
  otherParty,
  record,
  type Effects,
  type OfferOutcome,
  type OfferRow,
} from "./offer-negotiation.server.ts";
import { acceptOffer, answerAutomatically } from "./offer-acceptance.server.ts";

// ── Answering an offer ──

export interface OfferResponse {
  offerId: number;
  userId: string;
  action: OfferAction;
  /** For a counter. */
  amountCents?: number;
  /** For a counter: a note to the other party. */
  message?: string;
  /** For a decline: why (optional). */
  reason?: string;
  now?: Date;
}

/** The party `userId` is in the offer, or null for anyone else. */
function partyIn(offer: { buyer_id: string; seller_id: string }, userId: string): OfferParty | null {
  if (offer.buyer_id === userId) return "buyer";
  if (offer.seller_id === userId) return "seller";
  return null;
}

/** The counter's exclusive bounds: above the amount countered (a seller) or the buyer's last amount, below the price or the seller's counter. */
async function counterRange(trx: Kysely<Database>, offer: OfferRow, priceCents: number): Promise<{ aboveCents: number; belowCents: number }> {
  if (offer.made_by === "buyer") return { aboveCents: offer.amount_cents, belowCents: priceCents };
  const parent =
    offer.parent_offer_id === null
      ? undefined
      : await trx.selectFrom("offers").select("amount_cents").where("id", "=", offer.parent_offer_id).executeTakeFirst();
  return { aboveCents: parent?.amount_cents ?? 0, belowCents: offer.amount_cents };
}

/**
 * Accept, decline (optional reason) or counter an open offer — only its other party may — or withdraw it — only its
 * maker may. A counter is a new open row; a buyer's counter counts towards the buyer's offers. Refuses with DomainError:
 * not_found for anyone but the two parties, forbidden for the wrong party, conflict for a row no longer open.
 */
export async function respondToOffer(db: Kysely<Database>, request: OfferResponse): Promise<OfferOutcome> {
  const now = request.now ?? new Date();
  const at = now.toISOString();
  const reason = cleanText(request.reason, OFFER_REASON_MAX_LENGTH, OFFER_MESSAGES.reasonTooLong, "reason");
  const message = cleanText(request.message, OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES.messageTooLong, "message");
  if (request.action === "counter") {
    if (request.amountCents === undefined) throw new DomainError("invalid", OFFER_MESSAGES.amountRequired, { field: "amount" });
    checkAmount(request.amountCents);
  }
  const first = await db.selectFrom("offers").select(["listing_id", "buyer_id", "seller_id"]).where("id", "=", request.offerId).executeTakeFirst();
  if (!first || partyIn(first, request.userId) === null) throw new DomainError("not_found", OFFER_MESSAGES.offerNotFound);
  const effects: Effects = { notifications: [] };
  const outcome = await inWriteTransaction(
    db,
    async (trx) => {
      effects.notifications = [];
      const answered = await answer(trx, request, first.listing_id, effects, { reason, message, now, at });
      await insertNotifications(trx, effects.notifications, now);
      return answered;
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(effects.notifications);
  return outcome;
}

async function answer(
  trx: Kysely<Database>,
  request: OfferResponse,
  listingId: number,
  effects: Effects,
  { reason, message, now, at }: { reason: string; message: string; now: Date; at: string },
): Promise<OfferOutcome> {
  const { listing, auction } = await lockListingForOffers(trx, listingId);
  const offer = await forUpdate(trx, trx.selectFrom("offers").selectAll().where("id", "=", request.offerId)).executeTakeFirst();
  if (!offer || !listing) throw new DomainError("not_found", OFFER_MESSAGES.offerNotFound);
  const party = partyIn(offer, request.userId)!;
  if (request.action === "withdraw" && party !== offer.made_by) throw new DomainError("forbidden", OFFER_MESSAGES.onlyMakerWithdraws);
  if (request.action !== "withdraw" && party === offer.made_by) throw new DomainError("forbidden", OFFER_MESSAGES.notYours);
  if (offer.status !== "open") throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  if (!isLive(offer, now)) throw new DomainError("conflict", OFFER_MESSAGES.expired);

  if (request.action === "withdraw" || request.action === "decline") {
    await closeOffer(
      trx,
      effects,
      offer,
      listing,
      request.action === "withdraw" ? "withdrawn" : "declined",
      party,
      request.action === "decline" ? reason : null,
      now,
    );
    return { offerId: offer.id, status: request.action === "withdraw" ? ("withdrawn" as const) : ("declined" as const), orderId: null };
  }
  const terms = offerTerms(listing, auction);
  if (!terms.ok) throw terms.error;
  if (request.action === "accept") {
    const orderId = await acceptOffer(trx, effects, offer, listing, terms, party, now);
    return { offerId: offer.id, status: "accepted" as const, orderId };
  }

  // A counter.
  const amountCents = request.amountCents!;
  if (party === "buyer") {
    const made = await trx
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listing_id", "=", listing.id)
      .where("buyer_id", "=", offer.buyer_id)
      .where("made_by", "=", "buyer")
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= MAX_OFFERS_PER_LISTING) throw new DomainError("conflict", OFFER_MESSAGES.noCounterLeft);
  }
  const range = await counterRange(trx, offer, terms.priceCents);
  if (amountCents <= range.aboveCents || amountCents >= range.belowCents) {
    throw new DomainError("invalid", OFFER_MESSAGES.counterOutOfRange, { field: "amount" });
  }
  if (!(await claimOffer(trx, offer.id, { status: "countered", acted_by: party }, at))) throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  const { id } = await trx
    .insertInto("offers")
    .values({
      listing_id: listing.id,
      buyer_id: offer.buyer_id,
      seller_id: offer.seller_id,
      amount_cents: amountCents,
      currency: listing.currency,
      message,
      status: "open",
      made_by: party,
      parent_offer_id: offer.id,
      root_offer_id: offer.root_offer_id ?? offer.id,
      expires_at: offerExpiresAt(now).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const line = offerLine(party, amountCents, listing.currency, true);
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    from: party,
    line: message ? `${line}: ${message}` : line,
    notify: [otherParty(party)],
    title: `Counter-offer: ${formatExactPrice(amountCents, listing.currency)}`,
    at,
  });
  const counter = (await findOfferRow(trx, id))!;
  if (party === "buyer") return answerAutomatically(trx, effects, counter, listing, terms, now);
  return { offerId: id, status: "open" as const, orderId: null };
}

// Making an offer: a buyer's first offer on a listing, answered at once when it meets the seller's automatic prices.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { MAX_OFFERS_PER_LISTING, OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES, offerExpiresAt, offerLine } from "~/lib/offers.ts";
import { isOwner, ownedListing, visibleTo } from "../listings/index.server.ts";
import { announceNotifications, insertNotifications } from "../notifications/index.server.ts";
import { DomainError } from "../domain-error.ts";
import {
  checkAmount,
  cleanText,
  findOfferRow,
  isLive,
  lockListingForOffers,
  offerTerms,
  record,
  type Effects,
  type OfferOutcome,
} from "./offer-negotiation.server.ts";
import { answerAutomatically } from "./offer-acceptance.server.ts";

// ── Making an offer ──

export interface MakeOfferRequest {
  listingId: number;
  buyerId: string;
  amountCents: number;
  message?: string;
  now?: Date;
}

/**
 * A buyer's offer on a listing: below its price, at most MAX_OFFERS_PER_LISTING per buyer and listing whatever became
 * of them, one open at a time. The seller's auto-accept price accepts it at once (an order is made), the auto-decline
 * price declines it at once. Refuses with DomainError.
 */
export async function makeOffer(db: Kysely<Database>, request: MakeOfferRequest): Promise<OfferOutcome> {
  const now = request.now ?? new Date();
  const at = now.toISOString();
  checkAmount(request.amountCents);
  const message = cleanText(request.message, OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES.messageTooLong, "message");
  const effects: Effects = { notifications: [] };
  const outcome = await inWriteTransaction(
    db,
    async (trx) => {
      effects.notifications = [];
      const { listing, auction } = await lockListingForOffers(trx, request.listingId);
      if (!listing || !visibleTo(ownedListing(listing), null)) throw new DomainError("not_found", OFFER_MESSAGES.listingNotFound);
      if (isOwner(ownedListing(listing), request.buyerId)) throw new DomainError("forbidden", OFFER_MESSAGES.ownListing);
      const terms = offerTerms(listing, auction);
      if (!terms.ok) throw terms.error;
      if (request.amountCents >= terms.priceCents) throw new DomainError("invalid", OFFER_MESSAGES.amountTooHigh, { field: "amount" });
      const rows = await trx
        .selectFrom("offers")
        .select(["id", "status", "made_by", "expires_at"])
        .where("listing_id", "=", listing.id)
        .where("buyer_id", "=", request.buyerId)
        .execute();
      if (rows.some((row) => isLive(row, now))) throw new DomainError("conflict", OFFER_MESSAGES.alreadyOpen);
      if (rows.filter((row) => row.made_by === "buyer").length >= MAX_OFFERS_PER_LISTING) throw new DomainError("conflict", OFFER_MESSAGES.capReached);
      const { id } = await trx
        .insertInto("offers")
        .values({
          listing_id: listing.id,
          buyer_id: request.buyerId,
          seller_id: listing.user_id,
          amount_cents: request.amountCents,
          currency: listing.currency,
          message,
          status: "open",
          made_by: "buyer",
          expires_at: offerExpiresAt(now).toISOString(),
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const offer = (await findOfferRow(trx, id))!;
      await record(trx, effects, {
        listing,
        buyerId: request.buyerId,
        sellerId: listing.user_id,
        from: "buyer",
        line: message
          ? `${offerLine("buyer", request.amountCents, listing.currency, false)}: ${message}`
          : offerLine("buyer", request.amountCents, listing.currency, false),
        notify: ["seller"],
        title: `New offer: ${formatExactPrice(request.amountCents, listing.currency)}`,
        at,
      });
      const answered = await answerAutomatically(trx, effects, offer, listing, terms, now);
      await insertNotifications(trx, effects.notifications, now);
      return answered;
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(effects.notifications);
  return outcome;
}

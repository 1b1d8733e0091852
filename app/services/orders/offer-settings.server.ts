// The seller's offer settings of a listing: whether it takes offers, and the automatic accept and decline prices.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { lowAutoPriceWarnings, OFFER_MESSAGES } from "~/lib/offers.ts";
import { DomainError } from "../domain-error.ts";

export interface OfferSettings {
  acceptsOffers: boolean;
  autoAcceptCents: number | null;
  autoDeclineCents: number | null;
  /** The seller confirmed automatic prices below half the price (lowAutoPriceWarnings); never stored. */
  confirmedLowPrices?: boolean;
}

/**
 * The currency of an offer's amounts: the listing's (`listingId`) for a new offer, the negotiation's (`offerId`) for a
 * counter; null when there is no such listing or offer. The offer forms read amounts in hundredths of a unit and
 * convert them with it (¥: whole yen only).
 */
export async function offerAmountCurrency(db: Kysely<Database>, of: { listingId: number } | { offerId: number }): Promise<string | null> {
  const row =
    "listingId" in of
      ? await db.selectFrom("equipment_listings").select("currency").where("id", "=", of.listingId).executeTakeFirst()
      : await db.selectFrom("offers").select("currency").where("id", "=", of.offerId).executeTakeFirst();
  return row?.currency ?? null;
}

/** The seller's offer settings of a listing (for its edit form only: never for buyers). */
export async function getOfferSettings(db: Kysely<Database>, listingId: number): Promise<OfferSettings> {
  const row = await db
    .selectFrom("equipment_listings")
    .select(["accepts_offers", "auto_accept_cents", "auto_decline_cents"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  return { acceptsOffers: Boolean(row?.accepts_offers), autoAcceptCents: row?.auto_accept_cents ?? null, autoDeclineCents: row?.auto_decline_cents ?? null };
}

/**
 * Refuses settings that break rule 1: only buy_now and hybrid listings, both prices below the price, decline below
 * accept; and automatic prices under half the price unless the seller confirmed them.
 */
export function checkOfferSettings(settings: OfferSettings, listingType: string, priceCents: number): void {
  if (!settings.acceptsOffers) return;
  if (listingType !== "buy_now" && listingType !== "hybrid") throw new DomainError("invalid", OFFER_MESSAGES.settingsWrongType, { field: "acceptsOffers" });
  const { autoAcceptCents: accept, autoDeclineCents: decline } = settings;
  if (accept !== null && (accept <= 0 || accept >= priceCents))
    throw new DomainError("invalid", OFFER_MESSAGES.autoAcceptTooHigh, { field: "autoAcceptPrice" });
  if (decline !== null && (decline <= 0 || decline >= priceCents || (accept !== null && decline >= accept))) {
    throw new DomainError("invalid", OFFER_MESSAGES.autoDeclineTooHigh, { field: "autoDeclinePrice" });
  }
  if (!settings.confirmedLowPrices) {
    const [field, warning] = Object.entries(lowAutoPriceWarnings(settings, priceCents))[0] ?? [];
    if (field && warning) throw new DomainError("invalid", warning, { field });
  }
}

/**
 * Saves the offer settings of a listing its caller has already been allowed to edit (the listing routes check that
 * first). The price they are checked against is the Buy Now price (a hybrid's buy_now_price_cents). Turning offers off
 * leaves open offers to be answered or to expire.
 */
export async function saveOfferSettings(db: Kysely<Database>, listingId: number, settings: OfferSettings, now: Date = new Date()): Promise<void> {
  const listing = await db
    .selectFrom("equipment_listings")
    .select(["listing_type", "price_cents", "buy_now_price_cents"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing) throw new DomainError("not_found", OFFER_MESSAGES.listingNotFound);
  const price = listing.listing_type === "hybrid" ? (listing.buy_now_price_cents ?? 0) : listing.price_cents;
  checkOfferSettings(settings, listing.listing_type, price);
  await db
    .updateTable("equipment_listings")
    .set({
      accepts_offers: settings.acceptsOffers ? 1 : 0,
      auto_accept_cents: settings.acceptsOffers ? settings.autoAcceptCents : null,
      auto_decline_cents: settings.acceptsOffers ? settings.autoDeclineCents : null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", listingId)
    .execute();
}

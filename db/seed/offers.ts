// The Make Offer demo: three of the demo seller's Buy Now listings take offers (one with automatic prices),
// and the demo buyer has a negotiation in each state a newcomer should see — an offer awaiting the seller, a seller's
// counter awaiting the buyer, and an offer declined with a reason — made through the offers service at past times.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { makeOffer, respondToOffer, saveOfferSettings } from "../../app/services/orders/offers.server.ts";

const HOUR = 3_600_000;

export interface DemoOfferPeople {
  buyerId: string;
  sellerId: string;
}

/** Seeds the settings and negotiations; does nothing when the seller has fewer than three active Buy Now listings. */
export async function seedDemoOffers(db: Kysely<Database>, people: DemoOfferPeople, { now }: { now: Date }): Promise<void> {
  const listings = await db
    .selectFrom("equipment_listings")
    .select(["id", "price_cents"])
    .where("user_id", "=", people.sellerId)
    .where("listing_type", "=", "buy_now")
    .where("status", "=", "active")
    .where("price_cents", ">=", 50_000)
    .orderBy("id")
    .limit(3)
    .execute();
  if (listings.length < 3) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  // A share of the price in cents, rounded to whole tens of dollars (1000 cents).
  const below = (cents: number, share: number) => Math.round((cents * share) / 1000) * 1000;
  const [awaitingSeller, countered, declined] = listings;

  for (const listing of listings) await saveOfferSettings(db, listing.id, { acceptsOffers: true, autoAcceptCents: null, autoDeclineCents: null }, at(80));
  // The first also has the seller's automatic prices (never shown to buyers).
  await saveOfferSettings(
    db,
    awaitingSeller.id,
    { acceptsOffers: true, autoAcceptCents: below(awaitingSeller.price_cents, 0.95), autoDeclineCents: below(awaitingSeller.price_cents, 0.6) },
    at(80),
  );

  await makeOffer(db, {
    listingId: awaitingSeller.id,
    buyerId: people.buyerId,
    amountCents: below(awaitingSeller.price_cents, 0.85),
    message: "We would collect it from your site with our own van. Is the calibration certificate included?",
    now: at(20),
  });

  const first = await makeOffer(db, { listingId: countered.id, buyerId: people.buyerId, amountCents: below(countered.price_cents, 0.75), now: at(30) });
  await respondToOffer(db, {
    offerId: first.offerId,
    userId: people.sellerId,
    action: "counter",
    amountCents: below(countered.price_cents, 0.9),
    message: "I can come down a little; the unit was serviced last quarter.",
    now: at(6),
  });

  const low = await makeOffer(db, { listingId: declined.id, buyerId: people.buyerId, amountCents: below(declined.price_cents, 0.65), now: at(70) });
  await respondToOffer(db, {
    offerId: low.offerId,
    userId: people.sellerId,
    action: "decline",
    reason: "Too far below what comparable units sell for.",
    now: at(64),
  });
}

// The offer settings' low automatic prices: an auto-accept or auto-decline under half the listing's price asks
// "… is N % of your price — is that right?" and is saved only once the seller ticks "Yes, keep these prices".
import { describe, expect, it } from "vitest";
import { lowAutoPriceWarnings, OFFER_MESSAGES } from "~/lib/offers.ts";
import { readOfferSettings } from "~/web/offer-settings.server.ts";

const PRICE = 100_000; // $1,000.00

describe("lowAutoPriceWarnings", () => {
  it("asks about an auto-accept price under half the price, with its share of the price", () => {
    expect(lowAutoPriceWarnings({ autoAcceptCents: 49_999, autoDeclineCents: null }, PRICE)).toEqual({
      autoAcceptPrice: "Your auto-accept price is 49 % of your price — is that right?",
    });
    expect(lowAutoPriceWarnings({ autoAcceptCents: 10_000, autoDeclineCents: null }, PRICE)).toEqual({
      autoAcceptPrice: "Your auto-accept price is 10 % of your price — is that right?",
    });
  });

  it("asks about an auto-decline price under half the price, and about both when both are low", () => {
    expect(lowAutoPriceWarnings({ autoAcceptCents: null, autoDeclineCents: 25_000 }, PRICE)).toEqual({
      autoDeclinePrice: "Your auto-decline price is 25 % of your price — is that right?",
    });
    expect(lowAutoPriceWarnings({ autoAcceptCents: 1_000, autoDeclineCents: 500 }, PRICE)).toEqual({
      autoAcceptPrice: "Your auto-accept price is 1 % of your price — is that right?",
      autoDeclinePrice: "Your auto-decline price is under 1 % of your price — is that right?",
    });
  });

  it("says nothing at exactly half the price, above it, or without automatic prices", () => {
    expect(lowAutoPriceWarnings({ autoAcceptCents: 50_000, autoDeclineCents: 50_000 }, PRICE)).toEqual({});
    expect(lowAutoPriceWarnings({ autoAcceptCents: 95_000, autoDeclineCents: 60_000 }, PRICE)).toEqual({});
    expect(lowAutoPriceWarnings({ autoAcceptCents: null, autoDeclineCents: null }, PRICE)).toEqual({});
  });
});

describe("readOfferSettings (the listing form's offer settings)", () => {
  const LISTING = { listingType: "buy_now", priceCents: PRICE, buyNowPriceCents: null, currency: "USD" } as const;
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };

  it("refuses a low auto-accept price without the tick, with the question beside the field and the tick asked for", () => {
    expect(readOfferSettings(form({ acceptsOffers: "on", autoAcceptPrice: "400" }), LISTING)).toEqual({
      ok: false,
      fieldErrors: {
        confirmLowPrices: [OFFER_MESSAGES.confirmLowPrices],
        autoAcceptPrice: ["Your auto-accept price is 40 % of your price — is that right?"],
      },
    });
  });

  it("takes the low price with the tick, and a price at half without one", () => {
    const ticked = readOfferSettings(form({ acceptsOffers: "on", autoAcceptPrice: "400", confirmLowPrices: "on" }), LISTING);
    expect(ticked).toMatchObject({ ok: true, settings: { acceptsOffers: true, autoAcceptCents: 40_000 } });
    const half = readOfferSettings(form({ acceptsOffers: "on", autoAcceptPrice: "500" }), LISTING);
    expect(half).toMatchObject({ ok: true, settings: { acceptsOffers: true, autoAcceptCents: 50_000 } });
  });
});

// The listing types and their names, defined once (app/lib/listing-types.ts): what the seller chooses from and what
// a buyer reads on a listing, an auction or an order.
import { describe, expect, it } from "vitest";
import {
  isAuctionListingType,
  isListingType,
  LISTING_TYPE_DESCRIPTIONS,
  LISTING_TYPE_LABELS,
  LISTING_TYPES,
  listingTypeChoiceLabel,
  listingTypeMeaning,
} from "~/lib/listing-types.ts";

describe("listing types", () => {
  it("are the spec's three, Buy It Now first", () => {
    expect(LISTING_TYPES).toEqual(["buy_now", "auction", "hybrid"]);
  });

  it("are named as the spec names them where a seller chooses", () => {
    expect(LISTING_TYPES.map((type) => LISTING_TYPE_LABELS[type])).toEqual(["Buy It Now", "Auction", "Hybrid"]);
    for (const type of LISTING_TYPES) expect(LISTING_TYPE_DESCRIPTIONS[type]).toMatch(/\.$/);
  });

  it("say what a hybrid is in a list of choices", () => {
    expect(LISTING_TYPES.map(listingTypeChoiceLabel)).toEqual(["Buy It Now", "Auction", "Hybrid (auction with Buy It Now)"]);
  });

  it("read in a buyer's words on a listing or an order; an unknown stored value is shown as stored", () => {
    expect(listingTypeMeaning("buy_now")).toBe("Buy It Now");
    expect(listingTypeMeaning("hybrid")).toBe("Auction with Buy It Now");
    expect(listingTypeMeaning("lease")).toBe("lease");
  });

  it("tell which types are sold through an auction", () => {
    expect(LISTING_TYPES.filter(isAuctionListingType)).toEqual(["auction", "hybrid"]);
    expect(isListingType("hybrid")).toBe(true);
    expect(isListingType("Hybrid")).toBe(false);
    expect(isListingType(undefined)).toBe(false);
  });
});

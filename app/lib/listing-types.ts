// The listing types (docs/product/listings.md#listing-types: buy_now, auction, hybrid) and their names: the one place they are defined. A sale
// has the type of the listing it came from (orders.sale_type), so the fee schedule (fees.ts) uses the same list.

export const LISTING_TYPES = ["buy_now", "auction", "hybrid"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export function isListingType(value: unknown): value is ListingType {
  return typeof value === "string" && (LISTING_TYPES as readonly string[]).includes(value);
}

/** Auction and hybrid listings are sold through an auction. */
export function isAuctionListingType(value: unknown): value is "auction" | "hybrid" {
  return value === "auction" || value === "hybrid";
}

/** The types' names where a seller chooses one (docs/product/listings.md#listing-types: "Buy It Now, Auction, Hybrid"). */
export const LISTING_TYPE_LABELS: Readonly<Record<ListingType, string>> = {
  buy_now: "Buy It Now",
  auction: "Auction",
  hybrid: "Hybrid",
};

/** What each type means, in a buyer's words: the listing page, the auction page and an order's sale say this. */
export const LISTING_TYPE_MEANINGS: Readonly<Record<ListingType, string>> = {
  buy_now: "Buy It Now",
  auction: "Auction",
  hybrid: "Auction with Buy It Now",
};

/** One line on each type, beside the choice. */
export const LISTING_TYPE_DESCRIPTIONS: Readonly<Record<ListingType, string>> = {
  buy_now: "A fixed price: the first buyer to pay gets it.",
  auction: "Buyers bid; the highest bid when the auction ends wins.",
  hybrid: "An auction, with your price as a Buy It Now price to end it early.",
};

/** The name a seller picks from a list: "Hybrid (auction with Buy It Now)" where the name alone says little. */
export function listingTypeChoiceLabel(type: ListingType): string {
  const meaning = LISTING_TYPE_MEANINGS[type];
  return meaning === LISTING_TYPE_LABELS[type] ? meaning : `${LISTING_TYPE_LABELS[type]} (${meaning.charAt(0).toLowerCase()}${meaning.slice(1)})`;
}

/** The buyer's name of a stored type (listing_type, sale_type); an unknown value is shown as stored. */
export function listingTypeMeaning(value: string): string {
  return isListingType(value) ? LISTING_TYPE_MEANINGS[value] : value;
}

// A listing's statuses and their labels, apart from the listing form's zod schema (app/schemas/listing.ts
// re-exports them), so pages that only show a status do not bundle zod.
// "unsold": an auction or hybrid listing whose auction ended without a sale or was cancelled; nothing can be bought or
// bid on until its seller relists it as an auction, switches it to Buy It Now, or ends it (decision 0073).
export const LISTING_STATUSES = ["draft", "active", "unsold", "sold", "archived"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: "Draft",
  active: "Active",
  unsold: "Unsold",
  sold: "Sold",
  archived: "Archived",
};

/** Status badge colours (docs/product/listings.md#states: active green, sold blue, draft yellow, archived gray; unsold orange: it waits for its seller). */
export const LISTING_STATUS_PALETTES: Record<ListingStatus, "green" | "blue" | "yellow" | "gray" | "orange"> = {
  active: "green",
  unsold: "orange",
  sold: "blue",
  draft: "yellow",
  archived: "gray",
};

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === "string" && (LISTING_STATUSES as readonly string[]).includes(value);
}

/** The page where the seller of an unsold listing relists it, switches it to Buy It Now or ends it. */
export function unsoldChoicesUrl(listingId: number): string {
  return `/listings/${listingId}/relist`;
}

/** What everyone reads on an unsold listing's page. */
export const UNSOLD_NOT_FOR_SALE = "Not sold: this auction ended without a sale, and the item is not for sale at the moment.";

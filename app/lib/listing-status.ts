// A listing's statuses and their labels, apart from the listing form's zod schema (app/schemas/listing.ts
// re-exports them), so pages that only show a status do not bundle zod.
export const LISTING_STATUSES = ["draft", "active", "sold", "archived"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: "Draft",
  active: "Active",
  sold: "Sold",
  archived: "Archived",
};

/** Status badge colours (spec 02 §4: active green, sold blue, draft yellow, archived gray). */
export const LISTING_STATUS_PALETTES: Record<ListingStatus, "green" | "blue" | "yellow" | "gray"> = {
  active: "green",
  sold: "blue",
  draft: "yellow",
  archived: "gray",
};

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === "string" && (LISTING_STATUSES as readonly string[]).includes(value);
}

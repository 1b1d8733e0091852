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

// The listing page's messages, apart from its zod input schema (app/schemas/listing-detail.ts re-exports them), so
// the page's components do not bundle zod.
export const LISTING_DETAIL_MESSAGES = {
  notFound: "Listing not found",
  loadFailed: "Failed to load listing details. Please try again.",
} as const;

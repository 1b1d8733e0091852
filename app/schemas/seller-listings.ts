// /seller/listings: the seller's own listings in every status — the list's filters from the address, and the bulk
// actions' form (publish drafts, archive, relist an unsold auction's listing), each bounded before any work.
import { z } from "zod";
import { LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";

export const SELLER_LISTINGS_PAGE_SIZE = 12;
/** Longest search text; longer is cut, not refused (it is a filter in the address). */
export const SELLER_LISTINGS_SEARCH_MAX = 100;
/** Most listings one bulk action takes (a page holds 12; the bound leaves room, never thousands). */
const SELLER_LISTINGS_BULK_MAX = 50;

export const SELLER_LISTING_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "views", label: "Most viewed" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "title", label: "Title A–Z" },
] as const;
export type SellerListingSort = (typeof SELLER_LISTING_SORTS)[number]["value"];

export interface SellerListingsQuery {
  status: ListingStatus | "all";
  q: string;
  sort: SellerListingSort;
  page: number;
}

export function parseSellerListingsQuery(params: URLSearchParams): SellerListingsQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: (LISTING_STATUSES as readonly string[]).includes(status ?? "") ? (status as ListingStatus) : "all",
    q: (params.get("q") ?? "").trim().slice(0, SELLER_LISTINGS_SEARCH_MAX),
    sort: SELLER_LISTING_SORTS.some((s) => s.value === sort) ? (sort as SellerListingSort) : "newest",
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of the list with these filters (defaults left out). */
export function sellerListingsUrl(query: Partial<SellerListingsQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `/seller/listings?${text}` : "/seller/listings";
}

const SELLER_LISTING_ACTIONS = ["publish", "archive", "relist"] as const;
export type SellerListingAction = (typeof SELLER_LISTING_ACTIONS)[number];

export const SELLER_LISTINGS_MESSAGES = {
  chooseAction: "Please choose what to do with the selected listings.",
  chooseListings: "Please select at least one listing.",
  tooMany: `Please select at most ${SELLER_LISTINGS_BULK_MAX} listings at a time.`,
  notFound: "Listing not found",
  publishOnlyDrafts: "Only drafts can be published.",
  archiveSold: "A sold listing stays sold.",
  archiveLiveAuction: "A listing with a live auction cannot be archived; cancel or end the auction first.",
  alreadyArchived: "This listing is already archived.",
  relistOnlyUnsoldAuction: "Only a listing whose auction ended unsold can be relisted.",
  relistNeedsTerms: "This listing has no earlier auction to repeat; choose new terms instead.",
  done: (action: SellerListingAction, count: number) =>
    `${count} ${count === 1 ? "listing" : "listings"} ${action === "publish" ? "published" : action === "archive" ? "archived" : "relisted"}.`,
} as const;

export const SellerListingsActionSchema = z.object({
  intent: z.enum(SELLER_LISTING_ACTIONS, { message: SELLER_LISTINGS_MESSAGES.chooseAction }),
  ids: z
    .array(z.coerce.number().int().positive())
    .min(1, SELLER_LISTINGS_MESSAGES.chooseListings)
    .max(SELLER_LISTINGS_BULK_MAX, SELLER_LISTINGS_MESSAGES.tooMany),
});
export type SellerListingsActionInput = z.infer<typeof SellerListingsActionSchema>;

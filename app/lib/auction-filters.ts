// The /auctions query (docs/product/auctions.md#auction-list /auctions): URL parameters into filters and filters back into
// URLs. Pure and client-safe, so the filter form, the links and the server read the URL the same way.
import type { AuctionStatus } from "./auctions.ts";
import { BROWSE_CATEGORIES, type BrowseCategorySlug } from "../reference/browse-categories.ts";

export const AUCTIONS_PAGE_SIZE = 12;

/** The statuses the list offers (cancelled auctions are not listed). */
export const AUCTION_LIST_STATUSES = [
  { value: "active", label: "Active" },
  { value: "upcoming", label: "Upcoming" },
  { value: "ended", label: "Ended" },
] as const satisfies ReadonlyArray<{ value: AuctionStatus; label: string }>;
export type AuctionListStatus = (typeof AUCTION_LIST_STATUSES)[number]["value"];
const DEFAULT_AUCTION_STATUS: AuctionListStatus = "active";

/** "All" plus the eight categories of the spec (app/reference/browse-categories.ts), by slug. */
export const AUCTION_CATEGORIES = BROWSE_CATEGORIES.map(({ slug, name }) => ({ value: slug, label: name }));
export type AuctionCategory = BrowseCategorySlug;
export const ALL_CATEGORIES_LABEL = "All Categories";

/** The sorts of the spec with their labels; `column` and `direction` say what each orders by. */
export const AUCTION_SORTS = [
  { value: "ending_soon", label: "Ending Soon", column: "end_date", direction: "asc" },
  { value: "ending_latest", label: "Ending Latest", column: "end_date", direction: "desc" },
  { value: "highest_bid", label: "Highest Bid", column: "current_price", direction: "desc" },
  { value: "lowest_bid", label: "Lowest Bid", column: "current_price", direction: "asc" },
  { value: "newest", label: "Newest", column: "created_at", direction: "desc" },
  { value: "oldest", label: "Oldest", column: "created_at", direction: "asc" },
] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number]["value"];
const DEFAULT_AUCTION_SORT: AuctionSort = "ending_soon";

export interface AuctionFilters {
  status: AuctionListStatus;
  /** "" for all categories. */
  category: AuctionCategory | "";
  sort: AuctionSort;
  page: number;
}

export const DEFAULT_AUCTION_FILTERS: AuctionFilters = {
  status: DEFAULT_AUCTION_STATUS,
  category: "",
  sort: DEFAULT_AUCTION_SORT,
  page: 1,
};

const MAX_PAGE = 100_000;

function oneOf<T extends string>(options: ReadonlyArray<{ value: T }>, raw: string | null): T | undefined {
  const value = raw?.trim();
  return options.find((option) => option.value === value)?.value;
}

/** Reads the filters from a URL; a missing or unknown value falls back to its default. */
export function parseAuctionFilters(params: URLSearchParams): AuctionFilters {
  const page = Number(params.get("page"));
  return {
    status: oneOf(AUCTION_LIST_STATUSES, params.get("status")) ?? DEFAULT_AUCTION_STATUS,
    category: oneOf(AUCTION_CATEGORIES, params.get("category")) ?? "",
    sort: oneOf(AUCTION_SORTS, params.get("sort")) ?? DEFAULT_AUCTION_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL query for filters; defaults are left out so URLs stay short and shareable. */
function auctionsSearchParams(filters: Partial<AuctionFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== DEFAULT_AUCTION_STATUS) params.set("status", filters.status);
  if (filters.category) params.set("category", filters.category);
  if (filters.sort && filters.sort !== DEFAULT_AUCTION_SORT) params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function auctionsUrl(filters: Partial<AuctionFilters>): string {
  const query = auctionsSearchParams(filters).toString();
  return query ? `/auctions?${query}` : "/auctions";
}

/**
 * The URL after one filter changes: the other filters stay, the page goes back to the first
 * (page n of the old results means nothing in the new ones).
 */
export function auctionsUrlWith(filters: AuctionFilters, change: Partial<Omit<AuctionFilters, "page">>): string {
  return auctionsUrl({ ...filters, ...change, page: 1 });
}

export function auctionCategoryLabel(category: AuctionCategory | ""): string {
  return AUCTION_CATEGORIES.find((option) => option.value === category)?.label ?? ALL_CATEGORIES_LABEL;
}

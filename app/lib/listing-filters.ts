// The /listings query: parsing URL parameters into filters, and filters back into URLs.
// Pure, so the filter form, saved searches and the server share one reading.
import { CONDITION_GROUPS, conditionsForFilter, isCondition, type Condition } from "./conditions.ts";
import { isTestLevel, type TestLevel } from "./test-levels.ts";
import { withoutNul } from "./typed-text.ts";

export const LISTINGS_PAGE_SIZE = 12;
/**
 * Matches are counted exactly up to this many; beyond it the page says "10,000+ listings" (counting every match of a
 * broad search at a million listings would read them all). docs/decisions/0036.
 */
export const LISTINGS_COUNT_CAP = 10_000;
/** The deepest page a search serves (the first 600 listings); a deeper page address goes to this one. */
export const LISTINGS_MAX_PAGE = 50;

export const LISTING_SORTS = [
  { value: "created_at:desc", label: "Newest First" },
  { value: "created_at:asc", label: "Oldest First" },
  { value: "price:asc", label: "Price: Low to High" },
  { value: "price:desc", label: "Price: High to Low" },
] as const;
export const RELEVANCE_SORT = { value: "relevance", label: "Best match" } as const;
export type ListingSort = (typeof LISTING_SORTS)[number]["value"] | typeof RELEVANCE_SORT.value;
export const DEFAULT_SORT: ListingSort = "created_at:desc";

export const FILTER_MESSAGES = {
  minPrice: "Minimum price must be a number of 0 or more",
  maxPrice: "Maximum price must be a number of 0 or more",
  priceRange: "Minimum price cannot be more than the maximum price",
} as const;

/** The filters as the URL states them. */
export interface ListingFilters {
  category?: string;
  /** The raw condition value (canonical or a coarse group), as the form shows it. */
  condition?: string;
  minPrice?: number;
  maxPrice?: number;
  search?: string;
  sort: ListingSort;
  page: number;
  testLevel?: TestLevel;
  /** Calibrated within the last 12 months. */
  calibrated?: boolean;
  /** Part of the brand, in any ASCII letter case ("keysight" finds "Keysight Technologies"). */
  brand?: string;
}

export interface ParsedListingFilters {
  filters: ListingFilters;
  /** Messages for values that were ignored. */
  errors: Partial<Record<"minPrice" | "maxPrice", string>>;
  /** Whether the sort came from the URL (otherwise the default for the query). */
  sortChosen: boolean;
}

function text(value: string | null): string | undefined {
  const trimmed = value === null ? undefined : withoutNul(value).trim().replace(/\s+/g, " ");
  return trimmed ? trimmed : undefined;
}

function price(value: string | null): number | undefined | "invalid" {
  const raw = value?.trim();
  if (!raw) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return "invalid";
  const amount = Number(raw);
  return Number.isFinite(amount) && amount >= 0 && amount <= 1e12 ? amount : "invalid";
}

function isSort(value: string | undefined): value is ListingSort {
  return value === RELEVANCE_SORT.value || LISTING_SORTS.some((sort) => sort.value === value);
}

export function parseListingFilters(params: URLSearchParams): ParsedListingFilters {
  const errors: ParsedListingFilters["errors"] = {};
  const search = text(params.get("search"))?.slice(0, 200);
  const minPrice = price(params.get("minPrice"));
  const maxPrice = price(params.get("maxPrice"));
  if (minPrice === "invalid") errors.minPrice = FILTER_MESSAGES.minPrice;
  if (maxPrice === "invalid") errors.maxPrice = FILTER_MESSAGES.maxPrice;
  let min = minPrice === "invalid" ? undefined : minPrice;
  let max = maxPrice === "invalid" ? undefined : maxPrice;
  if (min !== undefined && max !== undefined && min > max) {
    errors.minPrice = FILTER_MESSAGES.priceRange;
    min = undefined;
    max = undefined;
  }
  const condition = text(params.get("condition"));
  const testLevel = text(params.get("testLevel"));
  const rawSort = text(params.get("sort"));
  const sortChosen = isSort(rawSort) && (rawSort !== RELEVANCE_SORT.value || search !== undefined);
  const page = Number(params.get("page"));
  return {
    filters: {
      category: text(params.get("category"))?.slice(0, 120),
      condition: condition && conditionsForFilter(condition) ? condition : undefined,
      minPrice: min,
      maxPrice: max,
      search,
      sort: sortChosen ? (rawSort as ListingSort) : search ? RELEVANCE_SORT.value : DEFAULT_SORT,
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
      testLevel: isTestLevel(testLevel) ? testLevel : undefined,
      calibrated: params.get("calibrated") === "1" ? true : undefined,
      brand: text(params.get("brand"))?.slice(0, 100),
    },
    errors,
    sortChosen,
  };
}

/** The canonical conditions a filter selects, if any. */
export function filterConditions(filters: ListingFilters): Condition[] | undefined {
  return filters.condition ? conditionsForFilter(filters.condition) : undefined;
}

/** Whether any filter (not sort or page) is set: Save Search is offered only then. */
export function hasActiveFilter(filters: ListingFilters): boolean {
  return Boolean(
    filters.category ||
    filters.condition ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined ||
    filters.search ||
    filters.testLevel ||
    filters.calibrated ||
    filters.brand,
  );
}

/** The URL query for filters; defaults are left out so URLs stay short and shareable. */
export function listingsSearchParams(filters: Partial<ListingFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.condition) params.set("condition", filters.condition);
  if (filters.minPrice !== undefined) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set("maxPrice", String(filters.maxPrice));
  if (filters.testLevel) params.set("testLevel", filters.testLevel);
  if (filters.calibrated) params.set("calibrated", "1");
  if (filters.brand) params.set("brand", filters.brand);
  const defaultSort = filters.search ? RELEVANCE_SORT.value : DEFAULT_SORT;
  if (filters.sort && filters.sort !== defaultSort) params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function listingsUrl(filters: Partial<ListingFilters>): string {
  const query = listingsSearchParams(filters).toString();
  return query ? `/listings?${query}` : "/listings";
}

/** The filters without sort and page: what the filter form and a saved search carry. */
export function filtersOnly(filters: Partial<ListingFilters>): Partial<ListingFilters> {
  return {
    search: filters.search,
    category: filters.category,
    condition: filters.condition,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    testLevel: filters.testLevel,
    calibrated: filters.calibrated,
    brand: filters.brand,
  };
}

// ── Brand: "contains", ignoring the case of ASCII letters only ──

/**
 * Lower-cases the ASCII letters A–Z and nothing else: exactly what SQLite's built-in lower() does, so a brand filter
 * applied in SQL (listing search) and in JavaScript (saved-search alerts) selects the same listings.
 */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32));
}

/** Whether a listing's brand satisfies a brand filter (the same rule as the listing search's SQL). */
export function brandMatches(listingBrand: string, filter: string): boolean {
  return asciiLowerCase(listingBrand).includes(asciiLowerCase(filter));
}

// ── Pagination ──

export type PageItem = number | "ellipsis";

/**
 * The numbered links of a pager: the first and last page, the current page and its neighbours,
 * with an ellipsis where pages are left out (a single left-out page is shown instead of an ellipsis).
 */
export function pageItems(page: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const shown = new Set([1, totalPages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= totalPages));
  // Near either end, show a few more so the pager keeps roughly the same width.
  if (current <= 3) [2, 3, 4].forEach((n) => n <= totalPages && shown.add(n));
  if (current >= totalPages - 2) [totalPages - 3, totalPages - 2, totalPages - 1].forEach((n) => n >= 1 && shown.add(n));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(previous + 1);
    else if (n - previous > 2) items.push("ellipsis");
    items.push(n);
    previous = n;
  }
  return items;
}

// ── Saved searches ──

/** What a saved search stores in saved_searches.search_params (JSON). */
export interface SavedSearchParams {
  keyword: string | null;
  category: string | null;
  categoryName: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  /** The canonical conditions the search selects; empty for any condition. */
  condition: Condition[];
  testLevel: TestLevel | null;
  calibrated: boolean;
  /** Part of the brand (case of ASCII letters ignored); null for any brand. Absent in searches saved before brands. */
  brand: string | null;
}

export function toSavedSearchParams(filters: ListingFilters, categoryName: string | null = null): SavedSearchParams {
  return {
    keyword: filters.search ?? null,
    category: filters.category ?? null,
    categoryName: filters.category ? categoryName : null,
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    condition: filterConditions(filters) ?? [],
    testLevel: filters.testLevel ?? null,
    calibrated: filters.calibrated === true,
    brand: filters.brand ?? null,
  };
}

/** Whether saved params select anything at all (a search with no criterion is not worth saving). */
export function savedSearchHasCriteria(params: SavedSearchParams): boolean {
  return Boolean(
    params.keyword ||
    params.category ||
    params.minPrice !== null ||
    params.maxPrice !== null ||
    params.condition.length > 0 ||
    params.testLevel ||
    params.calibrated ||
    params.brand,
  );
}

/** The /listings filters a saved search stands for (a condition list becomes its coarse group where one fits). */
export function savedSearchFilters(params: SavedSearchParams): Partial<ListingFilters> {
  const conditions = params.condition.filter(isCondition);
  let condition: string | undefined;
  if (conditions.length === 1) condition = conditions[0];
  else if (conditions.length > 1) {
    const wanted = [...conditions].sort().join(",");
    condition = Object.entries(CONDITION_GROUPS).find(([, members]) => [...members].sort().join(",") === wanted)?.[0] ?? conditions[0];
  }
  return {
    search: params.keyword ?? undefined,
    category: params.category ?? undefined,
    condition,
    minPrice: params.minPrice ?? undefined,
    maxPrice: params.maxPrice ?? undefined,
    testLevel: isTestLevel(params.testLevel) ? params.testLevel : undefined,
    calibrated: params.calibrated || undefined,
    brand: typeof params.brand === "string" && params.brand ? params.brand : undefined,
  };
}

const NO_CRITERIA: SavedSearchParams = {
  keyword: null,
  category: null,
  categoryName: null,
  minPrice: null,
  maxPrice: null,
  condition: [],
  testLevel: null,
  calibrated: false,
  brand: null,
};

/** Stored params (saved_searches.search_params JSON); anything unreadable stands for no criteria. */
export function readSavedSearchParams(json: string): SavedSearchParams {
  try {
    const parsed = JSON.parse(json) as Partial<SavedSearchParams> | null;
    if (!parsed || typeof parsed !== "object") return { ...NO_CRITERIA };
    return { ...NO_CRITERIA, ...parsed, condition: Array.isArray(parsed.condition) ? parsed.condition.filter(isCondition) : [] };
  } catch {
    return { ...NO_CRITERIA };
  }
}

/** What a saved search runs (Execute, its alerts and its link): its filters, newest first, from the first page. */
export function savedSearchListingFilters(params: SavedSearchParams): ListingFilters {
  return { ...savedSearchFilters(params), sort: DEFAULT_SORT, page: 1 };
}

// Browsing and searching active listings: filters, sorts, pages and the total behind "Showing X of Y".
// At a million listings no query reads more than a bounded number of rows (docs/decisions/0036): totals
// are exact up to LISTINGS_COUNT_CAP, pages stop at LISTINGS_MAX_PAGE, a very common word searches its newest
// MATCHES_SEARCHED matches, and the brand filter is an index lookup on the generated brand_key.
// This file reads a page: it resolves the filters and hands the page to the word search (word-search.server.ts) or to
// the walks in sort order (search-pages.server.ts), with the total (search-totals.server.ts).
import type { Kysely } from "kysely";
import { listingSearchExpression } from "#db/full-text.ts";
import { fromTemplate } from "#db/query-templates.ts";
import type { Database } from "#db/schema.ts";
import { filterConditions, LISTINGS_MAX_PAGE, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/listing-filters.ts";
import { getCategoryIndex } from "./category-index.server.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";
import { untilListingsChange } from "./remembered-searches.server.ts";
import { brandKeysMatching, filtersOnlyOf, sortOf } from "./search-filters.server.ts";
import { pageInSortOrder, SPLIT_AT_MOST } from "./search-pages.server.ts";
import { activeListingsIn, boundedCount } from "./search-totals.server.ts";
import { findByWords, NOTHING, type FoundIds } from "./word-search.server.ts";

export interface ListingSearchResult {
  listings: ListingCardData[];
  /** How many listings match, exactly when `totalIsExact`; otherwise at least this many ("10,000+"). */
  total: number;
  totalIsExact: boolean;
  /**
   * Set when the words match so many listings that only the newest this many of them were searched (the filters,
   * the sort and Best match apply among those): the page says so.
   */
  searchedNewest: number | null;
  page: number;
  pageSize: number;
  /** Pages that can be shown: never more than LISTINGS_MAX_PAGE. */
  totalPages: number;
}

/** A date twelve months before `now`, as YYYY-MM-DD: "calibrated within 12 months" means on or after it. */
export function twelveMonthsBefore(now: Date): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

type SearchOptions = { pageSize?: number; now?: Date; fewMatches?: number; matchesSearched?: number; cached?: boolean };

/**
 * A page of active listings matching the filters, with the total (exact up to LISTINGS_COUNT_CAP). Which listings a
 * query finds is remembered until a listing changes; the cards (price, auction state, photo) are read fresh.
 * `cached: false` bypasses the cache (benchmarks of the queries themselves).
 */
export async function searchListings(db: Kysely<Database>, filters: ListingFilters, options: SearchOptions = {}): Promise<ListingSearchResult> {
  const pageSize = options.pageSize ?? LISTINGS_PAGE_SIZE;
  const calibratedSince = filters.calibrated ? twelveMonthsBefore(options.now ?? new Date()) : undefined;
  const key = JSON.stringify(["page", filters, calibratedSince, pageSize, options.fewMatches, options.matchesSearched]);
  const found =
    options.cached === false
      ? await findIds(db, filters, pageSize, calibratedSince, options)
      : await untilListingsChange(db, key, () => findIds(db, filters, pageSize, calibratedSince, options));
  // Then the cards of just those listings, in the page's order.
  const cards = found.ids.length ? (await db.executeQuery(cardsOf(db, found.ids))).rows : [];
  const byId = new Map(cards.map((row) => [row.id, toListingCard(row)]));
  return {
    listings: found.ids.flatMap((id) => byId.get(id) ?? []),
    total: found.total,
    totalIsExact: found.totalIsExact,
    searchedNewest: found.searchedNewest,
    page: filters.page,
    pageSize,
    totalPages: Math.min(Math.ceil(found.total / pageSize), LISTINGS_MAX_PAGE),
  };
}

/** The cards of `ids`, by a query compiled once per number of ids (db/query-templates.ts). */
function cardsOf(db: Kysely<Database>, ids: readonly number[]) {
  return fromTemplate(
    db,
    `cards of ${ids.length} ids`,
    ids.map(() => "number" as const),
    ids,
    (database, placeholders) => selectListingCards(database).where("l.id", "in", placeholders as number[]),
  );
}

async function findIds(
  db: Kysely<Database>,
  filters: ListingFilters,
  pageSize: number,
  calibratedSince: string | undefined,
  options: SearchOptions,
): Promise<FoundIds> {
  const expression = filters.search ? listingSearchExpression(filters.search) : null;
  if (filters.search && !expression) return NOTHING;
  const categories = filters.category ? (await getCategoryIndex(db)).find(filters.category)?.scope : undefined;
  if (filters.category && !categories) return NOTHING;
  const brandKeys = filters.brand ? await brandKeysMatching(db, filters.brand) : undefined;
  if (brandKeys && brandKeys.length === 0) return NOTHING;
  const conditions = filterConditions(filters);
  const offset = (filters.page - 1) * pageSize;
  const remember = options.cached !== false;
  // Deeper than the deepest page served: only the total is needed (the page redirects to the last one).
  const pageWanted = filters.page <= LISTINGS_MAX_PAGE;

  const filtersOnly = filtersOnlyOf(db, { filters, categories, brandKeys, conditions, calibratedSince });

  if (!expression) {
    // A filter besides the category: in newest order, reading a category item by item checks it on each row.
    const beyondCategory = Boolean(
      conditions || brandKeys || filters.testLevel || calibratedSince || filters.minPrice !== undefined || filters.maxPrice !== undefined,
    );
    // The total first: it decides how the page is read. With the category alone (or nothing), from the counts the
    // triggers keep; otherwise counted up to the cap, from whichever index narrows most.
    const counted = beyondCategory ? await boundedCount(db, (eb) => filtersOnly(eb), remember) : await activeListingsIn(db, categories);
    const { column, direction } = sortOf(filters);
    // Brands alone, or one category item alone: their own indexes hold their listings in the sort's order, so even a
    // few listings are read as a walk of each (pageInSortOrder's "many"), never every row read and sorted.
    const brandsAlone =
      brandKeys !== undefined &&
      brandKeys.length <= SPLIT_AT_MOST &&
      !categories &&
      !conditions &&
      !filters.testLevel &&
      !calibratedSince &&
      filters.minPrice === undefined &&
      filters.maxPrice === undefined;
    const walkedInOrder = brandsAlone || (!beyondCategory && categories?.length === 1);
    const ids = pageWanted
      ? await pageInSortOrder(
          db,
          { categories, brandKeys, conditions },
          { column, direction, few: counted.totalIsExact && !walkedInOrder, checkedPerRow: beyondCategory },
          filtersOnly,
          offset,
          pageSize,
        )
      : [];
    return { ids, ...counted, searchedNewest: null };
  }

  return findByWords(db, expression, filters, filtersOnly, {
    calibratedSince,
    offset,
    pageSize,
    pageWanted,
    remember,
    fewMatches: options.fewMatches,
    matchesSearched: options.matchesSearched,
  });
}

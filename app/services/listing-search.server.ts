// Browsing and searching active listings: filters, sorts, pages and the total behind "Showing X of Y".
import { sql, type Kysely } from "kysely";
import {
  listingIdsMatching,
  listingSearchExpression,
  listingSearchMatches,
  listingSearchTable,
} from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { filterConditions, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";
import { categoryScope } from "./category.server.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";

export interface ListingSearchResult {
  listings: ListingCardData[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

const EMPTY_RESULT = (page: number, pageSize: number): ListingSearchResult => ({
  listings: [],
  total: 0,
  page,
  pageSize,
  totalPages: 0,
});

/** A date twelve months before `now`, as YYYY-MM-DD. */
function twelveMonthsBefore(now: Date): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

export async function searchListings(
  db: Kysely<Database>,
  filters: ListingFilters,
  options: { pageSize?: number; now?: Date } = {},
): Promise<ListingSearchResult> {
  const pageSize = options.pageSize ?? LISTINGS_PAGE_SIZE;
  const expression = filters.search ? listingSearchExpression(filters.search) : null;
  if (filters.search && !expression) return EMPTY_RESULT(filters.page, pageSize);
  const categories = filters.category ? await categoryScope(db, filters.category) : undefined;
  if (categories && categories.length === 0) return EMPTY_RESULT(filters.page, pageSize);
  const conditions = filterConditions(filters);
  const rankBySearch = expression !== null && filters.sort === "relevance";

  // Builds the filtered query twice (rows and count) so both apply exactly the same filters.
  const filtered = <Q extends ReturnType<typeof selectListingCards>>(query: Q): Q => {
    let q = query.where("l.status", "=", "active");
    if (expression && !rankBySearch) q = q.where("l.id", "in", listingIdsMatching(expression));
    if (categories) q = q.where("l.category_id", "in", categories);
    if (conditions) q = q.where("l.condition", "in", conditions);
    if (filters.minPrice !== undefined) q = q.where("l.price_cents", ">=", toCents(filters.minPrice));
    if (filters.maxPrice !== undefined) q = q.where("l.price_cents", "<=", toCents(filters.maxPrice));
    if (filters.testLevel) q = q.where("l.test_level", "=", filters.testLevel);
    if (filters.calibrated) q = q.where("l.calibration_date", ">=", twelveMonthsBefore(options.now ?? new Date()));
    return q as Q;
  };

  let rows = filtered(selectListingCards(db));
  if (rankBySearch && expression) {
    rows = rows
      .innerJoin(listingSearchTable, "fts.rowid", "l.id")
      .where(listingSearchMatches(expression))
      .orderBy("fts.rank") as typeof rows;
  }
  switch (filters.sort) {
    case "created_at:asc":
      rows = rows.orderBy("l.created_at", "asc").orderBy("l.id", "asc");
      break;
    case "price:asc":
      rows = rows.orderBy("l.price_cents", "asc").orderBy("l.id", "asc");
      break;
    case "price:desc":
      rows = rows.orderBy("l.price_cents", "desc").orderBy("l.id", "desc");
      break;
    default:
      rows = rows.orderBy("l.created_at", "desc").orderBy("l.id", "desc");
  }

  let counted = filtered(selectListingCards(db)).clearSelect().select(sql<number>`count(*)`.as("total"));
  if (rankBySearch && expression) {
    counted = counted.where("l.id", "in", listingIdsMatching(expression));
  }

  const [pageRows, countRow] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  const total = Number(countRow.total);
  return {
    listings: pageRows.map(toListingCard),
    total,
    page: filters.page,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
  };
}

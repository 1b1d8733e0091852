// Browsing and searching active listings: filters, sorts, pages and the total behind "Showing X of Y".
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import { containsIgnoringAsciiCase, databaseVersion, withoutIndex } from "#db/dialect.ts";
import { listingIdsMatching, listingSearchExpression, listingSearchMatches, listingSearchRank, listingSearchTable } from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { asciiLowerCase, filterConditions, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";
import { listCategoryTree, type CategoryNode } from "./category.server.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";
import { searchQueryRowsWritten } from "./search-query.server.ts";

export interface ListingSearchResult {
  listings: ListingCardData[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

// ── The category taxonomy, held in memory: categories are synced at start and never change while serving ──

export interface CategoryEntry {
  node: CategoryNode;
  /** Main category first, down to (not including) the node. */
  ancestors: CategoryNode[];
  /** The node's id and every id under it: what a filter on it covers. */
  scope: string[];
}

export interface CategoryIndex {
  tree: CategoryNode[];
  /** A category by id or slug. */
  find(idOrSlug: string): CategoryEntry | undefined;
}

function buildCategoryIndex(tree: CategoryNode[]): CategoryIndex {
  const entries = new Map<string, CategoryEntry>();
  const visit = (node: CategoryNode, ancestors: CategoryNode[]): string[] => {
    const scope = [node.id];
    for (const child of node.children) scope.push(...visit(child, [...ancestors, node]));
    const entry = { node, ancestors, scope };
    entries.set(node.id, entry);
    if (!entries.has(node.slug)) entries.set(node.slug, entry);
    return scope;
  };
  for (const root of tree) visit(root, []);
  return { tree, find: (idOrSlug) => entries.get(idOrSlug) };
}

const categoryIndexes = new WeakMap<Kysely<Database>, Promise<CategoryIndex>>();

/** The category tree and lookups for one database, read once. */
export function getCategoryIndex(db: Kysely<Database>): Promise<CategoryIndex> {
  let pending = categoryIndexes.get(db);
  if (!pending) {
    pending = listCategoryTree(db).then(buildCategoryIndex);
    pending.catch(() => categoryIndexes.delete(db));
    categoryIndexes.set(db, pending);
  }
  return pending;
}

/** Drops the cached taxonomy (for code that changes categories while serving). */
export function forgetCategoryIndex(db: Kysely<Database>): void {
  categoryIndexes.delete(db);
}

// ── Totals, remembered until the next write: paging through one search counts it once ──

/** Changes with every write that could change a listing (counting a search, which page 1 does, cannot). */
async function listingsVersion(db: Kysely<Database>): Promise<string> {
  const { changes, version } = await databaseVersion(db);
  return `${changes - searchQueryRowsWritten(db)}:${version}`;
}

const REMEMBERED_PER_VERSION = 500;
const remembered = new WeakMap<Kysely<Database>, { version: string; values: Map<string, unknown> }>();

/**
 * Computes a value once per state of the listings: it is reused until anything is written (by any process),
 * so it is never stale. Search results and totals are pure functions of the listings and the query.
 */
async function untilNextWrite<T>(db: Kysely<Database>, key: string, compute: () => Promise<T>): Promise<T> {
  if (!getEnv().SEARCH_RESULT_CACHE) return compute();
  const version = await listingsVersion(db);
  let cache = remembered.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, values: new Map() };
    remembered.set(db, cache);
  }
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = await compute();
  // A write may have happened meanwhile; only a value computed under an unchanged version is kept.
  if ((await listingsVersion(db)) === version) {
    if (cache.values.size >= REMEMBERED_PER_VERSION) cache.values.delete(cache.values.keys().next().value as string);
    cache.values.set(key, value);
  }
  return value;
}

interface CountQuery {
  compile(): { sql: string; parameters: readonly unknown[] };
  executeTakeFirstOrThrow(): Promise<{ total: number }>;
}

async function countOnce(db: Kysely<Database>, query: CountQuery): Promise<number> {
  const compiled = query.compile();
  const key = `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  return untilNextWrite(db, key, async () => Number((await query.executeTakeFirstOrThrow()).total));
}

// ── Searching ──

/**
 * Up to this many full-text matches, a search starts from the matches and looks each listing up by id;
 * beyond it, from the listing indexes (status, condition, price…), checking each entry against the matches.
 */
const FEW_MATCHES = 2_000;

const EMPTY_RESULT = (page: number, pageSize: number): ListingSearchResult => ({
  listings: [],
  total: 0,
  page,
  pageSize,
  totalPages: 0,
});

/** A date twelve months before `now`, as YYYY-MM-DD: "calibrated within 12 months" means on or after it. */
export function twelveMonthsBefore(now: Date): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

type ListingsTable = { l: Database["equipment_listings"] };
type Matching = (eb: ExpressionBuilder<ListingsTable, "l">) => Expression<SqlBool>;

/**
 * The ids of one page, from the indexes alone where the order allows (no card columns are built for rows
 * that are skipped or sorted away). Best match joins the matches with their score; equal scores go newest
 * (highest id) first.
 */
async function pageOfIds(
  db: Kysely<Database>,
  filters: ListingFilters,
  expression: string | null,
  rankBySearch: boolean,
  matching: Matching,
  offset: number,
  pageSize: number,
): Promise<number[]> {
  let ids = db.selectFrom("equipment_listings as l").select("l.id").where(matching);
  if (rankBySearch && expression) {
    ids = ids
      .innerJoin(listingSearchTable(db), "fts.rowid", "l.id")
      .where(listingSearchMatches(db, expression))
      .orderBy(listingSearchRank(db, expression))
      .orderBy("l.id", "desc") as unknown as typeof ids;
  } else {
    switch (filters.sort) {
      case "created_at:asc":
        ids = ids.orderBy("l.created_at", "asc").orderBy("l.id", "asc");
        break;
      case "price:asc":
        ids = ids.orderBy("l.price_cents", "asc").orderBy("l.id", "asc");
        break;
      case "price:desc":
        ids = ids.orderBy("l.price_cents", "desc").orderBy("l.id", "desc");
        break;
      default:
        ids = ids.orderBy("l.created_at", "desc").orderBy("l.id", "desc");
    }
  }
  return (await ids.limit(pageSize).offset(offset).execute()).map((row) => row.id);
}

/** How many of the best-scored matches Best match looks at first when a search matches many listings. */
const BEST_MATCH_CANDIDATES = 1_000;

/**
 * Best match when the words match many listings: joining every match to its listing costs a lookup per
 * match, so the best-scored candidates are read from the full-text index alone and only they are checked
 * against the filters. The order is the same as the full query's (score, then newest id), so when enough
 * candidates pass, their page is exactly the full query's page. Undefined when they do not: the caller
 * then runs the full query.
 */
async function bestMatchesAmongTop(
  db: Kysely<Database>,
  expression: string,
  matching: Matching,
  offset: number,
  pageSize: number,
  limit = BEST_MATCH_CANDIDATES,
): Promise<number[] | undefined> {
  if (offset + pageSize > limit) return undefined;
  const candidates = (
    await db
      .selectFrom(listingSearchTable(db))
      .select("fts.rowid")
      .where(listingSearchMatches(db, expression))
      .orderBy(listingSearchRank(db, expression))
      .orderBy("fts.rowid", "desc")
      .limit(limit)
      .execute()
  ).map((row) => row.rowid);
  if (candidates.length === 0) return [];
  const passing = new Set(
    (await db.selectFrom("equipment_listings as l").select("l.id").where(matching).where("l.id", "in", candidates).execute()).map(
      (row) => row.id,
    ),
  );
  const ordered = candidates.filter((id) => passing.has(id));
  // Every match was a candidate, or enough candidates passed: the page is exact.
  if (candidates.length < limit || ordered.length >= offset + pageSize) return ordered.slice(offset, offset + pageSize);
  return undefined;
}

type SearchOptions = { pageSize?: number; now?: Date; fewMatches?: number; bestMatchCandidates?: number };

/** A page of active listings matching the filters, with the total; the same query under unchanged listings is answered once. */
export async function searchListings(
  db: Kysely<Database>,
  filters: ListingFilters,
  options: SearchOptions = {},
): Promise<ListingSearchResult> {
  const calibratedSince = filters.calibrated ? twelveMonthsBefore(options.now ?? new Date()) : undefined;
  const key = JSON.stringify(["page", filters, calibratedSince, options.pageSize, options.fewMatches, options.bestMatchCandidates]);
  return untilNextWrite(db, key, () => runSearch(db, filters, options));
}

async function runSearch(db: Kysely<Database>, filters: ListingFilters, options: SearchOptions): Promise<ListingSearchResult> {
  const pageSize = options.pageSize ?? LISTINGS_PAGE_SIZE;
  const expression = filters.search ? listingSearchExpression(filters.search) : null;
  if (filters.search && !expression) return EMPTY_RESULT(filters.page, pageSize);
  const categories = filters.category ? (await getCategoryIndex(db)).find(filters.category)?.scope : undefined;
  if (filters.category && !categories) return EMPTY_RESULT(filters.page, pageSize);
  const conditions = filterConditions(filters);
  const rankBySearch = expression !== null && filters.sort === "relevance";
  const calibratedSince = filters.calibrated ? twelveMonthsBefore(options.now ?? new Date()) : undefined;

  // How many listings the words match, counted only up to FEW_MATCHES, decides where the plan starts.
  let fewMatches = false;
  if (expression) {
    const { matches } = await db
      .selectFrom(
        db
          .selectFrom(listingSearchTable(db))
          .select("fts.rowid")
          .where(listingSearchMatches(db, expression))
          .limit((options.fewMatches ?? FEW_MATCHES) + 1)
          .as("m"),
      )
      .select((eb) => eb.fn.countAll<number>().as("matches"))
      .executeTakeFirstOrThrow();
    if (Number(matches) === 0) return EMPTY_RESULT(filters.page, pageSize);
    fewMatches = Number(matches) <= (options.fewMatches ?? FEW_MATCHES);
  }

  // One set of conditions for the page and for the count, so both always agree.
  const matching = (eb: ExpressionBuilder<ListingsTable, "l">, { withText }: { withText: boolean }) => {
    // With few matches the status index is kept out of the plan, so SQLite looks the matches up by id;
    // with many, the id is kept out of it, so SQLite walks the best listing index and checks each entry.
    const terms: Expression<SqlBool>[] = [eb(fewMatches ? withoutIndex(db, "l.status") : "l.status", "=", "active")];
    if (expression && withText) terms.push(eb(fewMatches ? "l.id" : withoutIndex(db, "l.id"), "in", listingIdsMatching(db, expression)));
    // Single values as "=": SQLite then walks an index such as (status, condition, price) in price order.
    if (categories) terms.push(categories.length === 1 ? eb("l.category_id", "=", categories[0]) : eb("l.category_id", "in", categories));
    if (conditions) terms.push(conditions.length === 1 ? eb("l.condition", "=", conditions[0]) : eb("l.condition", "in", conditions));
    if (filters.minPrice !== undefined) terms.push(eb("l.price_cents", ">=", toCents(filters.minPrice)));
    if (filters.maxPrice !== undefined) terms.push(eb("l.price_cents", "<=", toCents(filters.maxPrice)));
    if (filters.testLevel) terms.push(eb("l.test_level", "=", filters.testLevel));
    if (calibratedSince) terms.push(eb("l.calibration_date", ">=", calibratedSince));
    if (filters.brand) terms.push(containsIgnoringAsciiCase(db, "l.brand", asciiLowerCase(filters.brand)));
    return eb.and(terms);
  };

  const offset = (filters.page - 1) * pageSize;
  let pageIds: number[] | undefined;
  if (rankBySearch && expression && !fewMatches) {
    const filtersOnly: Matching = (eb) => matching(eb, { withText: false });
    pageIds = await bestMatchesAmongTop(db, expression, filtersOnly, offset, pageSize, options.bestMatchCandidates);
  }
  pageIds ??= await pageOfIds(db, filters, expression, rankBySearch, (eb) => matching(eb, { withText: !rankBySearch }), offset, pageSize);

  // Then the cards of just those listings, in the page's order.
  const cards = pageIds.length ? await selectListingCards(db).where("l.id", "in", pageIds).execute() : [];
  const byId = new Map(cards.map((row) => [row.id, toListingCard(row)]));
  const pageRows = pageIds.flatMap((id) => byId.get(id) ?? []);

  // A page that is not full ends the list, so it tells the total; only otherwise is counting needed.
  // The count reads the listings alone (every listing has its seller's profile), mostly from an index.
  let total = offset + pageIds.length;
  if (pageIds.length === pageSize || (pageIds.length === 0 && offset > 0)) {
    total = await countOnce(
      db,
      db
        .selectFrom("equipment_listings as l")
        .where((eb) => matching(eb, { withText: true }))
        .select((eb) => eb.fn.countAll<number>().as("total")),
    );
  }
  return {
    listings: pageRows,
    total,
    page: filters.page,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
  };
}

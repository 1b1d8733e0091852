// Browsing and searching active listings: filters, sorts, pages and the total behind "Showing X of Y".
// At a million listings no query reads more than a bounded number of rows (docs/decisions/0036): totals
// are exact up to LISTINGS_COUNT_CAP, pages stop at LISTINGS_MAX_PAGE, a very common word searches its newest
// MATCHES_SEARCHED matches, and the brand filter is an index lookup on the generated brand_key.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { sortedWithoutIndex, withoutIndex } from "#db/dialect.ts";
import { pageOfOrderedWalks } from "#db/ordered-walks.ts";
import {
  listingMatchRows,
  listingSearchExpression,
  listingSearchMatches,
  listingSearchRank,
  listingsWithTitleMatching,
  matchesMoreThan,
  newestListingMatchesPassing,
  phrasesOfExpression,
  type NewestMatchesPassing,
  type SearchPhrase,
  type WindowFilters,
  type WindowSortKey,
} from "#db/full-text.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { asciiLowerCase, filterConditions, LISTINGS_COUNT_CAP, LISTINGS_MAX_PAGE, LISTINGS_PAGE_SIZE, type ListingFilters } from "~/lib/listing-filters.ts";
import { toCents } from "~/lib/money.ts";
import { listCategoryTree, type CategoryNode } from "./category.server.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";
import { fromTemplate } from "#db/query-templates.ts";

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

// ── Search results, remembered until the listings change ──

/**
 * A token that changes with every write that can change which listings a search finds or their order: the version
 * the listing triggers keep in listing_search_state (migration 2026-11-27T0900). Views, bids, images and profile
 * edits leave it alone, so they never empty the caches below (cards are read fresh for every page instead).
 */
export async function listingsVersion(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("listing_search_state").select("version").where("id", "=", 1).executeTakeFirst();
  return String(row?.version ?? 0);
}

/** Values kept per state of the listings: results (ids of a page, totals, brand keys) and, bigger, search windows. */
const REMEMBERED_PER_VERSION = { results: 500, windows: 16 } as const;
type Store = keyof typeof REMEMBERED_PER_VERSION;
const remembered: Record<Store, WeakMap<Kysely<Database>, { version: string; values: Map<string, unknown> }>> = {
  results: new WeakMap(),
  windows: new WeakMap(),
};

/**
 * Computes a value once per state of the listings: it is reused until a listing changes (in any process), so it is
 * never stale. Which listings a search finds, in which order, and how many, are pure functions of the listings.
 */
async function untilListingsChange<T>(db: Kysely<Database>, key: string, compute: () => Promise<T>, store: Store = "results"): Promise<T> {
  if (!getEnv().SEARCH_RESULT_CACHE) return compute();
  const version = await listingsVersion(db);
  let cache = remembered[store].get(db);
  if (!cache || cache.version !== version) {
    cache = { version, values: new Map() };
    remembered[store].set(db, cache);
  }
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = await compute();
  // A listing may have changed meanwhile; only a value computed under an unchanged version is kept.
  if ((await listingsVersion(db)) === version) {
    if (cache.values.size >= REMEMBERED_PER_VERSION[store]) cache.values.delete(cache.values.keys().next().value as string);
    cache.values.set(key, value);
  }
  return value;
}

// ── Brands: the brand filter's "contains" over the few distinct brands, then an index lookup ──

/**
 * The distinct brand keys (brands with ASCII letters lower-cased) of active listings, by a loose index scan of
 * (status, brand_key): one index seek per brand, however many listings there are.
 */
async function activeBrandKeys(db: Kysely<Database>): Promise<string[]> {
  return untilListingsChange(db, "brand keys", async () => {
    const { rows } = await sql<{ k: string | null }>`
      with recursive b(k) as (
        select (select brand_key from equipment_listings where status = 'active' order by brand_key limit 1)
        union all
        select (select brand_key from equipment_listings where status = 'active' and brand_key > b.k order by brand_key limit 1)
          from b where b.k is not null
      )
      select k from b where k is not null`.execute(db);
    return rows.map((row) => row.k as string);
  });
}

/** The brand keys a brand filter selects: those containing its text, ASCII case ignored (the rule of brandMatches). */
async function brandKeysMatching(db: Kysely<Database>, filter: string): Promise<string[]> {
  const wanted = asciiLowerCase(filter);
  return (await activeBrandKeys(db)).filter((key) => key.includes(wanted));
}

// ── Categories' sizes: how a category filter is best read ──

/** Active listings per category, from the counts the listing triggers keep (migration 2026-12-03T1000). */
async function activeListingsByCategory(db: Kysely<Database>): Promise<{ byCategory: Map<string, number>; all: number }> {
  return untilListingsChange(db, "category sizes", async () => {
    const rows = await db.selectFrom("listing_counts_by_category").select(["category_id", "listings"]).where("status", "=", "active").execute();
    const byCategory = new Map(rows.map((row) => [row.category_id, Number(row.listings)]));
    let all = 0;
    for (const count of byCategory.values()) all += count;
    return { byCategory, all };
  });
}

/**
 * The items of a category filter (those with listings) worth reading one by one for a page, or null when walking the
 * (status, created_at) index and checking each listing's category finds the page sooner. Reading item by item costs
 * about one index walk per item that has listings; walking costs about 1 / share rows per listing found. So the split
 * pays only for a few items holding a small share: a main category (80% of the listings in 200 items) or a second-level
 * one (4–18% in 30) is walked. Each item's walk reads only its index when no other filter is checked row by row, which
 * is worth a few items more.
 */
async function categoryItemsToSplit(
  db: Kysely<Database>,
  categories: readonly string[],
  { byPrice, checkedPerRow }: { byPrice: boolean; checkedPerRow: boolean },
): Promise<string[] | null> {
  const { byCategory, all } = await activeListingsByCategory(db);
  const stocked = categories.filter((id) => (byCategory.get(id) ?? 0) > 0);
  // In price order a category's listings can sit together at one end (heavy equipment is dear), where a walk of the
  // whole price index would pass every other listing first: always split.
  if (byPrice || stocked.length <= 1 || all === 0) return stocked;
  const share = stocked.reduce((sum, id) => sum + byCategory.get(id)!, 0) / all;
  return stocked.length * share <= (checkedPerRow ? 1 : INDEX_ONLY_ADVANTAGE) ? stocked : null;
}

/** How many index entries reading one costs as much as one row looked up for a check (measured ~4–6 at a million). */
const INDEX_ONLY_ADVANTAGE = 4;

// ── Searching ──

/**
 * Up to this many full-text matches, a search starts from the matches and looks each listing up by id, ranking
 * every match for Best match; beyond it, see MATCHES_SEARCHED.
 */
const FEW_MATCHES = 2_000;

/**
 * When the words match more listings than this, only the newest this many matches are searched: the filters, the sort
 * and Best match apply among them (read from the full-text index newest first, each looked up by id), so a word found
 * in every listing costs what a rarer one does. The page says so.
 */
const MATCHES_SEARCHED = 12_000;

/** Best match among many matches orders the newest this many that pass the filters: every page that can be shown. */
const RANKED_CANDIDATES = LISTINGS_MAX_PAGE * LISTINGS_PAGE_SIZE;

/**
 * A filter with at most this many values (a category's items, most of them empty; the brands containing a word) is read
 * value by value; one with more (the largest main category) walks the sort's own index instead.
 */
const SPLIT_AT_MOST = 100;

/** A date twelve months before `now`, as YYYY-MM-DD: "calibrated within 12 months" means on or after it. */
export function twelveMonthsBefore(now: Date): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

type ListingsTable = { l: Database["equipment_listings"] };
type Matching = (eb: ExpressionBuilder<ListingsTable, "l">) => Expression<SqlBool>;
/** Prices sort and filter on the reference amount: the price a buyer pays now, in the reference currency (decision 0062). */
type SortColumn = "l.created_at" | "l.reference_amount";
/** Filters with several values. brand_key is generated by the database and not in db/schema.ts: named here. */
type SplitColumn = "l.category_id" | "l.brand_key" | "l.condition";
const columnRef = (column: SplitColumn) => sql.ref<string>(column);
type SplitName = "category" | "brand" | "condition";
type FilterName = SplitName | "status" | "price" | "testLevel" | "calibrated";
type FiltersOnly = (
  eb: ExpressionBuilder<ListingsTable, "l">,
  options?: { split?: readonly SplitName[]; indexed?: (name: FilterName, single: boolean) => boolean },
) => Expression<SqlBool>;

function sortOf(filters: ListingFilters): { column: SortColumn; direction: "asc" | "desc" } {
  switch (filters.sort) {
    case "created_at:asc":
      return { column: "l.created_at", direction: "asc" };
    case "price:asc":
      return { column: "l.reference_amount", direction: "asc" };
    case "price:desc":
      return { column: "l.reference_amount", direction: "desc" };
    default:
      return { column: "l.created_at", direction: "desc" };
  }
}

/** What a search found, before its cards are read: the ids of the page, in order, and the total. */
interface FoundIds {
  ids: number[];
  total: number;
  totalIsExact: boolean;
  searchedNewest: number | null;
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

const NOTHING: FoundIds = { ids: [], total: 0, totalIsExact: true, searchedNewest: null };

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

  /**
   * Every filter but the words. `split` leaves filters out (a query that applies them value by value); `indexed` says
   * which filters the planner may read through an index (the others are checked on each row it reads): by default all.
   */
  const filtersOnly: FiltersOnly = (eb, { split = [], indexed = () => true } = {}) => {
    const through = (name: FilterName, column: string, single: boolean) => (indexed(name, single) ? sql.ref(column) : withoutIndex(db, column));
    const terms: Expression<SqlBool>[] = [eb(through("status", "l.status", true), "=", "active")];
    const oneOf = (name: FilterName, column: SplitColumn, values: readonly string[]) =>
      values.length === 1 ? eb(through(name, column, true), "=", values[0]!) : eb(through(name, column, false), "in", values);
    if (categories && !split.includes("category")) terms.push(oneOf("category", "l.category_id", categories));
    if (brandKeys && !split.includes("brand")) terms.push(oneOf("brand", "l.brand_key", brandKeys));
    if (conditions && !split.includes("condition")) terms.push(oneOf("condition", "l.condition", conditions));
    if (filters.minPrice !== undefined)
      terms.push(eb(through("price", "l.reference_amount", true), ">=", toCents(filters.minPrice, getEnv().REFERENCE_CURRENCY)));
    if (filters.maxPrice !== undefined)
      terms.push(eb(through("price", "l.reference_amount", true), "<=", toCents(filters.maxPrice, getEnv().REFERENCE_CURRENCY)));
    if (filters.testLevel) terms.push(eb(through("testLevel", "l.test_level", true), "=", filters.testLevel));
    if (calibratedSince) terms.push(eb(through("calibrated", "l.calibration_date", true), ">=", calibratedSince));
    return eb.and(terms);
  };
  // Starting from the full-text matches: each is looked up by id, so no listing index may lead the plan.
  const byIdOnly = { indexed: (name: FilterName, single: boolean) => name !== "status" && single };

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

  // The newest matches of the words (up to one more than are searched), and those of them that pass the filters:
  // one read of the full-text index gives the total, any sort's page and Best match's candidates (decision 0057).
  const fewLimit = options.fewMatches ?? FEW_MATCHES;
  const searched = Math.max(options.matchesSearched ?? MATCHES_SEARCHED, fewLimit);
  const passingFilters: WindowFilters = (eb) => filtersOnly(eb, byIdOnly);
  // Best match reads no sort key, the other sorts read theirs. Paging through a search, or turning its order round,
  // reuses the window, remembered while the listings are unchanged.
  const sortKey: WindowSortKey | null =
    filters.sort === "relevance" ? null : sortOf(filters).column === "l.reference_amount" ? "reference_amount" : "created_at";
  const windowKey = (text: string) => JSON.stringify(["window", text, searched, sortKey, { ...filters, search: "", sort: "", page: 0 }, calibratedSince]);
  const newestMatches = (text: string) => {
    const read = () => newestListingMatchesPassing(db, text, searched + 1, passingFilters, sortKey);
    return remember ? untilListingsChange(db, windowKey(text), read, "windows") : read();
  };
  // A last word is also the start of longer ones ("osc" finds oscilloscopes), which makes the full-text index merge
  // the lists of every such word in full. When the words as they are (stemmed: "analyzers" is "analyzer") already
  // match many listings, or the last word alone does ("capacitance highlights": "highlight" is in half the listings,
  // and merging every word starting with it cost 0.5 s at a million), it is searched as that word only: as cheap as
  // any other word, and what the buyer typed.
  let words = expression;
  let found: NewestMatchesPassing | undefined;
  if (expression.endsWith("*")) {
    const exact = expression.slice(0, -1);
    found = await newestMatches(exact);
    const typed = phrasesOfExpression(exact);
    if (found.matches > fewLimit || (typed.length > 1 && (await wordIsCommon(db, typed.slice(-1), fewLimit)))) words = exact;
    else found = undefined;
  }
  found ??= await newestMatches(words);
  if (found.matches === 0) return NOTHING;

  // Past the newest `searched` matches nothing is searched: the filters, the sort and Best match apply among them.
  const capped = found.matches > searched;
  const passing = capped ? found.passing.filter((listing) => listing.id > found.oldest) : found.passing;
  const total = { total: Math.min(passing.length, LISTINGS_COUNT_CAP), totalIsExact: passing.length <= LISTINGS_COUNT_CAP && !capped };
  const result = (ids: number[]): FoundIds => ({ ids, ...total, searchedNewest: capped ? searched : null });
  if (!pageWanted || passing.length === 0) return result([]);

  if (filters.sort !== "relevance") {
    const sign = sortOf(filters).direction === "asc" ? 1 : -1;
    const ordered = [...passing].sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    return result(ordered.slice(offset, offset + pageSize).map((listing) => listing.id));
  }

  const phrases = phrasesOfExpression(words);
  if (found.matches <= fewLimit && (phrases.length === 1 || !(await wordIsCommon(db, phrases, fewLimit)))) {
    // Few matches, none of the words common: Best match scores them all (the score counts the listings holding each
    // word, which is cheap only when none is in many).
    const rows = await listingMatchRows(db)
      .where(listingSearchMatches(db, words))
      .where((eb) => filtersOnly(eb as unknown as ExpressionBuilder<ListingsTable, "l">, byIdOnly))
      .select("l.id")
      .orderBy(listingSearchRank(db, words))
      .orderBy("l.id", "desc")
      .limit(pageSize)
      .offset(offset)
      .execute();
    return result(rows.map((row) => row.id));
  }

  // Best match otherwise: the newest candidates that pass the filters (every page that can be shown), those with every
  // word in the title first, then the others, newest first in each.
  const wanted = Math.max(RANKED_CANDIDATES, LISTINGS_MAX_PAGE * pageSize);
  const candidates = passing.slice(0, wanted).map((listing) => listing.id);
  const inTitle = await listingsWithTitleMatching(db, words, candidates);
  const ranked = [...candidates.filter((id) => inTitle.has(id)), ...candidates.filter((id) => !inTitle.has(id))];
  return result(ranked.slice(offset, offset + pageSize));
}

interface CountQuery {
  compile(): { sql: string; parameters: readonly unknown[] };
  executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }>;
}

/** Runs a count once per state of the listings (when `remember`): paging through one search counts it once. */
/** Whether any of these words of a search, alone, is in more than `fewLimit` listings. */
async function wordIsCommon(db: Kysely<Database>, phrases: readonly SearchPhrase[], fewLimit: number): Promise<boolean> {
  for (const { word, prefix } of phrases) {
    if (await matchesMoreThan(db, `"${word}"${prefix ? "*" : ""}`, fewLimit)) return true;
  }
  return false;
}

async function countUpTo(db: Kysely<Database>, query: CountQuery, remember: boolean): Promise<number> {
  const run = async () => Number((await query.executeTakeFirstOrThrow()).total);
  // Without the result cache the key is not needed: compiling it only to have untilListingsChange run the query anyway
  // compiled the query twice.
  if (!remember || !getEnv().SEARCH_RESULT_CACHE) return run();
  const compiled = query.compile();
  return untilListingsChange(db, `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, run);
}

/** The total of the active listings in `categories` (all when none), from the counts the triggers keep: no listing is read. */
async function activeListingsIn(db: Kysely<Database>, categories: readonly string[] | undefined): Promise<{ total: number; totalIsExact: boolean }> {
  const { byCategory, all } = await activeListingsByCategory(db);
  const listings = categories ? categories.reduce((sum, id) => sum + (byCategory.get(id) ?? 0), 0) : all;
  return shownTotal(listings);
}

/** A total as /listings shows it: exact up to LISTINGS_COUNT_CAP, "10,000+" beyond. */
function shownTotal(listings: number): { total: number; totalIsExact: boolean } {
  return { total: Math.min(listings, LISTINGS_COUNT_CAP), totalIsExact: listings <= LISTINGS_COUNT_CAP };
}

/** The total, counted up to LISTINGS_COUNT_CAP and no further. */
async function boundedCount(db: Kysely<Database>, matching: Matching, remember: boolean): Promise<{ total: number; totalIsExact: boolean }> {
  const counted = await countUpTo(
    db,
    db
      .selectFrom(
        db
          .selectFrom("equipment_listings as l")
          .select("l.id")
          .where(matching)
          .limit(LISTINGS_COUNT_CAP + 1)
          .as("m"),
      )
      .select((eb) => eb.fn.countAll<number>().as("total")),
    remember,
  );
  return shownTotal(counted);
}

interface Split {
  name: SplitName;
  column: SplitColumn;
  values: readonly string[];
}

/**
 * The filters a page in sort order is read value by value on (none: walk the sort's index, checking each row):
 * - brands containing a word (a few, each a small share);
 * - else a category's stocked items, when that pays (categoryItemsToSplit);
 * - in price order, a condition group too: within each category item, from (category_id, status, condition,
 *   reference_amount), or alone from (status, condition, reference_amount).
 */
async function splitsFor(
  db: Kysely<Database>,
  lists: { categories?: string[]; brandKeys?: string[]; conditions?: readonly string[] },
  { byPrice, checkedPerRow }: { byPrice: boolean; checkedPerRow: boolean },
): Promise<Split[]> {
  const several = (values: readonly string[] | undefined): values is readonly string[] =>
    values !== undefined && values.length > 1 && values.length <= SPLIT_AT_MOST;
  if (several(lists.brandKeys)) return [{ name: "brand", column: "l.brand_key", values: lists.brandKeys }];
  const splits: Split[] = [];
  if (lists.categories && lists.categories.length > 1) {
    const items = await categoryItemsToSplit(db, lists.categories, { byPrice, checkedPerRow });
    if (items && items.length > 0 && items.length <= SPLIT_AT_MOST) splits.push({ name: "category", column: "l.category_id", values: items });
  }
  const walks = splits[0]?.values.length ?? 1;
  if (byPrice && several(lists.conditions) && walks * lists.conditions.length <= WALKS_AT_MOST) {
    splits.push({ name: "condition", column: "l.condition", values: lists.conditions });
  }
  return splits;
}

/** Ordered walks merged for one page at most (SQLite allows 500 parts in a compound SELECT). */
const WALKS_AT_MOST = 400;

/**
 * One page of listings in a sort order.
 * - Few matches (the total is exact, at most LISTINGS_COUNT_CAP): the planner reads them through the filters' indexes
 *   and sorts them (never the sort's own index, which could walk past every listing the filters leave out). Brands
 *   alone, or one category item alone, are read as many are (below) however few: each walk reads just the page's
 *   entries of its own index, where sorting read every listing's row (3,963 rows of one brand: 0.03 ms against
 *   3–5 ms warm, 30–120 ms with the rows out of the cache).
 * - Many: at least one active listing in ~90 passes the filters, so walking an index in the sort order finds a page
 *   soon: (status, created_at | reference_amount), or with one category or brand (category_id | brand_key, status, sort),
 *   a condition and price (status, condition, reference_amount), a test level (status, test_level, created_at). Other
 *   filters are checked on each entry. A filter with a few values (the brands containing a word, a category's items
 *   when they hold a small share or the order is by price, a condition group by price) is read value by value, each
 *   in order from its own index, and the heads merged (splitsFor).
 */
async function pageInSortOrder(
  db: Kysely<Database>,
  lists: { categories?: string[]; brandKeys?: string[]; conditions?: readonly string[] },
  { column, direction, few, checkedPerRow }: { column: SortColumn; direction: "asc" | "desc"; few: boolean; checkedPerRow: boolean },
  filtersOnly: FiltersOnly,
  offset: number,
  pageSize: number,
): Promise<number[]> {
  if (few) {
    const rows = await db
      .selectFrom("equipment_listings as l")
      .select("l.id")
      .where((eb) => filtersOnly(eb))
      .orderBy(sortedWithoutIndex(db, column), direction)
      .orderBy("l.id", direction)
      .limit(pageSize)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }
  const byPrice = column === "l.reference_amount";
  // What an index in the sort's order can start with.
  const inOrder = (name: FilterName, single: boolean) =>
    name === "status" ||
    (single && (name === "category" || name === "brand")) ||
    (byPrice && (name === "price" || (single && name === "condition"))) ||
    (single && name === "testLevel");
  // One brand or one category already has an index in the sort's order: walk it, checking the rest.
  const walkOne = lists.brandKeys?.length === 1 || lists.categories?.length === 1;
  const splits = walkOne ? [] : await splitsFor(db, lists, { byPrice, checkedPerRow });
  if (splits.length > 0) {
    const names = splits.map((one) => one.name);
    // Every combination of the split values (a category item, or an item and a condition): one ordered walk each.
    const combinations = splits.reduce<string[][]>((all, one) => all.flatMap((values) => one.values.map((value) => [...values, value])), [[]]);
    const walk = (values: readonly string[]) =>
      db
        .selectFrom("equipment_listings as l")
        .select(["l.id", `${column} as k`])
        .where((eb) => eb.and([filtersOnly(eb, { split: names, indexed: inOrder }), ...splits.map((one, at) => eb(columnRef(one.column), "=", values[at]!))]))
        .orderBy(column, direction)
        .orderBy("l.id", direction)
        .limit(offset + pageSize);
    return pageOfOrderedWalks(db, walk, combinations, { direction, limit: pageSize, offset });
  }
  const rows = await db
    .selectFrom("equipment_listings as l")
    .select("l.id")
    .where((eb) => filtersOnly(eb, { indexed: inOrder }))
    .orderBy(column, direction)
    .orderBy("l.id", direction)
    .limit(pageSize)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

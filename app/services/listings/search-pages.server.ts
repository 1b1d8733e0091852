// One page of listings in a sort order, without words: read through the filters' indexes when few listings match,
// else by walking the sort's own index, or one walk per value of a filter with a few values, the heads merged
// (docs/decisions/0054).
import type { Kysely } from "kysely";
import { sortedWithoutIndex } from "#db/dialect.ts";
import { pageOfOrderedWalks } from "#db/ordered-walks.ts";
import type { Database } from "#db/schema.ts";
import { columnRef, type FilterName, type FiltersOnly, type SortColumn, type SplitColumn, type SplitName } from "./search-filters.server.ts";
import { activeListingsByCategory } from "./search-totals.server.ts";

/**
 * A filter with at most this many values (a category's items, most of them empty; the brands containing a word) is read
 * value by value; one with more (the largest main category) walks the sort's own index instead.
 */
export const SPLIT_AT_MOST = 100;

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
export async function pageInSortOrder(
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

// PostgreSQL: for every walk /listings makes in a sort's order there is an index in that order, ties broken by id
// included (migration 2026-12-08T0900, docs/decisions/0058): its leading columns are the walk's filters, then the sort
// key, then id, so the walk reads just a page's entries. Without id at the end of the index, PostgreSQL had to sort a
// category's listings before its first page, and at a million listings chose instead to walk the one index in
// (price, id) order past every cheaper listing of other categories: 1.9 s for the first page of heavy equipment by
// price. Which index the planner picks depends on the table's statistics, so the bench (bench/listing-queries)
// measures that at a million listings; this checks that the right index is there to pick, and that the planner can
// read a walk from it without sorting. SQLite ends every index with the rowid (the id): nothing to check there.
import { CompiledQuery, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

let database: OpenedDatabase;

/** The plan of `query`, with sorts and sequential scans made as costly as PostgreSQL allows. */
async function planOf(db: Kysely<Database>, query: string, values: readonly unknown[]): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    await sql`set local enable_incremental_sort = off`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${query}`, [...values]));
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/** The columns of each index of the listings, in order. */
async function listingIndexes(db: Kysely<Database>): Promise<string[][]> {
  const { rows } = await sql<{ definition: string }>`select indexdef as definition from pg_indexes where tablename = 'equipment_listings'`.execute(db);
  return rows.map((row) => (/\(([^)]*)\)/.exec(row.definition)?.[1] ?? "").split(",").map((column) => column.trim()));
}

/** One walk: the filters that lead the index, the sort key. */
const WALKS: ReadonlyArray<{ name: string; where: string; key: "reference_amount" | "created_at" }> = [
  { name: "every active listing, newest first", where: "status = $1", key: "created_at" },
  { name: "a category item, newest first", where: "status = $1 and category_id = $2", key: "created_at" },
  { name: "a category item by price", where: "status = $1 and category_id = $2", key: "reference_amount" },
  { name: "a category item in one condition by price", where: "status = $1 and category_id = $2 and condition = $3", key: "reference_amount" },
  { name: "a brand, newest first", where: "status = $1 and brand_key = $2", key: "created_at" },
  { name: "a brand by price", where: "status = $1 and brand_key = $2", key: "reference_amount" },
  { name: "a condition by price", where: "status = $1 and condition = $2", key: "reference_amount" },
  { name: "a test level by price", where: "status = $1 and test_level = $2", key: "reference_amount" },
  { name: "a test level, newest first", where: "status = $1 and test_level = $2", key: "created_at" },
];

describe.skipIf(!onPostgres)("the walks of /listings on PostgreSQL", () => {
  beforeAll(() => {
    database = createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  for (const walk of WALKS) {
    it(`${walk.name}: an index leads with its filters, then ${walk.key}, then id`, async () => {
      const filters = [...walk.where.matchAll(/(\w+) = \$/g)].map((match) => match[1]);
      const fits = (columns: string[]) =>
        columns.length >= filters.length + 2 &&
        filters.every((filter) => columns.slice(0, filters.length).includes(filter!)) &&
        columns[filters.length] === walk.key &&
        columns[filters.length + 1] === "id";
      expect((await listingIndexes(database.db)).filter(fits)).not.toEqual([]);
    });
  }

  it("a category item by price is read from an index without sorting, either way round", async () => {
    for (const direction of ["asc", "desc"]) {
      const plan = await planOf(
        database.db,
        `select id from equipment_listings where status = $1 and category_id = $2 order by reference_amount ${direction}, id ${direction} limit 12`,
        ["active", "x"],
      );
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});

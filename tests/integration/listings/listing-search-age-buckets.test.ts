// PostgreSQL: the newest matches of a word found in many listings are read from the newest age buckets of the
// full-text index (migration 2026-12-09T0900, docs/decisions/0059). GIN hands over matches in no order, so finding a
// search's newest matches used to fetch the row of every match. The index's second column is the bucket of 4,096 ids
// a listing falls in; a search whose words' share (pg_stats) predicts enough matches among the newest listings asks
// for those buckets only. These check that the answer is the newest matches whichever way it is read, that the
// planner reads the buckets through the index (the expression must be the index's own), and that a word whose
// matches are old is still found in full. SQLite's full-text index lists matches newest first: nothing to check there.
import { CompiledQuery, sql, type KyselyPlugin, type QueryResult, type UnknownRow } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { newestListingMatchesPassing } from "#db/full-text.ts";
import { OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

/** Listings, their ids 50 apart so they span 73 buckets of 4,096 ids. */
const LISTINGS = 6_000;
const ID_STEP = 50;
/** Matches asked for: far fewer than either word has. */
const LIMIT = 100;

let database: OpenedDatabase;
/** Every statement run through `traced`, as compiled. */
const statements: CompiledQuery[] = [];

/** "gauge" is in every 12th listing (8%) throughout; "relay" in every other one of the oldest 600 (5%). */
const idOf = (index: number) => (index + 1) * ID_STEP;
const holdsGauge = (index: number) => index % 12 === 0;
const holdsRelay = (index: number) => index < 600 && index % 2 === 1;

const allPass = () => sql<boolean>`true`;

function traced() {
  const tracer: KyselyPlugin = {
    transformQuery(args) {
      statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args): Promise<QueryResult<UnknownRow>> => args.result,
  };
  return database.db.withPlugin(tracer);
}

/** The newest `LIMIT` ids of the listings holding a word, computed from what was inserted. */
function newestHolding(holds: (index: number) => boolean): number[] {
  const ids: number[] = [];
  for (let index = LISTINGS - 1; index >= 0 && ids.length < LIMIT; index -= 1) if (holds(index)) ids.push(idOf(index));
  return ids;
}

describe.skipIf(!onPostgres)("the newest matches of a common word on PostgreSQL", () => {
  beforeAll(async () => {
    database = createTestDatabase();
    const seller = await insertUserRow(database.db, undefined, "seller");
    const rows = Array.from({ length: LISTINGS }, (_, index) => ({
      id: idOf(index),
      user_id: seller,
      title: `Panel ${index}${holdsGauge(index) ? " pressure gauge" : ""}${holdsRelay(index) ? " safety relay" : ""}`,
      category_id: OSCILLOSCOPES,
      condition: "used_good",
      price_cents: 10_000 + index,
      status: "active",
    }));
    for (let at = 0; at < rows.length; at += 500)
      await database.db
        .insertInto("equipment_listings")
        .values(rows.slice(at, at + 500))
        .execute();
    // The words' shares come from the planner's statistics.
    await sql`analyze listing_search_rows`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    await database.close();
  });

  it("a word in 8% of the listings: its newest matches, read from the newest buckets through the index", async () => {
    statements.length = 0;
    const found = await newestListingMatchesPassing(traced(), '"gauge"', LIMIT, allPass, null);
    const expected = newestHolding(holdsGauge);
    expect(found.matches).toBe(LIMIT);
    expect(found.passing.map((listing) => listing.id)).toEqual(expected);
    expect(found.oldest).toBe(expected.at(-1));

    const byBuckets = statements.filter((statement) => statement.sql.includes("generate_series"));
    expect(byBuckets).toHaveLength(1);
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${byBuckets[0]!.sql}`, [...byBuckets[0]!.parameters]));
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("listing_search_rows_vector_by_age");
    expect(plan).toMatch(/Index Cond: .*&&/);
  });

  it("a word whose matches are all old: the newest buckets hold too few, and every match is read", async () => {
    statements.length = 0;
    const found = await newestListingMatchesPassing(traced(), '"relay"', LIMIT, allPass, null);
    expect(found.passing.map((listing) => listing.id)).toEqual(newestHolding(holdsRelay));
    expect(statements.filter((statement) => statement.sql.includes("generate_series"))).toHaveLength(1);
  });
});

// An analysed SQLite database plans /listings the way its queries were written (docs/decisions/0057). With ANALYZE's
// statistics of a million listings SQLite skip-scanned an index by its leading column (5 test levels, 3,500
// categories), reading a whole price range and sorting it (32 ms) where walking the price index finds the page at once
// (0.03 ms); the plan depends on sqlite_stat4's samples at that size, so it is measured by bench/listing-queries, and
// these tests check the switch itself: SQLite's `noskipscan` token on every index's statistics. SQLite only:
// PostgreSQL 15 has no skip-scan.
import { CompiledQuery } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteMigrationDialect, type OpenedDatabase } from "#db/dialect.ts";
import { WITHOUT_SKIP_SCANS } from "#db/sqlite.ts";
import { up as forbidSkipScans } from "../../../migrations/2026-12-06T0900-no-skip-scans.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
const run = (sql: string) => database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql));
/** The statistics of every index of the listings, by index name. */
const statistics = async () =>
  Object.fromEntries((await run("select idx, stat from sqlite_stat1 where tbl = 'equipment_listings'")).rows.map((row) => [row.idx, row.stat]));
const statisticsTable = async () => (await run("select 1 from sqlite_master where name = 'sqlite_stat1'")).rows.length > 0;

describe.skipIf(onPostgres)("skip-scans on SQLite", () => {
  beforeEach(async () => {
    database = createTestDatabase();
    const seller = await insertUserRow(database.db, undefined, "seller");
    for (let listing = 0; listing < 20; listing += 1) await insertListingRow(database.db, seller, { price_cents: 100_000 + listing });
  });

  afterEach(async () => {
    await database.close();
  });

  it("a database never analysed keeps no statistics (SQLite never skip-scans without them)", async () => {
    await forbidSkipScans(database.db, sqliteMigrationDialect);
    expect(await statisticsTable()).toBe(false);
  });

  it("the migration forbids them on an analysed database, leaving the figures as they were", async () => {
    await run("analyze");
    const analysed = await statistics();
    expect(Object.keys(analysed).length).toBeGreaterThan(10);
    await forbidSkipScans(database.db, sqliteMigrationDialect);
    await forbidSkipScans(database.db, sqliteMigrationDialect);
    expect(await statistics()).toEqual(Object.fromEntries(Object.entries(analysed).map(([index, stat]) => [index, `${stat} noskipscan`])));
  });

  it("a later ANALYZE brings them back until WITHOUT_SKIP_SCANS runs, as the benchmark seed runs it", async () => {
    await run("analyze");
    await forbidSkipScans(database.db, sqliteMigrationDialect);
    await run("analyze");
    expect(Object.values(await statistics()).some((stat) => String(stat).includes("noskipscan"))).toBe(false);
    for (const statement of WITHOUT_SKIP_SCANS) await run(statement);
    expect(Object.values(await statistics()).every((stat) => String(stat).endsWith(" noskipscan"))).toBe(true);
  });
});

// An analysed SQLite database plans like one never analysed: no skip-scans (issue 17 §2; docs/decisions/0057).
// With statistics SQLite skip-scanned (test_level, status, price_cents) for a price range in price order (32 ms at a
// million listings, against 0.03 ms walking (status, price_cents, id, category_id)), and (category_id, status,
// price_cents) over 3,500 categories for a big category's price range. A database without sqlite_stat1 is left alone:
// SQLite never skip-scans without statistics. db/sqlite.ts WITHOUT_SKIP_SCANS does the same after later ANALYZEs.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "sqlite") return;
  const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (analysed.rows.length === 0) return;
  await sql`update sqlite_stat1 set stat = stat || ' noskipscan' where stat not like '%noskipscan%'`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}

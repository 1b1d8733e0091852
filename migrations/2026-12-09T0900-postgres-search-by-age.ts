// PostgreSQL: the full-text index of listing_search_rows also holds each listing's age, as the bucket of 4,096 ids it
// falls in (issue 17 §2; docs/decisions/0059). The GIN index hands over matches in no order, so the newest 12,000
// matches of a word in 1–11% of the listings meant fetching every match's row (10,000–110,000 of them) to keep the
// newest. With the bucket as the index's second column, one index scan intersects the word's matches with the newest
// buckets, and only the matches there are fetched. The index replaces the one on the vector alone: a query on the
// vector alone reads this one. Nothing on SQLite: its full-text index lists matches in id order already.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "postgres") return;
  await sql`create index listing_search_rows_vector_by_age on listing_search_rows
    using gin (search_vector, (array[(id / 4096)::int]))`.execute(db);
  await sql`drop index listing_search_rows_vector`.execute(db);
}

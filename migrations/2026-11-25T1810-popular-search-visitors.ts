// Popular searches counted once per visitor (issue 15 §7): which visitors (a keyed hash with a daily salt; no raw
// address) searched for each query today. search_queries.count now counts distinct visitors, so the counts kept so
// far, one per page load, are set back to zero: a query shows again once enough distinct visitors search for it.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("search_query_visitors")
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    // The UTC day (YYYY-MM-DD) whose salt made the hash; rows of past days are pruned.
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("search_query_visitors_pk", ["query", "visitor_hash"])
    .execute();
  await db.schema.createIndex("search_query_visitors_day").on("search_query_visitors").column("day").execute();
  await db.updateTable("search_queries").set({ count: 0 }).execute();
}

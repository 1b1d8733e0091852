// Sign-in limits nobody can turn against an owner (issue 15 §3, docs/decisions/0029): attempt counters kept in the
// database, so every server process and every restart sees the same counts, and the (account, address) and
// (account, device) pairs that signed in successfully before. Keys are keyed hashes (no raw e-mail or address).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  // One counter per key (a sign-in pair, an address, an account, a registration or reset key).
  await db.schema
    .createTable("attempt_counters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    // Attempts under this key are refused until then (null: not refused).
    .addColumn("blocked_until", "text")
    // The counter is forgotten (counts from zero again, and may be deleted) from then on.
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("attempt_counters_expires").on("attempt_counters").column("expires_at").execute();

  // A pair (account, address) or (account, device) that signed in successfully, until it expires.
  await db.schema
    .createTable("known_sign_ins")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("known_sign_ins_expires").on("known_sign_ins").column("expires_at").execute();
}

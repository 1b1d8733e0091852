// Offline use and the AI listing creator: actions replayed from a device's offline outbox (recorded once per
// client-generated id, so a replay never applies twice) and every AI listing generation with its outcome
// (the source of ai_stats: listings processed and listings created from them).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  // An action queued offline (watch, unwatch, notes, saved search) and applied once it reached the server.
  await db.schema
    .createTable("offline_actions")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("action_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("applied_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("offline_actions_pk", ["user_id", "action_id"])
    .execute();

  // One AI listing generation: who asked (null for a visitor), what for, how it went, and the listing made from it.
  await db.schema
    .createTable("ai_generations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("photo_count", "integer", (c) => c.notNull().defaultTo(0))
    // "ai" (the language model wrote it) or "fallback" (the built-in generator did).
    .addColumn("outcome", "text", (c) => c.notNull())
    // Why the fallback was used: not_configured or a failure class (rate_limited, timeout, server_error, ...).
    .addColumn("failure_class", "text")
    .addColumn("model_name", "text")
    .addColumn("server_ms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("model_ms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("listing_id", "integer", (c) => c.references("equipment_listings.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("ai_generations_listing").on("ai_generations").column("listing_id").where(sql.ref("listing_id"), "is not", null).execute();
  await db.schema.createIndex("ai_generations_user").on("ai_generations").columns(["user_id", "created_at"]).execute();
}

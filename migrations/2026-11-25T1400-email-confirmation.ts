// E-mail confirmation (issue 14 §7): when each account confirmed its address, and the one-time links that confirm it
// (stored as SHA-256 digests of the token, never the token itself; single use, with an expiry).
// Accounts that existed before this migration count as confirmed: they were created before confirmation existed,
// and refusing them bids or messages overnight would break what they were already doing.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  await db.schema.alterTable("users").addColumn("email_confirmed_at", "text").execute();
  await db
    .updateTable("users")
    .set({ email_confirmed_at: sql.ref("created_at") })
    .where("email_confirmed_at", "is", null)
    .execute();

  await db.schema
    .createTable("email_confirmation_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    // Set when the link confirmed the address, or when a newer link replaced it (see replaced).
    .addColumn("used_at", "text")
    // 1 when a newer link made this one void before it was used.
    .addColumn("replaced", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("email_confirmation_tokens_user").on("email_confirmation_tokens").column("user_id").execute();
}

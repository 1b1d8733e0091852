// Newsletter consent (issue 18 §5): a sign-up counts only once its address has followed the confirmation link that was
// mailed to it (a one-time random link, stored as its SHA-256 digest, expiring). Unsubscribing keeps the row (so the
// address can subscribe again) with its status. Rows kept before this migration had no confirmation: they stay
// "pending" and are not mailed until the address subscribes again and confirms.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  const add = (column: string, build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c) =>
    db.schema.alterTable("newsletter_subscriptions").addColumn(column, "text", build).execute();
  // pending (asked, not confirmed), subscribed (confirmed), unsubscribed
  await add("status", (c) =>
    c
      .notNull()
      .defaultTo("pending")
      .check(sql`status in ('pending', 'subscribed', 'unsubscribed')`),
  );
  await add("confirm_token_hash");
  await add("confirm_expires_at");
  /** When the last confirmation (or "already subscribed") mail was queued: at most one per address per few minutes. */
  await add("confirmation_sent_at");
  await add("confirmed_at");
  await add("unsubscribed_at");
  await db.schema.createIndex("newsletter_subscriptions_confirm_token").unique().on("newsletter_subscriptions").column("confirm_token_hash").execute();
}

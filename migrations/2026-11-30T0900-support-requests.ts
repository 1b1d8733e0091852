// Messages sent through the contact form (issue 18 §2): kept for the support team whether or not a support mailbox
// is configured. `order_id` is set only when the sender owns the order the message is about.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("support_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("phone", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // The signed-in sender, if any.
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    // open, closed
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("support_requests_status_created").on("support_requests").columns(["status", "created_at"]).execute();
}

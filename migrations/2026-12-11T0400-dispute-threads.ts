// Two-sided disputes (issue 33): a dispute is a thread of messages from the buyer, the seller and the referee, each
// with up to a few attached photos or PDF documents kept in the upload store; and a delivery declared by the seller
// carries its proof (a photo or a signed delivery note), recorded with where the delivery came from.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("dispute_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_side", "text", (c) => c.notNull().check(sql`author_side in ('buyer', 'seller', 'referee')`))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("dispute_messages_order").on("dispute_messages").columns(["order_id", "id"]).execute();
  await db.schema
    .createTable("dispute_attachments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("message_id", "integer", (c) => c.notNull().references("dispute_messages.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull().check(sql`size_bytes > 0`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("dispute_attachments_message").on("dispute_attachments").columns(["message_id"]).execute();
  await db.schema.alterTable("orders").addColumn("delivery_source", "text").execute();
  await db.schema.alterTable("orders").addColumn("delivery_proof_key", "text").execute();
}

// The support inbox's work on a message (issue 18 §2): who it is assigned to, and its history — assignments, replies
// e-mailed to the sender (with their text), closing and reopening — one row per event, oldest first.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  // The staff member answering the message; null while nobody is.
  await db.schema
    .alterTable("support_requests")
    .addColumn("assignee_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("support_requests_assignee_status").on("support_requests").columns(["assignee_id", "status", "created_at"]).execute();

  await db.schema
    .createTable("support_request_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("request_id", "integer", (c) => c.notNull().references("support_requests.id").onDelete("cascade"))
    // assigned (assignee_id: to whom; null: to nobody), replied (body: the text mailed to the sender), closed, reopened
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('assigned', 'replied', 'closed', 'reopened')`))
    // Who did it; null once that account is gone.
    .addColumn("actor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("assignee_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("support_request_events_request").on("support_request_events").columns(["request_id", "id"]).execute();
}

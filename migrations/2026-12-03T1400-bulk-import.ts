// Bulk CSV import (issue 21; spec 02 §2.14, §3 Bulk listing row, §4, §5, §9):
// - bulk_imports: one upload and where its wizard stands (mapping, review, payment, importing, imported, cancelled), the
//   file's header and the seller's column mapping, the AI job's progress and lease (so a restarted server resumes it),
//   and the import's counts and fee;
// - bulk_import_rows: the file's rows, each with a key (`{import id}:{row number}`) that the listing it creates is tied
//   to, its mapped values, its report (errors as JSON), the AI step's results and the listing it became;
// - bulk_import_charges: the fee ledger (one entry per paid import; no card processor: invoiced with the next payout).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("bulk_imports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("mapping")
        .check(sql`status in ('mapping', 'review', 'payment', 'importing', 'imported', 'cancelled')`),
    )
    // JSON: the header cells, and the field each column is mapped to (null: ignored).
    .addColumn("headers", "text", (c) => c.notNull())
    .addColumn("mapping", "text", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull().defaultTo(0))
    // The AI step: idle, running (a worker holds ai_lease_until), done.
    .addColumn("ai_state", "text", (c) =>
      c
        .notNull()
        .defaultTo("idle")
        .check(sql`ai_state in ('idle', 'running', 'done')`),
    )
    .addColumn("ai_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ai_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ai_started_at", "text")
    .addColumn("ai_lease_until", "text")
    .addColumn("import_lease_until", "text")
    .addColumn("created_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("completed_at", "text")
    .execute();
  await db.schema.createIndex("bulk_imports_user_created").on("bulk_imports").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("bulk_imports_status").on("bulk_imports").columns(["status", "ai_state"]).execute();

  await db.schema
    .createTable("bulk_import_rows")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("import_id", "integer", (c) => c.notNull().references("bulk_imports.id").onDelete("cascade"))
    // The file's row number (1 = the first row after the header).
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("row_key", "text", (c) => c.notNull().unique())
    // JSON array of the row's cells as read.
    .addColumn("cells", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("model", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("condition", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_id", "text", (c) => c.notNull().defaultTo(""))
    // classifier, file or seller: where the category came from.
    .addColumn("category_source", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("specifications", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("features", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    // JSON array of URLs.
    .addColumn("photo_urls", "text", (c) => c.notNull().defaultTo("[]"))
    // JSON array of { field, message }: the row's report; empty when the row is ready.
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("removed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ai_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ai_processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("suggested_price_cents", "integer")
    .addColumn("needs_price_review", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comparable_listings", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("processing_error", "text")
    // JSON array of { url, message } for photos that could not be fetched.
    .addColumn("photo_errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("listing_id", "integer", (c) => c.references("equipment_listings.id").onDelete("set null"))
    .addColumn("import_error", "text")
    .execute();
  await db.schema.createIndex("bulk_import_rows_import").on("bulk_import_rows").columns(["import_id", "row_number"]).unique().execute();

  await db.schema
    .createTable("bulk_import_charges")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("import_id", "integer", (c) => c.notNull().unique().references("bulk_imports.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("listing_count", "integer", (c) => c.notNull())
    .addColumn("fee_cents", "integer", (c) => c.notNull())
    .addColumn("exemption_percent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("exemption_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("promo_code", "text")
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    // waived (staff), invoiced (collected with the seller's next payout)
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('waived', 'invoiced')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("bulk_import_charges_created").on("bulk_import_charges").columns(["created_at"]).execute();
}

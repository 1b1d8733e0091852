// Bulk import fixes (issue 33): the number format a file's prices are read in (decimal point or comma, chosen from the
// delimiter or by the seller), each row's title, currency and whether it was held as a draft (no photo loaded), and
// the staff review of a new seller's first large import (review_state: null, held, approved, rejected; who decided,
// when, why; the promo code the seller gave, used when staff approve).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  void dialect;
  await db.schema
    .alterTable("bulk_imports")
    .addColumn("decimal_separator", "text", (c) => c.notNull().defaultTo("."))
    .execute();
  await db.schema.alterTable("bulk_imports").addColumn("review_state", "text").execute();
  await db.schema.alterTable("bulk_imports").addColumn("review_promo_code", "text").execute();
  await db.schema.alterTable("bulk_imports").addColumn("reviewed_by", "text").execute();
  await db.schema.alterTable("bulk_imports").addColumn("reviewed_at", "text").execute();
  await db.schema.alterTable("bulk_imports").addColumn("review_note", "text").execute();
  await db.schema.createIndex("bulk_imports_review_state").on("bulk_imports").columns(["review_state", "created_at"]).execute();
  await db.schema
    .alterTable("bulk_import_rows")
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("bulk_import_rows")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .execute();
  await db.schema
    .alterTable("bulk_import_rows")
    .addColumn("held_as_draft", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("bulk_import_rows_listing").on("bulk_import_rows").column("listing_id").execute();
}

// Listing reports, fraud reports against members, and the category overlay of the administration (issue 19 §5, §6;
// docs/decisions, "moderation"):
// - listing_reports: a signed-in member reports a listing (one of four reasons, a short note); at most one open report
//   per member and listing (a partial unique index). A moderator's review closes every open report of the listing.
//   (status, created_at) serves the queue oldest first; (listing_id, status) counts a listing's open reporters.
// - fraud_reports: a member reports another member (spec 01 §3 Fraud report, status pending); one pending report per
//   reporter and member; (status, created_at) serves the queue and the dashboard's pending count.
// - category_overrides: staff renames or hides a category of the taxonomy, or adds an item, without touching the
//   taxonomy in code (app/lib/taxonomy.ts, synced into `categories` at each start, which never deletes a row).
// A listing reported by three different members is hidden from search by its status ('under_review'), which every
// search already leaves out (they read status = 'active'): no new filter, no new index on the listings.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("listing_reports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("reporter_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('prohibited_item', 'misleading_description', 'suspicious_price', 'counterfeit')`))
    .addColumn("note", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(note) <= 1000`),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    // dismissed, warned, unpublished, removed: what the review decided.
    .addColumn("resolution", "text")
    .execute();
  await db.schema
    .createIndex("listing_reports_one_open")
    .unique()
    .on("listing_reports")
    .columns(["listing_id", "reporter_id"])
    .where(sql.ref("status"), "=", "open")
    .execute();
  await db.schema.createIndex("listing_reports_status_created").on("listing_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("listing_reports_listing_status").on("listing_reports").columns(["listing_id", "status"]).execute();
  await db.schema.createIndex("listing_reports_reporter").on("listing_reports").columns(["reporter_id", "created_at"]).execute();

  await db.schema
    .createTable("fraud_reports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reported_user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reporter_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('non_delivery', 'payment_fraud', 'counterfeit_goods', 'impersonation', 'other')`))
    .addColumn("note", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(note) <= 1000`),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'dismissed', 'confirmed')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addCheckConstraint("fraud_reports_not_self", sql`reporter_id <> reported_user_id`)
    .execute();
  await db.schema
    .createIndex("fraud_reports_one_pending")
    .unique()
    .on("fraud_reports")
    .columns(["reported_user_id", "reporter_id"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("fraud_reports_status_created").on("fraud_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("fraud_reports_reported").on("fraud_reports").columns(["reported_user_id", "created_at"]).execute();

  await db.schema
    .createTable("category_overrides")
    .addColumn("category_id", "text", (c) => c.primaryKey().references("categories.id").onDelete("cascade"))
    // The name staff gave it (null: the taxonomy's own).
    .addColumn("name", "text", (c) => c.check(sql`length(name) between 1 and 80`))
    .addColumn("hidden", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`hidden in (0, 1)`),
    )
    // 1 for an item staff added (its `categories` row exists only because of it).
    .addColumn("added", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`added in (0, 1)`),
    )
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
}

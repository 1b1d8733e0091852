// Reviews after a completed order (issue 22): each side of an order may review the other once. The buyer rates the
// seller overall and on item as described, communication and shipping; the seller rates the buyer overall only. A
// review stays hidden from everyone but its author until both sides have reviewed or the review window ends
// (double-blind): published_at is stamped then. window_ends_at is copied from the order's completion so the job that
// publishes lone reviews at the end of the window reads one indexed column. The reviewed party may reply once; members
// may report a review and a moderator may hide it (recorded in audit_events).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("reviews")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("reviewer_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reviewed_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The side of the order the reviewer was on: a buyer reviews the seller, a seller reviews the buyer.
    .addColumn("reviewer_role", "text", (c) => c.notNull().check(sql`reviewer_role in ('buyer', 'seller')`))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("item_as_described", "integer", (c) => c.check(sql`item_as_described between 1 and 5`))
    .addColumn("communication", "integer", (c) => c.check(sql`communication between 1 and 5`))
    .addColumn("shipping", "integer", (c) => c.check(sql`shipping between 1 and 5`))
    .addColumn("comment", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`length(comment) <= 2000`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("window_ends_at", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .addColumn("reply", "text", (c) => c.check(sql`length(reply) <= 2000`))
    .addColumn("replied_at", "text")
    .addColumn("hidden_at", "text")
    .addColumn("hidden_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("hidden_reason", "text")
    // The buyer's detailed ratings are all given; the seller's review has none.
    .addCheckConstraint(
      "reviews_detail_by_side",
      sql`(reviewer_role = 'buyer' and item_as_described is not null and communication is not null and shipping is not null)
        or (reviewer_role = 'seller' and item_as_described is null and communication is null and shipping is null)`,
    )
    .addCheckConstraint("reviews_not_self", sql`reviewer_id <> reviewed_id`)
    .addUniqueConstraint("reviews_one_per_side", ["order_id", "reviewer_role"])
    .execute();
  // A profile's reviews and its rating summary: the published reviews someone received, newest first.
  await db.schema.createIndex("reviews_reviewed_published").on("reviews").columns(["reviewed_id", "published_at"]).execute();
  await db.schema.createIndex("reviews_reviewer").on("reviews").columns(["reviewer_id", "created_at"]).execute();
  // The lone reviews waiting for the end of their window.
  await db.schema.createIndex("reviews_unpublished_window").on("reviews").columns(["published_at", "window_ends_at"]).execute();

  await db.schema
    .createTable("review_reports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("reporter_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`length(reason) between 1 and 1000`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addUniqueConstraint("review_reports_once", ["review_id", "reporter_id"])
    .execute();
}

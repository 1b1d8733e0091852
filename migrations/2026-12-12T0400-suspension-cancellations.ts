// What a suspension cancelled (issue 33): suspending a seller records, in the suspension's own transaction, each live
// auction of theirs about to be cancelled with its state before (auction status and end, listing status), keyed by the
// suspension's time. Reinstating offers staff to restore those that can still come back (no bids, end not passed);
// `restored_at`/`restored_by` make restoring idempotent. No earlier record exists: suspensions before this migration
// offer nothing to restore.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("suspension_cancellations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("suspended_at", "text", (c) => c.notNull())
    .addColumn("auction_id", "integer", (c) => c.notNull().references("auctions.id").onDelete("cascade"))
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("previous_status", "text", (c) => c.notNull())
    .addColumn("previous_end_date", "text", (c) => c.notNull())
    .addColumn("previous_listing_status", "text", (c) => c.notNull())
    .addColumn("restored_at", "text")
    .addColumn("restored_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("suspension_cancellations_user").on("suspension_cancellations").columns(["user_id", "suspended_at", "id"]).execute();
  await db.schema.createIndex("suspension_cancellations_auction").on("suspension_cancellations").columns(["auction_id", "suspended_at"]).unique().execute();
  await db.schema.createIndex("suspension_cancellations_listing").on("suspension_cancellations").column("listing_id").execute();
}

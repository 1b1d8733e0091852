// Administration of members (issue 19 §3, §4, §7; spec 02 §2.15, §3 PROMO_CODE, §5):
// - promo_codes: the codes staff create; `current_uses` is counted in the same write transaction as the redemption
//   that uses it, so a code with N uses left is applied at most N times however many ask at once;
// - promo_code_redemptions: who applied which code to what amount; one row per member and code (single use per member);
// - profiles.suspended_at / suspended_by / suspension_reason: a suspended account (null when not suspended);
// - sign_in_events: every successful sign-in (when, from where), for the member's page in the console. Sessions end
//   and are deleted, so they cannot serve as a history.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("promo_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // Upper case, unique.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("discount_type", "text", (c) => c.notNull().check(sql`discount_type in ('percentage', 'fixed')`))
    // percentage: hundredths of a percent (0–10000); fixed: cents (≥ 0).
    .addColumn("discount_value", "integer", (c) => c.notNull().check(sql`discount_value >= 0`))
    // null: unlimited.
    .addColumn("max_uses", "integer", (c) => c.check(sql`max_uses is null or max_uses >= 1`))
    .addColumn("current_uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("valid_from", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("valid_until", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addCheckConstraint("promo_codes_percentage_max", sql`discount_type <> 'percentage' or discount_value <= 10000`)
    .execute();
  await db.schema.createIndex("promo_codes_created").on("promo_codes").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("promo_code_redemptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("promo_code_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addUniqueConstraint("promo_code_redemptions_once", ["promo_code_id", "user_id"])
    .execute();
  await db.schema.createIndex("promo_code_redemptions_user").on("promo_code_redemptions").columns(["user_id"]).execute();

  await db.schema.alterTable("profiles").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("profiles").addColumn("suspended_by", "text").execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("suspension_reason", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("sign_in_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("sign_in_events_user_created").on("sign_in_events").columns(["user_id", "created_at"]).execute();
}

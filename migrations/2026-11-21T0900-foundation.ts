// Foundation tables: accounts, sessions, profiles, mail, newsletter, roles, categories.
// Frozen: never edit after it has shipped; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("avatar_url", "text")
    .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verification_date", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("buyer"))
    .addColumn("permissions", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("fee_exemption", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("zip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bio", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("preferences", "text", (c) => c.notNull().defaultTo('{"privacy":{"show_email":false,"show_phone":false}}'))
    .addColumn("last_role_change", "text")
    .addColumn("changed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("profiles_role").on("profiles").column("role").execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("email_outbox_to").on("email_outbox").column("to_address").execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("footer"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("role_permissions")
    .addColumn("role", "text", (c) => c.primaryKey())
    .addColumn("permissions", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("parent_id", "text", (c) => c.references("categories.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("categories_parent").on("categories").column("parent_id").execute();
}

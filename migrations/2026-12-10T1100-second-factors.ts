// A second factor for sign-in (issue 32 §5; docs/decisions/0064): an authenticator app's secret (TOTP, RFC 6238) per
// account, its one-time recovery codes (stored as digests), and the sign-ins that have passed the password and wait
// for the second step (a session is only made once that step is passed).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("totp_factors")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // Base32, as authenticator apps read it.
    .addColumn("secret", "text", (c) => c.notNull())
    // Null while the owner has not yet typed a code from the app (enrolment started, not finished).
    .addColumn("confirmed_at", "text")
    // The newest 30-second step whose code was accepted: a code is taken once, never again in its window.
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // SHA-256 of the code as shown (lower case, without the dash); the code itself is shown once and never stored.
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("recovery_codes_pk", ["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("second_factor_challenges")
    // SHA-256 of the token held in the browser's short-lived cookie.
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("redirect_to", "text", (c) => c.notNull().defaultTo("/dashboard"))
    // Wrong codes typed against this sign-in; past the limit it is void and the password is asked again.
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("second_factor_challenges_user").on("second_factor_challenges").column("user_id").execute();
  await db.schema.createIndex("second_factor_challenges_expires").on("second_factor_challenges").column("expires_at").execute();
}

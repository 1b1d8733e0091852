// Passkeys (WebAuthn) as a second factor beside the authenticator app (issue 32 §5; docs/decisions/0071): each
// account's registered credentials, and the single-use challenges a registration or a passkey sign-in answers.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("passkeys")
    // The credential id as the authenticator gave it, base64url.
    .addColumn("credential_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The owner's name for it ("Work laptop").
    .addColumn("name", "text", (c) => c.notNull())
    // The COSE public key, base64url.
    .addColumn("public_key", "text", (c) => c.notNull())
    // The authenticator's signature counter as last seen (0 for authenticators that keep none).
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    // The transports the browser reported, comma-separated ("internal,hybrid").
    .addColumn("transports", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("passkey_challenges")
    // The random challenge itself (base64url), as the browser echoes it in clientDataJSON.
    .addColumn("challenge", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // "register" (from /profile/second-factor) or "sign_in" (the second step of signing in).
    .addColumn("purpose", "text", (c) => c.notNull())
    // For "sign_in": the waiting sign-in it belongs to (second_factor_challenges.id_hash); it goes with it.
    .addColumn("sign_in_id_hash", "text", (c) => c.references("second_factor_challenges.id_hash").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("passkey_challenges_user").on("passkey_challenges").column("user_id").execute();
  await db.schema.createIndex("passkey_challenges_expires").on("passkey_challenges").column("expires_at").execute();
}

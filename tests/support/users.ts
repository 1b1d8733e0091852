// Inserts a user and profile row directly, without hashing a password (scrypt is slow on purpose).
// For tests that need an account but never sign in with it.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export async function insertUserRow(
  db: Kysely<Database>,
  email = `user-${crypto.randomUUID()}@example.test`,
  role = "buyer",
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insertInto("users").values({ id, email, password_hash: "not-a-real-hash" }).execute();
  await db.insertInto("profiles").values({ id, email, role, is_verified: 0 }).execute();
  return id;
}

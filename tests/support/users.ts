// Inserts a user and profile row directly, without hashing a password (scrypt is slow on purpose).
// For tests that need an account but never sign in with it.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { confirmEmail } from "~/services/accounts/email-confirmation.server.ts";
import { roleRequiresSecondFactor } from "~/services/accounts/second-factor.server.ts";

/** The authenticator-app secret insertUserRow gives the staff it sets up with two-step sign-in. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * A confirmed account unless `confirmed: false` (an account that has not followed its confirmation link yet). Staff
 * whose role needs two-step sign-in have it set up with TEST_TOTP_SECRET, as staff would before using
 * their pages, unless `secondFactor: false`.
 */
export async function insertUserRow(
  db: Kysely<Database>,
  email = `user-${crypto.randomUUID()}@example.test`,
  role = "buyer",
  { confirmed = true, secondFactor }: { confirmed?: boolean; secondFactor?: boolean } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const emailConfirmedAt = confirmed ? new Date().toISOString() : null;
  await db.insertInto("users").values({ id, email, password_hash: "not-a-real-hash", email_confirmed_at: emailConfirmedAt }).execute();
  await db.insertInto("profiles").values({ id, email, role, is_verified: 0 }).execute();
  if (secondFactor ?? (await roleRequiresSecondFactor(db, role))) {
    await db
      .insertInto("totp_factors")
      .values({ user_id: id, secret: TEST_TOTP_SECRET, confirmed_at: new Date().toISOString(), last_used_step: null })
      .execute();
  }
  return id;
}

/**
 * Confirms an account's e-mail address the way its owner would: by following the link of the newest confirmation
 * mail in the outbox. For tests that register through the real flow and then bid, buy, list or send messages.
 */
export async function confirmUser(db: Kysely<Database>, userId: string): Promise<void> {
  const user = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  const token = await latestConfirmationToken(db, user.email);
  const outcome = await confirmEmail(db, token);
  if (!outcome.ok) throw new Error(`Could not confirm ${user.email}: ${outcome.problem}`);
}

/** The token of the newest confirmation link mailed to `email` (read from the e-mail outbox). */
export async function latestConfirmationToken(db: Kysely<Database>, email: string): Promise<string> {
  const mail = await db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("to_address", "=", email.toLowerCase())
    .where("text_body", "like", "%/confirm-email?token=%")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const token = mail?.text_body.match(/\/confirm-email\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`No confirmation link was mailed to ${email}`);
  return decodeURIComponent(token);
}

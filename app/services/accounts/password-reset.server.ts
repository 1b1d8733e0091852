// Password reset: a one-time token, stored as a digest, valid for 24 hours. At most one link of an account works at
// any time: asking for a link voids the earlier ones, and using one (or changing the password) voids the others.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { randomToken, sha256 } from "~/services/accounts/tokens.server.ts";
import { findUserByEmail } from "./account.server.ts";
import { sendEmail } from "../platform/index.server.ts";
import { hashPassword } from "./password.server.ts";
import { assertAcceptablePassword } from "./password-policy.server.ts";
import { assertNotSuspended } from "./suspension.server.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { DomainError } from "../domain-error.ts";

export const RESET_TOKEN_TTL_HOURS = 24;

type Db = Kysely<Database>;

/** Voids every reset link of the account that is still unused (they are marked used). */
export async function voidPasswordResetLinks(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.updateTable("password_reset_tokens").set({ used_at: now.toISOString() }).where("user_id", "=", userId).where("used_at", "is", null).execute();
}

/**
 * Sends a reset link when the e-mail belongs to an account; says nothing either way. The new link voids every earlier
 * one of the account, in one write transaction, so two requests at once still leave one working link.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, publicUrl: string, now = new Date()): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const userId = user.id;
  const token = randomToken();
  await inWriteTransaction(db, async (trx) => {
    await voidPasswordResetLinks(trx, userId, now);
    await trx
      .insertInto("password_reset_tokens")
      .values({
        user_id: userId,
        token_hash: sha256(token),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_HOURS * 3600_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendEmail(db, {
    to: user.email,
    subject: "Reset your Tradebench password",
    text: [
      "Someone asked to reset the password of your Tradebench account.",
      `Choose a new password here: ${link}`,
      `The link works once and expires after ${RESET_TOKEN_TTL_HOURS} hours.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n\n"),
  });
}

export async function isResetTokenUsable(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("password_reset_tokens")
    .select("id")
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Sets a new password with a token. The token is claimed by a conditional update, so it works once even when two
 * requests race; the account's other links are voided and every session of the account is ended, in the same write
 * transaction as the new password. An unknown, used or expired token is refused (DomainError invalid, the spec's
 * "This reset link is invalid or has expired.", above the form); a password the policy refuses is refused beside the
 * password field and leaves the link usable.
 */
export async function resetPassword(db: Kysely<Database>, token: string, newPassword: string, now = new Date()): Promise<{ userId: string }> {
  const refused = () => new DomainError("invalid", AUTH_MESSAGES.resetInvalid, { code: "reset_invalid" });
  const pending = await db
    .selectFrom("password_reset_tokens")
    .innerJoin("users", "users.id", "password_reset_tokens.user_id")
    .select(["users.email"])
    .where("password_reset_tokens.token_hash", "=", sha256(token))
    .where("password_reset_tokens.used_at", "is", null)
    .where("password_reset_tokens.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!pending) throw refused();
  assertAcceptablePassword(newPassword, { email: pending.email });
  // Hashing is slow on purpose: done before the write transaction, which then only writes.
  const passwordHash = await hashPassword(newPassword);
  const userId = await inWriteTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", sha256(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning("user_id")
      .executeTakeFirst();
    if (!claimed) throw refused();
    await voidPasswordResetLinks(trx, claimed.user_id, now);
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now.toISOString() }).where("id", "=", claimed.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", claimed.user_id).execute();
    return claimed.user_id;
  });
  // The new password is kept, but a suspended account is told it cannot sign in rather than given a session.
  await assertNotSuspended(db, userId);
  return { userId };
}

// Password reset: a one-time token, stored as a digest, valid for 24 hours.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { randomToken, sha256 } from "~/services/accounts/tokens.server.ts";
import { findUserByEmail, setPassword } from "./account.server.ts";
import { sendEmail } from "../messaging/mailer.server.ts";
import { deleteUserSessions } from "./session.server.ts";
import { assertNotSuspended } from "./suspension.server.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { DomainError } from "../domain-error.ts";

export const RESET_TOKEN_TTL_HOURS = 24;

/** Sends a reset link when the e-mail belongs to an account; says nothing either way. */
export async function requestPasswordReset(
  db: Kysely<Database>,
  email: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const userId = user.id;
  const token = randomToken();
  await db
    .insertInto("password_reset_tokens")
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_HOURS * 3600_000).toISOString(),
    })
    .execute();
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
 * Sets a new password with a token. The token is claimed by a conditional update, so it works once
 * even when two requests race; every session of the account is ended. An unknown, used or expired token is refused
 * (DomainError invalid, the spec's "This reset link is invalid or has expired.", above the form).
 */
export async function resetPassword(
  db: Kysely<Database>,
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<{ userId: string }> {
  const claimed = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("user_id")
    .executeTakeFirst();
  if (!claimed) throw new DomainError("invalid", AUTH_MESSAGES.resetInvalid, { code: "reset_invalid" });
  await setPassword(db, claimed.user_id, newPassword);
  await deleteUserSessions(db, claimed.user_id);
  // The new password is kept, but a suspended account is told it cannot sign in rather than given a session.
  await assertNotSuspended(db, claimed.user_id);
  return { userId: claimed.user_id };
}

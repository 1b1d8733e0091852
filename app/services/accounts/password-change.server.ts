// A signed-in member changes their password from /profile: the current password first (a stolen session alone cannot
// lock the owner out), the policy of every new password (./password-policy.server.ts), then in one write transaction
// the new hash, every other session of the account ended and every outstanding reset link voided; the owner is told
// by mail.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { PASSWORD_CHANGE_MESSAGES } from "~/schemas/account-security.ts";
import { DomainError } from "../domain-error.ts";
import { sendEmail } from "../platform/index.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { assertAcceptablePassword } from "./password-policy.server.ts";
import { voidPasswordResetLinks } from "./password-reset.server.ts";
import { sha256 } from "./tokens.server.ts";

export { PASSWORD_CHANGE_MESSAGES };

export interface PasswordChange {
  userId: string;
  currentPassword: string;
  newPassword: string;
  /** The session the change is made from: it stays signed in, every other one ends. */
  keepSessionId: string | null;
}

/** Changes the password; returns how many other sessions were ended. */
export async function changePassword(db: Kysely<Database>, change: PasswordChange, publicUrl: string, now = new Date()): Promise<{ endedSessions: number }> {
  const user = await db.selectFrom("users").select(["email", "password_hash"]).where("id", "=", change.userId).executeTakeFirst();
  if (!user || !(await verifyPassword(change.currentPassword, user.password_hash))) {
    throw new DomainError("invalid", PASSWORD_CHANGE_MESSAGES.currentWrong, { field: "currentPassword", code: "current_password_wrong" });
  }
  assertAcceptablePassword(change.newPassword, { email: user.email }, "newPassword");
  if (change.newPassword.normalize("NFKC") === change.currentPassword.normalize("NFKC")) {
    throw new DomainError("invalid", PASSWORD_CHANGE_MESSAGES.sameAsCurrent, { field: "newPassword", code: "same_password" });
  }
  const passwordHash = await hashPassword(change.newPassword);
  const endedSessions = await inWriteTransaction(db, async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now.toISOString() }).where("id", "=", change.userId).execute();
    await voidPasswordResetLinks(trx, change.userId, now);
    let others = trx.deleteFrom("sessions").where("user_id", "=", change.userId);
    if (change.keepSessionId) others = others.where("id_hash", "!=", sha256(change.keepSessionId));
    return Number((await others.executeTakeFirst()).numDeletedRows);
  });
  await sendEmail(db, {
    to: user.email,
    subject: "Your Tradebench password was changed",
    text: [
      "The password of your Tradebench account was just changed from your profile, and every other device was signed out.",
      `If this was not you, choose a new password now: ${publicUrl}/forgot-password`,
    ].join("\n\n"),
  });
  return { endedSessions };
}

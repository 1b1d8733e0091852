// Registration as a visitor sees it: the answer is the same whether or not the address already has an
// account, so the form cannot be used to learn who is a member. A new address gets its account and the welcome mail
// with the confirmation link; an address that has an account gets nothing new, and its owner is told by mail that
// someone tried, with the ways in (sign in, or reset the password).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isDomainError } from "../domain-error.ts";
import { sendEmail } from "../platform/index.server.ts";
import { registerUser, type NewAccount } from "./account.server.ts";
import { sendWelcomeEmail } from "./email-confirmation.server.ts";

export type Registration = { created: true; userId: string } | { created: false };

/**
 * Registers `account`, or, when its address already has an account, mails that account's owner instead. Either way the
 * caller answers alike. Refusals of the input itself (a weak password) are still thrown: they say nothing about
 * whether the address is known.
 */
export async function registerMember(db: Kysely<Database>, account: NewAccount, publicUrl: string, now = new Date()): Promise<Registration> {
  try {
    const { userId } = await registerUser(db, account);
    await sendWelcomeEmail(db, { userId, email: account.email.trim().toLowerCase(), firstName: account.firstName.trim() }, publicUrl, now);
    return { created: true, userId };
  } catch (error) {
    if (!isDomainError(error) || error.code !== "email_taken") throw error;
  }
  await sendRegistrationAttemptEmail(db, account.email.trim().toLowerCase(), publicUrl);
  return { created: false };
}

/** Tells the owner of an address that someone tried to open a second account with it. */
async function sendRegistrationAttemptEmail(db: Kysely<Database>, email: string, publicUrl: string): Promise<void> {
  await sendEmail(db, {
    to: email,
    subject: "Someone tried to create a Tradebench account with your address",
    text: [
      "Someone just tried to create a new Tradebench account with this email address, which already has an account. No new account was made and nothing about your account changed.",
      `If it was you, sign in here: ${publicUrl}/login`,
      `Forgot your password? Choose a new one here: ${publicUrl}/forgot-password`,
      "If it was not you, you need not do anything.",
    ].join("\n\n"),
  });
}

// E-mail confirmation (docs/decisions/0028): a one-time link, stored as a digest, valid for 24 hours, sent in the
// welcome mail and again on request. Until the link is followed an account may browse, watch and save searches,
// but not bid, buy, offer, list or send messages (the guard is requireConfirmedUser in app/web/auth.server.ts).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { CONFIRM_EMAIL_PATH, EMAIL_CONFIRMATION_MESSAGES, type ConfirmationProblem } from "~/lib/email-confirmation-messages.ts";
import { DomainError } from "../domain-error.ts";
import { sendEmail } from "../platform/index.server.ts";
import { randomToken, sha256 } from "./tokens.server.ts";

export const CONFIRMATION_TOKEN_TTL_HOURS = 24;
/** A new link at most once a minute, and at most this many links (the welcome mail's included) an hour. */
const RESEND_INTERVAL_SECONDS = 60;
export const LINKS_PER_HOUR = 5;

/**
 * Makes a new link for the account and voids every earlier unused one (they are marked used and replaced), in one
 * write transaction so at most one link of an account works at any time, even when two are asked for at once (on
 * PostgreSQL a plain transaction would let both void the older links and both insert). Returns the link.
 */
async function issueConfirmationLink(db: Kysely<Database>, userId: string, publicUrl: string, now: Date): Promise<string> {
  const token = randomToken();
  await inWriteTransaction(db, async (trx) => {
    await trx
      .updateTable("email_confirmation_tokens")
      .set({ used_at: now.toISOString(), replaced: 1 })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("email_confirmation_tokens")
      .values({
        user_id: userId,
        token_hash: sha256(token),
        expires_at: new Date(now.getTime() + CONFIRMATION_TOKEN_TTL_HOURS * 3600_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  return `${publicUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

function linkLines(link: string): string[] {
  return [
    `Confirm your email address here: ${link}`,
    `The link works once and expires after ${CONFIRMATION_TOKEN_TTL_HOURS} hours. Until you confirm, you can browse, watch equipment and save searches, but not bid, buy, sell or send messages.`,
  ];
}

/** The welcome mail of a new account, with its first confirmation link. */
export async function sendWelcomeEmail(
  db: Kysely<Database>,
  account: { userId: string; email: string; firstName: string },
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const link = await issueConfirmationLink(db, account.userId, publicUrl, now);
  await sendEmail(db, {
    to: account.email,
    subject: "Welcome to Tradebench: please confirm your email address",
    text: [
      `Hello ${account.firstName},`,
      "Your Tradebench account is ready. One step is left: confirm that this email address is yours.",
      ...linkLines(link),
      "If you did not create this account, reply to this e-mail and we will close it.",
    ].join("\n\n"),
  });
}

/**
 * Sends a new link to an unconfirmed account, voiding the earlier ones. Refused when the address is already
 * confirmed (conflict) or when the last link is less than a minute old or the hour's links are used up (rate_limited).
 */
export async function resendConfirmationLink(db: Kysely<Database>, userId: string, publicUrl: string, now = new Date()): Promise<{ email: string }> {
  const user = await db.selectFrom("users").select(["email", "email_confirmed_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new DomainError("not_found", "Account not found.");
  if (user.email_confirmed_at !== null) throw new DomainError("conflict", EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed);

  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const recent = await db
    .selectFrom("email_confirmation_tokens")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("created_at", ">", hourAgo)
    .orderBy("created_at", "desc")
    .execute();
  const newest = recent[0];
  if (newest) {
    const sinceNewest = (now.getTime() - Date.parse(newest.created_at)) / 1000;
    if (sinceNewest < RESEND_INTERVAL_SECONDS) {
      const wait = Math.max(1, Math.ceil(RESEND_INTERVAL_SECONDS - sinceNewest));
      throw new DomainError("rate_limited", EMAIL_CONFIRMATION_MESSAGES.waitBeforeResend(wait), { retryAfterSeconds: wait });
    }
  }
  if (recent.length >= LINKS_PER_HOUR) {
    const oldest = recent[recent.length - 1];
    const wait = Math.max(1, Math.ceil((Date.parse(oldest?.created_at ?? hourAgo) + 3600_000 - now.getTime()) / 1000));
    throw new DomainError("rate_limited", EMAIL_CONFIRMATION_MESSAGES.tooManyLinks(wait), { retryAfterSeconds: wait });
  }

  const link = await issueConfirmationLink(db, userId, publicUrl, now);
  await sendEmail(db, {
    to: user.email,
    subject: "Confirm your Tradebench email address",
    text: [
      "Here is a new link to confirm the email address of your Tradebench account.",
      ...linkLines(link),
      "Links sent before this one no longer work.",
    ].join("\n\n"),
  });
  return { email: user.email };
}

export type ConfirmEmailResult =
  { ok: true; userId: string } | { ok: false; problem: ConfirmationProblem; /** The account the link was for, when known. */ userId: string | null };

/**
 * Confirms the address of the link's account. The link is claimed by a conditional update, so it works once even
 * when two requests race; a link that does not confirm says why (used, replaced by a newer one, expired, unknown).
 */
export async function confirmEmail(db: Kysely<Database>, token: string, now = new Date()): Promise<ConfirmEmailResult> {
  const tokenHash = sha256(token);
  return db.transaction().execute(async (trx): Promise<ConfirmEmailResult> => {
    const claimed = await trx
      .updateTable("email_confirmation_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning("user_id")
      .executeTakeFirst();
    if (claimed) {
      await trx
        .updateTable("users")
        .set({ email_confirmed_at: now.toISOString() })
        .where("id", "=", claimed.user_id)
        .where("email_confirmed_at", "is", null)
        .execute();
      return { ok: true, userId: claimed.user_id };
    }
    const row = await trx
      .selectFrom("email_confirmation_tokens")
      .select(["user_id", "used_at", "replaced"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return { ok: false, problem: "invalid", userId: null };
    const problem: ConfirmationProblem = row.used_at === null ? "expired" : row.replaced ? "replaced" : "used";
    return { ok: false, problem, userId: row.user_id };
  });
}

/** The refusal of an action an unconfirmed account may not take yet (bid, buy, offer, list, message), or null. */
export function emailConfirmationRefusal(user: { emailConfirmed: boolean }): DomainError | null {
  return user.emailConfirmed ? null : new DomainError("forbidden", EMAIL_CONFIRMATION_MESSAGES.required, { code: "email_unconfirmed" });
}

/** Throws emailConfirmationRefusal when there is one. */
export function assertEmailConfirmed(user: { emailConfirmed: boolean }): void {
  const refusal = emailConfirmationRefusal(user);
  if (refusal) throw refusal;
}

/** Marks an account confirmed without a link (the demo seed, and accounts made by staff). */
export async function markEmailConfirmed(db: Kysely<Database>, userId: string, at = new Date()): Promise<void> {
  await db.updateTable("users").set({ email_confirmed_at: at.toISOString() }).where("id", "=", userId).where("email_confirmed_at", "is", null).execute();
}

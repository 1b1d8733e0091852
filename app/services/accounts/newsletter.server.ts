// Newsletter sign-ups (issue 18 §5, decision 0041 "The newsletter"): an address counts as subscribed only once it
// has followed the confirmation link mailed to it (a one-time random link, stored as its digest, expiring after
// NEWSLETTER_CONFIRM_TTL_HOURS). Every newsletter e-mail carries an unsubscribe link that works without signing in: an
// HMAC of the subscription under the server's secret, so it never expires and any later mailing can make it. Following
// it shows a page with a button (a POST unsubscribes; a GET, as mail scanners and prefetchers send, changes nothing).
// Unsubscribing keeps the row, so the address may subscribe again (and confirm again).
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "~/schemas/newsletter.ts";
import { tooManyAttempts } from "./attempt-counters.server.ts";
import { sharedRateLimiter, type RateLimiter, type RateLimitRule } from "./rate-limit.server.ts";
import { randomToken, sha256 } from "./tokens.server.ts";
import { queueEmail, type EmailMessage } from "../messaging/mailer.server.ts";

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;
/** At most one newsletter mail (confirmation or "already subscribed") per address in this many minutes. */
export const NEWSLETTER_MAIL_INTERVAL_MINUTES = 10;
/** Sign-ups one client address may send (each may mail an address it names). */
export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

/**
 * What a sign-up did. The footer answers all of them alike, so the form does not tell a stranger whether an address
 * is subscribed: confirmation_sent (a new link went out), reminder_sent (the address was subscribed already: a mail
 * says so), mail_held (a mail went to the address a few minutes ago: nothing more is sent).
 */
export type SubscribeResult = "confirmation_sent" | "reminder_sent" | "mail_held";

interface MailOptions {
  publicUrl?: string;
  secret?: string;
  now?: Date;
}

function normalised(email: string): string {
  return email.trim().toLowerCase();
}

/** The unsubscribe token of a subscription: an HMAC of its id and address under the server's secret. */
export function newsletterUnsubscribeToken(subscription: { id: number; email: string }, secret = getEnv().SESSION_SECRET): string {
  return crypto.createHmac("sha256", secret).update(`newsletter-unsubscribe:${subscription.id}:${normalised(subscription.email)}`).digest("base64url");
}

/** The link every newsletter e-mail carries: a page that unsubscribes with one button, no sign-in. */
export function newsletterUnsubscribeLink(subscription: { id: number; email: string }, { publicUrl = getEnv().PUBLIC_URL, secret = getEnv().SESSION_SECRET } = {}): string {
  const query = new URLSearchParams({ s: String(subscription.id), t: newsletterUnsubscribeToken(subscription, secret) });
  return `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** The footer every newsletter e-mail ends with. */
export function newsletterMailFooter(unsubscribeLink: string): string {
  return `You receive this because this address signed up for the Tradebench newsletter. Unsubscribe at any time, no sign-in needed: ${unsubscribeLink}`;
}

function confirmationMail(email: string, confirmLink: string, unsubscribeLink: string): EmailMessage {
  return {
    to: email,
    subject: "Confirm your Tradebench newsletter subscription",
    text: [
      "Someone, we hope you, asked for the Tradebench newsletter at this address: new test & measurement, automation and heavy equipment, auction highlights and buying tips, once a month.",
      `Confirm your subscription here: ${confirmLink}`,
      `The link works once and expires after ${NEWSLETTER_CONFIRM_TTL_HOURS} hours. If you did not ask for it, ignore this e-mail: nothing is sent to you unless the link is followed.`,
      newsletterMailFooter(unsubscribeLink),
    ].join("\n\n"),
  };
}

function alreadySubscribedMail(email: string, unsubscribeLink: string): EmailMessage {
  return {
    to: email,
    subject: "You are already subscribed to the Tradebench newsletter",
    text: [
      "Someone asked to subscribe this address to the Tradebench newsletter. It is subscribed already, so nothing changes: the next issue will reach you as usual.",
      newsletterMailFooter(unsubscribeLink),
    ].join("\n\n"),
  };
}

/** Counts one sign-up from `clientAddress`; refuses (rate_limited) past NEWSLETTER_RATE_LIMIT. */
export async function claimNewsletterAttempt(
  db: Kysely<Database>,
  clientAddress: string,
  { limiter = sharedRateLimiter, now = new Date() }: { limiter?: RateLimiter; now?: Date } = {},
): Promise<void> {
  const verdict = await limiter.hit(db, `newsletter:ip:${clientAddress}`, NEWSLETTER_RATE_LIMIT, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

/**
 * A sign-up: the address gets a confirmation link (a new subscriber, a pending one, one that unsubscribed before), or a
 * note that it is subscribed already; at most one such mail per address every NEWSLETTER_MAIL_INTERVAL_MINUTES. The
 * row and its mail are written in one transaction.
 */
export async function subscribeToNewsletter(
  db: Kysely<Database>,
  email: string,
  { source = "footer", publicUrl = getEnv().PUBLIC_URL, secret = getEnv().SESSION_SECRET, now = new Date() }: MailOptions & { source?: string } = {},
): Promise<SubscribeResult> {
  const address = normalised(email);
  const at = now.toISOString();
  return inWriteTransaction(db, async (trx) => {
    await trx.insertInto("newsletter_subscriptions").values({ email: address, source, status: "pending" }).onConflict((oc) => oc.column("email").doNothing()).execute();
    const row = await trx
      .selectFrom("newsletter_subscriptions")
      .select(["id", "email", "status", "confirmation_sent_at"])
      .where("email", "=", address)
      .executeTakeFirstOrThrow();
    const heldUntil = row.confirmation_sent_at ? Date.parse(row.confirmation_sent_at) + NEWSLETTER_MAIL_INTERVAL_MINUTES * 60_000 : 0;
    if (heldUntil > now.getTime()) return "mail_held";
    const unsubscribeLink = newsletterUnsubscribeLink(row, { publicUrl, secret });
    if (row.status === "subscribed") {
      await trx.updateTable("newsletter_subscriptions").set({ confirmation_sent_at: at }).where("id", "=", row.id).execute();
      await queueEmail(trx, [alreadySubscribedMail(address, unsubscribeLink)]);
      return "reminder_sent";
    }
    const token = randomToken();
    await trx
      .updateTable("newsletter_subscriptions")
      .set({
        status: "pending",
        confirm_token_hash: sha256(token),
        confirm_expires_at: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_HOURS * 3600_000).toISOString(),
        confirmation_sent_at: at,
      })
      .where("id", "=", row.id)
      .execute();
    const confirmLink = `${publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    await queueEmail(trx, [confirmationMail(address, confirmLink, unsubscribeLink)]);
    return "confirmation_sent";
  });
}

/** Why a confirmation link does not confirm: expired, or not valid (unknown, used, or replaced by a newer one). */
export type NewsletterLinkProblem = "expired" | "invalid";

/** What a confirmation link would do now, without using it (the page shows its button only for a working link). */
export async function checkNewsletterConfirmation(db: Kysely<Database>, token: string, now = new Date()): Promise<{ ok: true; email: string } | { ok: false; problem: NewsletterLinkProblem }> {
  const row = await db.selectFrom("newsletter_subscriptions").select(["email", "confirm_expires_at"]).where("confirm_token_hash", "=", sha256(token)).executeTakeFirst();
  if (!row) return { ok: false, problem: "invalid" };
  if (!row.confirm_expires_at || row.confirm_expires_at <= now.toISOString()) return { ok: false, problem: "expired" };
  return { ok: true, email: row.email };
}

/**
 * Confirms the subscription of a link: claimed by one conditional update, so a link works once even when two requests
 * race; the subscription counts from now on.
 */
export async function confirmNewsletterSubscription(db: Kysely<Database>, token: string, now = new Date()): Promise<{ ok: true; email: string } | { ok: false; problem: NewsletterLinkProblem }> {
  const tokenHash = sha256(token);
  const at = now.toISOString();
  const claimed = await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "subscribed", confirmed_at: at, confirm_token_hash: null, confirm_expires_at: null })
    .where("confirm_token_hash", "=", tokenHash)
    .where("confirm_expires_at", ">", at)
    .returning("email")
    .executeTakeFirst();
  if (claimed) return { ok: true, email: claimed.email };
  const check = await checkNewsletterConfirmation(db, token, now);
  return check.ok ? { ok: false, problem: "invalid" } : check;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The subscription an unsubscribe link names, when its token is right; else null. */
export async function subscriptionOfUnsubscribeLink(
  db: Kysely<Database>,
  id: number,
  token: string,
  secret = getEnv().SESSION_SECRET,
): Promise<{ id: number; email: string; status: "pending" | "subscribed" | "unsubscribed" } | null> {
  const row = await db.selectFrom("newsletter_subscriptions").select(["id", "email", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row || !sameToken(token, newsletterUnsubscribeToken(row, secret))) return null;
  return row;
}

/**
 * Unsubscribes the subscription of an unsubscribe link (and voids an open confirmation link). Null when the link is
 * not valid; else the address (unsubscribing twice is not an error).
 */
export async function unsubscribeFromNewsletter(
  db: Kysely<Database>,
  id: number,
  token: string,
  { secret = getEnv().SESSION_SECRET, now = new Date() }: { secret?: string; now?: Date } = {},
): Promise<{ email: string } | null> {
  const row = await subscriptionOfUnsubscribeLink(db, id, token, secret);
  if (!row) return null;
  await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "unsubscribed", unsubscribed_at: now.toISOString(), confirm_token_hash: null, confirm_expires_at: null })
    .where("id", "=", row.id)
    .where("status", "!=", "unsubscribed")
    .execute();
  return { email: row.email };
}

/** The most recipients newsletterRecipients returns at once. */
export const NEWSLETTER_RECIPIENTS_PAGE = 500;

/**
 * The confirmed subscribers (the only ones a newsletter may be sent to), by id after `afterId`, each with the
 * unsubscribe link its mail must carry.
 */
export async function newsletterRecipients(
  db: Kysely<Database>,
  { afterId = 0, limit = NEWSLETTER_RECIPIENTS_PAGE, publicUrl = getEnv().PUBLIC_URL, secret = getEnv().SESSION_SECRET }: { afterId?: number; limit?: number; publicUrl?: string; secret?: string } = {},
): Promise<Array<{ id: number; email: string; unsubscribeLink: string }>> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email"])
    .where("status", "=", "subscribed")
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(Math.min(Math.max(1, limit), NEWSLETTER_RECIPIENTS_PAGE))
    .execute();
  return rows.map((row) => ({ ...row, unsubscribeLink: newsletterUnsubscribeLink(row, { publicUrl, secret }) }));
}

/** How many addresses are subscribed (confirmed and not unsubscribed). */
export async function countNewsletterSubscribers(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "subscribed")
    .executeTakeFirstOrThrow();
  return Number(count);
}

// Newsletter sign-ups (decision 0041 "The newsletter"): an address counts as subscribed only once it
// has followed the confirmation link mailed to it (a one-time random link, stored as its digest, expiring after
// NEWSLETTER_CONFIRM_TTL_HOURS). Every newsletter e-mail carries an unsubscribe link that works without signing in: an
// HMAC of the subscription under the server's secret, so it never expires and any later mailing can make it. Following
// it shows a page with a button (a POST unsubscribes; a GET, as mail scanners and prefetchers send, changes nothing).
// Unsubscribing keeps the row, so the address may subscribe again (and confirm again).
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { csvLine, UTF8_BOM } from "~/lib/csv.ts";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "~/schemas/newsletter.ts";
import { DomainError } from "../domain-error.ts";
import { tooManyAttempts, sharedRateLimiter, type RateLimiter, type RateLimitRule, queueEmail, type EmailMessage } from "../platform/index.server.ts";
import { randomToken, sha256 } from "./tokens.server.ts";

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
  return crypto
    .createHmac("sha256", secret)
    .update(`newsletter-unsubscribe:${subscription.id}:${normalised(subscription.email)}`)
    .digest("base64url");
}

/** The link every newsletter e-mail carries: a page that unsubscribes with one button, no sign-in. */
export function newsletterUnsubscribeLink(
  subscription: { id: number; email: string },
  { publicUrl = getEnv().PUBLIC_URL, secret = getEnv().SESSION_SECRET } = {},
): string {
  const query = new URLSearchParams({ s: String(subscription.id), t: newsletterUnsubscribeToken(subscription, secret) });
  return `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** The footer every newsletter e-mail ends with. */
function newsletterMailFooter(unsubscribeLink: string): string {
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
    await trx
      .insertInto("newsletter_subscriptions")
      .values({ email: address, source, status: "pending" })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
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
export async function checkNewsletterConfirmation(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; problem: NewsletterLinkProblem }> {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select(["email", "confirm_expires_at"])
    .where("confirm_token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) return { ok: false, problem: "invalid" };
  if (!row.confirm_expires_at || row.confirm_expires_at <= now.toISOString()) return { ok: false, problem: "expired" };
  return { ok: true, email: row.email };
}

/**
 * Confirms the subscription of a link: claimed by one conditional update, so a link works once even when two requests
 * race; the subscription counts from now on.
 */
export async function confirmNewsletterSubscription(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; problem: NewsletterLinkProblem }> {
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
const NEWSLETTER_RECIPIENTS_PAGE = 500;

/**
 * The confirmed subscribers (the only ones a newsletter may be sent to), by id after `afterId`, each with the
 * unsubscribe link its mail must carry.
 */
export async function newsletterRecipients(
  db: Kysely<Database>,
  {
    afterId = 0,
    limit = NEWSLETTER_RECIPIENTS_PAGE,
    publicUrl = getEnv().PUBLIC_URL,
    secret = getEnv().SESSION_SECRET,
  }: { afterId?: number; limit?: number; publicUrl?: string; secret?: string } = {},
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

/** Which subscriptions the staff list shows: all of them, or those in one state. */
export type NewsletterStateFilter = "all" | "pending" | "subscribed" | "unsubscribed";

/** One subscription as staff see it on /admin/newsletter and in its CSV. */
export interface NewsletterSubscriberRow {
  id: number;
  email: string;
  /** When the address first signed up. */
  since: string;
  status: "pending" | "subscribed" | "unsubscribed";
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  source: string;
  /** The member whose account has this address, or null for a visitor. */
  memberId: string | null;
}

export interface NewsletterSubscribersQuery {
  /** Matched, case-insensitively, anywhere in the address. */
  search?: string;
  state?: NewsletterStateFilter;
  /** Rows older (smaller id) than this one: the next page's cursor. */
  before?: number;
}

export interface NewsletterSubscribersPage {
  rows: NewsletterSubscriberRow[];
  /** How many subscriptions match the search and the state. */
  total: number;
  /** How many addresses are subscribed now (confirmed and not unsubscribed), whatever the search. */
  subscribed: number;
  /** The cursor of the next (older) page, or null on the last page. */
  nextBefore: number | null;
}

/** Rows on one page of /admin/newsletter. */
export const NEWSLETTER_ADMIN_PAGE_SIZE = 50;
/** The most rows the CSV holds (a last line says when it was cut). */
const NEWSLETTER_CSV_MAX_ROWS = 20_000;
/** The longest search. */
const NEWSLETTER_SEARCH_MAX_LENGTH = 100;

function subscribersMatching(db: Kysely<Database>, { search = "", state = "all" }: Pick<NewsletterSubscribersQuery, "search" | "state">) {
  let query = db.selectFrom("newsletter_subscriptions as n");
  if (state !== "all") query = query.where("n.status", "=", state);
  const text = search.trim().toLowerCase();
  if (text !== "") {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb(sql`lower(n.email)`, "like", sql`${pattern} escape '\\'`));
  }
  return query;
}

function checkedSearch(search: string | undefined): string {
  const text = (search ?? "").trim();
  if (text.length > NEWSLETTER_SEARCH_MAX_LENGTH) {
    throw new DomainError("too_large", `Search for at most ${NEWSLETTER_SEARCH_MAX_LENGTH} characters.`, { field: "q" });
  }
  return text;
}

/** Up to `limit` subscriptions, newest first, older than `before`, with whether a member has the address. */
async function subscriberRows(db: Kysely<Database>, query: NewsletterSubscribersQuery, limit: number): Promise<NewsletterSubscriberRow[]> {
  let rows = subscribersMatching(db, query)
    .leftJoin("users as u", "u.email", "n.email")
    .select(["n.id", "n.email", "n.created_at", "n.status", "n.confirmed_at", "n.unsubscribed_at", "n.source", "u.id as member_id"]);
  if (query.before !== undefined) rows = rows.where("n.id", "<", query.before);
  const found = await rows.orderBy("n.id", "desc").limit(limit).execute();
  return found.map((row) => ({
    id: Number(row.id),
    email: row.email,
    since: row.created_at,
    status: row.status,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    source: row.source,
    memberId: row.member_id ?? null,
  }));
}

/** A page of subscriptions for staff (/admin/newsletter), newest first, NEWSLETTER_ADMIN_PAGE_SIZE to a page. */
export async function listNewsletterSubscribers(db: Kysely<Database>, query: NewsletterSubscribersQuery = {}): Promise<NewsletterSubscribersPage> {
  const search = checkedSearch(query.search);
  const state = query.state ?? "all";
  const [rows, counted, subscribed] = await Promise.all([
    subscriberRows(db, { search, state, before: query.before }, NEWSLETTER_ADMIN_PAGE_SIZE + 1),
    subscribersMatching(db, { search, state })
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
    countNewsletterSubscribers(db),
  ]);
  const page = rows.slice(0, NEWSLETTER_ADMIN_PAGE_SIZE);
  return {
    rows: page,
    total: Number(counted.count),
    subscribed,
    nextBefore: rows.length > NEWSLETTER_ADMIN_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/**
 * The subscriptions as CSV for a spreadsheet (/admin/newsletter.csv): the byte order mark and a header first, then
 * the rows newest first in pages of 500, at most NEWSLETTER_CSV_MAX_ROWS (a last line says when it was cut). Only the
 * addresses subscribed now unless `state` says otherwise. Every cell goes through the one CSV writer (formulas
 * defused).
 */
export async function* newsletterSubscribersCsv(
  db: Kysely<Database>,
  { search, state = "subscribed" }: Pick<NewsletterSubscribersQuery, "search" | "state"> = {},
): AsyncGenerator<string> {
  const text = checkedSearch(search);
  yield UTF8_BOM + csvLine(["email", "status", "since", "confirmed_at", "unsubscribed_at", "member", "source"]);
  let before: number | undefined;
  let written = 0;
  while (written < NEWSLETTER_CSV_MAX_ROWS) {
    const limit = Math.min(500, NEWSLETTER_CSV_MAX_ROWS - written);
    const rows = await subscriberRows(db, { search: text, state, before }, limit + 1);
    const page = rows.slice(0, limit);
    if (page.length === 0) return;
    yield page
      .map((row) =>
        csvLine([row.email, row.status, row.since, row.confirmedAt ?? "", row.unsubscribedAt ?? "", row.memberId ? "member" : "visitor", row.source]),
      )
      .join("");
    written += page.length;
    if (rows.length <= limit) return;
    before = page[page.length - 1]!.id;
  }
  yield `# cut at ${NEWSLETTER_CSV_MAX_ROWS} addresses: search to narrow the export\r\n`;
}

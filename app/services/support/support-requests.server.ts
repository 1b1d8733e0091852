// The contact form's messages: each one is kept in support_requests (the support team's inbox) and,
// when SUPPORT_EMAIL is configured, queued in the e-mail outbox for that mailbox in the same transaction, so a message
// is never mailed without being kept nor kept without its mail. Senders are limited per client address.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { tooManyAttempts, sharedRateLimiter, type RateLimiter, type RateLimitRule, queueEmail } from "../platform/index.server.ts";

/** Messages one client address may send through the contact form. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };

export interface SupportRequestInput {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  subject: string;
  message: string;
  /** The signed-in sender, if any. */
  userId: string | null;
  /** The order the sender says the message is about; kept only when the sender is its buyer or seller. */
  orderId: number | null;
}

export interface SubmittedSupportRequest {
  id: number;
  /** The order kept with the message (null when none was given or it is not the sender's). */
  orderId: number | null;
  /** Whether a mail to the support mailbox was queued. */
  mailed: boolean;
}

/**
 * Counts one contact-form message from `clientAddress`; refuses with "Too many attempts. Please wait N minutes and
 * try again." (rate_limited) past CONTACT_RATE_LIMIT.
 */
export async function claimContactAttempt(
  db: Kysely<Database>,
  clientAddress: string,
  { limiter = sharedRateLimiter, now = new Date() }: { limiter?: RateLimiter; now?: Date } = {},
): Promise<void> {
  const verdict = await limiter.hit(db, `contact:ip:${clientAddress}`, CONTACT_RATE_LIMIT, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

/** The order a message may carry: `orderId`, when `userId` is its buyer or seller; else null. */
export async function orderForContact(db: Kysely<Database>, userId: string | null, orderId: number | null): Promise<{ id: number; reference: string } | null> {
  if (userId === null || orderId === null) return null;
  const order = await db
    .selectFrom("orders")
    .select(["id", "reference"])
    .where("id", "=", orderId)
    .where((eb) => eb.or([eb("buyer_id", "=", userId), eb("seller_id", "=", userId)]))
    .executeTakeFirst();
  return order ?? null;
}

function supportMail(to: string, id: number, input: SupportRequestInput, order: { reference: string } | null) {
  const lines = [
    `From: ${input.name} <${input.email}>`,
    input.company ? `Company: ${input.company}` : null,
    input.phone ? `Phone: ${input.phone}` : null,
    order ? `Order: ${order.reference}` : null,
    input.userId ? "Sent by a signed-in member." : "Sent by a visitor (not signed in).",
    "",
    input.message,
  ].filter((line): line is string => line !== null);
  return { to, subject: `[Contact #${id}] ${input.subject}`, text: lines.join("\n") };
}

/** Keeps a contact-form message and, when a support mailbox is configured, queues its mail there. */
export async function submitSupportRequest(
  db: Kysely<Database>,
  input: SupportRequestInput,
  { supportEmail = getEnv().SUPPORT_EMAIL ?? null }: { supportEmail?: string | null } = {},
): Promise<SubmittedSupportRequest> {
  return inWriteTransaction(db, async (trx) => {
    const order = await orderForContact(trx, input.userId, input.orderId);
    const { id } = await trx
      .insertInto("support_requests")
      .values({
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        user_id: input.userId,
        order_id: order?.id ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (supportEmail) await queueEmail(trx, [supportMail(supportEmail, id, input, order)]);
    return { id, orderId: order?.id ?? null, mailed: Boolean(supportEmail) };
  });
}

// Reading, assigning, replying to and closing messages: support-inbox.server.ts.

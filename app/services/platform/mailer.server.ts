// Outgoing e-mail: every message is recorded in the outbox; with SMTP_URL it is also sent,
// without it the message is printed to the server log so links work offline.
import type nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { skipLockedRows } from "#db/server-coordination.ts";
import { getEnv } from "~/env.server.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: Promise<nodemailer.Transporter> | undefined;
/** The SMTP client, loaded with the first message sent rather than when the server starts. */
function smtpTransport(url: string): Promise<nodemailer.Transporter> {
  transport ??= import("nodemailer").then((module) => module.default.createTransport(url));
  return transport;
}

/** Records a message for the dispatcher (deliverPendingEmails); safe inside a write transaction, as it sends nothing. */
export async function queueEmail(db: Kysely<Database>, messages: readonly EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto("email_outbox")
    .values(
      messages.map((message) => ({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: "pending",
      })),
    )
    .execute();
}

/** Sends one recorded message (or, without SMTP_URL, prints it to the log) and records the outcome. */
async function deliver(db: Kysely<Database>, id: number, message: EmailMessage): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
    await db.updateTable("email_outbox").set({ status: "queued" }).where("id", "=", id).execute();
    return;
  }
  try {
    await (await smtpTransport(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, ...message });
    await db.updateTable("email_outbox").set({ status: "sent", sent_at: new Date().toISOString() }).where("id", "=", id).execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[mail] sending to ${message.to} failed: ${reason}`);
    await db.updateTable("email_outbox").set({ status: "failed", error: reason }).where("id", "=", id).execute();
  }
}

/** Records and sends a message now (account mail: welcome, password reset). */
export async function sendEmail(db: Kysely<Database>, message: EmailMessage): Promise<void> {
  const { id } = await db
    .insertInto("email_outbox")
    .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null, status: "sending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await deliver(db, id, message);
}

/**
 * Sends the messages queued by queueEmail, oldest first, up to `limit` per call. Each is claimed just before it is
 * sent, in one statement (pending → sending; on PostgreSQL a row another server is claiming at that moment is skipped,
 * `FOR UPDATE SKIP LOCKED`), so two server processes never send the same one, and a process that dies leaves at most
 * the one it was sending in "sending". Returns how many were handled.
 */
export async function deliverPendingEmails(db: Kysely<Database>, limit = 50): Promise<number> {
  const pending = () => db.selectFrom("email_outbox").select("id").where("status", "=", "pending");
  let handled = 0;
  for (let attempt = 0; handled < limit && attempt < 2 * limit; attempt += 1) {
    // The oldest pending row, chosen once in a WITH query: as an `in (…)` subquery PostgreSQL may run it again for
    // each row it updates, and each run would lock and claim one more.
    const row = await db
      .with("oldest", () => skipLockedRows(db, pending().orderBy("id").limit(1)))
      .updateTable("email_outbox")
      .set({ status: "sending" })
      .where("id", "in", (eb) => eb.selectFrom("oldest").select("oldest.id"))
      .where("status", "=", "pending")
      .returning(["id", "to_address", "subject", "text_body", "html_body"])
      .executeTakeFirst();
    if (!row) {
      // PostgreSQL locks after the LIMIT: when the oldest was just taken by another server, the claim finds none
      // although others wait. Try again while any is pending.
      if (!(await pending().limit(1).executeTakeFirst())) break;
      continue;
    }
    await deliver(db, row.id, { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined });
    handled += 1;
  }
  return handled;
}

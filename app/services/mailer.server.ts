// Outgoing e-mail: every message is recorded in the outbox; with SMTP_URL it is also sent,
// without it the message is printed to the server log so links work offline.
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: nodemailer.Transporter | undefined;
function smtpTransport(url: string): nodemailer.Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

export async function sendEmail(db: Kysely<Database>, message: EmailMessage): Promise<void> {
  const env = getEnv();
  const { id } = await db
    .insertInto("email_outbox")
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      status: env.SMTP_URL ? "sending" : "queued",
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (!env.SMTP_URL) {
    console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
    return;
  }
  try {
    await smtpTransport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, ...message });
    await db.updateTable("email_outbox").set({ status: "sent", sent_at: new Date().toISOString() }).where("id", "=", id).execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[mail] sending to ${message.to} failed: ${reason}`);
    await db.updateTable("email_outbox").set({ status: "failed", error: reason }).where("id", "=", id).execute();
  }
}

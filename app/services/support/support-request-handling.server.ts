// Handling a support message: assigning it, replying to the sender by e-mail (queued in the outbox, kept in its
// history in the same transaction), closing and reopening it.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { SUPPORT_INBOX_MESSAGES } from "~/lib/support-inbox.ts";
import { DomainError } from "../domain-error.ts";
import { queueEmail } from "../platform/index.server.ts";
import { nameOf, staffMember } from "./support-inbox-list.server.ts";

/**
 * Assigns a message to `assigneeId` (a member of staff holding can_answer_support) or to nobody (null). `expectedAssigneeId`
 * is who the acting page showed as assigned: when someone changed it since, nothing changes and the refusal (conflict)
 * names who it is now. Assigning to whoever it already is changes nothing. Returns whether it changed.
 */
export async function assignSupportRequest(
  db: Kysely<Database>,
  { id, assigneeId, expectedAssigneeId, actorId }: { id: number; assigneeId: string | null; expectedAssigneeId: string | null; actorId: string },
  now = new Date(),
): Promise<boolean> {
  return inWriteTransaction(db, async (trx) => {
    const row = await trx.selectFrom("support_requests").select(["assignee_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new DomainError("not_found", SUPPORT_INBOX_MESSAGES.notFound);
    if (assigneeId !== null && !(await staffMember(trx, assigneeId))) throw new DomainError("invalid", SUPPORT_INBOX_MESSAGES.notStaff, { field: "assignee" });
    if (row.assignee_id !== expectedAssigneeId) {
      const current =
        row.assignee_id === null ? "assigned to nobody" : row.assignee_id === actorId ? "assigned to you" : `assigned to ${await nameOf(trx, row.assignee_id)}`;
      throw new DomainError("conflict", SUPPORT_INBOX_MESSAGES.assignmentChanged(current));
    }
    if (row.assignee_id === assigneeId) return false;
    await trx.updateTable("support_requests").set({ assignee_id: assigneeId }).where("id", "=", id).execute();
    await trx
      .insertInto("support_request_events")
      .values({ request_id: id, kind: "assigned", actor_id: actorId, assignee_id: assigneeId, created_at: now.toISOString() })
      .execute();
    return true;
  });
}

/** Closes an open message; refuses one that does not exist (not_found) or is closed already (conflict). */
export async function closeSupportRequest(db: Kysely<Database>, id: number, actorId: string | null, now = new Date()): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    const row = await trx.selectFrom("support_requests").select("status").where("id", "=", id).executeTakeFirst();
    if (!row) throw new DomainError("not_found", SUPPORT_INBOX_MESSAGES.notFound);
    if (row.status === "closed") throw new DomainError("conflict", SUPPORT_INBOX_MESSAGES.alreadyClosed);
    await trx.updateTable("support_requests").set({ status: "closed", closed_at: now.toISOString() }).where("id", "=", id).execute();
    await trx.insertInto("support_request_events").values({ request_id: id, kind: "closed", actor_id: actorId, created_at: now.toISOString() }).execute();
  });
}

/** Opens a closed message again; refuses one that does not exist (not_found) or is open (conflict). */
export async function reopenSupportRequest(db: Kysely<Database>, id: number, actorId: string, now = new Date()): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    const row = await trx.selectFrom("support_requests").select("status").where("id", "=", id).executeTakeFirst();
    if (!row) throw new DomainError("not_found", SUPPORT_INBOX_MESSAGES.notFound);
    if (row.status === "open") throw new DomainError("conflict", SUPPORT_INBOX_MESSAGES.alreadyOpen);
    await trx.updateTable("support_requests").set({ status: "open", closed_at: null }).where("id", "=", id).execute();
    await trx.insertInto("support_request_events").values({ request_id: id, kind: "reopened", actor_id: actorId, created_at: now.toISOString() }).execute();
  });
}

const mailDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** The e-mail a reply sends to the message's sender. */
function supportReplyMail(
  message: { id: number; name: string; email: string; subject: string; message: string; createdAt: string },
  reply: { body: string; agentFirstName: string },
  { publicUrl, supportEmail }: { publicUrl: string; supportEmail: string | null },
) {
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const writeBack = supportEmail
    ? `To write back, reply to ${supportEmail} or use the contact form at ${publicUrl}/contact, and mention #${message.id}.`
    : `To write back, use the contact form at ${publicUrl}/contact and mention #${message.id}.`;
  return {
    to: message.email,
    subject: `Re: ${message.subject} [Tradebench support #${message.id}]`,
    text: [
      `Hello ${message.name},`,
      reply.body,
      `${reply.agentFirstName || "The Tradebench support team"}\nTradebench support`,
      writeBack,
      `Your message of ${mailDate.format(new Date(message.createdAt))} UTC:\n${quoted}`,
    ].join("\n\n"),
  };
}

/**
 * The same reply by the same agent within this time is taken for the same submission arriving twice (a double click
 * without JavaScript, a resent form): it is neither kept nor mailed again.
 */
export const REPEATED_REPLY_WINDOW_MS = 2 * 60_000;

/**
 * Replies to a message: the reply is kept in its history and its e-mail to the sender queued in the outbox, in one
 * transaction (never mailed without being kept, nor kept without its mail); with `close`, an open message is closed
 * in the same step. Replying to a closed message is allowed (a follow-up) and leaves it closed. A repeat of the
 * agent's last reply within REPEATED_REPLY_WINDOW_MS sends nothing (`repeated`).
 */
export async function replyToSupportRequest(
  db: Kysely<Database>,
  { id, actorId, body, close = false }: { id: number; actorId: string; body: string; close?: boolean },
  {
    publicUrl = getEnv().PUBLIC_URL,
    supportEmail = getEnv().SUPPORT_EMAIL ?? null,
    now = new Date(),
  }: { publicUrl?: string; supportEmail?: string | null; now?: Date } = {},
): Promise<{ closed: boolean; repeated: boolean }> {
  return inWriteTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("support_requests")
      .select(["id", "name", "email", "subject", "message", "status", "created_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new DomainError("not_found", SUPPORT_INBOX_MESSAGES.notFound);
    const repeat = await trx
      .selectFrom("support_request_events")
      .select("id")
      .where("request_id", "=", id)
      .where("kind", "=", "replied")
      .where("actor_id", "=", actorId)
      .where("body", "=", body)
      .where("created_at", ">=", new Date(now.getTime() - REPEATED_REPLY_WINDOW_MS).toISOString())
      .executeTakeFirst();
    if (repeat) return { closed: false, repeated: true };
    const agent = await trx.selectFrom("profiles").select("first_name").where("id", "=", actorId).executeTakeFirst();
    const at = now.toISOString();
    await trx.insertInto("support_request_events").values({ request_id: id, kind: "replied", actor_id: actorId, body, created_at: at }).execute();
    await queueEmail(trx, [
      supportReplyMail(
        { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, createdAt: row.created_at },
        { body, agentFirstName: agent?.first_name ?? "" },
        { publicUrl, supportEmail },
      ),
    ]);
    const closing = close && row.status === "open";
    if (closing) {
      await trx.updateTable("support_requests").set({ status: "closed", closed_at: at }).where("id", "=", id).execute();
      await trx.insertInto("support_request_events").values({ request_id: id, kind: "closed", actor_id: actorId, created_at: at }).execute();
    }
    return { closed: closing, repeated: false };
  });
}

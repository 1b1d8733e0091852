// The support inbox (decision 0041): staff holding can_answer_support read the contact form's messages,
// assign them to one of themselves, reply to the sender by e-mail (the reply is queued in the outbox and kept in the
// message's history in the same transaction), close and reopen them. Every change is one write transaction that
// re-reads the message, so two staff acting at once never lose a step: an assignment changes only if it is still what
// the page showed (a changed one is refused, 409), a close or a reopen only if the message is still open or closed.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { SUPPORT_INBOX_MESSAGES, type SupportInboxView } from "~/lib/support-inbox.ts";
import type { Role } from "~/lib/roles.ts";
import { DomainError } from "../domain-error.ts";
import { queueEmail } from "../platform/mailer.server.ts";
import { canViewOrder, orderAuthority } from "../orders/order-flow.server.ts";

export type SupportRequestStatus = "open" | "closed";

/** A member of staff, as the inbox names them. */
export interface SupportStaffMember {
  id: string;
  name: string;
}

/** One message as the support inbox lists it. */
export interface SupportInboxEntry {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string;
  message: string;
  status: SupportRequestStatus;
  createdAt: string;
  closedAt: string | null;
  /** The order's reference, when the message carries one. */
  orderReference: string | null;
  orderId: number | null;
  assignee: SupportStaffMember | null;
  /** Replies sent so far. */
  replyCount: number;
}

/** Messages on one page of the inbox. */
export const SUPPORT_INBOX_PAGE_SIZE = 25;
/** The deepest page served (10,000 messages of one view); a larger page number shows the last one. */
const SUPPORT_INBOX_MAX_PAGE = 400;
/** The most staff the assignment list offers. */
const SUPPORT_STAFF_LIMIT = 200;

export interface SupportInboxPage {
  view: SupportInboxView;
  entries: SupportInboxEntry[];
  page: number;
  totalPages: number;
  /** How many messages each view holds. */
  counts: Record<SupportInboxView, number>;
  /** Kept for the list's heading: the open messages. */
  openCount: number;
}

function personName(first: string | null | undefined, last: string | null | undefined, fallback: string): string {
  const name = `${first ?? ""} ${last ?? ""}`.trim();
  return name || fallback;
}

/** Staff whose role holds can_answer_support now, by name. */
export async function listSupportStaff(db: Kysely<Database>): Promise<SupportStaffMember[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .innerJoin("role_permissions as rp", "rp.role", "p.role")
    .select(["p.id", "p.first_name", "p.last_name", "p.email"])
    .where("rp.permission", "=", "can_answer_support")
    .orderBy("p.first_name")
    .orderBy("p.last_name")
    .orderBy("p.id")
    .limit(SUPPORT_STAFF_LIMIT)
    .execute();
  return rows.map((row) => ({ id: row.id, name: personName(row.first_name, row.last_name, row.email) }));
}

async function staffMember(db: Kysely<Database>, id: string): Promise<SupportStaffMember | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("role_permissions as rp", "rp.role", "p.role")
    .select(["p.id", "p.first_name", "p.last_name", "p.email"])
    .where("p.id", "=", id)
    .where("rp.permission", "=", "can_answer_support")
    .executeTakeFirst();
  return row ? { id: row.id, name: personName(row.first_name, row.last_name, row.email) } : null;
}

async function nameOf(db: Kysely<Database>, id: string): Promise<string> {
  const row = await db.selectFrom("profiles").select(["first_name", "last_name", "email"]).where("id", "=", id).executeTakeFirst();
  return row ? personName(row.first_name, row.last_name, row.email) : "a former member of staff";
}

/**
 * One page of one view of the inbox: open messages (the longest waiting first), the open ones assigned to `viewerId`,
 * or closed ones (newest first). `page` is brought within 1 … the last page (at most SUPPORT_INBOX_MAX_PAGE).
 */
export async function listSupportRequests(
  db: Kysely<Database>,
  { view, page = 1, viewerId }: { view: SupportInboxView; page?: number; viewerId: string },
): Promise<SupportInboxPage> {
  const totals = await db
    .selectFrom("support_requests")
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when("status", "=", "open").then(1).else(0).end()).as("open"),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb("status", "=", "open"), eb("assignee_id", "=", viewerId)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("mine"),
      eb.fn.sum<number | string | null>(eb.case().when("status", "=", "closed").then(1).else(0).end()).as("closed"),
    ])
    .executeTakeFirstOrThrow();
  const counts: Record<SupportInboxView, number> = { open: Number(totals.open ?? 0), mine: Number(totals.mine ?? 0), closed: Number(totals.closed ?? 0) };
  const totalPages = Math.max(1, Math.min(SUPPORT_INBOX_MAX_PAGE, Math.ceil(counts[view] / SUPPORT_INBOX_PAGE_SIZE)));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
  const newestFirst = view === "closed";

  let query = db
    .selectFrom("support_requests as r")
    .leftJoin("orders as o", "o.id", "r.order_id")
    .leftJoin("profiles as a", "a.id", "r.assignee_id")
    .select((eb) => [
      "r.id",
      "r.name",
      "r.email",
      "r.company",
      "r.phone",
      "r.subject",
      "r.message",
      "r.status",
      "r.created_at",
      "r.closed_at",
      "r.order_id",
      "r.assignee_id",
      "o.reference as order_reference",
      "a.first_name as assignee_first_name",
      "a.last_name as assignee_last_name",
      "a.email as assignee_email",
      eb
        .selectFrom("support_request_events as e")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("e.request_id", "=", "r.id")
        .where("e.kind", "=", "replied")
        .as("reply_count"),
    ])
    .where("r.status", "=", view === "closed" ? "closed" : "open");
  if (view === "mine") query = query.where("r.assignee_id", "=", viewerId);
  const rows = await query
    .orderBy("r.created_at", newestFirst ? "desc" : "asc")
    .orderBy("r.id", newestFirst ? "desc" : "asc")
    .limit(SUPPORT_INBOX_PAGE_SIZE)
    .offset((current - 1) * SUPPORT_INBOX_PAGE_SIZE)
    .execute();
  return {
    view,
    page: current,
    totalPages,
    counts,
    openCount: counts.open,
    entries: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      status: row.status,
      createdAt: row.created_at,
      closedAt: row.closed_at,
      orderId: row.order_id,
      orderReference: row.order_reference ?? null,
      assignee: row.assignee_id
        ? { id: row.assignee_id, name: personName(row.assignee_first_name, row.assignee_last_name, row.assignee_email ?? "a former member of staff") }
        : null,
      replyCount: Number(row.reply_count ?? 0),
    })),
  };
}

/** One step of a message's history, as the message's page shows it. */
export interface SupportHistoryEntry {
  id: number;
  kind: "received" | "assigned" | "replied" | "closed" | "reopened";
  at: string;
  /** Who did it (null for the message's arrival, or an account that is gone). */
  actor: string | null;
  /** assigned: to whom (null: to nobody). */
  assignee: string | null;
  /** replied: the text mailed to the sender. */
  body: string | null;
}

/** The account an address belongs to, as support sees it. */
export interface SupportSenderAccount {
  id: string;
  name: string;
  email: string;
  company: string | null;
  role: string;
  joinedAt: string;
  emailConfirmed: boolean;
  /** Whether the message was sent while signed in to this account (else the address merely matches). */
  sentSignedIn: boolean;
}

/** The order a message is about, as support sees it. */
export interface SupportOrderSummary {
  id: number;
  reference: string;
  status: string;
  amountCents: number;
  currency: string;
  listingId: number;
  listingTitle: string | null;
  buyer: string;
  seller: string;
  /** Whether the viewer may open /orders/{id} (its parties and escrow staff may). */
  viewerMayOpen: boolean;
}

export interface SupportRequestDetail extends SupportInboxEntry {
  order: SupportOrderSummary | null;
  account: SupportSenderAccount | null;
  history: SupportHistoryEntry[];
}

/** The most history entries a message's page shows (its newest ones). */
const SUPPORT_HISTORY_LIMIT = 200;

/** One message with its order, the sender's account (by the signed-in sender, else by address) and its history; null if unknown. */
export async function getSupportRequest(db: Kysely<Database>, id: number, viewer: { id: string; role: Role }): Promise<SupportRequestDetail | null> {
  const row = await db
    .selectFrom("support_requests as r")
    .leftJoin("profiles as a", "a.id", "r.assignee_id")
    .selectAll("r")
    .select(["a.first_name as assignee_first_name", "a.last_name as assignee_last_name", "a.email as assignee_email"])
    .where("r.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;

  let order: SupportOrderSummary | null = null;
  if (row.order_id !== null) {
    const found = await db
      .selectFrom("orders as o")
      .leftJoin("equipment_listings as l", "l.id", "o.listing_id")
      .leftJoin("profiles as b", "b.id", "o.buyer_id")
      .leftJoin("profiles as s", "s.id", "o.seller_id")
      .select([
        "o.id",
        "o.reference",
        "o.status",
        "o.amount_cents",
        "o.currency",
        "o.listing_id",
        "o.buyer_id",
        "o.seller_id",
        "l.title as listing_title",
        "b.first_name as buyer_first",
        "b.last_name as buyer_last",
        "b.email as buyer_email",
        "s.first_name as seller_first",
        "s.last_name as seller_last",
        "s.email as seller_email",
      ])
      .where("o.id", "=", row.order_id)
      .executeTakeFirst();
    if (found) {
      const authority = await orderAuthority(db, { id: viewer.id, role: viewer.role });
      order = {
        id: found.id,
        reference: found.reference,
        status: found.status,
        amountCents: found.amount_cents,
        currency: found.currency,
        listingId: found.listing_id,
        listingTitle: found.listing_title ?? null,
        buyer: personName(found.buyer_first, found.buyer_last, found.buyer_email ?? "a former member"),
        seller: personName(found.seller_first, found.seller_last, found.seller_email ?? "a former member"),
        viewerMayOpen: canViewOrder({ buyer_id: found.buyer_id, seller_id: found.seller_id }, authority),
      };
    }
  }

  const accountQuery = db
    .selectFrom("users as u")
    .innerJoin("profiles as p", "p.id", "u.id")
    .select(["u.id", "u.email", "u.created_at", "u.email_confirmed_at", "p.first_name", "p.last_name", "p.company_name", "p.role"]);
  const accountRow =
    (row.user_id !== null ? await accountQuery.where("u.id", "=", row.user_id).executeTakeFirst() : undefined) ??
    (await accountQuery.where("u.email", "=", row.email.trim().toLowerCase()).executeTakeFirst());
  const account: SupportSenderAccount | null = accountRow
    ? {
        id: accountRow.id,
        name: personName(accountRow.first_name, accountRow.last_name, accountRow.email),
        email: accountRow.email,
        company: accountRow.company_name || null,
        role: accountRow.role,
        joinedAt: accountRow.created_at,
        emailConfirmed: accountRow.email_confirmed_at !== null,
        sentSignedIn: row.user_id === accountRow.id,
      }
    : null;

  const events = await db
    .selectFrom("support_request_events as e")
    .leftJoin("profiles as actor", "actor.id", "e.actor_id")
    .leftJoin("profiles as assignee", "assignee.id", "e.assignee_id")
    .select([
      "e.id",
      "e.kind",
      "e.created_at",
      "e.actor_id",
      "e.assignee_id",
      "e.body",
      "actor.first_name as actor_first",
      "actor.last_name as actor_last",
      "actor.email as actor_email",
      "assignee.first_name as assignee_first",
      "assignee.last_name as assignee_last",
      "assignee.email as assignee_email",
    ])
    .where("e.request_id", "=", id)
    .orderBy("e.id", "desc")
    .limit(SUPPORT_HISTORY_LIMIT)
    .execute();
  const history: SupportHistoryEntry[] = [
    { id: 0, kind: "received", at: row.created_at, actor: null, assignee: null, body: null },
    ...events.reverse().map((event) => ({
      id: event.id,
      kind: event.kind,
      at: event.created_at,
      actor: event.actor_id ? personName(event.actor_first, event.actor_last, event.actor_email ?? "a former member of staff") : null,
      assignee: event.assignee_id ? personName(event.assignee_first, event.assignee_last, event.assignee_email ?? "a former member of staff") : null,
      body: event.body,
    })),
  ];
  const replyCount = history.filter((entry) => entry.kind === "replied").length;

  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    orderId: row.order_id,
    orderReference: order?.reference ?? null,
    assignee: row.assignee_id
      ? { id: row.assignee_id, name: personName(row.assignee_first_name, row.assignee_last_name, row.assignee_email ?? "a former member of staff") }
      : null,
    replyCount,
    order,
    account,
    history,
  };
}

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

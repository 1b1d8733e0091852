// One support message's page: the message, its history, the sender's account and the order it names.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { canViewOrder, orderAuthority } from "../orders/index.server.ts";
import { personName, type SupportInboxEntry } from "./support-inbox-list.server.ts";

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

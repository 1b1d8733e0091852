// The support inbox's list: the open or closed messages a page at a time, and the staff they can be assigned to.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { type SupportInboxView } from "~/lib/support-inbox.ts";

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

export function personName(first: string | null | undefined, last: string | null | undefined, fallback: string): string {
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

export async function staffMember(db: Kysely<Database>, id: string): Promise<SupportStaffMember | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("role_permissions as rp", "rp.role", "p.role")
    .select(["p.id", "p.first_name", "p.last_name", "p.email"])
    .where("p.id", "=", id)
    .where("rp.permission", "=", "can_answer_support")
    .executeTakeFirst();
  return row ? { id: row.id, name: personName(row.first_name, row.last_name, row.email) } : null;
}

export async function nameOf(db: Kysely<Database>, id: string): Promise<string> {
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

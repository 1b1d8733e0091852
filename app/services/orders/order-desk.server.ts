// The order desk (/admin/orders): every order, newest first, searchable by reference, buyer, seller and
// listing and filtered by status, a page of ORDER_DESK_PAGE at a time; and what admins and billing do there besides
// the flow's own transitions: put an order on hold (its flow and automatic completion wait), lift the hold, and keep
// internal notes the parties never see. Each act is audited in its own write; staff who are a party to the order may
// not act on it (separation of duties).
import { sql, type Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { isOrderStatus, ORDER_MESSAGES, type OrderStatus } from "~/lib/orders.ts";
import { PARTY_NAME_COLUMNS, partyNames, recordAuditEvent } from "../platform/index.server.ts";
import { assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";

/** Orders on one page of the desk. */
export const ORDER_DESK_PAGE = 25;
/** The deepest page the desk walks (a search narrows further). */
const ORDER_DESK_MAX_PAGE = 400;
const ORDER_DESK_SEARCH_MAX = 100;
const ORDER_NOTE_MAX = 2000;

const ORDER_DESK_MESSAGES = {
  holdReasonRequired: "Say why the order is put on hold",
  alreadyHeld: "This order is already on hold",
  notHeld: "This order is not on hold",
  noteRequired: "Write the note",
  tooLong: `Please keep this under ${ORDER_NOTE_MAX} characters`,
} as const;

export interface DeskOrderRow {
  id: number;
  reference: string;
  status: OrderStatus;
  title: string;
  listingId: number;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  sellerName: string;
  amountCents: number;
  currency: string;
  createdAt: string;
  heldAt: string | null;
}

export interface DeskQuery {
  q?: string;
  status?: OrderStatus;
  page?: number;
}

function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of every order, newest first, with the total that matched. */
export async function listDeskOrders(db: Kysely<Database>, query: DeskQuery): Promise<{ rows: DeskOrderRow[]; total: number; page: number; pages: number }> {
  const q = (query.q ?? "").trim().slice(0, ORDER_DESK_SEARCH_MAX);
  const page = Math.min(ORDER_DESK_MAX_PAGE, Math.max(1, Math.trunc(query.page ?? 1) || 1));
  let base = db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .innerJoin("profiles as buyer", "buyer.id", "o.buyer_id")
    .innerJoin("profiles as seller", "seller.id", "o.seller_id");
  if (query.status) base = base.where("o.status", "=", query.status);
  if (q) {
    const pattern = containsPattern(q);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const name = (side: "buyer" | "seller") =>
      sql<boolean>`lower(coalesce(${sql.ref(`${side}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${side}.last_name`)}, '') || ' ' || coalesce(${sql.ref(`${side}.company_name`)}, '')) like ${pattern} escape '\\'`;
    base = base.where((eb) => eb.or([like("o.reference"), like("l.title"), like("buyer.email"), like("seller.email"), name("buyer"), name("seller")]));
  }
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await base
    .select([
      "o.id",
      "o.reference",
      "o.status",
      "o.listing_id",
      "o.buyer_id",
      "o.seller_id",
      "o.amount_cents",
      "o.currency",
      "o.created_at",
      "o.held_at",
      "l.title",
      ...PARTY_NAME_COLUMNS,
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(ORDER_DESK_PAGE)
    .offset((page - 1) * ORDER_DESK_PAGE)
    .execute();
  return {
    total,
    page,
    pages: Math.min(ORDER_DESK_MAX_PAGE, Math.max(1, Math.ceil(total / ORDER_DESK_PAGE))),
    rows: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      status: isOrderStatus(row.status) ? row.status : "pending",
      title: row.title,
      listingId: row.listing_id,
      buyerId: row.buyer_id,
      buyerName: partyNames(row).buyer,
      sellerId: row.seller_id,
      sellerName: partyNames(row).seller,
      amountCents: row.amount_cents,
      currency: row.currency,
      createdAt: row.created_at,
      heldAt: row.held_at,
    })),
  };
}

export interface StaffNote {
  id: number;
  authorId: string | null;
  authorEmail: string | null;
  body: string;
  createdAt: string;
}

/** The staff's internal notes on an order, oldest first (at most 200). */
export async function staffNotesOf(db: Kysely<Database>, orderId: number): Promise<StaffNote[]> {
  const rows = await db
    .selectFrom("order_staff_notes as n")
    .leftJoin("profiles as p", "p.id", "n.author_id")
    .select(["n.id", "n.author_id", "n.body", "n.created_at", "p.email"])
    .where("n.order_id", "=", orderId)
    .orderBy("n.id")
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, authorId: row.author_id, authorEmail: row.email, body: row.body, createdAt: row.created_at }));
}

function boundedText(value: string, required: string): string {
  const text = value.trim();
  if (!text) throw new DomainError("invalid", required, { field: "text" });
  if (text.length > ORDER_NOTE_MAX) throw new DomainError("invalid", ORDER_DESK_MESSAGES.tooLong, { field: "text" });
  return text;
}

export type DeskAct = { kind: "hold"; reason: string } | { kind: "lift_hold"; reason: string } | { kind: "note"; body: string };

/** Puts an order on hold, lifts a hold, or adds an internal note: one write with its audit row. */
export async function actOnDeskOrder(db: Kysely<Database>, request: { orderId: number; actorId: string; act: DeskAct; now?: Date }): Promise<void> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const act = request.act;
  await inWriteTransaction(
    db,
    async (trx) => {
      await forUpdate(trx, trx.selectFrom("orders").select("id").where("id", "=", request.orderId)).execute();
      const order = await trx
        .selectFrom("orders")
        .select(["id", "reference", "status", "buyer_id", "seller_id", "held_at", "hold_reason"])
        .where("id", "=", request.orderId)
        .executeTakeFirst();
      if (!order) throw new DomainError("not_found", ORDER_MESSAGES.orderNotFound);
      assertNotAParty("order", request.actorId, [order.buyer_id, order.seller_id]);
      let detail: Record<string, unknown>;
      if (act.kind === "note") {
        const body = boundedText(act.body, ORDER_DESK_MESSAGES.noteRequired);
        await trx.insertInto("order_staff_notes").values({ order_id: order.id, author_id: request.actorId, body, created_at: stamp }).execute();
        detail = { reference: order.reference, note: body };
      } else if (act.kind === "hold") {
        const reason = boundedText(act.reason, ORDER_DESK_MESSAGES.holdReasonRequired);
        const claimed = await trx
          .updateTable("orders")
          .set((eb) => ({ held_at: stamp, held_by: request.actorId, hold_reason: reason, version: eb("version", "+", 1), updated_at: stamp }))
          .where("id", "=", order.id)
          .where("held_at", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_DESK_MESSAGES.alreadyHeld);
        detail = { reference: order.reference, old: { held: false }, new: { held: true, reason } };
      } else {
        const reason = act.reason.trim().slice(0, ORDER_NOTE_MAX);
        const claimed = await trx
          .updateTable("orders")
          .set((eb) => ({ held_at: null, held_by: null, hold_reason: null, version: eb("version", "+", 1), updated_at: stamp }))
          .where("id", "=", order.id)
          .where("held_at", "is not", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_DESK_MESSAGES.notHeld);
        detail = { reference: order.reference, old: { held: true, reason: order.hold_reason }, new: { held: false }, note: reason };
      }
      await recordAuditEvent(
        trx,
        { actorUserId: request.actorId, action: `order.${act.kind}`, subjectType: "order", subjectId: order.id, detail: JSON.stringify(detail) },
        now,
      );
    },
    { decidesOnLockedRows: true },
  );
}

// Two-sided disputes and proof of delivery. A dispute is a thread: the buyer, the seller and the referee
// write in it and attach photos or PDF documents (bounded in number and size, checked by their first bytes), kept in
// the upload store under order-evidence/{order}/. Each message tells and mails the other parties. The seller has
// DISPUTE_ANSWER_DAYS to answer, shown to both. A delivery comes from the buyer, the seller with proof, or a
// configured carrier's tracking event.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { DISPUTE_MESSAGES, MAX_DISPUTE_FILES, MAX_DISPUTE_MESSAGE_CHARS, sellerAnswerDueAt, type DisputeSide } from "~/lib/disputes.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { publicName } from "~/lib/user.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import type { UploadStore } from "../storage/index.server.ts";
import type { ReceivedFile } from "../uploads.ts";
import { transitionOrder } from "./order-flow.server.ts";
import { canViewOrder, orderAuthority, type OrderActor } from "./order-permissions.server.ts";
import { selectOrderForRules } from "./order-transitions.server.ts";

/** The folder of an order's evidence (dispute attachments and proof of delivery) in the upload store. */
function orderEvidencePrefix(orderId: number): string {
  return `order-evidence/${orderId}/`;
}

const EVIDENCE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/;

/** The key of one evidence file of an order, or null for any name that is not one of ours. */
export function orderEvidenceKey(orderId: number, name: string): string | null {
  return EVIDENCE_NAME.test(name) ? `${orderEvidencePrefix(orderId)}${name}` : null;
}

/** Where the order page links an evidence file (the route checks the viewer again). */
function orderEvidenceUrl(orderId: number, key: string): string {
  return `/orders/${orderId}/evidence/${key.slice(key.lastIndexOf("/") + 1)}`;
}

interface CheckedFile {
  name: string;
  bytes: Uint8Array;
  extension: "jpg" | "png" | "webp" | "pdf";
  contentType: string;
}

/** The kind of a file from its first bytes: JPEG, PNG, WebP or PDF, or null. */
function sniffEvidence(bytes: Uint8Array): Pick<CheckedFile, "extension" | "contentType"> | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return { extension: "jpg", contentType: "image/jpeg" };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { extension: "png", contentType: "image/png" };
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return { extension: "webp", contentType: "image/webp" };
  }
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { extension: "pdf", contentType: "application/pdf" };
  return null;
}

/** The files as received, each checked: refuses the whole set (nothing stored) on the first that breaks a bound. */
function checkEvidenceFiles(files: readonly ReceivedFile[], maxFiles: number = MAX_DISPUTE_FILES): CheckedFile[] {
  if (files.length > maxFiles || files.some((file) => file.status === "over_limit")) {
    throw new DomainError("invalid", DISPUTE_MESSAGES.tooManyFiles, { field: "files" });
  }
  return files.map((file) => {
    if (file.status === "too_big") throw new DomainError("invalid", DISPUTE_MESSAGES.fileTooBig(file.name), { field: "files" });
    const kind = file.bytes && file.status === "kept" ? sniffEvidence(file.bytes) : null;
    if (!kind || !file.bytes) throw new DomainError("invalid", DISPUTE_MESSAGES.wrongType(file.name), { field: "files" });
    return { name: file.name.slice(0, 200), bytes: file.bytes, ...kind };
  });
}

async function storeEvidence(store: UploadStore, orderId: number, files: readonly CheckedFile[]) {
  const stored: Array<CheckedFile & { key: string }> = [];
  try {
    for (const file of files) {
      const key = `${orderEvidencePrefix(orderId)}${crypto.randomUUID()}.${file.extension}`;
      await store.put(key, file.bytes, { contentType: file.contentType, cacheControl: "private, no-store" });
      stored.push({ ...file, key });
    }
  } catch (error) {
    await Promise.all(stored.map((file) => store.delete(file.key)));
    throw error;
  }
  return stored;
}

export interface DisputeMessageRequest {
  orderId: number;
  actor: OrderActor;
  body: string;
  files?: readonly ReceivedFile[];
  now?: Date;
}

/** Adds a message (with its attachments) to an open dispute, from its buyer, its seller or a referee. */
export async function postDisputeMessage(
  db: Kysely<Database>,
  /** Where attachments go; null only for a message without files (the demo seed's). */
  store: UploadStore | null,
  request: DisputeMessageRequest,
): Promise<{ messageId: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const authority = await orderAuthority(db, request.actor);
  const order = await selectOrderForRules(db).where("o.id", "=", request.orderId).executeTakeFirst();
  if (!order || !canViewOrder(order, authority)) throw new DomainError("not_found", ORDER_MESSAGES.orderNotFound);
  const side: DisputeSide | null =
    order.buyer_id === request.actor.id
      ? "buyer"
      : order.seller_id === request.actor.id
        ? "seller"
        : authority.permissions.has("can_resolve_disputes")
          ? "referee"
          : null;
  if (!side) throw new DomainError("forbidden", DISPUTE_MESSAGES.notAParty);
  if (order.status !== "disputed") throw new DomainError("conflict", DISPUTE_MESSAGES.notDisputed);
  const body = request.body.trim();
  if (!body) throw new DomainError("invalid", DISPUTE_MESSAGES.bodyRequired, { field: "body" });
  if (body.length > MAX_DISPUTE_MESSAGE_CHARS) throw new DomainError("invalid", DISPUTE_MESSAGES.bodyTooLong, { field: "body" });
  const files = checkEvidenceFiles(request.files ?? []);
  if (files.length > 0 && !store) throw new Error("postDisputeMessage: attachments need an upload store");

  const stored = store ? await storeEvidence(store, order.id, files) : [];
  try {
    const { messageId, drafts } = await inWriteTransaction(db, async (trx) => {
      // Re-read in the transaction: a decision that landed meanwhile closes the thread.
      const current = await trx.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirst();
      if (current?.status !== "disputed") throw new DomainError("conflict", DISPUTE_MESSAGES.notDisputed);
      const inserted = await trx
        .insertInto("dispute_messages")
        .values({ order_id: order.id, author_id: request.actor.id, author_side: side, body, created_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const file of stored) {
        await trx
          .insertInto("dispute_attachments")
          .values({
            message_id: inserted.id,
            order_id: order.id,
            file_key: file.key,
            file_name: file.name,
            content_type: file.contentType,
            size_bytes: file.bytes.byteLength,
            created_at: stamp,
          })
          .execute();
      }
      // The other parties: the buyer, the seller, and any referee who has written in this dispute.
      const referees = await trx
        .selectFrom("dispute_messages")
        .select("author_id")
        .distinct()
        .where("order_id", "=", order.id)
        .where("author_side", "=", "referee")
        .execute();
      const recipients = [order.buyer_id, order.seller_id, ...referees.map((row) => row.author_id)].filter(
        (userId, index, all): userId is string => userId !== null && userId !== request.actor.id && all.indexOf(userId) === index,
      );
      const who = side === "buyer" ? "The buyer" : side === "seller" ? "The seller" : "The Tradebench referee";
      const attached = stored.length > 0 ? ` with ${stored.length} attachment${stored.length === 1 ? "" : "s"}` : "";
      const notes: NotificationDraft[] = recipients.map((userId) => ({
        userId,
        type: "dispute",
        title: `New message in the dispute on order ${order.reference}`,
        message: `${who} wrote${attached} about "${order.title}": ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`,
        actionUrl: `/orders/${order.id}#dispute-heading`,
      }));
      await insertNotifications(trx, notes, now);
      return { messageId: inserted.id, drafts: notes };
    });
    announceNotifications(drafts);
    return { messageId };
  } catch (error) {
    await Promise.all(stored.map((file) => store?.delete(file.key)));
    throw error;
  }
}

export interface DisputeThreadMessage {
  id: number;
  side: DisputeSide;
  authorName: string;
  body: string;
  createdAt: string;
  attachments: Array<{ name: string; url: string; contentType: string; sizeBytes: number }>;
}

export interface DisputeThread {
  /** The buyer's opening reason, as the first word of the buyer's side. */
  reason: string | null;
  openedAt: string | null;
  /** When the seller's answer is due; null when the order was never disputed. */
  answerDueAt: string | null;
  sellerAnswered: boolean;
  messages: DisputeThreadMessage[];
}

/** The dispute's thread for a viewer who may see the order (the caller checked it with getOrderForViewer). */
export async function disputeThread(db: Kysely<Database>, orderId: number): Promise<DisputeThread> {
  const order = await db.selectFrom("orders").select(["dispute_reason", "disputed_at"]).where("id", "=", orderId).executeTakeFirst();
  const rows = await db
    .selectFrom("dispute_messages as m")
    .leftJoin("profiles as p", "p.id", "m.author_id")
    .select(["m.id", "m.author_side", "m.body", "m.created_at", "p.first_name", "p.last_name", "p.company_name"])
    .where("m.order_id", "=", orderId)
    .orderBy("m.id")
    .execute();
  const files = await db
    .selectFrom("dispute_attachments")
    .select(["message_id", "file_key", "file_name", "content_type", "size_bytes"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const messages = rows.map((row) => ({
    id: row.id,
    side: (row.author_side === "seller" || row.author_side === "referee" ? row.author_side : "buyer") as DisputeSide,
    authorName: publicName({ firstName: row.first_name, lastName: row.last_name, companyName: row.company_name }, "Member"),
    body: row.body,
    createdAt: String(row.created_at),
    attachments: files
      .filter((file) => file.message_id === row.id)
      .map((file) => ({ name: file.file_name, url: orderEvidenceUrl(orderId, file.file_key), contentType: file.content_type, sizeBytes: file.size_bytes })),
  }));
  const disputedAt = order?.disputed_at ? String(order.disputed_at) : null;
  return {
    reason: order?.dispute_reason ?? null,
    openedAt: disputedAt,
    answerDueAt: disputedAt ? sellerAnswerDueAt(disputedAt) : null,
    sellerAnswered: messages.some((message) => message.side === "seller"),
    messages,
  };
}

/** The seller's (or buyer's) "Mark as delivered": the seller's needs one proof file, stored before the order moves. */
export async function markDelivered(
  db: Kysely<Database>,
  store: UploadStore,
  request: { orderId: number; actor: OrderActor; proof: readonly ReceivedFile[]; note?: string; now?: Date },
): Promise<void> {
  const files = checkEvidenceFiles(request.proof, 1);
  const stored = await storeEvidence(store, request.orderId, files);
  try {
    await transitionOrder(db, {
      orderId: request.orderId,
      actor: request.actor,
      action: "mark_delivered",
      note: request.note,
      deliveryProofKey: stored[0]?.key,
      now: request.now,
    });
  } catch (error) {
    await Promise.all(stored.map((file) => store.delete(file.key)));
    throw error;
  }
}

export interface CarrierDeliveryEvent {
  carrier: string;
  trackingNumber: string;
  deliveredAt: Date;
}

/**
 * A configured carrier's tracking integration reports a delivery: the shipped order with that carrier and tracking
 * number becomes delivered and the inspection period starts. Only carriers in `configuredCarriers` are believed (no
 * integration ships with Tradebench; an operator's adapter calls this). Idempotent: a replayed event changes nothing.
 */
export async function recordCarrierDelivery(
  db: Kysely<Database>,
  event: CarrierDeliveryEvent,
  configuredCarriers: ReadonlySet<string>,
): Promise<{ orderId: number | null; changed: boolean }> {
  const carrier = event.carrier.trim().toLowerCase();
  if (!configuredCarriers.has(carrier)) throw new DomainError("unavailable", DISPUTE_MESSAGES.carrierNotConfigured);
  const stamp = event.deliveredAt.toISOString();
  const result = await inWriteTransaction(db, async (trx) => {
    const order = await selectOrderForRules(trx)
      .select("o.carrier")
      .where("o.tracking_number", "=", event.trackingNumber.trim())
      .where("o.status", "in", ["shipped", "delivered", "completed", "disputed", "refunded", "released"])
      .executeTakeFirst();
    if (!order || (order.carrier ?? "").trim().toLowerCase() !== carrier) return { orderId: null, changed: false, drafts: [] };
    if (order.status !== "shipped") return { orderId: order.id, changed: false, drafts: [] };
    const claimed = await trx
      .updateTable("orders")
      .set((eb) => ({ status: "delivered", delivered_at: stamp, delivery_source: "carrier", version: eb("version", "+", 1), updated_at: stamp }))
      .where("id", "=", order.id)
      .where("status", "=", "shipped")
      .where("version", "=", order.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { orderId: order.id, changed: false, drafts: [] };
    await trx
      .insertInto("order_events")
      .values({ order_id: order.id, status: "delivered", actor_id: null, note: `Delivery reported by ${order.carrier} tracking`, created_at: stamp })
      .execute();
    const drafts: NotificationDraft[] = [order.buyer_id, order.seller_id].map((userId) => ({
      userId,
      type: "shipping",
      title: `Order ${order.reference} was delivered`,
      message: `${order.carrier} reports "${order.title}" delivered. The buyer has ${INSPECTION_PERIOD_DAYS} days to inspect it and confirm receipt or open a dispute.`,
      actionUrl: `/orders/${order.id}`,
    }));
    await insertNotifications(trx, drafts, event.deliveredAt);
    return { orderId: order.id, changed: true, drafts };
  });
  announceNotifications(result.drafts);
  return { orderId: result.orderId, changed: result.changed };
}

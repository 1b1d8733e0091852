// Reading orders: the buyer's purchases, the seller's sales, one order with its timeline, and the escrow desk.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { isOrderStatus, type EscrowAccount, type OrderAction, type OrderStatus } from "~/lib/orders.ts";
import { primaryThumbnail } from "../listings/index.server.ts";
import { inspectionEndsAt } from "./order-inspection.server.ts";
import { availableOrderActions, canViewOrder, orderAuthority, type OrderActor } from "./order-permissions.server.ts";
import { memberName, PARTY_NAME_COLUMNS, partyNames } from "../platform/index.server.ts";

const ORDERS_PAGE_SIZE = 20;

export interface OrderListItem {
  id: number;
  reference: string;
  listingId: number;
  title: string;
  imageUrl: string | null;
  status: OrderStatus;
  saleType: string;
  amountCents: number;
  feeCents: number;
  feeRateBp: number;
  currency: string;
  createdAt: string;
  /** The other party: the seller on a purchase, the buyer on a sale. */
  counterpartName: string;
  /** The other party's id, for the link to their profile (lists of one member's orders). */
  counterpartId?: string;
}

export interface OrderPage {
  items: OrderListItem[];
  total: number;
  page: number;
  totalPages: number;
}

type Side = "buyer" | "seller";

/** The order's columns every list of orders shows (with the listing's title). */
const ORDER_LIST_COLUMNS = [
  "o.id",
  "o.reference",
  "o.listing_id",
  "o.status",
  "o.sale_type",
  "o.amount_cents",
  "o.fee_cents",
  "o.fee_rate_bp",
  "o.currency",
  "o.created_at",
  "l.title",
] as const;

type ListColumns = {
  id: number;
  reference: string;
  listing_id: number;
  status: string;
  sale_type: string;
  amount_cents: number;
  fee_cents: number;
  fee_rate_bp: number;
  currency: string;
  created_at: string;
  title: string;
};

function listItemOf(row: ListColumns, imageUrl: string | null, counterpartName: string): OrderListItem {
  return {
    id: row.id,
    reference: row.reference,
    listingId: row.listing_id,
    title: row.title,
    imageUrl,
    status: isOrderStatus(row.status) ? row.status : "pending",
    saleType: row.sale_type,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    feeRateBp: row.fee_rate_bp,
    currency: row.currency,
    createdAt: row.created_at,
    counterpartName,
  };
}

/** Orders with their listing, buyer and seller joined. */
function ordersWithParties(db: Kysely<Database>) {
  return db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .innerJoin("profiles as buyer", "buyer.id", "o.buyer_id")
    .innerJoin("profiles as seller", "seller.id", "o.seller_id");
}

function selectOrderRows(db: Kysely<Database>, counterpart: Side) {
  return db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .innerJoin("profiles as p", "p.id", counterpart === "seller" ? "o.seller_id" : "o.buyer_id")
    .select((eb) => [
      ...ORDER_LIST_COLUMNS,
      "p.first_name",
      "p.last_name",
      "p.company_name",
      "p.id as counterpart_id",
      primaryThumbnail(eb.ref("o.listing_id")).as("image_url"),
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>["execute"]>>[number];

function toListItem(row: OrderRow): OrderListItem {
  return { ...listItemOf(row, row.image_url, memberName(row.first_name, row.last_name, row.company_name)), counterpartId: row.counterpart_id };
}

async function pageOfOrders(db: Kysely<Database>, side: Side, userId: string, page: number, pageSize: number): Promise<OrderPage> {
  const column = side === "buyer" ? "o.buyer_id" : "o.seller_id";
  const { total } = await db
    .selectFrom("orders as o")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(column, "=", userId)
    .executeTakeFirstOrThrow();
  const totalPages = Math.max(1, Math.ceil(Number(total) / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await selectOrderRows(db, side === "buyer" ? "seller" : "buyer")
    .where(column, "=", userId)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { items: rows.map(toListItem), total: Number(total), page: current, totalPages };
}

/** The buyer's purchases, newest first. */
export function listPurchases(db: Kysely<Database>, buyerId: string, page = 1, pageSize = ORDERS_PAGE_SIZE): Promise<OrderPage> {
  return pageOfOrders(db, "buyer", buyerId, page, pageSize);
}

/** The seller's sales, newest first. */
export function listSales(db: Kysely<Database>, sellerId: string, page = 1, pageSize = ORDERS_PAGE_SIZE): Promise<OrderPage> {
  return pageOfOrders(db, "seller", sellerId, page, pageSize);
}

export interface OrderTimelineEntry {
  id: number;
  status: OrderStatus;
  /** "Buyer", "Seller", "Tradebench" (staff) or "Automatic". */
  actor: string;
  note: string;
  createdAt: string;
}

export interface OrderDetail {
  id: number;
  reference: string;
  listingId: number;
  auctionId: number | null;
  title: string;
  imageUrl: string | null;
  status: OrderStatus;
  version: number;
  saleType: string;
  amountCents: number;
  feeCents: number;
  feeRateBp: number;
  currency: string;
  buyerId: string;
  sellerId: string;
  buyerName: string;
  sellerName: string;
  shipping: {
    name: string;
    company: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    country: string;
    phone: string;
  };
  carrier: string | null;
  trackingNumber: string | null;
  disputeReason: string | null;
  resolutionNote: string | null;
  createdAt: string;
  checkedOutAt: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  disputedAt: string | null;
  resolvedAt: string | null;
  cancelledAt: string | null;
  /** The payment as billing recorded it: amount received, the bank's value date. */
  paymentReceivedCents: number | null;
  paymentValueDate: string | null;
  refundedCents: number | null;
  /** A staff hold and its reason (the order desk). */
  heldAt: string | null;
  holdReason: string | null;
  timeline: OrderTimelineEntry[];
}

/** One order with its listing, parties and timeline (oldest first), or null. Access is the caller's check. */
export async function getOrderDetail(db: Kysely<Database>, orderId: number): Promise<OrderDetail | null> {
  const row = await ordersWithParties(db)
    .selectAll("o")
    .select((eb) => ["l.title", ...PARTY_NAME_COLUMNS, primaryThumbnail(eb.ref("o.listing_id")).as("image_url")])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  const events = await db
    .selectFrom("order_events")
    .select(["id", "status", "actor_id", "note", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const actorLabel = (actorId: string | null) =>
    actorId === null ? "Automatic" : actorId === row.buyer_id ? "Buyer" : actorId === row.seller_id ? "Seller" : "Tradebench";
  return {
    id: row.id,
    reference: row.reference,
    listingId: row.listing_id,
    auctionId: row.auction_id,
    title: row.title,
    imageUrl: row.image_url,
    status: isOrderStatus(row.status) ? row.status : "pending",
    version: row.version,
    saleType: row.sale_type,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    feeRateBp: row.fee_rate_bp,
    currency: row.currency,
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    buyerName: partyNames(row).buyer,
    sellerName: partyNames(row).seller,
    shipping: {
      name: row.shipping_name,
      company: row.shipping_company,
      address: row.shipping_address,
      city: row.shipping_city,
      state: row.shipping_state,
      zip: row.shipping_zip,
      country: row.shipping_country,
      phone: row.shipping_phone,
    },
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    disputeReason: row.dispute_reason,
    resolutionNote: row.resolution_note,
    createdAt: row.created_at,
    checkedOutAt: row.checked_out_at,
    paidAt: row.paid_at,
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
    completedAt: row.completed_at,
    disputedAt: row.disputed_at,
    resolvedAt: row.resolved_at,
    cancelledAt: row.cancelled_at,
    paymentReceivedCents: row.payment_received_cents,
    paymentValueDate: row.payment_value_date,
    refundedCents: row.refunded_cents,
    heldAt: row.held_at,
    holdReason: row.hold_reason,
    timeline: events.map((event) => ({
      id: event.id,
      status: isOrderStatus(event.status) ? event.status : "pending",
      actor: actorLabel(event.actor_id),
      note: event.note,
      createdAt: event.created_at,
    })),
  };
}

export interface EscrowDeskItem extends OrderListItem {
  buyerName: string;
  sellerName: string;
  /** When the order reached the state it waits in (ordered, or disputed). */
  since: string;
  disputeReason: string | null;
}

/** Orders waiting for staff, oldest first: payments to confirm and open disputes. Limited to `limit` each. */
export async function escrowDesk(
  db: Kysely<Database>,
  { payments, disputes, limit = 100 }: { payments: boolean; disputes: boolean; limit?: number },
): Promise<{ awaitingPayment: EscrowDeskItem[]; openDisputes: EscrowDeskItem[] }> {
  const query = (status: OrderStatus) =>
    ordersWithParties(db)
      .select([...ORDER_LIST_COLUMNS, "o.disputed_at", "o.dispute_reason", ...PARTY_NAME_COLUMNS])
      .where("o.status", "=", status)
      .orderBy(status === "disputed" ? "o.disputed_at" : "o.created_at")
      .orderBy("o.id")
      .limit(limit)
      .execute();
  const [pending, disputed] = await Promise.all([payments ? query("pending") : [], disputes ? query("disputed") : []]);
  const toItem = (row: Awaited<ReturnType<typeof query>>[number]): EscrowDeskItem => {
    const { buyer: buyerName, seller: sellerName } = partyNames(row);
    return {
      ...listItemOf(row, null, sellerName),
      buyerName,
      sellerName,
      since: row.disputed_at ?? row.created_at,
      disputeReason: row.dispute_reason,
    };
  };
  return { awaitingPayment: pending.map(toItem), openDisputes: disputed.map(toItem) };
}

export interface OrderView {
  order: OrderDetail;
  /** The transitions the viewer may make now. */
  actions: OrderAction[];
  viewerIs: "buyer" | "seller" | "staff";
  /** When the buyer's inspection period ends (after delivery). */
  inspectionEndsAt: string | null;
}

/** The order as `viewer` may see it, or null when it does not exist or is none of their business. */
export async function getOrderForViewer(db: Kysely<Database>, orderId: number, viewer: OrderActor, now: Date = new Date()): Promise<OrderView | null> {
  const order = await getOrderDetail(db, orderId);
  if (!order) return null;
  const rules = {
    id: order.id,
    reference: order.reference,
    status: order.status,
    version: order.version,
    buyer_id: order.buyerId,
    seller_id: order.sellerId,
    listing_id: order.listingId,
    auction_id: order.auctionId,
    amount_cents: order.amountCents,
    currency: order.currency,
    delivered_at: order.deliveredAt,
    created_at: order.createdAt,
    held_at: order.heldAt,
    title: order.title,
  };
  const authority = await orderAuthority(db, viewer);
  if (!canViewOrder(rules, authority)) return null;
  return {
    order,
    actions: availableOrderActions(rules, authority, now),
    viewerIs: viewer.id === order.buyerId ? "buyer" : viewer.id === order.sellerId ? "seller" : "staff",
    inspectionEndsAt: inspectionEndsAt(order.deliveredAt),
  };
}

type EscrowEnv = Pick<ReturnType<typeof getEnv>, "SEED_DEMO" | "ESCROW_ACCOUNT_NAME" | "ESCROW_BANK_NAME" | "ESCROW_ACCOUNT_NUMBER" | "ESCROW_SWIFT">;

/** The escrow account of this marketplace, or null until the operator configures all of ESCROW_* . */
function escrowAccount(env: EscrowEnv = getEnv()): EscrowAccount | null {
  const { ESCROW_ACCOUNT_NAME: accountName, ESCROW_BANK_NAME: bankName, ESCROW_ACCOUNT_NUMBER: accountNumber, ESCROW_SWIFT: swift } = env;
  return accountName && bankName && accountNumber && swift ? { accountName, bankName, accountNumber, swift } : null;
}

/**
 * The demo marketplace's bank details: plainly fictitious (a "DEMO" account number and BIC no bank holds), so the
 * demo's order flow can be walked from payment to completion (docs/decisions/0068).
 */
export const DEMO_ESCROW_ACCOUNT: EscrowAccount = {
  accountName: "Tradebench Demo Escrow (fictitious)",
  bankName: "Demo Bank — not a real bank",
  accountNumber: "DEMO 0000 0000 0000",
  swift: "DEMOXX00",
  demo: true,
};

/**
 * A demo account's address: the seed's accounts live at tradebench.test, a reserved name (RFC 2606) no real member
 * can have, so its presence says this database holds the demo marketplace (db/seed/demo-accounts.ts; a test keeps
 * the two in step).
 */
export const DEMO_MARKER_EMAIL = "buyer@tradebench.test";

const demoDatabases = new WeakMap<object, boolean>();

/**
 * The account buyers pay into: the operator's (ESCROW_*) when configured; otherwise, on the demo marketplace only
 * (SEED_DEMO on and the demo's accounts present), the fictitious demo account; otherwise null, and the pages ask
 * the buyer to contact support. A production database never holds the demo's accounts, so it never shows them.
 */
export async function paymentAccount(db: Kysely<Database>, env: EscrowEnv = getEnv()): Promise<EscrowAccount | null> {
  const configured = escrowAccount(env);
  if (configured) return configured;
  if (!env.SEED_DEMO) return null;
  let demo = demoDatabases.get(db);
  if (demo === undefined) {
    demo = Boolean(await db.selectFrom("users").select("id").where("email", "=", DEMO_MARKER_EMAIL).executeTakeFirst());
    // Only a yes is remembered: a database the demo is seeded into later still finds it.
    if (demo) demoDatabases.set(db, demo);
  }
  return demo ? DEMO_ESCROW_ACCOUNT : null;
}

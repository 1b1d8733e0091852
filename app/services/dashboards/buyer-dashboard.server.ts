// The buyer dashboard's own reads (docs/product/dashboards.md#buyer): the first watched listings with brand and model, the
// auctions the buyer bids on (leading or outbid), orders and offers waiting for the buyer, and their purchases by month
// and by category. Every query is for one member only. Recently viewed, saved searches and notifications come from
// their own services (listings, alerts, messaging); the reviews owed from the reviews service.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { primaryThumbnail } from "~/services/listings/index.server.ts";
import { lastMonths, SALE_ORDER_STATUSES, type MoneyTotal } from "./seller-dashboard.server.ts";

/** docs/product/dashboards.md#buyer display caps; notifications: 5 fetched, 3 shown. */
export const BUYER_DASHBOARD_CAPS = { watchlist: 3, recentlyViewed: 4, savedSearches: 3, notifications: 3, notificationsFetched: 5 } as const;
/** The most auctions "My active bids" follows (and the live connection subscribes to). */
const ACTIVE_BIDS_LIMIT = 20;
/** The most orders "Orders awaiting your action" lists. */
const ORDERS_AWAITING_LIMIT = 10;
/** Categories shown in the purchases chart (the rest are summed as "Other"). */
const PURCHASE_CATEGORIES_SHOWN = 6;

export interface DashboardWatchItem {
  listingId: number;
  title: string;
  brand: string;
  model: string;
  /** What a buyer would pay now: a live auction's current price (its starting price before any bid), else the price. */
  priceCents: number;
  currency: string;
  imageUrl: string | null;
  /** The live auction's bids, null when the listing has no live auction. */
  bidCount: number | null;
}

export async function getBuyerWatchlist(
  db: Kysely<Database>,
  userId: string,
  limit: number = BUYER_DASHBOARD_CAPS.watchlist,
): Promise<{ items: DashboardWatchItem[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("watchlist as w")
      .innerJoin("equipment_listings as l", "l.id", "w.listing_id")
      .leftJoin("auctions as a", (join) => join.onRef("a.listing_id", "=", "l.id").on("a.status", "in", LIVE_AUCTION_STATUSES))
      .select((eb) => [
        "l.id",
        "l.title",
        "l.brand",
        "l.model",
        "l.price_cents",
        "l.currency",
        "a.current_price_cents",
        "a.bid_count",
        primaryThumbnail(eb.ref("l.id")).as("image_url"),
      ])
      .where("w.user_id", "=", userId)
      .orderBy("w.created_at", "desc")
      .orderBy("w.id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("watchlist")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      listingId: row.id,
      title: row.title,
      brand: row.brand,
      model: row.model,
      priceCents: row.current_price_cents ?? row.price_cents,
      currency: row.currency,
      imageUrl: row.image_url,
      bidCount: row.bid_count ?? null,
    })),
  };
}

export interface ActiveBid {
  auctionId: number;
  listingId: number;
  title: string;
  currency: string;
  currentPriceCents: number;
  bidCount: number;
  endsAt: string;
  status: string;
  /** The buyer's highest bid on it. */
  myBidCents: number;
  leading: boolean;
  version: number;
}

/** Live (upcoming or active) auctions the buyer has bid on, ending soonest first, with whether they lead. */
export async function getActiveBids(db: Kysely<Database>, userId: string, limit = ACTIVE_BIDS_LIMIT): Promise<ActiveBid[]> {
  const rows = await db
    .selectFrom("bids as b")
    .innerJoin("auctions as a", "a.id", "b.auction_id")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .leftJoin("bids as lead", "lead.id", "a.leading_bid_id")
    .select((eb) => [
      "a.id as auction_id",
      "a.listing_id",
      "l.title",
      "a.currency",
      "a.current_price_cents",
      "a.bid_count",
      "a.end_date",
      "a.status",
      "a.version",
      "lead.user_id as leader_id",
      eb.fn.max("b.amount_cents").as("my_bid"),
    ])
    .where("b.user_id", "=", userId)
    .where("a.status", "in", LIVE_AUCTION_STATUSES)
    .groupBy(["a.id", "a.listing_id", "l.title", "a.currency", "a.current_price_cents", "a.bid_count", "a.end_date", "a.status", "a.version", "lead.user_id"])
    .orderBy("a.end_date", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    auctionId: row.auction_id,
    listingId: row.listing_id,
    title: row.title,
    currency: row.currency,
    currentPriceCents: Number(row.current_price_cents),
    bidCount: Number(row.bid_count),
    endsAt: row.end_date,
    status: row.status,
    myBidCents: Number(row.my_bid ?? 0),
    leading: row.leader_id === userId,
    version: Number(row.version),
  }));
}

export type BuyerOrderAction = "pay" | "confirm" | "review";

export interface OrderAwaiting {
  orderId: number;
  reference: string;
  title: string;
  action: BuyerOrderAction;
  href: string;
}

/** Orders waiting for the buyer: to pay (pending), to confirm receipt (shipped or delivered), to review. */
export async function getOrdersAwaitingBuyer(
  db: Kysely<Database>,
  userId: string,
  reviewsDue: ReadonlyArray<{ orderId: number; reference: string; title: string; role: string }>,
  limit = ORDERS_AWAITING_LIMIT,
): Promise<OrderAwaiting[]> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .select(["o.id", "o.reference", "o.status", "l.title"])
    .where("o.buyer_id", "=", userId)
    .where("o.status", "in", ["pending", "shipped", "delivered"])
    .orderBy("o.created_at", "asc")
    .limit(limit)
    .execute();
  const awaiting: OrderAwaiting[] = rows.map((row) => ({
    orderId: row.id,
    reference: row.reference,
    title: row.title,
    action: row.status === "pending" ? "pay" : "confirm",
    href: `/orders/${row.id}`,
  }));
  for (const due of reviewsDue) {
    if (awaiting.length >= limit) break;
    if (due.role === "buyer")
      awaiting.push({ orderId: due.orderId, reference: due.reference, title: due.title, action: "review", href: `/orders/${due.orderId}/review` });
  }
  return awaiting;
}

export interface BuyerOffers {
  /** Sellers' counter-offers still open for the buyer's answer. */
  awaitingYou: number;
  /** The buyer's own offers still open for the seller's answer. */
  awaitingSeller: number;
}

export async function getBuyerOffers(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<BuyerOffers> {
  const rows = await db
    .selectFrom("offers")
    .select(["made_by", (eb) => eb.fn.countAll<number>().as("n")])
    .where("buyer_id", "=", userId)
    .where("status", "=", "open")
    .where("expires_at", ">", now.toISOString())
    .groupBy("made_by")
    .execute();
  const count = (by: string) => Number(rows.find((row) => row.made_by === by)?.n ?? 0);
  return { awaitingYou: count("seller"), awaitingSeller: count("buyer") };
}

export interface BuyerPurchases {
  count: number;
  totals: MoneyTotal[];
  /** Purchases per month (count), the last 12 months. */
  byMonth: Array<{ month: string; purchases: number }>;
  /** Purchases per category (an item type counts under its subcategory, e.g. Test & Measurement), most first; the rest summed as "Other". */
  byCategory: Array<{ category: string; purchases: number }>;
}

/** What the buyer bought (orders paid or further along): totals, per month, per category. */
export async function getBuyerPurchases(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<BuyerPurchases> {
  const months = lastMonths(now, 12);
  const [totals, monthRows, categoryRows] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["currency", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.sum<number>("amount_cents").as("cents")])
      .where("buyer_id", "=", userId)
      .where("status", "in", SALE_ORDER_STATUSES)
      .groupBy("currency")
      .execute(),
    db
      .selectFrom("orders")
      .select([sql<string>`substr(paid_at, 1, 7)`.as("month"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("buyer_id", "=", userId)
      .where("status", "in", SALE_ORDER_STATUSES)
      .where("paid_at", ">=", `${months[0]!}-01`)
      .groupBy(sql`substr(paid_at, 1, 7)`)
      .execute(),
    db
      .selectFrom("orders as o")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .innerJoin("categories as c", "c.id", "l.category_id")
      .leftJoin("categories as parent", "parent.id", "c.parent_id")
      .select([sql<string>`case when c.level = 3 then coalesce(parent.name, c.name) else c.name end`.as("category"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("o.buyer_id", "=", userId)
      .where("o.status", "in", SALE_ORDER_STATUSES)
      .groupBy(sql`case when c.level = 3 then coalesce(parent.name, c.name) else c.name end`)
      .execute(),
  ]);
  const perMonth = new Map(monthRows.map((row) => [row.month, Number(row.n)]));
  const categories = categoryRows
    .map((row) => ({ category: row.category, purchases: Number(row.n) }))
    .sort((a, b) => b.purchases - a.purchases || a.category.localeCompare(b.category));
  const shown = categories.slice(0, PURCHASE_CATEGORIES_SHOWN);
  const rest = categories.slice(PURCHASE_CATEGORIES_SHOWN).reduce((sum, row) => sum + row.purchases, 0);
  return {
    count: totals.reduce((sum, row) => sum + Number(row.n), 0),
    totals: totals.map((row) => ({ currency: row.currency, cents: Number(row.cents ?? 0) })).sort((a, b) => b.cents - a.cents),
    byMonth: months.map((month) => ({ month, purchases: perMonth.get(month) ?? 0 })),
    byCategory: rest > 0 ? [...shown, { category: "Other", purchases: rest }] : shown,
  };
}

// The seller dashboard's figures (docs/product/dashboards.md#seller): every number read from the database for one seller only.
// Views come from the per-day counts that recordListingView keeps beside listing_views (migration 2026-12-03T1300,
// docs/decisions/0048-dashboard-view-counts.md), so a seller with 10,000 listings and a million views reads a few dozen rows.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { primaryThumbnail, sellerListingFields, platformFeesOwed } from "~/services/listings/index.server.ts";
import { SOLD_ORDER_STATUSES } from "~/lib/admin-dashboard.ts";
import { LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";
import type { OrderStatus } from "~/lib/orders.ts";

/** Orders that count as sales: the marketplace's one definition (app/lib/admin-dashboard.ts), used by every figure. */
export const SALE_ORDER_STATUSES: readonly OrderStatus[] = SOLD_ORDER_STATUSES;

/** docs/product/dashboards.md#seller display caps. */
export const SELLER_DASHBOARD_CAPS = { listings: 5, topPerforming: 3 } as const;
/** The Performance Overview's ranges. */
const PERFORMANCE_DAYS = 30;
const PERFORMANCE_MONTHS = 12;

export interface MoneyTotal {
  currency: string;
  cents: number;
}

export interface SellerStats {
  totalListings: number;
  countsByStatus: Record<ListingStatus, number>;
  activeListings: number;
  /** Sales (orders paid or further), their count and their amounts per currency. */
  salesCount: number;
  totalSales: MoneyTotal[];
  viewsThisMonth: number;
}

/** The first day (YYYY-MM-DD, UTC) of now's month. */
function monthStart(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function getSellerStats(db: Kysely<Database>, sellerId: string, now: Date = new Date()): Promise<SellerStats> {
  const [statusRows, salesRows, viewsRow] = await Promise.all([
    db
      .selectFrom("equipment_listings")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "=", sellerId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("orders")
      .select(["currency", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.sum<number>("amount_cents").as("cents")])
      .where("seller_id", "=", sellerId)
      .where("status", "in", SALE_ORDER_STATUSES)
      .groupBy("currency")
      .execute(),
    db
      .selectFrom("seller_view_days")
      .select((eb) => eb.fn.sum<number>("views").as("views"))
      .where("seller_id", "=", sellerId)
      .where("day", ">=", monthStart(now))
      .executeTakeFirst(),
  ]);
  const countsByStatus = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as Record<ListingStatus, number>;
  let totalListings = 0;
  for (const row of statusRows) {
    const n = Number(row.n);
    totalListings += n;
    if ((LISTING_STATUSES as readonly string[]).includes(row.status)) countsByStatus[row.status as ListingStatus] += n;
  }
  return {
    totalListings,
    countsByStatus,
    activeListings: countsByStatus.active,
    salesCount: salesRows.reduce((sum, row) => sum + Number(row.n), 0),
    totalSales: salesRows.map((row) => ({ currency: row.currency, cents: Number(row.cents ?? 0) })).sort((a, b) => b.cents - a.cents),
    viewsThisMonth: Number(viewsRow?.views ?? 0),
  };
}

export interface SellerListingRow {
  id: number;
  title: string;
  brand: string;
  model: string;
  priceCents: number;
  currency: string;
  status: string;
  views: number;
  createdAt: string;
  imageUrl: string | null;
  watchers: number;
  /** Sales of this listing (orders paid or further). */
  sales: number;
  /** Sales ÷ views, 0..1; null before the first view. */
  conversion: number | null;
}

type ListingOrder = "created" | "views";

/** The seller's listings, newest first ("Your Listings") or by views ("Top Performing"), with watchers and conversion. */
export async function getSellerListingRows(db: Kysely<Database>, sellerId: string, order: ListingOrder, limit: number): Promise<SellerListingRow[]> {
  let query = db
    .selectFrom("equipment_listings as l")
    .select((eb) => [
      "l.id",
      "l.title",
      "l.brand",
      "l.model",
      "l.price_cents",
      "l.currency",
      "l.status",
      "l.views",
      "l.created_at",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
    ])
    .where("l.user_id", "=", sellerId);
  query = order === "created" ? query.orderBy("l.created_at", "desc").orderBy("l.id", "desc") : query.orderBy("l.views", "desc").orderBy("l.id", "desc");
  const rows = await query.limit(limit).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [watcherRows, saleRows] = await Promise.all([
    db
      .selectFrom("watchlist")
      .select(["listing_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("listing_id", "in", ids)
      .where("user_id", "!=", sellerId)
      .groupBy("listing_id")
      .execute(),
    db
      .selectFrom("orders")
      .select(["listing_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("seller_id", "=", sellerId)
      .where("listing_id", "in", ids)
      .where("status", "in", SALE_ORDER_STATUSES)
      .groupBy("listing_id")
      .execute(),
  ]);
  const watchers = new Map(watcherRows.map((row) => [row.listing_id, Number(row.n)]));
  const sales = new Map(saleRows.map((row) => [row.listing_id, Number(row.n)]));
  return rows.map((row) => {
    const views = Number(row.views);
    const sold = sales.get(row.id) ?? 0;
    return {
      ...sellerListingFields(row),
      watchers: watchers.get(row.id) ?? 0,
      sales: sold,
      conversion: views > 0 ? sold / views : null,
    };
  });
}

export interface DayPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
}

export interface MonthPoint {
  /** YYYY-MM (UTC). */
  month: string;
  sales: number;
  /** Amount of the month's sales in the seller's main currency (the one with most sales overall). */
  cents: number;
}

export interface SellerPerformance {
  viewsByDay: DayPoint[];
  salesByMonth: MonthPoint[];
  currency: string;
}

/** The last `days` UTC days, oldest first, ending today. */
function lastDays(now: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(dayKey(new Date(now.getTime() - i * 86_400_000)));
  return out;
}

/** The last `months` UTC months (YYYY-MM), oldest first, ending this month. */
export function lastMonths(now: Date, months: number): string[] {
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(date.toISOString().slice(0, 7));
  }
  return out;
}

/** Views per day (30 days) and sales per month (12 months), zeros filled in. */
export async function getSellerPerformance(db: Kysely<Database>, sellerId: string, now: Date = new Date()): Promise<SellerPerformance> {
  const days = lastDays(now, PERFORMANCE_DAYS);
  const months = lastMonths(now, PERFORMANCE_MONTHS);
  const [viewRows, saleRows] = await Promise.all([
    db.selectFrom("seller_view_days").select(["day", "views"]).where("seller_id", "=", sellerId).where("day", ">=", days[0]!).execute(),
    db
      .selectFrom("orders")
      .select([
        sql<string>`substr(paid_at, 1, 7)`.as("month"),
        "currency",
        (eb) => eb.fn.countAll<number>().as("n"),
        (eb) => eb.fn.sum<number>("amount_cents").as("cents"),
      ])
      .where("seller_id", "=", sellerId)
      .where("status", "in", SALE_ORDER_STATUSES)
      .where("paid_at", ">=", `${months[0]!}-01`)
      .groupBy([sql`substr(paid_at, 1, 7)`, "currency"])
      .execute(),
  ]);
  const views = new Map(viewRows.map((row) => [row.day, Number(row.views)]));
  const centsByCurrency = new Map<string, number>();
  for (const row of saleRows) centsByCurrency.set(row.currency, (centsByCurrency.get(row.currency) ?? 0) + Number(row.cents ?? 0));
  const currency = [...centsByCurrency.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
  return {
    viewsByDay: days.map((day) => ({ day, views: views.get(day) ?? 0 })),
    salesByMonth: months.map((month) => {
      const inMonth = saleRows.filter((row) => row.month === month);
      return {
        month,
        sales: inMonth.reduce((sum, row) => sum + Number(row.n), 0),
        cents: inMonth.filter((row) => row.currency === currency).reduce((sum, row) => sum + Number(row.cents ?? 0), 0),
      };
    }),
    currency,
  };
}

export interface SellerTasks {
  /** Buyers' offers (and counters) on the seller's listings still open and waiting for the seller. */
  offersAwaitingAnswer: number;
  /** Paid orders the seller has not shipped yet. */
  ordersToShip: number;
  /** Success fees of the sales paid this month (the fee schedule's rate, less any exemption, as charged on each order). */
  feesThisMonth: MoneyTotal[];
  /** Platform fees owed for featured listings, per currency. */
  platformFeesOwed: MoneyTotal[];
}

export async function getSellerTasks(db: Kysely<Database>, sellerId: string, now: Date = new Date()): Promise<SellerTasks> {
  const [offers, toShip, fees, owed] = await Promise.all([
    db
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seller_id", "=", sellerId)
      .where("made_by", "=", "buyer")
      .where("status", "=", "open")
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seller_id", "=", sellerId)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select(["currency", (eb) => eb.fn.sum<number>("fee_cents").as("cents")])
      .where("seller_id", "=", sellerId)
      .where("status", "in", SALE_ORDER_STATUSES)
      .where("paid_at", ">=", monthStart(now))
      .groupBy("currency")
      .execute(),
    platformFeesOwed(db, sellerId),
  ]);
  return {
    platformFeesOwed: owed,
    offersAwaitingAnswer: Number(offers.n),
    ordersToShip: Number(toShip.n),
    feesThisMonth: fees.map((row) => ({ currency: row.currency, cents: Number(row.cents ?? 0) })).filter((row) => row.cents > 0),
  };
}

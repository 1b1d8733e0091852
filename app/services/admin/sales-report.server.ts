// /admin/sales and /admin/reports: orders with amounts, fees and parties, paged and filtered by status,
// totals by month, and a bounded CSV export; the marketplace's figures by month (GMV, fees, orders, new members,
// listings, views and the view-to-sale conversion) with its CSV. All reads go through indexes or the maintained counts
// (migrations/2026-12-03T1000-admin-dashboard-counts.ts); the CSV is produced in pages, never all at once.
import { csvCell } from "~/lib/csv.ts";
import { minorDigits, minorUnitsPerUnit } from "~/lib/money.ts";
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  REPORT_DEFAULT_MONTHS,
  REPORT_MAX_MONTHS,
  SALES_CSV_MAX_ROWS,
  SALES_LIST_STATUSES,
  SALES_MAX_PAGE,
  SALES_PAGE_SIZE,
  SOLD_ORDER_STATUSES,
  monthsEndingAt,
  type MoneyTotals,
  type SaleRow,
} from "~/lib/admin-dashboard.ts";
import { moneyTotals, newestOrders, salesByMonth, tableExists, type SalesMonth } from "./dashboard.server.ts";

/** all: pending and sold; sold: the orders that count as sales; or one status. */
export type SalesFilter = "all" | "sold" | (typeof SALES_LIST_STATUSES)[number];

function statusesOf(filter: SalesFilter): readonly string[] {
  if (filter === "all") return SALES_LIST_STATUSES;
  if (filter === "sold") return SOLD_ORDER_STATUSES;
  return [filter];
}

export interface SalesPage {
  sales: SaleRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** By month, the last 12 months, for the statuses shown. */
  months: SalesMonth[];
  /** amountCents and feeCents: converted to the reference currency (`money.converted`); `money.byCurrency` as paid. */
  totals: { orders: number; amountCents: number; feeCents: number; money: MoneyTotals };
}

export async function listSalesForAdmin(
  db: Kysely<Database>,
  { filter = "all", page = 1, now = new Date() }: { filter?: SalesFilter; page?: number; now?: Date } = {},
): Promise<SalesPage> {
  const statuses = statusesOf(filter);
  const wanted = Math.min(SALES_MAX_PAGE, Math.max(1, Math.trunc(page) || 1));
  const counted = await db
    .selectFrom("order_totals_by_month")
    .where("status", "in", statuses)
    .select((eb) => eb.fn.sum<number | string>("orders").as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n ?? 0);
  const pageCount = Math.max(1, Math.min(SALES_MAX_PAGE, Math.ceil(total / SALES_PAGE_SIZE)));
  const current = Math.min(wanted, pageCount);
  const [rows, months, money] = await Promise.all([
    newestOrders(db, statuses, { limit: SALES_PAGE_SIZE, offset: (current - 1) * SALES_PAGE_SIZE, walkByDate: filter === "all" || filter === "sold" }),
    salesByMonth(db, monthsEndingAt(now, 12)[0] ?? "", statuses),
    moneyTotals(db, statuses),
  ]);
  const byMonth = new Map(months.map((month) => [month.month, month]));
  return {
    sales: rows,
    total,
    page: current,
    pageCount,
    pageSize: SALES_PAGE_SIZE,
    months: monthsEndingAt(now, 12).map(
      (month) => byMonth.get(month) ?? { month, orders: 0, amountCents: 0, feeCents: 0, currency: money.converted.currency, byCurrency: [] },
    ),
    totals: { orders: total, amountCents: money.converted.amountCents, feeCents: money.converted.feeCents, money },
  };
}

/** Minor units as a decimal with the currency's own digits: 1234.50 in USD, 1500 in JPY (reference totals: USD's). */
const cents = (value: number, currency: string = "USD") => (value / minorUnitsPerUnit(currency)).toFixed(minorDigits(currency));

/**
 * The sales CSV, newest first, in pages of 500 read one after the other (keyset on created_at and id), at most
 * SALES_CSV_MAX_ROWS rows; a last line says when the export was cut.
 */
export async function* salesCsv(db: Kysely<Database>, filter: SalesFilter = "all"): AsyncGenerator<string> {
  const statuses = statusesOf(filter);
  yield "order_id,created_at,status,listing_id,title,amount,fee,currency,buyer_id,buyer,seller_id,seller\r\n";
  let after: { createdAt: string; id: number } | null = null;
  let written = 0;
  while (written < SALES_CSV_MAX_ROWS) {
    const limit = Math.min(500, SALES_CSV_MAX_ROWS - written);
    const rows = await newestOrders(db, statuses, { limit: limit + 1, before: after ?? undefined, walkByDate: filter === "all" || filter === "sold" });
    const page = rows.slice(0, limit);
    if (page.length === 0) return;
    yield (
      page
        .map((sale) =>
          [
            sale.id,
            sale.createdAt,
            sale.status,
            sale.listingId,
            sale.title,
            cents(sale.amountCents, sale.currency),
            cents(sale.feeCents, sale.currency),
            sale.currency,
            sale.buyer.id,
            sale.buyer.name,
            sale.seller.id,
            sale.seller.name,
          ]
            .map(csvCell)
            .join(","),
        )
        .join("\r\n") + "\r\n"
    );
    written += page.length;
    const last = page[page.length - 1];
    if (!last || rows.length <= limit) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
  yield `# cut at ${SALES_CSV_MAX_ROWS} orders: filter by status for the rest\r\n`;
}

export interface ReportMonth {
  month: string;
  gmvCents: number;
  /** Success fees of the month's sales plus bulk-import fees invoiced that month. */
  feeCents: number;
  orders: number;
  newUsers: number;
  listings: number;
  views: number;
  /** Sales per 100 listing views (null when there were no views). */
  conversionPercent: number | null;
}

function clampReportMonths(value: unknown): number {
  const number = Math.trunc(Number(value));
  if (!Number.isFinite(number) || number < 1) return REPORT_DEFAULT_MONTHS;
  return Math.min(REPORT_MAX_MONTHS, number);
}

/** The marketplace's figures for each of the `months` months ending with `now`'s, oldest first. */
export async function marketplaceReport(
  db: Kysely<Database>,
  { months = REPORT_DEFAULT_MONTHS, now = new Date() }: { months?: number; now?: Date } = {},
): Promise<ReportMonth[]> {
  const range = monthsEndingAt(now, clampReportMonths(months));
  const first = range[0] ?? "";
  const viewMonth = sql<string>`substr(viewed_at, 1, 7)`;
  const chargeMonth = sql<string>`substr(created_at, 1, 7)`;
  const [sales, users, listings, views, importFees] = await Promise.all([
    salesByMonth(db, first),
    db.selectFrom("profile_counts_by_month").select(["month", "profiles"]).where("month", ">=", first).execute(),
    db
      .selectFrom("listing_counts_by_month")
      .select((eb) => ["month", eb.fn.sum<number | string>("listings").as("listings")])
      .where("month", ">=", first)
      .groupBy("month")
      .execute(),
    db
      .selectFrom("listing_views")
      .where("viewed_at", ">=", first)
      .select((eb) => [viewMonth.as("month"), eb.fn.countAll<number | string>().as("views")])
      .groupBy(viewMonth)
      .execute(),
    (async () => {
      if (!(await tableExists(db, "bulk_import_charges"))) return [];
      return db
        .selectFrom("bulk_import_charges")
        .where("created_at", ">=", first)
        .where("status", "=", "invoiced")
        .select((eb) => [chargeMonth.as("month"), eb.fn.sum<number | string>("total_cents").as("fees")])
        .groupBy(chargeMonth)
        .execute();
    })(),
  ]);
  const salesBy = new Map(sales.map((row) => [row.month, row]));
  const usersBy = new Map(users.map((row) => [row.month, Number(row.profiles)]));
  const listingsBy = new Map(listings.map((row) => [row.month, Number(row.listings)]));
  const viewsBy = new Map(views.map((row) => [row.month, Number(row.views)]));
  const importFeesBy = new Map(importFees.map((row) => [row.month, Number(row.fees ?? 0)]));
  return range.map((month) => {
    const sold = salesBy.get(month);
    const orders = sold?.orders ?? 0;
    const monthViews = viewsBy.get(month) ?? 0;
    return {
      month,
      gmvCents: sold?.amountCents ?? 0,
      feeCents: (sold?.feeCents ?? 0) + (importFeesBy.get(month) ?? 0),
      orders,
      newUsers: usersBy.get(month) ?? 0,
      listings: listingsBy.get(month) ?? 0,
      views: monthViews,
      conversionPercent: monthViews > 0 ? Math.round((orders / monthViews) * 10_000) / 100 : null,
    };
  });
}

export function reportCsv(rows: readonly ReportMonth[]): string {
  const lines = ["month,gmv,fees,orders,new_users,listings,views,conversion_percent"];
  for (const row of rows) {
    lines.push(
      [row.month, cents(row.gmvCents), cents(row.feeCents), row.orders, row.newUsers, row.listings, row.views, row.conversionPercent ?? ""]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

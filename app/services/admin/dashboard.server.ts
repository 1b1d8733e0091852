// The admin dashboard's data (docs/product/admin.md#dashboard Admin stats, Analytics: Admin): the four figures,
// recent sales, flagged listings, category distribution, recent users, growth by month and the system status. Each
// section loads and fails on its own (a failed one carries its message, the others still show), and only the sections
// the viewer's permissions open are read. Nothing here scans the listings: counts come from the tables the triggers of
// migrations/2026-12-03T1000-admin-dashboard-counts.ts and …-admin-order-totals.ts keep; recent sales walk the orders'
// created_at index.
import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf, withoutIndex } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { currentReferenceFactors, toReferenceAmount } from "../pricing/index.server.ts";
import {
  DASHBOARD_FLAGGED_LISTINGS,
  DASHBOARD_MESSAGES,
  DASHBOARD_RECENT_SALES,
  DASHBOARD_RECENT_USERS,
  FLAGGED_LISTINGS_READERS,
  GROWTH_MONTHS,
  RECENT_USERS_READERS,
  SALES_READERS,
  SOLD_ORDER_STATUSES,
  SYSTEM_STATUS_READERS,
  monthsEndingAt,
  type AdminDashboardData,
  type CategoryShare,
  type CurrencyTotal,
  type MoneyTotals,
  type DashboardStats,
  type FlaggedListing,
  type GrowthMonth,
  type RecentUser,
  type SaleRow,
  type QuickAction,
  type Section,
} from "~/lib/admin-dashboard.ts";
import type { Permission } from "~/lib/permissions.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { initials, publicName } from "~/lib/user.ts";
import { listFlaggedListings } from "./listing-reports.server.ts";
import { latestSystemStatus } from "./system-status.server.ts";

/** Runs one section, turning its failure into its own message (logged, never thrown to the page). */
async function section<T>(load: () => Promise<T>, message: string): Promise<Section<T>> {
  try {
    return { state: "ok", data: await load() };
  } catch (error) {
    console.error(`Admin dashboard: ${message}`, error);
    return { state: "error", message };
  }
}

const holdsAny = (held: ReadonlySet<Permission>, wanted: readonly Permission[]) => wanted.some((one) => held.has(one));

/** The pages a quick action may lead to, with who may open them; only routes that exist are offered. */
const QUICK_ACTIONS: ReadonlyArray<QuickAction & { readers: readonly Permission[] }> = [
  { to: "/admin/users", label: "Manage users", readers: RECENT_USERS_READERS },
  { to: "/admin/sales", label: "Review sales", readers: SALES_READERS },
  { to: "/admin/reports", label: "Marketplace reports", readers: ["can_view_reports"] },
  { to: "/admin/system-status", label: "System status", readers: SYSTEM_STATUS_READERS },
];

/**
 * Everything the dashboard shows to a viewer holding `held`. `extraQuickActions`: pages other parts of the console
 * add (listings, categories, flagged listings) once they exist, with their readers.
 */
export async function loadAdminDashboard(
  db: Kysely<Database>,
  held: ReadonlySet<Permission>,
  { now = new Date(), extraQuickActions = [] }: { now?: Date; extraQuickActions?: ReadonlyArray<QuickAction & { readers: readonly Permission[] }> } = {},
): Promise<AdminDashboardData> {
  const sales = holdsAny(held, SALES_READERS);
  const [stats, recentSales, categories, growth, recentUsers, flaggedListings, systemStatus] = await Promise.all([
    sales ? section(() => dashboardStats(db), DASHBOARD_MESSAGES.statsFailed) : null,
    sales ? section(() => recentSalesOf(db, DASHBOARD_RECENT_SALES), DASHBOARD_MESSAGES.salesFailed) : null,
    sales ? section(() => categoryDistribution(db), DASHBOARD_MESSAGES.categoriesFailed) : null,
    sales ? section(() => growthByMonth(db, now, GROWTH_MONTHS), DASHBOARD_MESSAGES.growthFailed) : null,
    holdsAny(held, RECENT_USERS_READERS) ? section(() => recentUsersOf(db, DASHBOARD_RECENT_USERS), DASHBOARD_MESSAGES.usersFailed) : null,
    holdsAny(held, FLAGGED_LISTINGS_READERS) ? section(() => flaggedListingsOf(db, DASHBOARD_FLAGGED_LISTINGS), DASHBOARD_MESSAGES.flaggedFailed) : null,
    holdsAny(held, SYSTEM_STATUS_READERS) ? section(() => latestSystemStatus(db), DASHBOARD_MESSAGES.statusFailed) : null,
  ]);
  const quickActions = [...QUICK_ACTIONS, ...extraQuickActions].filter((action) => holdsAny(held, action.readers)).map(({ to, label }) => ({ to, label }));
  return { stats, recentSales, flaggedListings, categories, recentUsers, growth, systemStatus, quickActions };
}

/** docs/product/admin.md#dashboard Admin stats: totalListings, totalUsers, totalSales, aiListingsProcessed (and the pending fraud reports). */
export async function dashboardStats(db: Kysely<Database>): Promise<DashboardStats> {
  const [listings, users, salesTotal, ai, fraud] = await Promise.all([
    db
      .selectFrom("listing_counts_by_month")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("listings"), sql<number>`0`).as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("profile_counts_by_month")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("profiles"), sql<number>`0`).as("n"))
      .executeTakeFirstOrThrow(),
    moneyTotals(db, SOLD_ORDER_STATUSES),
    // Written by a language model: the built-in generator's drafts (no model, or the model failed) are not AI listings.
    db
      .selectFrom("ai_generations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("outcome", "=", "ai")
      .executeTakeFirstOrThrow(),
    pendingFraudReports(db),
  ]);
  return {
    totalListings: Number(listings.n),
    totalUsers: Number(users.n),
    totalSalesCents: salesTotal.converted.amountCents,
    salesTotals: salesTotal,
    aiListingsProcessed: Number(ai.n),
    pendingFraudReports: fraud,
  };
}

/** Pending fraud reports (docs/product/admin.md#moderation), or null where the fraud-report table does not exist yet. */
async function pendingFraudReports(db: Kysely<Database>): Promise<number | null> {
  if (!(await tableExists(db, "fraud_reports"))) return null;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from fraud_reports where status = 'pending'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const knownTables = new Map<string, boolean>();
export async function tableExists(db: Kysely<Database>, table: string): Promise<boolean> {
  const key = `${engineOf(db)}:${table}`;
  const known = knownTables.get(key);
  if (known) return true;
  const query =
    engineOf(db) === "sqlite"
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`
      : sql<{ n: number | string }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`;
  const { rows } = await query.execute(db);
  const exists = Number(rows[0]?.n ?? 0) > 0;
  // Only a table that exists is remembered: one created later (a migration at the next start) is found then.
  if (exists) knownTables.set(key, true);
  return exists;
}

/** The newest orders that count as sales, with the listing and both parties (docs/product/admin.md#dashboard Recent Sales). */
export async function recentSalesOf(db: Kysely<Database>, limit: number): Promise<SaleRow[]> {
  return newestOrders(db, SOLD_ORDER_STATUSES, { limit });
}

/**
 * Orders of `statuses`, newest first, with their listing and parties: the page's ids are read from the orders alone,
 * then their rows are joined, so the planner never starts from the members or listings. `walkByDate` (for status sets
 * that hold most orders) walks the created_at index and skips the others rather than fetching by status and sorting.
 * `before`: the keyset of the last row of the previous page (created_at, id).
 */
export async function newestOrders(
  db: Kysely<Database>,
  statuses: readonly string[],
  { limit, offset = 0, before, walkByDate = true }: { limit: number; offset?: number; before?: { createdAt: string; id: number }; walkByDate?: boolean },
): Promise<SaleRow[]> {
  let query = db
    .selectFrom("orders")
    .select("id")
    .where(walkByDate ? (withoutIndex(db, "status") as RawBuilder<string>) : sql.ref<string>("status"), "in", statuses);
  if (before) {
    const { createdAt, id } = before;
    query = query.where((eb) => eb.or([eb("created_at", "<", createdAt), eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)])]));
  }
  const ids = (await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute()).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await saleRowsQuery(db).where("o.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), toSaleRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Orders with their listing's title and both parties' names, for the dashboard, /admin/sales and its CSV. */
function saleRowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("orders as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .innerJoin("profiles as b", "b.id", "o.buyer_id")
    .innerJoin("profiles as s", "s.id", "o.seller_id")
    .select([
      "o.id",
      "o.listing_id",
      "l.title",
      "o.amount_cents",
      "o.fee_cents",
      "o.currency",
      "o.status",
      "o.created_at",
      "o.buyer_id",
      "b.first_name as buyer_first",
      "b.last_name as buyer_last",
      "b.company_name as buyer_company",
      "o.seller_id",
      "s.first_name as seller_first",
      "s.last_name as seller_last",
      "s.company_name as seller_company",
    ]);
}

type SaleQueryRow = Awaited<ReturnType<ReturnType<typeof saleRowsQuery>["executeTakeFirstOrThrow"]>>;

function toSaleRow(row: SaleQueryRow): SaleRow {
  return {
    id: Number(row.id),
    listingId: Number(row.listing_id),
    title: row.title,
    amountCents: Number(row.amount_cents),
    feeCents: Number(row.fee_cents),
    currency: row.currency,
    status: row.status,
    // docs/product/admin.md#dashboard: buyer and seller by company name, else first plus last name.
    buyer: { id: row.buyer_id, name: publicName({ firstName: row.buyer_first, lastName: row.buyer_last, companyName: row.buyer_company }) },
    seller: { id: row.seller_id, name: publicName({ firstName: row.seller_first, lastName: row.seller_last, companyName: row.seller_company }) },
    createdAt: row.created_at,
  };
}

/** Live listings by main category (the taxonomy's first level), largest first; categories with none left out. */
export async function categoryDistribution(db: Kysely<Database>): Promise<CategoryShare[]> {
  const [counts, categories] = await Promise.all([
    db.selectFrom("listing_counts_by_category").select(["category_id", "listings"]).where("status", "=", "active").where("listings", ">", 0).execute(),
    db.selectFrom("categories").select(["id", "name", "parent_id"]).execute(),
  ]);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const rootOf = (id: string): string => {
    let current = byId.get(id);
    for (let depth = 0; current?.parent_id && depth < 5; depth += 1) current = byId.get(current.parent_id) ?? current;
    return current?.id ?? id;
  };
  const totals = new Map<string, number>();
  for (const row of counts) {
    const root = rootOf(row.category_id);
    totals.set(root, (totals.get(root) ?? 0) + Number(row.listings));
  }
  return [...totals.entries()]
    .map(([categoryId, listings]) => ({ categoryId, name: byId.get(categoryId)?.name ?? categoryId, listings }))
    .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name));
}

/** Members who joined, sales made and listings created in each of the `months` months ending with `now`'s. */
export async function growthByMonth(db: Kysely<Database>, now: Date, months: number): Promise<GrowthMonth[]> {
  const range = monthsEndingAt(now, months);
  const first = range[0] ?? "";
  const [users, listings, sales] = await Promise.all([
    db.selectFrom("profile_counts_by_month").select(["month", "profiles"]).where("month", ">=", first).execute(),
    db
      .selectFrom("listing_counts_by_month")
      .select((eb) => ["month", eb.fn.sum<number | string>("listings").as("listings")])
      .where("month", ">=", first)
      .groupBy("month")
      .execute(),
    salesByMonth(db, first),
  ]);
  const usersBy = new Map(users.map((row) => [row.month, Number(row.profiles)]));
  const listingsBy = new Map(listings.map((row) => [row.month, Number(row.listings)]));
  const salesBy = new Map(sales.map((row) => [row.month, row.orders]));
  return range.map((month) => ({ month, users: usersBy.get(month) ?? 0, sales: salesBy.get(month) ?? 0, listings: listingsBy.get(month) ?? 0 }));
}

export interface SalesMonth {
  month: string;
  orders: number;
  /** Minor units of the reference currency (`currency`): each currency's sum converted through the exchange rates. */
  amountCents: number;
  feeCents: number;
  /** The reference currency the amounts are converted to. */
  currency: string;
  /** The month's sums in each currency as paid. */
  byCurrency: CurrencyTotal[];
}

/** Per currency, the sums of orders of `statuses` (from `fromMonth` on when given), from the maintained totals. */
async function totalsByCurrency(db: Kysely<Database>, statuses: readonly string[], fromMonth?: string) {
  const rows = await db
    .selectFrom("order_totals_by_currency")
    .where("status", "in", statuses)
    .$if(fromMonth !== undefined, (qb) => qb.where("month", ">=", fromMonth ?? ""))
    .select((eb) => [
      "month",
      "currency",
      eb.fn.sum<number | string>("orders").as("orders"),
      eb.fn.sum<number | string>("amount_cents").as("amount"),
      eb.fn.sum<number | string>("fee_cents").as("fees"),
    ])
    .groupBy(["month", "currency"])
    .execute();
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    orders: Number(row.orders),
    amountCents: Number(row.amount ?? 0),
    feeCents: Number(row.fees ?? 0),
  }));
}

/** Adds up per-currency rows: each currency on its own, and their sum converted to the reference currency. */
async function combine(db: Kysely<Database>, rows: ReadonlyArray<CurrencyTotal>): Promise<MoneyTotals> {
  const { reference, factors, ratesOf } = await currentReferenceFactors(db);
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? { currency: row.currency, orders: 0, amountCents: 0, feeCents: 0 };
    total.orders += row.orders;
    total.amountCents += row.amountCents;
    total.feeCents += row.feeCents;
    byCurrency.set(row.currency, total);
  }
  const totals = [...byCurrency.values()]
    .filter((row) => row.orders !== 0 || row.amountCents !== 0)
    .sort((a, b) => b.orders - a.orders || (a.currency < b.currency ? -1 : 1));
  const leftOut: string[] = [];
  let amountCents = 0;
  let feeCents = 0;
  for (const row of totals) {
    const amount = row.currency === reference ? row.amountCents : toReferenceAmount(factors, row.amountCents, row.currency);
    const fee = row.currency === reference ? row.feeCents : toReferenceAmount(factors, row.feeCents, row.currency);
    if (amount === null || fee === null) {
      leftOut.push(row.currency);
      continue;
    }
    amountCents += amount;
    feeCents += fee;
  }
  const foreign = totals.some((row) => row.currency !== reference);
  return { byCurrency: totals, converted: { currency: reference, amountCents, feeCents, ratesOf: foreign ? ratesOf : null, leftOut } };
}

/** The orders of `statuses`, all time: per currency and converted. */
export async function moneyTotals(db: Kysely<Database>, statuses: readonly string[]): Promise<MoneyTotals> {
  return combine(db, await totalsByCurrency(db, statuses));
}

/**
 * Orders of `statuses` by the month they were placed, from `fromMonth` ("YYYY-MM") on (the maintained totals): each
 * month's amounts converted to the reference currency, with the sums per currency beside them.
 */
export async function salesByMonth(db: Kysely<Database>, fromMonth: string, statuses: readonly string[] = SOLD_ORDER_STATUSES): Promise<SalesMonth[]> {
  const rows = await totalsByCurrency(db, statuses, fromMonth);
  const months = [...new Set(rows.map((row) => row.month))].sort();
  return Promise.all(
    months.map(async (month) => {
      const totals = await combine(
        db,
        rows.filter((row) => row.month === month),
      );
      return {
        month,
        orders: totals.byCurrency.reduce((sum, row) => sum + row.orders, 0),
        amountCents: totals.converted.amountCents,
        feeCents: totals.converted.feeCents,
        currency: totals.converted.currency,
        byCurrency: totals.byCurrency,
      };
    }),
  );
}

/** docs/product/admin.md#dashboard Recent Users: the newest members (the profiles' (created_at, id) index). */
async function recentUsersOf(db: Kysely<Database>, limit: number): Promise<RecentUser[]> {
  const rows = await db
    .selectFrom("profiles")
    .select(["id", "email", "first_name", "last_name", "company_name", "role", "avatar_url", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const name = `${row.first_name} ${row.last_name}`.trim();
    return {
      id: row.id,
      name: name || row.company_name.trim() || row.email,
      email: row.email,
      role: normalizeRole(row.role),
      avatarUrl: row.avatar_url,
      initials: initials({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      createdAt: row.created_at,
    };
  });
}

/**
 * docs/product/admin.md#dashboard Flagged Listings: the moderators' queue (listings with open reports, oldest report first; the
 * moderation's listFlaggedListings), its first `limit`.
 */
export async function flaggedListingsOf(db: Kysely<Database>, limit: number): Promise<FlaggedListing[]> {
  const listings = await listFlaggedListings(db, { limit });
  return listings.map((listing) => ({
    listingId: listing.listingId,
    title: listing.title,
    priceCents: listing.priceCents,
    currency: listing.currency,
    imageUrl: listing.imageUrl,
    reason: listing.reason,
    sellerName: listing.sellerName,
    flaggedAt: listing.flaggedAt,
    reports: listing.reportCount,
  }));
}

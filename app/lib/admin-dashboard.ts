// The admin dashboard, sales, reports and system status (docs/product/admin.md#dashboard Admin stats):
// who reads which, the sizes and bounds, the words of each section, and the shapes the pages receive. Client-safe.
import type { Permission } from "./permissions.ts";
import type { Role } from "./roles.ts";

/** The dashboard's figures, sales and charts: administrators, and billing (who reconcile what was sold). */
export const SALES_READERS = ["can_view_reports", "can_manage_billing", "can_confirm_payments"] as const satisfies readonly Permission[];
/** /admin/reports: the marketplace's figures by month. */
export const REPORTS_READERS = ["can_view_reports"] as const satisfies readonly Permission[];
/** The dashboard's Recent Users. */
export const RECENT_USERS_READERS = ["can_view_users", "can_manage_users", "can_manage_admins"] as const satisfies readonly Permission[];
/** The dashboard's Flagged Listings. */
export const FLAGGED_LISTINGS_READERS = ["can_moderate_content"] as const satisfies readonly Permission[];
/** /admin/system-status and the dashboard's System Status: the administrators who run the site. */
export const SYSTEM_STATUS_READERS = ["can_manage_users", "can_manage_admins"] as const satisfies readonly Permission[];

/** docs/product/admin.md#dashboard: the dashboard shows the 5 newest users, and 5 recent sales. */
export const DASHBOARD_RECENT_USERS = 5;
export const DASHBOARD_RECENT_SALES = 5;
export const DASHBOARD_FLAGGED_LISTINGS = 5;
/** Growth charts cover the last 12 months. */
export const GROWTH_MONTHS = 12;
/** /admin/sales: orders on one page, and the deepest page. */
export const SALES_PAGE_SIZE = 25;
export const SALES_MAX_PAGE = 400;
/** The most orders one CSV export carries (newest first); the file says when it was cut. */
export const SALES_CSV_MAX_ROWS = 10_000;
/** /admin/reports covers at most this many months. */
export const REPORT_MAX_MONTHS = 36;
export const REPORT_DEFAULT_MONTHS = 12;

/**
 * Orders that count as sales, everywhere a figure says "sales" or "sold" (the seller dashboard, the public profile, the
 * admin's figures): money came in and was not given back (cancelled, refunded and unpaid are left out).
 */
export const SOLD_ORDER_STATUSES = ["paid", "shipped", "delivered", "completed", "released", "disputed"] as const;
/** What /admin/sales lists: sales and orders still awaiting payment. */
export const SALES_LIST_STATUSES = ["pending", ...SOLD_ORDER_STATUSES] as const;
export type SalesListStatus = (typeof SALES_LIST_STATUSES)[number];

export const DASHBOARD_MESSAGES = {
  // docs/product/admin.md#dashboard, docs/product/admin.md#messages (the dashboard's section errors and empty texts).
  statsFailed: "Failed to load marketplace statistics",
  usersFailed: "Failed to load recent users",
  flaggedFailed: "Failed to load flagged listings",
  noSales: "No sales data available yet.",
  noFlagged: "No flagged listings at this time.",
  noCategories: "No category data available yet.",
  noUsers: "No recent users to display.",
  // Tradebench's own words for the sections the spec leaves unnamed.
  salesFailed: "Failed to load recent sales",
  categoriesFailed: "Failed to load category data",
  growthFailed: "Failed to load growth figures",
  statusFailed: "Failed to load system status",
  noGrowth: "No growth figures yet: they appear once members join and list equipment.",
  noOrders: "No orders match these filters.",
  reportFailed: "Failed to load the marketplace report",
} as const;

/** docs/product/admin.md#roles-and-permissions: admin purple, seller blue, buyer green; the other roles their own colours (RoleBadge). */
export const ROLE_BADGE_COLOURS: Record<Role, string> = {
  admin: "purple",
  super_admin: "pink",
  seller: "blue",
  buyer: "green",
  moderator: "orange",
  dispute_resolution_referee: "cyan",
  billing: "yellow",
  support: "teal",
};

/** A section that loaded, or failed on its own with the message to show. */
export type Section<T> = { state: "ok"; data: T } | { state: "error"; message: string };

/** One currency's orders and sums, in that currency's minor units. */
export interface CurrencyTotal {
  currency: string;
  orders: number;
  amountCents: number;
  feeCents: number;
}

/**
 * Money of several currencies: each currency's own total, never added as if one (docs/decisions/0062), and their sum
 * converted to the reference currency through the exchange-rate table, to be labelled as converted.
 */
export interface MoneyTotals {
  /** Largest order count first. */
  byCurrency: CurrencyTotal[];
  converted: {
    currency: string;
    amountCents: number;
    feeCents: number;
    /** The date of the newest rate used; null when nothing needed converting. */
    ratesOf: string | null;
    /** Currencies without a rate, left out of the converted sum. */
    leftOut: string[];
  };
}

/** "≈ $12,345 in USD at the rates of 2026-12-01" style label parts, for a converted figure. */
export function convertedLabel(totals: MoneyTotals): string {
  const foreign = totals.byCurrency.some((row) => row.currency !== totals.converted.currency);
  if (!foreign) return `in ${totals.converted.currency}`;
  const rates = totals.converted.ratesOf ? ` at the exchange rates of ${totals.converted.ratesOf}` : "";
  const left = totals.converted.leftOut.length > 0 ? `; ${totals.converted.leftOut.join(", ")} left out (no rate)` : "";
  return `all currencies converted to ${totals.converted.currency}${rates}${left}`;
}

export interface DashboardStats {
  totalListings: number;
  totalUsers: number;
  /** Minor units of the reference currency: the orders that count as sales, each currency converted (salesTotals). */
  totalSalesCents: number;
  /** The same sales per currency, and the converted sum's currency and rates. */
  salesTotals: MoneyTotals;
  aiListingsProcessed: number;
  /** Fraud reports awaiting review (docs/product/admin.md#moderation Admin), when the fraud-report table exists. */
  pendingFraudReports: number | null;
}

export interface PartyName {
  id: string;
  name: string;
}

export interface SaleRow {
  id: number;
  listingId: number;
  title: string;
  amountCents: number;
  feeCents: number;
  currency: string;
  status: string;
  buyer: PartyName;
  seller: PartyName;
  createdAt: string;
}

export interface RecentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  initials: string;
  createdAt: string;
}

export interface FlaggedListing {
  listingId: number;
  title: string;
  priceCents: number;
  currency: string;
  imageUrl: string | null;
  reason: string;
  sellerName: string;
  flaggedAt: string;
  reports: number;
}

export interface CategoryShare {
  categoryId: string;
  name: string;
  listings: number;
}

/** One month of the growth charts: members who joined, sales (orders sold) and listings created. */
export interface GrowthMonth {
  month: string;
  users: number;
  sales: number;
  listings: number;
}

/** "not_configured": a part the operator has not wired (mail without SMTP, AI without a model): not a fault. */
export type CheckState = "operational" | "not_configured" | "degraded" | "outage";

export interface StatusCheck {
  key: string;
  label: string;
  state: CheckState;
  detail: string;
  latencyMs: number;
}

export interface SystemStatus {
  overall: CheckState;
  checkedAt: string;
  checks: StatusCheck[];
}

export const CHECK_STATE_LABELS: Record<CheckState, string> = {
  operational: "Operational",
  not_configured: "Not configured",
  degraded: "Degraded",
  outage: "Outage",
};

export const CHECK_STATE_PALETTES: Record<CheckState, string> = {
  operational: "green",
  not_configured: "gray",
  degraded: "orange",
  outage: "red",
};

/** The reasons a listing is flagged (docs/product/admin.md#moderation Flagged listing), as the reason badge reads them. */
export const FLAG_REASON_LABELS: Record<string, string> = {
  prohibited_item: "Prohibited item",
  misleading_description: "Misleading description",
  suspicious_price: "Suspicious price",
  counterfeit: "Counterfeit",
};

const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, index] = month.split("-").map(Number);
  if (!year || !index) return month;
  return MONTH_LABEL.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** The `count` months ending with `now`'s month, oldest first, as "YYYY-MM". */
export function monthsEndingAt(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return months;
}

export interface QuickAction {
  to: string;
  label: string;
}

/** What the admin dashboard shows; a null section is one the viewer's permissions do not open. */
export interface AdminDashboardData {
  stats: Section<DashboardStats> | null;
  recentSales: Section<SaleRow[]> | null;
  flaggedListings: Section<FlaggedListing[]> | null;
  categories: Section<CategoryShare[]> | null;
  recentUsers: Section<RecentUser[]> | null;
  growth: Section<GrowthMonth[]> | null;
  systemStatus: Section<SystemStatus> | null;
  quickActions: QuickAction[];
}

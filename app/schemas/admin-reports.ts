// The addresses of /admin/sales and /admin/reports: the status filter and page of the sales list, the
// months the report covers. Anything unknown falls back to the default rather than failing the page.
import { z } from "zod";
import { REPORT_DEFAULT_MONTHS, REPORT_MAX_MONTHS, SALES_LIST_STATUSES } from "~/lib/admin-dashboard.ts";

export const SALES_FILTERS = ["all", "sold", ...SALES_LIST_STATUSES] as const;

/** ?status=all|sold|pending|paid|…&page=N */
export const SalesQuerySchema = z.object({
  status: z.enum(SALES_FILTERS).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

/** ?months=N (1–36) */
export const ReportQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(REPORT_MAX_MONTHS).catch(REPORT_DEFAULT_MONTHS).default(REPORT_DEFAULT_MONTHS),
});

export function queryOf(url: URL, keys: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key)?.slice(0, 40) ?? undefined]));
}

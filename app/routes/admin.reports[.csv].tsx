// GET /admin/reports.csv?months=N: the marketplace figures by month as CSV (at most 36 rows). Readers: can_view_reports.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { REPORTS_READERS } from "~/lib/admin-dashboard.ts";
import { queryOf, ReportQuerySchema } from "~/schemas/admin-reports.ts";
import { marketplaceReport, reportCsv } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, REPORTS_READERS);
  const { months } = ReportQuerySchema.parse(queryOf(new URL(request.url), ["months"]));
  const csv = reportCsv(await marketplaceReport(getDb(), { months }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradebench-report-${months}-months-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyGet;

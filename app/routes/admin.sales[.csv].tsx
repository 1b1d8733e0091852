// GET /admin/sales.csv?status=…: the sales list as CSV, newest first, streamed in pages and cut at
// SALES_CSV_MAX_ROWS (the file's last line says so). Same readers as /admin/sales.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { SALES_READERS } from "~/lib/admin-dashboard.ts";
import { queryOf, SalesQuerySchema } from "~/schemas/admin-reports.ts";
import { salesCsv } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { csvDownload } from "~/web/csv-download.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, SALES_READERS);
  const { status } = SalesQuerySchema.parse(queryOf(new URL(request.url), ["status"]));
  return csvDownload(salesCsv(getDb(), status), `sales-${status}`);
}

export const action = onlyGet;

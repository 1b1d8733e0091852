// GET /admin/sales.csv?status=…: the sales list as CSV, newest first, streamed in pages and cut at
// SALES_CSV_MAX_ROWS (the file's last line says so). Same readers as /admin/sales.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { SALES_READERS } from "~/lib/admin-dashboard.ts";
import { queryOf, SalesQuerySchema } from "~/schemas/admin-reports.ts";
import { salesCsv } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, SALES_READERS);
  const { status } = SalesQuerySchema.parse(queryOf(new URL(request.url), ["status"]));
  const lines = salesCsv(getDb(), status);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradebench-sales-${status}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyGet;

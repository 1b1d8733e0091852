// GET /seller/sale-events/$id/bidders.csv: the sale's registrations as CSV (byte order mark, header, formulas
// defused by the one CSV writer), for the house.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { csvFile } from "~/lib/csv.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { bidderList, houseSaleEvent } from "~/services/sale-events/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const id = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const { csvRows } = await refusalsAnswered(
    async () => {
      await houseSaleEvent(getDb(), user.id, id);
      return bidderList(getDb(), user.id, id);
    },
    { as: "document" },
  );
  return new Response(csvFile(csvRows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradebench-sale-${id}-bidders.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyGet;

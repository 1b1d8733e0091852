// GET /bulk-upload.csv?file=template: the bulk import's template (header and one example row);
// GET /bulk-upload.csv?import={id}: that import's rejected rows with an `error` column (the seller's own imports only).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { bulkTemplateCsv } from "~/lib/bulk-import.ts";
import { rejectedRowsCsv } from "~/services/bulk-import/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";

function csvResponse(text: string, fileName: string): Response {
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const url = new URL(request.url);
  if (url.searchParams.get("file") === "template") return csvResponse(bulkTemplateCsv(), "tradebench-bulk-template.csv");
  const id = routeIdOf(url.searchParams.get("import"));
  if (id === null) throw new Response("Choose the template (?file=template) or an import (?import=…).", { status: 404 });
  return refusalsAnswered(async () => csvResponse(await rejectedRowsCsv(getDb(), user.id, id), `tradebench-import-${id}-rejected.csv`), { as: "document" });
}

export const action = onlyGet;

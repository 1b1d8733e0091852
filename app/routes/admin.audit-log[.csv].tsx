// GET /admin/audit-log.csv?action=…&actor=…&from=…&until=…: the audit log with the page's filters as CSV,
// newest first, streamed in pages and cut at AUDIT_LOG_CSV_MAX_ROWS (the file's last line says so); a byte order mark
// so Excel reads it as UTF-8, every cell defused against formulas (app/lib/csv.ts). The same readers as the page: the
// whole log for can_manage_users / can_manage_admins, a moderator's own decisions for can_moderate_content. A filter
// the page would refuse is answered 400 with the page's message.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { auditLogCsv } from "~/services/admin/index.server.ts";
import { auditLogFilterOf, requireAuditLogReader } from "~/web/audit-log-access.server.ts";
import { csvDownload, csvRefusal } from "~/web/csv-download.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const reader = await requireAuditLogReader(request);
  const { filter, problem } = auditLogFilterOf(new URL(request.url), reader);
  if (!filter) return csvRefusal(problem ?? "Please check the filters.");
  const { after: _after, ...filters } = filter;
  return csvDownload(auditLogCsv(getDb(), filters), reader.scope === "own" ? "my-decisions" : "audit-log");
}

export const action = onlyGet;

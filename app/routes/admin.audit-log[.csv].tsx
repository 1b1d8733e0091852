// GET /admin/audit-log.csv?action=…&actor=…&from=…&until=…: the audit log with the page's filters as CSV,
// newest first, streamed in pages and cut at AUDIT_LOG_CSV_MAX_ROWS (the file's last line says so); a byte order mark
// so Excel reads it as UTF-8, every cell defused against formulas (app/lib/csv.ts). The same readers as the page: the
// whole log for can_manage_users / can_manage_admins, a moderator's own decisions for can_moderate_content. A filter
// the page would refuse is answered 400 with the page's message.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { auditLogCsv } from "~/services/admin/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { auditLogFilterOf, requireAuditLogReader } from "~/web/audit-log-access.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

const refusal = (message: string) =>
  new Response(`${message}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const reader = await requireAuditLogReader(request);
  const { filter, problem } = auditLogFilterOf(new URL(request.url), reader);
  if (!filter) return refusal(problem ?? "Please check the filters.");
  const { after: _after, ...filters } = filter;
  const lines = auditLogCsv(getDb(), filters);
  let first: IteratorResult<string>;
  try {
    // The first chunk reads the first page, so a refused filter is a message, not half a file.
    first = await lines.next();
  } catch (error) {
    if (isDomainError(error)) return refusal(error.message);
    throw error;
  }
  const encoder = new TextEncoder();
  let pending: IteratorResult<string> | null = first;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = pending ?? (await lines.next());
        pending = null;
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
  const scope = reader.scope === "own" ? "my-decisions" : "audit-log";
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tradebench-${scope}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyGet;

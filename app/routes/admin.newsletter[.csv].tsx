// GET /admin/newsletter.csv?q=…&state=…: the newsletter's subscriptions as CSV (byte order mark, header, formulas
// defused), newest first, streamed in pages and cut at NEWSLETTER_CSV_MAX_ROWS (the last line says so). By default only
// the addresses subscribed now; ?state=all|pending|unsubscribed for the others. Same readers as /admin/newsletter.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { ADMIN_USERS_MANAGERS } from "~/lib/admin.ts";
import { queryOf } from "~/schemas/admin-reports.ts";
import { NewsletterSubscribersQuerySchema } from "~/schemas/newsletter.ts";
import { newsletterSubscribersCsv } from "~/services/accounts/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ADMIN_USERS_MANAGERS);
  const url = new URL(request.url);
  const parsed = NewsletterSubscribersQuerySchema.safeParse({ ...queryOf(url, ["state"]), q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success)
    return new Response(parsed.error.issues[0]?.message ?? "Please check the search.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const state = parsed.data.state ?? "subscribed";
  const lines = newsletterSubscribersCsv(getDb(), { search: parsed.data.q || undefined, state });
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
      "Content-Disposition": `attachment; filename="tradebench-newsletter-${state}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = onlyGet;

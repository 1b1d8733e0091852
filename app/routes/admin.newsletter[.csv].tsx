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
import { csvDownload, csvRefusal } from "~/web/csv-download.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ADMIN_USERS_MANAGERS);
  const url = new URL(request.url);
  const parsed = NewsletterSubscribersQuerySchema.safeParse({ ...queryOf(url, ["state"]), q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) return csvRefusal(parsed.error.issues[0]?.message ?? "Please check the search.");
  const state = parsed.data.state ?? "subscribed";
  return csvDownload(newsletterSubscribersCsv(getDb(), { search: parsed.data.q || undefined, state }), `newsletter-${state}`);
}

export const action = onlyGet;

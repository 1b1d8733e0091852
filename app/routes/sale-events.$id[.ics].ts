// /sale-events/{id}.ics: the sale as a calendar (docs/product/sale-events.md#pages): one entry from bidding's opening
// to the last scheduled close, and one per lot at its own close time (at most MAX_EVENT_LOTS). Drafts only for those
// who may see them, as the page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import ical, { ICalCalendarMethod } from "ical-generator";
import { getDb } from "~/db.server.ts";
import { closeScheduleText, lotOfText } from "~/lib/sale-event-pages.ts";
import { MAX_EVENT_LOTS, SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const eventId = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const user = await getOptionalUser(request);
  const { event, lots } = await refusalsAnswered(() => saleEventCatalogue(getDb(), eventId, { viewerId: user?.id ?? null, limit: MAX_EVENT_LOTS }), {
    as: "document",
  });
  const origin = new URL(request.url).origin;
  const host = new URL(request.url).hostname;
  const eventUrl = `${origin}/sale-events/${event.id}`;
  const calendar = ical({ name: event.title, prodId: { company: "Tradebench", product: "Sale events", language: "EN" }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: `sale-event-${event.id}@${host}`,
    start: new Date(event.startsAt),
    end: new Date(event.lastCloseAt ?? event.firstCloseAt),
    summary: event.title,
    description: `${closeScheduleText(event.firstCloseAt, event.closeIntervalSeconds)}. ${eventUrl}`,
    location: event.location || null,
    url: eventUrl,
  });
  for (const lot of lots) {
    const lotUrl = `${origin}/auctions/${lot.auctionId}`;
    calendar.createEvent({
      id: `sale-event-${event.id}-lot-${lot.lotNumber}@${host}`,
      start: new Date(lot.closesAt),
      end: new Date(lot.closesAt),
      summary: `Lot ${lot.lotNumber} closes: ${lot.title}`,
      description: `${lotOfText(lot.lotNumber, event.lotCount, event.title)}. ${lotUrl}`,
      location: event.location || null,
      url: lotUrl,
    });
  }
  return new Response(calendar.toString(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="sale-event-${event.id}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}

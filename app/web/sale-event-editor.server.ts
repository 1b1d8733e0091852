// The house's editor actions on /seller/sale-events/$id: the terms (everything before opening, the description
// after), the catalogue (add, move up or down, move to a position, remove, reorder as a whole, from a CSV), publish
// and cancel. Every catalogue change is the whole new order, given to the catalogue flow (setSaleEventLots), which
// renumbers lots 1..N and writes each lot's auction schedule; term changes and publishing go through the flow too.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { LOT_CSV_MAX_BYTES, movedBy, movedTo, SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { MAX_EVENT_LOTS } from "~/lib/sale-events.ts";
import { saleEventInputOf, type SaleEventEditorAction } from "~/schemas/sale-event-editor.ts";
import { DomainError } from "~/services/domain-error.ts";
import { parseBulkCsv } from "~/services/bulk-import/index.server.ts";
import { cancelSaleEventWithLots, publishSaleEventCatalogue, saveSaleEvent, setSaleEventLots } from "~/flows/index.server.ts";
import { checkLotCsvRows, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import type { ReceivedFile } from "./multipart.server.ts";

/** The event's lots' auction ids in catalogue order. */
async function currentOrder(db: Kysely<Database>, actorId: string, eventId: number): Promise<number[]> {
  const { lots } = await saleEventCatalogue(db, eventId, { viewerId: actorId });
  return lots.map((lot) => lot.auctionId);
}

async function saveOrder(db: Kysely<Database>, actorId: string, eventId: number, order: number[]): Promise<string> {
  const lots = await setSaleEventLots(
    db,
    actorId,
    eventId,
    order.map((auctionId, index) => ({ auctionId, position: index + 1 })),
  );
  return SALE_EVENT_HOUSE_MESSAGES.lotsSaved(lots.length);
}

/** Runs one editor form; returns the message to show. Refusals are DomainErrors. */
export async function applyEditorAction(db: Kysely<Database>, actorId: string, eventId: number, form: SaleEventEditorAction): Promise<string> {
  switch (form.intent) {
    case "details": {
      const { intent: _intent, ...terms } = form;
      await saveSaleEvent(db, actorId, eventId, saleEventInputOf(terms));
      return SALE_EVENT_HOUSE_MESSAGES.saved;
    }
    case "description":
      await saveSaleEvent(db, actorId, eventId, { description: form.description });
      return SALE_EVENT_HOUSE_MESSAGES.saved;
    case "publish":
      await publishSaleEventCatalogue(db, actorId, eventId);
      return SALE_EVENT_HOUSE_MESSAGES.published;
    case "cancel":
      await cancelSaleEventWithLots(db, actorId, eventId, form.reason);
      return SALE_EVENT_HOUSE_MESSAGES.cancelled;
    case "order":
      return saveOrder(db, actorId, eventId, form.auctionIds);
    default:
      break;
  }
  const order = await currentOrder(db, actorId, eventId);
  if (form.intent === "add") {
    const next = [...order, ...form.auctionIds.filter((id) => !order.includes(id))];
    if (next.length > MAX_EVENT_LOTS) throw new DomainError("too_large", SALE_EVENT_HOUSE_MESSAGES.tooManyLots, { field: "auctionIds" });
    return saveOrder(db, actorId, eventId, next);
  }
  if (!order.includes(form.auctionId)) throw new DomainError("invalid", SALE_EVENT_HOUSE_MESSAGES.notALot);
  if (form.intent === "remove")
    return saveOrder(
      db,
      actorId,
      eventId,
      order.filter((id) => id !== form.auctionId),
    );
  if (form.intent === "moveTo") return saveOrder(db, actorId, eventId, movedTo(order, form.auctionId, form.position));
  return saveOrder(db, actorId, eventId, movedBy(order, form.auctionId, form.intent));
}

async function* bytesOf(file: ReceivedFile): AsyncIterable<Uint8Array> {
  if (file.bytes) yield file.bytes;
}

/**
 * A lots CSV (lot number, listing id; a header row first): every row is checked and its problem reported; the
 * catalogue changes only when no row has one (all or nothing), and then it is exactly the file's lots.
 */
export async function applyLotsCsv(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  file: ReceivedFile | undefined,
): Promise<{ message: string; problems: Array<{ line: number; message: string }> }> {
  if (!file || file.status !== "kept" || !file.bytes) {
    if (file?.status === "too_big") throw new DomainError("too_large", SALE_EVENT_HOUSE_MESSAGES.csvTooLarge, { field: "lots" });
    throw new DomainError("invalid", SALE_EVENT_HOUSE_MESSAGES.csvFile, { field: "lots" });
  }
  const parsed = await parseBulkCsv(bytesOf(file), { fileBytes: LOT_CSV_MAX_BYTES, rows: MAX_EVENT_LOTS, columns: 10 });
  if (parsed.headers.length < 2) throw new DomainError("invalid", SALE_EVENT_HOUSE_MESSAGES.csvColumns, { field: "lots" });
  const rows = parsed.rows.map((cells, index) => ({ line: index + 2, lotNumber: cells[0] ?? "", listingId: cells[1] ?? "" }));
  const { placements, problems } = await checkLotCsvRows(db, actorId, eventId, rows);
  if (problems.length > 0) return { message: SALE_EVENT_HOUSE_MESSAGES.csvNothingChanged, problems };
  const lots = await setSaleEventLots(db, actorId, eventId, placements);
  return { message: SALE_EVENT_HOUSE_MESSAGES.lotsSaved(lots.length), problems: [] };
}

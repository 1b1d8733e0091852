// A house's sale event: creating it, changing it (every field until it opens; only the description after, recorded in
// the audit log), publishing its catalogue and cancelling it, and the schedule its lots follow. The lots' own auction
// rows are written by the flow app/flows/sale-event-catalogue.server.ts, never here.
import type { Kysely, Selectable } from "kysely";
import { forUpdate } from "#db/dialect.ts";
import type { Database, SaleEventsTable } from "#db/schema.ts";
import { isCurrency } from "~/lib/money.ts";
import {
  CLOSE_INTERVAL_SECONDS,
  DEFAULT_EVENT_EXTENSION_CAP_MINUTES,
  DEFAULT_EVENT_SOFT_CLOSE_SECONDS,
  type DepositKind,
  hasOpened,
  isCloseIntervalAllowed,
  isExtensionCapAllowed,
  isSaleEventStoredStatus,
  isSoftCloseAllowed,
  lotCloseAt,
  lotExtensionsEndAt,
  SALE_EVENT_MESSAGES,
  saleEventStatus,
  type SaleEventStatus,
} from "~/lib/sale-events.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { requireHouse } from "./sale-event-access.server.ts";

export type SaleEventRow = Selectable<SaleEventsTable>;

export interface SaleEventInput {
  title: string;
  /** Markdown. */
  description?: string;
  location?: string;
  /** Inspection dates: text or ISO. */
  inspection?: string;
  /** Pickup dates: text or ISO. */
  pickup?: string;
  terms?: string;
  /** An upload key; null: no cover image. */
  coverImageKey?: string | null;
  /** The lots' currency; USD unless given. */
  currency?: string;
  /** When bidding opens on every lot. */
  startsAt: Date;
  /** T: when lot 1 closes. */
  firstCloseAt: Date;
  /** Δ in seconds, 30..600 (60 unless given). */
  closeIntervalSeconds?: number;
  /** W in seconds (120 unless given). */
  softCloseSeconds?: number;
  /** Minutes after a lot's scheduled end that soft close stops moving it (60 unless given). */
  extensionCapMinutes?: number;
  approvalRequired?: boolean;
  deposit?: { kind: DepositKind; fixedCents?: number | null; percentBps?: number | null };
  depositRefundDays?: number | null;
  /** Buyer's premium in hundredths of a percent with an optional minimum and maximum per lot; null: none. */
  premium?: { percentBps: number; minCents?: number | null; maxCents?: number | null } | null;
}

export type SaleEventPatch = Partial<SaleEventInput>;

const isAmount = (value: number | null | undefined) => value === null || value === undefined || (Number.isSafeInteger(value) && value >= 0);
const isBps = (value: number | null | undefined) => value !== null && value !== undefined && Number.isSafeInteger(value) && value >= 0 && value <= 10_000;
const isTime = (value: Date) => value instanceof Date && !Number.isNaN(value.getTime());

/** The columns of an input, checked; refuses the first rule it breaks. */
function columnsOf(input: SaleEventPatch): Partial<SaleEventRow> {
  const columns: Partial<SaleEventRow> = {};
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw new DomainError("invalid", SALE_EVENT_MESSAGES.titleRequired, { field: "title" });
    columns.title = title;
  }
  if (input.description !== undefined) columns.description = input.description;
  if (input.location !== undefined) columns.location = input.location.trim();
  if (input.inspection !== undefined) columns.inspection = input.inspection.trim();
  if (input.pickup !== undefined) columns.pickup = input.pickup.trim();
  if (input.terms !== undefined) columns.terms = input.terms;
  if (input.coverImageKey !== undefined) columns.cover_image_key = input.coverImageKey;
  if (input.currency !== undefined) {
    if (!isCurrency(input.currency)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.invalidAmount, { field: "currency" });
    columns.currency = input.currency;
  }
  if (input.startsAt !== undefined) {
    if (!isTime(input.startsAt)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.startBeforeFirstClose, { field: "startsAt" });
    columns.starts_at = input.startsAt.toISOString();
  }
  if (input.firstCloseAt !== undefined) {
    if (!isTime(input.firstCloseAt)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.startBeforeFirstClose, { field: "firstCloseAt" });
    columns.first_close_at = input.firstCloseAt.toISOString();
  }
  if (input.closeIntervalSeconds !== undefined) {
    if (!isCloseIntervalAllowed(input.closeIntervalSeconds))
      throw new DomainError("invalid", SALE_EVENT_MESSAGES.closeInterval, { field: "closeIntervalSeconds" });
    columns.close_interval_seconds = input.closeIntervalSeconds;
  }
  if (input.softCloseSeconds !== undefined) {
    if (!isSoftCloseAllowed(input.softCloseSeconds)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.softClose, { field: "softCloseSeconds" });
    columns.soft_close_seconds = input.softCloseSeconds;
  }
  if (input.extensionCapMinutes !== undefined) {
    if (!isExtensionCapAllowed(input.extensionCapMinutes)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.extensionCap, { field: "extensionCapMinutes" });
    columns.extension_cap_minutes = input.extensionCapMinutes;
  }
  if (input.approvalRequired !== undefined) columns.approval_required = input.approvalRequired ? 1 : 0;
  if (input.deposit !== undefined) {
    const { kind } = input.deposit;
    const fixed = input.deposit.fixedCents ?? null;
    const percent = input.deposit.percentBps ?? null;
    const valid =
      kind === "none" || (kind === "fixed" && fixed !== null && isAmount(fixed) && fixed > 0) || (kind === "percent" && isBps(percent) && (percent ?? 0) > 0);
    if (!valid) throw new DomainError("invalid", SALE_EVENT_MESSAGES.depositTerms, { field: "deposit" });
    columns.deposit_kind = kind;
    columns.deposit_fixed_cents = kind === "fixed" ? fixed : null;
    columns.deposit_percent_bps = kind === "percent" ? percent : null;
  }
  if (input.depositRefundDays !== undefined) {
    if (!isAmount(input.depositRefundDays)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.invalidAmount, { field: "depositRefundDays" });
    columns.deposit_refund_days = input.depositRefundDays;
  }
  if (input.premium !== undefined) {
    const premium = input.premium;
    if (premium === null) {
      columns.premium_percent_bps = null;
      columns.premium_min_cents = null;
      columns.premium_max_cents = null;
    } else {
      const min = premium.minCents ?? null;
      const max = premium.maxCents ?? null;
      if (!isBps(premium.percentBps) || !isAmount(min) || !isAmount(max) || (min !== null && max !== null && min > max)) {
        throw new DomainError("invalid", SALE_EVENT_MESSAGES.premiumTerms, { field: "premium" });
      }
      columns.premium_percent_bps = premium.percentBps;
      columns.premium_min_cents = min;
      columns.premium_max_cents = max;
    }
  }
  return columns;
}

function checkSchedule(startsAt: string, firstCloseAt: string): void {
  if (new Date(startsAt).getTime() >= new Date(firstCloseAt).getTime()) {
    throw new DomainError("invalid", SALE_EVENT_MESSAGES.startBeforeFirstClose, { field: "startsAt" });
  }
}

/** The event's row, or not_found. */
export async function loadSaleEvent(db: Kysely<Database>, eventId: number, options: { lock?: boolean } = {}): Promise<SaleEventRow> {
  const query = db.selectFrom("sale_events").selectAll().where("id", "=", eventId);
  const row = await (options.lock ? forUpdate(db, query) : query).executeTakeFirst();
  if (!row) throw new DomainError("not_found", SALE_EVENT_MESSAGES.notFound);
  return row;
}

/** The event's status now: draft and cancelled as stored, else from its lots' times. */
export async function saleEventStatusOf(db: Kysely<Database>, event: SaleEventRow, now: Date): Promise<SaleEventStatus> {
  const stored = isSaleEventStoredStatus(event.status) ? event.status : "draft";
  if (stored !== "scheduled") return stored;
  const ends = await db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("auctions as a", "a.id", "sl.auction_id")
    .select(["sl.lot_number", "a.end_date", "a.status"])
    .where("sl.event_id", "=", event.id)
    .execute();
  const endOf = (row: { end_date: string; status: string }) => new Date(row.end_date);
  const first = ends.reduce<(typeof ends)[number] | null>((best, row) => (best === null || row.lot_number < best.lot_number ? row : best), null);
  const last = ends.reduce<Date | null>((latest, row) => (latest === null || endOf(row) > latest ? endOf(row) : latest), null);
  return saleEventStatus({
    stored,
    startsAt: new Date(event.starts_at),
    firstLotEndsAt: first ? endOf(first) : null,
    lastLotEndsAt: last,
    now,
  });
}

/** A house creates a draft event. Returns its id. */
export async function createSaleEvent(db: Kysely<Database>, actorId: string, input: SaleEventInput, now: Date = new Date()): Promise<number> {
  const columns = columnsOf(input);
  if (!columns.title) throw new DomainError("invalid", SALE_EVENT_MESSAGES.titleRequired, { field: "title" });
  checkSchedule(columns.starts_at!, columns.first_close_at!);
  const stamp = now.toISOString();
  const { id } = await db
    .insertInto("sale_events")
    .values({
      seller_id: actorId,
      title: columns.title,
      starts_at: columns.starts_at!,
      first_close_at: columns.first_close_at!,
      close_interval_seconds: CLOSE_INTERVAL_SECONDS.default,
      soft_close_seconds: DEFAULT_EVENT_SOFT_CLOSE_SECONDS,
      extension_cap_minutes: DEFAULT_EVENT_EXTENSION_CAP_MINUTES,
      approval_required: 1,
      cover_image_key: null,
      deposit_fixed_cents: null,
      deposit_percent_bps: null,
      deposit_refund_days: null,
      premium_percent_bps: null,
      premium_min_cents: null,
      premium_max_cents: null,
      published_at: null,
      cancelled_at: null,
      ...columns,
      status: "draft",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Columns that move the lots' schedule: a change of one of them is written to the lots' auctions by the flow. */
const SCHEDULE_COLUMNS = ["starts_at", "first_close_at", "close_interval_seconds", "soft_close_seconds", "extension_cap_minutes"] as const;

/**
 * The house changes its event: every field while it is a draft or scheduled and not yet open; once it has opened, only
 * the description, and that change goes to the audit log. `scheduleChanged`: the lots' auctions must be rescheduled.
 */
export async function updateSaleEvent(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  patch: SaleEventPatch,
  now: Date = new Date(),
): Promise<{ scheduleChanged: boolean }> {
  const event = await loadSaleEvent(db, eventId, { lock: true });
  requireHouse(event, actorId);
  if (event.status === "cancelled") throw new DomainError("conflict", SALE_EVENT_MESSAGES.notEditable);
  const columns = columnsOf(patch);
  const changed = (Object.keys(columns) as Array<keyof SaleEventRow>).filter((key) => columns[key] !== event[key]);
  const status = await saleEventStatusOf(db, event, now);
  const opened = hasOpened(status);
  if (opened && changed.some((key) => key !== "description")) {
    throw new DomainError("conflict", SALE_EVENT_MESSAGES.onlyDescriptionAfterOpening);
  }
  if (changed.length === 0) return { scheduleChanged: false };
  if (columns.currency !== undefined && columns.currency !== event.currency && event.lot_count > 0) {
    throw new DomainError("conflict", SALE_EVENT_MESSAGES.currencyLocked, { field: "currency" });
  }
  checkSchedule(columns.starts_at ?? event.starts_at, columns.first_close_at ?? event.first_close_at);
  const update = Object.fromEntries(changed.map((key) => [key, columns[key]])) as Partial<SaleEventRow>;
  await db
    .updateTable("sale_events")
    .set({ ...update, updated_at: now.toISOString() })
    .where("id", "=", eventId)
    .execute();
  if (opened) {
    await recordAuditEvent(
      db,
      {
        actorUserId: actorId,
        action: "sale_event.edit_after_opening",
        subjectType: "sale_event",
        subjectId: eventId,
        detail: JSON.stringify({ field: "description", from: event.description, to: columns.description }),
      },
      now,
    );
  }
  return { scheduleChanged: changed.some((key) => (SCHEDULE_COLUMNS as readonly string[]).includes(key)) };
}

/** The house publishes the catalogue: draft → scheduled. Pre-bids are taken from then on. */
export async function publishSaleEvent(db: Kysely<Database>, actorId: string, eventId: number, now: Date = new Date()): Promise<void> {
  const event = await loadSaleEvent(db, eventId, { lock: true });
  requireHouse(event, actorId);
  if (event.status === "cancelled") throw new DomainError("conflict", SALE_EVENT_MESSAGES.notEditable);
  if (event.status !== "draft") throw new DomainError("conflict", SALE_EVENT_MESSAGES.alreadyPublished);
  if (event.lot_count === 0) throw new DomainError("conflict", SALE_EVENT_MESSAGES.noLots);
  if (new Date(event.first_close_at).getTime() <= now.getTime()) throw new DomainError("conflict", SALE_EVENT_MESSAGES.startPassed);
  const stamp = now.toISOString();
  await db.updateTable("sale_events").set({ status: "scheduled", published_at: stamp, updated_at: stamp }).where("id", "=", eventId).execute();
}

/** The house cancels an event that has not opened yet; its lots take no more bids. Recorded in the audit log. */
export async function cancelSaleEvent(db: Kysely<Database>, actorId: string, eventId: number, reason = "", now: Date = new Date()): Promise<void> {
  const event = await loadSaleEvent(db, eventId, { lock: true });
  requireHouse(event, actorId);
  if (event.status === "cancelled") throw new DomainError("conflict", SALE_EVENT_MESSAGES.alreadyCancelled);
  if (hasOpened(await saleEventStatusOf(db, event, now))) throw new DomainError("conflict", SALE_EVENT_MESSAGES.cannotCancel);
  const stamp = now.toISOString();
  await db.updateTable("sale_events").set({ status: "cancelled", cancelled_at: stamp, updated_at: stamp }).where("id", "=", eventId).execute();
  await recordAuditEvent(db, { actorUserId: actorId, action: "sale_event.cancel", subjectType: "sale_event", subjectId: eventId, detail: reason }, now);
}

/** One lot's place in the schedule: what the flow writes to its auction. */
export interface LotScheduleEntry {
  auctionId: number;
  lotNumber: number;
  startsAt: Date;
  endsAt: Date;
  extensionsEndAt: Date;
  softCloseSeconds: number;
}

/** Every lot's schedule: opens at the event's start, closes at T + (i − 1)·Δ, extends no later than its close + cap. */
export async function lotSchedule(db: Kysely<Database>, eventId: number): Promise<LotScheduleEntry[]> {
  const event = await loadSaleEvent(db, eventId);
  const lots = await db.selectFrom("sale_event_lots").select(["auction_id", "lot_number"]).where("event_id", "=", eventId).orderBy("lot_number").execute();
  const firstClose = new Date(event.first_close_at);
  return lots.map((lot) => {
    const endsAt = lotCloseAt(firstClose, event.close_interval_seconds, lot.lot_number);
    return {
      auctionId: lot.auction_id,
      lotNumber: lot.lot_number,
      startsAt: new Date(event.starts_at),
      endsAt,
      extensionsEndAt: lotExtensionsEndAt(endsAt, event.extension_cap_minutes),
      softCloseSeconds: event.soft_close_seconds,
    };
  });
}

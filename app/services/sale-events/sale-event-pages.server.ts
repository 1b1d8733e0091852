// What the public sale-event pages read beside the catalogue: the choices of the listing's filters (the categories of
// published events' lots, the houses that run them), the houses' names, a member's own registration to bid and the
// event terms a lot page shows (its place in the catalogue, the buyer's premium). Reads only.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { type BidderStatus, isBidderStatus } from "~/lib/sale-events.ts";
import { memberName } from "../platform/index.server.ts";
import { depositDueOf, depositReferenceOf } from "./sale-event-bidders.server.ts";
import { lotPositionOf, type LotPosition } from "./sale-event-catalogue.server.ts";

export interface SaleEventFilterOptions {
  categories: Array<{ id: string; name: string }>;
  houses: Array<{ id: string; name: string }>;
}

/** The categories of published events' lots and the houses with a published event, each by name. */
export async function saleEventFilterOptions(db: Kysely<Database>): Promise<SaleEventFilterOptions> {
  const [categories, houses] = await Promise.all([
    db
      .selectFrom("sale_events as e")
      .innerJoin("sale_event_lots as sl", "sl.event_id", "e.id")
      .innerJoin("auctions as a", "a.id", "sl.auction_id")
      .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
      .innerJoin("categories as c", "c.id", "l.category_id")
      .select(["c.id", "c.name"])
      .distinct()
      .where("e.status", "=", "scheduled")
      .orderBy("c.name")
      .limit(200)
      .execute(),
    db
      .selectFrom("sale_events as e")
      .leftJoin("profiles as p", "p.id", "e.seller_id")
      .select(["e.seller_id", "p.first_name", "p.last_name", "p.company_name"])
      .distinct()
      .where("e.status", "=", "scheduled")
      .limit(200)
      .execute(),
  ]);
  return {
    categories,
    houses: houses
      .map((row) => ({ id: row.seller_id, name: memberName(row.first_name, row.last_name, row.company_name) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The houses' names as buyers see them, by seller id. */
export async function houseNames(db: Kysely<Database>, sellerIds: readonly string[]): Promise<Record<string, string>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return {};
  const rows = await db.selectFrom("profiles").select(["id", "first_name", "last_name", "company_name"]).where("id", "in", ids).execute();
  return Object.fromEntries(rows.map((row) => [row.id, memberName(row.first_name, row.last_name, row.company_name)]));
}

/** A member's own registration to bid, as the register page shows it. */
export interface OwnRegistration {
  status: BidderStatus;
  reason: string;
  company: string;
  requestedLimitCents: number | null;
  biddingLimitCents: number | null;
  /** What the deposit comes to under the event's terms (0: none due). */
  depositDueCents: number;
  /** The reference to quote with the payment. */
  depositReference: string;
  depositConfirmed: boolean;
  createdAt: string;
}

/** The member's registration in the event; null: they have not asked to bid. */
export async function ownRegistration(db: Kysely<Database>, userId: string, eventId: number): Promise<OwnRegistration | null> {
  const [event, bidder] = await Promise.all([
    db.selectFrom("sale_events").selectAll().where("id", "=", eventId).executeTakeFirst(),
    db.selectFrom("sale_event_bidders").selectAll().where("event_id", "=", eventId).where("user_id", "=", userId).executeTakeFirst(),
  ]);
  if (!event || !bidder) return null;
  return {
    status: isBidderStatus(bidder.status) ? bidder.status : "pending",
    reason: bidder.reason,
    company: bidder.company,
    requestedLimitCents: bidder.requested_limit_cents,
    biddingLimitCents: bidder.bidding_limit_cents,
    depositDueCents: depositDueOf(event, bidder),
    depositReference: depositReferenceOf(bidder),
    depositConfirmed: bidder.deposit_confirmed_at !== null,
    createdAt: bidder.created_at,
  };
}

/** What a lot page shows of its event: its place in the catalogue, the lot's scheduled close and the buyer's premium. */
export interface LotEventTerms extends LotPosition {
  currency: string;
  premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null;
}

/** The event terms of an auction that is a lot of a published event; null otherwise. */
export async function lotEventTerms(db: Kysely<Database>, auctionId: number): Promise<LotEventTerms | null> {
  const position = await lotPositionOf(db, auctionId);
  if (!position) return null;
  const event = await db
    .selectFrom("sale_events")
    .select(["currency", "premium_percent_bps", "premium_min_cents", "premium_max_cents"])
    .where("id", "=", position.eventId)
    .executeTakeFirstOrThrow();
  return {
    ...position,
    currency: event.currency,
    premium:
      event.premium_percent_bps === null
        ? null
        : { percentBps: event.premium_percent_bps, minCents: event.premium_min_cents, maxCents: event.premium_max_cents },
  };
}

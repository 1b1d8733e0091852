// The demo sale events: an auction house's timed sales, one in each state. A live plant-closure sale of forty lots
// closing a minute apart (the first about twenty minutes after `now`), an upcoming sale that needs approval and a
// deposit (an approved bidder's pre-bids, the demo buyer's pending request), and a closed sale whose lots were settled
// as single auctions are (orders for the sold lots, one lot whose reserve was not met). The events, lots, schedules,
// registrations, deposits, bids and settlements go through the services and flows a person or the scheduler would
// have called, at the moment they would have called them. Deterministic for a random seed and `now`.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "../dialect.ts";
import type { Database } from "../schema.ts";
import { minimumNextBid } from "../../app/lib/bidding.ts";
import { catalogCategoryId } from "../../app/lib/category-ids.ts";
import { EQUIPMENT_CATALOG } from "../../app/reference/equipment-models.ts";
import { publishSaleEventCatalogue, setSaleEventLots } from "../../app/flows/sale-event-catalogue.server.ts";
import { settleAuctionIfDue } from "../../app/flows/auction-settlement.server.ts";
import { placeBid } from "../../app/services/auctions/bidding.server.ts";
import { getLiveEventBus, setLiveEventBus, type LiveEventBus } from "../../app/services/platform/live-events.server.ts";
import {
  confirmDeposit,
  createSaleEvent,
  decideBidder,
  recordDeposit,
  requestToBid,
  type SaleEventInput,
} from "../../app/services/sale-events/index.server.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_DEALERS } from "./listings.ts";
import type { Random } from "./random.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo auction house: a seller account that runs the sale events (listed in the README). */
export const DEMO_SALE_HOUSE = {
  email: "auctions@hartwellindustrial.test",
  role: "seller",
  firstName: "Helen",
  lastName: "Hartwell",
  companyName: "Hartwell Industrial Auctions",
} as const;

export const DEMO_LIVE_EVENT_TITLE = "Riverside Stamping plant closure";
export const DEMO_UPCOMING_EVENT_TITLE = "Columbus test lab consolidation";
export const DEMO_CLOSED_EVENT_TITLE = "Great Lakes foundry surplus";
/** How many lots the live event has, and how many the others have. */
export const DEMO_LIVE_EVENT_LOTS = 40;
const UPCOMING_EVENT_LOTS = 12;
const CLOSED_EVENT_LOTS = 10;
/** The upcoming event's fixed deposit, in cents. */
export const DEMO_UPCOMING_DEPOSIT_CENTS = 50_000;

const SILENT_BUS: LiveEventBus = { publish: () => undefined, subscribe: () => () => undefined };

export interface DemoSaleEventsOptions {
  now: Date;
  houseId: string;
}

interface Lot {
  title: string;
  brand: string;
  model: string;
  categoryId: string;
  startingCents: number;
}

const MODELS = EQUIPMENT_CATALOG.flatMap((subcategory) => subcategory.models.map((model) => ({ subcategory, model })));

function drawLots(random: Random, count: number): Lot[] {
  const lots: Lot[] = [];
  for (let i = 0; i < count; i++) {
    const { subcategory, model } = random.pick(MODELS);
    const low = Math.max(100, Math.round(model.price[0] * 0.3));
    lots.push({
      title: `${model.brand} ${model.model} ${model.name}`,
      brand: model.brand,
      model: model.model,
      categoryId: catalogCategoryId(subcategory, model),
      // Auction lots open low: a tenth of a dollar-hundred step, in whole hundreds of dollars.
      startingCents: Math.max(100, Math.round(low / 100) * 100) * 100,
    });
  }
  return lots;
}

function incrementFor(startingCents: number): number {
  if (startingCents < 100_000) return 1000;
  if (startingCents < 500_000) return 2500;
  if (startingCents < 2_000_000) return 5000;
  return 10_000;
}

/** The house's auction listings for an event, created at `at`, opening when the event does. Returns their auctions. */
async function insertLots(
  db: Kysely<Database>,
  houseId: string,
  lots: Lot[],
  location: string,
  at: Date,
  opensAt: Date,
  reserveOf: (index: number, lot: Lot) => number | null,
) {
  const stamp = at.toISOString();
  const ids: number[] = [];
  for (const [index, lot] of lots.entries()) {
    const listing = await db
      .insertInto("equipment_listings")
      .values({
        user_id: houseId,
        title: lot.title,
        description: `Offered in a timed sale by Hartwell Industrial Auctions. Sold as is, where is; inspection by appointment at ${location}.`,
        brand: lot.brand,
        model: lot.model,
        category_id: lot.categoryId,
        condition: "used_good",
        listing_type: "auction",
        price_cents: lot.startingCents,
        currency: "USD",
        location,
        status: "active",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const auction = await db
      .insertInto("auctions")
      .values({
        listing_id: listing.id,
        // The event's schedule rewrites the times when the lots are set.
        start_date: opensAt.toISOString(),
        end_date: new Date(opensAt.getTime() + DAY).toISOString(),
        extensions_end_at: new Date(opensAt.getTime() + DAY + HOUR).toISOString(),
        starting_price_cents: lot.startingCents,
        reserve_price_cents: reserveOf(index, lot),
        current_price_cents: lot.startingCents,
        // The tiered increment table, as the demo's single auctions have it.
        bid_increment_cents: incrementFor(lot.startingCents),
        bid_increment_fixed: 0,
        currency: "USD",
        status: "upcoming",
        auto_extend: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(auction.id);
  }
  return ids;
}

/** A published event of fresh lots, its catalogue set and published at `at`. */
async function publishedEvent(
  db: Kysely<Database>,
  houseId: string,
  input: SaleEventInput,
  lots: Lot[],
  at: Date,
  reserveOf: (index: number, lot: Lot) => number | null = () => null,
): Promise<{ eventId: number; auctionIds: number[] }> {
  const eventId = await createSaleEvent(db, houseId, input, at);
  const auctionIds = await insertLots(db, houseId, lots, input.location ?? "", at, input.startsAt, reserveOf);
  await setSaleEventLots(
    db,
    houseId,
    eventId,
    auctionIds.map((auctionId, index) => ({ auctionId, position: index + 1 })),
    at,
  );
  await publishSaleEventCatalogue(db, houseId, eventId, at);
  return { eventId, auctionIds };
}

/** One bid at the lot's minimum (a start first, when the lot's opening has passed); none when the bidder already leads. */
async function bidAtMinimum(db: Kysely<Database>, auctionId: number, bidderId: string, at: Date, maxCents: number | null = null): Promise<void> {
  await settleAuctionIfDue(db, auctionId, at);
  const row = await db
    .selectFrom("auctions as a")
    .leftJoin("bids as lead", "lead.id", "a.leading_bid_id")
    .select(["a.currency", "a.starting_price_cents", "a.current_price_cents", "a.bid_count", "lead.user_id as leader_id"])
    .where("a.id", "=", auctionId)
    .executeTakeFirstOrThrow();
  if (row.leader_id === bidderId) return;
  const amountCents = minimumNextBid({
    currency: row.currency,
    startingPriceCents: row.starting_price_cents,
    currentPriceCents: row.current_price_cents,
    fixedIncrementCents: null,
    bidCount: row.bid_count,
  });
  await placeBid(db, { auctionId, bidderId, amountCents, maxCents, now: at });
}

async function idsOf(db: Kysely<Database>, emails: string[]): Promise<string[]> {
  const rows = await db.selectFrom("profiles").select(["id", "email"]).where("email", "in", emails).execute();
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return emails.map((email) => {
    const id = byEmail.get(email);
    if (!id) throw new Error(`The demo sale events need the account ${email}`);
    return id;
  });
}

const FORM = (company: string) => ({ company, phone: "+1 555 201 4477", intendedPurchases: "Test and production equipment for our own lines." });

export async function seedDemoSaleEvents(db: Kysely<Database>, random: Random, options: DemoSaleEventsOptions): Promise<void> {
  const { now, houseId } = options;
  const at = (offset: number) => new Date(now.getTime() + offset);
  const email = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
  const [buyerId, billingId, ...dealerIds] = await idsOf(db, [email("buyer"), email("billing"), ...DEMO_DEALERS.map((d) => d.email)]);
  const dealers = dealerIds as string[];
  // The dealers bid in the events; the demo buyer's own story is its pending request to bid.
  const bidders = dealers;
  // Every random choice is made first, so the sequence does not depend on what the services answer.
  const liveLots = drawLots(random, DEMO_LIVE_EVENT_LOTS);
  const upcomingLots = drawLots(random, UPCOMING_EVENT_LOTS);
  const closedLots = drawLots(random, CLOSED_EVENT_LOTS);
  const liveBids = liveLots.map((_, index) => (index % 3 === 0 ? 0 : random.int(1, 4)));
  const liveBidders = liveBids.map((count) => Array.from({ length: count }, () => random.pick(bidders)));

  const previousBus = getLiveEventBus();
  setLiveEventBus(SILENT_BUS);
  try {
    await inWriteTransaction(db, async (trx) => {
      // (c) Closed: ten lots that closed five days ago; lot 3's reserve was not met, lots 9 and 10 had no bids.
      const closedClose = at(-5 * DAY);
      const closed = await publishedEvent(
        trx,
        houseId,
        {
          title: DEMO_CLOSED_EVENT_TITLE,
          description: "Pattern shop, inspection lab and maintenance stores of a closed foundry line.",
          location: "Cleveland, OH",
          inspection: "By appointment, the week before the sale",
          pickup: "Within ten days of the sale",
          startsAt: at(-9 * DAY),
          firstCloseAt: closedClose,
          approvalRequired: false,
          premium: { percentBps: 1_500 },
        },
        closedLots,
        at(-12 * DAY),
        (index, lot) => (index === 2 ? lot.startingCents * 20 : null),
      );
      for (const [index, auctionId] of closed.auctionIds.entries()) {
        if (index >= CLOSED_EVENT_LOTS - 2) continue;
        for (let round = 0; round < 3; round++) {
          const bidder = bidders[(index + round) % bidders.length] as string;
          await bidAtMinimum(trx, auctionId, bidder, at(-8 * DAY + index * HOUR + round * 10 * MINUTE));
        }
      }
      // The settlement, as the scheduler's end-due pass did it just after each lot's close.
      for (const auctionId of closed.auctionIds) await settleAuctionIfDue(trx, auctionId, at(-5 * DAY + 2 * HOUR));

      // (a) Live: forty lots opened two days ago, closing a minute apart from twenty minutes after now.
      const live = await publishedEvent(
        trx,
        houseId,
        {
          title: DEMO_LIVE_EVENT_TITLE,
          description: "The complete press, automation and test floor of a stamping plant, sold lot by lot. Lots close one minute apart.",
          location: "Columbus, OH",
          inspection: "Two days before the first close, 9:00–16:00",
          pickup: "Within two weeks of the sale, by appointment",
          startsAt: at(-2 * DAY),
          firstCloseAt: at(20 * MINUTE),
          closeIntervalSeconds: 60,
          approvalRequired: false,
          premium: { percentBps: 1_000, minCents: 5_000 },
        },
        liveLots,
        at(-3 * DAY),
      );
      for (const [index, auctionId] of live.auctionIds.entries()) {
        for (const [round, bidder] of (liveBidders[index] ?? []).entries()) {
          await bidAtMinimum(trx, auctionId, bidder, at(-2 * DAY + HOUR + index * 30 * MINUTE + round * 5 * MINUTE));
        }
      }
      // The scheduler's start pass opened the lots nobody has bid on yet.
      for (const auctionId of live.auctionIds) await settleAuctionIfDue(trx, auctionId, now);

      // (b) Upcoming: approval and a fixed deposit; an approved dealer with a confirmed deposit has left pre-bids.
      const upcoming = await publishedEvent(
        trx,
        houseId,
        {
          title: DEMO_UPCOMING_EVENT_TITLE,
          description: "Calibrated bench instruments and data acquisition from a consolidated test laboratory.",
          location: "Columbus, OH",
          inspection: "The day before bidding opens",
          pickup: "Within ten days of the sale",
          startsAt: at(3 * DAY),
          firstCloseAt: at(5 * DAY),
          approvalRequired: true,
          deposit: { kind: "fixed", fixedCents: DEMO_UPCOMING_DEPOSIT_CENTS },
          depositRefundDays: 7,
          premium: { percentBps: 1_200 },
        },
        upcomingLots,
        at(-2 * DAY),
      );
      const approved = dealers[0] as string;
      const request = await requestToBid(trx, approved, upcoming.eventId, FORM(DEMO_DEALERS[0]!.companyName), at(-40 * HOUR));
      await decideBidder(trx, houseId, { eventId: upcoming.eventId, userId: approved, status: "approved" }, at(-36 * HOUR));
      await recordDeposit(
        trx,
        billingId as string,
        { eventId: upcoming.eventId, userId: approved, amountCents: DEMO_UPCOMING_DEPOSIT_CENTS, reference: request.depositReference },
        at(-30 * HOUR),
      );
      await confirmDeposit(trx, billingId as string, { eventId: upcoming.eventId, userId: approved }, at(-29 * HOUR));
      for (const [index, auctionId] of upcoming.auctionIds.slice(0, 4).entries()) {
        const lot = upcomingLots[index] as Lot;
        await placeBid(trx, {
          auctionId,
          bidderId: approved,
          amountCents: lot.startingCents,
          maxCents: lot.startingCents * 2,
          now: at(-20 * HOUR + index * MINUTE),
        });
      }
      await requestToBid(trx, buyerId as string, upcoming.eventId, FORM("Northgate Test Labs"), at(-3 * HOUR));
    });
  } finally {
    setLiveEventBus(previousBus);
  }
}

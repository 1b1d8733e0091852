// The demo auction floor and its orders: auctions in every state on seeded listings, with bid histories, and orders
// in every state of the buyer-protection flow. Nothing here writes an auction's price, leader, winner or an order's
// status itself: the seed runs a clock through the past weeks and, at each moment, calls the service a person or
// the scheduler would have called then (placeBid, the lifecycle's start/end/cancel, Buy Now, checkout, the order
// flow). So every current price, proxy answer, soft-close extension, order, timeline entry and notification is
// exactly what the engine produces, and ids follow time. Deterministic for a random seed and `now`.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "../dialect.ts";
import type { Database } from "../schema.ts";
import { AUCTION_DURATION_DAYS } from "../../app/lib/auctions.ts";
import { extensionsEndFor, minimumNextBid } from "../../app/lib/bidding.ts";
import type { OrderStatus } from "../../app/lib/orders.ts";
import { minorUnitsPerUnit } from "../../app/lib/money.ts";
import { isRole, type Role } from "../../app/lib/roles.ts";
import { cancelAuction, endDueAuctions, runAuctionLifecycle } from "../../app/flows/auction-settlement.server.ts";
import { startDueAuctions } from "../../app/services/auctions/start-due-auctions.server.ts";
import { placeBid, type BidOutcome } from "../../app/services/auctions/bidding.server.ts";
import { buyNow } from "../../app/services/orders/checkout.server.ts";
import { getLiveEventBus, setLiveEventBus, type LiveEventBus } from "../../app/services/platform/live-events.server.ts";
import { completeInspectedOrders } from "../../app/services/orders/order-flow.server.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_DEALERS } from "./listings.ts";
import { planOrderStory, scheduleOrderStory, shippingAddressOf, type OrderStory, type StoryCast } from "./orders.ts";
import type { Random } from "./random.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoAuctionsOptions {
  /** The seed's present: everything seeded here happened before it, and live auctions run on from it. */
  now: Date;
}

export interface DemoAuctionsSummary {
  auctions: Record<string, number>;
  endedWithWinner: number;
  bids: number;
  orders: Record<string, number>;
  notifications: number;
}

// ── The cast ──

interface Person {
  id: string;
  email: string;
  role: Role;
  /** How often they turn up in an auction's bidders. */
  weight: number;
}

interface Cast {
  buyer: Person;
  seller: Person;
  billing: Person;
  referee: Person;
  /** The dealers: the other companies that win auctions and buy. */
  traders: Person[];
  /** Everyone but the demo buyer who may bid (never on their own auction). */
  bidders: Person[];
  roles: Map<string, Role>;
}

const BIDDER_WEIGHTS: Partial<Record<Role, number>> = {
  seller: 3,
  admin: 1.2,
  super_admin: 0.4,
  moderator: 0.6,
  dispute_resolution_referee: 0.3,
  billing: 0.3,
  support: 0.5,
};

async function loadCast(db: Kysely<Database>): Promise<Cast> {
  const emails = [...DEMO_ACCOUNTS.map((a) => a.email), ...DEMO_DEALERS.map((d) => d.email)];
  const rows = await db.selectFrom("profiles").select(["id", "email", "role"]).where("email", "in", emails).execute();
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const person = (email: string): Person => {
    const row = byEmail.get(email);
    if (!row || !isRole(row.role)) throw new Error(`The demo auctions need the account ${email}`);
    return { id: row.id, email, role: row.role, weight: BIDDER_WEIGHTS[row.role] ?? 1 };
  };
  const demo = (role: Role) => person(DEMO_ACCOUNTS.find((a) => a.role === role)!.email);
  const dealers = DEMO_DEALERS.map((d) => person(d.email));
  const staff = DEMO_ACCOUNTS.filter((a) => a.role !== "buyer").map((a) => person(a.email));
  const everyone = [...staff, ...dealers];
  return {
    buyer: demo("buyer"),
    seller: demo("seller"),
    billing: demo("billing"),
    referee: demo("dispute_resolution_referee"),
    traders: dealers,
    bidders: everyone,
    roles: new Map([...everyone, demo("buyer")].map((p) => [p.id, p.role])),
  };
}

// ── The plan ──

type Outcome = "active" | "upcoming" | "sold" | "unsold" | "cancelled";
/** Who leads at the end: the demo buyer, another bidder, or whoever the bidding gives. */
type Lead = "buyer" | "other" | "any";

interface LotPlan {
  outcome: Outcome;
  /** Owned by the demo seller (else by a dealer or the admin). */
  bySeller: boolean;
  lead: Lead;
  /** The demo buyer takes part (and is outbid when another leads); "maybe" on gear a test lab buys. */
  buyerBids: "yes" | "no" | "maybe";
  /** Bid attempts before the closing moves. */
  heat: number;
  reserve: "none" | "met" | "unmet";
  hybrid: boolean;
  autoExtend: boolean;
  /** A flurry of bids in the last minutes, answered by soft close. */
  snipe: boolean;
  createdAt: number;
  startAt: number;
  endAt: number;
  /** Bids happen before this moment. */
  biddingUntil: number;
  cancelAt?: number;
  /** A hybrid taken with Buy Now at this moment. */
  boughtAt?: number;
  order?: { status: OrderStatus; story: OrderStory; winner: "buyer" | "other" };
}

interface BuyNowPlan {
  bySeller: boolean;
  byBuyer: boolean;
  status: OrderStatus;
  story: OrderStory;
  saleAt: number;
}

const span = (random: Random, min: number, max: number) => Math.round(min + (max - min) * random.next());

/** A duration of the create form whose auction has run at least `elapsedAtLeast` when `endsIn` is left. */
function durationFor(random: Random, endsIn: number, elapsedAtLeast: number): number {
  const fitting = AUCTION_DURATION_DAYS.map((d) => d * DAY).filter((d) => d - endsIn >= elapsedAtLeast && d <= 14 * DAY);
  const choices = fitting.slice(0, 2);
  return choices.length > 0 ? random.pick(choices) : 30 * DAY;
}

/** Auction timing counted back from its (original) end. */
function timing(random: Random, endAt: number, duration: number, scheduledAhead = random.next() < 0.3) {
  const startAt = endAt - duration;
  const createdAt = startAt - (scheduledAhead ? span(random, 2 * HOUR, 3 * DAY) : span(random, 0, 4 * MINUTE));
  return { startAt, endAt, createdAt };
}

function planLots(random: Random, now: number): LotPlan[] {
  const lots: LotPlan[] = [];
  const base = (outcome: Outcome, fields: Partial<LotPlan>): LotPlan => ({
    outcome,
    bySeller: false,
    lead: "any",
    buyerBids: "maybe",
    heat: random.int(3, 10),
    reserve: random.next() < 0.5 ? "met" : "none",
    hybrid: random.next() < 0.22,
    autoExtend: random.next() < 0.9,
    snipe: false,
    createdAt: 0,
    startAt: 0,
    endAt: 0,
    biddingUntil: 0,
    ...fields,
  });
  const active = (endsIn: number, fields: Partial<LotPlan>) => {
    const lot = base("active", fields);
    const zeroBids = lot.heat === 0;
    const duration = durationFor(random, endsIn, zeroBids ? 20 * MINUTE : 20 * HOUR);
    Object.assign(lot, timing(random, now + endsIn, duration));
    lot.biddingUntil = Math.min(now, lot.endAt) - span(random, 1 * MINUTE, 6 * MINUTE);
    lots.push(lot);
  };

  // Live, ending within minutes: soft close and the end can be watched.
  active(11 * MINUTE + span(random, 0, 50_000), { bySeller: true, lead: "other", buyerBids: "no", heat: 12, autoExtend: true, hybrid: false });
  active(17 * MINUTE + span(random, 0, 50_000), { lead: "buyer", heat: 10, autoExtend: true, hybrid: false });
  active(24 * MINUTE + span(random, 0, 50_000), { lead: "other", buyerBids: "yes", heat: 10, autoExtend: true });
  active(29 * MINUTE + span(random, 0, 50_000), { heat: 8, autoExtend: true, reserve: "met" });
  // Live, ending within hours.
  active(span(random, 1 * HOUR, 5 * HOUR), { bySeller: true, heat: 8 });
  active(span(random, 2 * HOUR, 20 * HOUR), { lead: "buyer", heat: 6 });
  active(span(random, 2 * HOUR, 20 * HOUR), { lead: "other", buyerBids: "yes", heat: 8 });
  for (let i = 0; i < 5; i += 1) active(span(random, 1 * HOUR, 22 * HOUR), {});
  // Live, ending within days: most of the floor.
  const days = () => span(random, 1 * DAY, random.next() < 0.65 ? 4 * DAY : 12 * DAY);
  active(days(), { bySeller: true, heat: 7 });
  active(days(), { bySeller: true, heat: 5 });
  active(days(), { bySeller: true, heat: 3, hybrid: true });
  active(days(), { bySeller: true, heat: 0 });
  for (let i = 0; i < 3; i += 1) active(days(), { lead: "buyer", heat: random.int(3, 9) });
  for (let i = 0; i < 3; i += 1) active(days(), { lead: "other", buyerBids: "yes", heat: random.int(4, 10) });
  for (let i = 0; i < 6; i += 1) {
    const duration = random.pick([1, 3, 7]) * DAY;
    active(duration - span(random, 20 * MINUTE, 10 * HOUR), { heat: 0, buyerBids: "no" });
  }
  for (let i = 0; i < 24; i += 1) active(days(), { heat: random.int(1, 12) });

  // Upcoming: starting within hours or days.
  const startsIn = [2 * HOUR, 6 * HOUR, 20 * HOUR, 36 * HOUR, 2 * DAY, 3 * DAY, 4 * DAY, 6 * DAY];
  for (const [i, ahead] of startsIn.entries()) {
    const lot = base("upcoming", { bySeller: i === 1, heat: 0, buyerBids: "no" });
    lot.startAt = now + ahead + span(random, 0, 50 * MINUTE);
    lot.endAt = lot.startAt + random.pick([3, 7, 7, 14]) * DAY;
    lot.createdAt = now - span(random, 1 * HOUR, 3 * DAY);
    lots.push(lot);
  }

  // Ended with a winner: the order's story says how long ago.
  // [the order's status, its buyer, sold by the demo seller, how it ended]
  const sold: Array<[OrderStatus, "buyer" | "other", boolean, "bidding" | "sniped" | "buy_now"]> = [
    ["pending", "buyer", false, "bidding"],
    ["pending", "other", true, "bidding"],
    ["paid", "buyer", false, "bidding"],
    ["paid", "other", true, "bidding"],
    ["shipped", "buyer", true, "sniped"],
    ["shipped", "other", false, "bidding"],
    ["delivered", "other", true, "sniped"],
    ["completed", "buyer", false, "bidding"],
    ["completed", "other", true, "sniped"],
    ["disputed", "buyer", false, "bidding"],
    ["released", "other", true, "sniped"],
    ["completed", "other", false, "buy_now"],
  ];
  for (const [i, [status, winner, bySeller, ending]] of sold.entries()) {
    const lot = base("sold", { bySeller, lead: winner, heat: random.int(5, 14), hybrid: ending === "buy_now", autoExtend: true, snipe: ending === "sniped" });
    // A hybrid taken with Buy Now was checked out at once; a won auction's winner checks out later.
    const story = planOrderStory(random, status, ending === "buy_now" ? "buy_now" : "auction");
    // The demo buyer's won auction awaiting checkout ended less than an hour ago.
    if (i === 0) story.lastAgeMs = span(random, 35 * MINUTE, 55 * MINUTE);
    lot.order = { status, story, winner };
    const saleAt = now - story.lastAgeMs - story.spanMs;
    if (ending === "buy_now") {
      // Taken with Buy Now (by someone else) while bids were still coming in; it would have ended days later.
      lot.boughtAt = saleAt;
      lot.lead = "any";
      Object.assign(lot, timing(random, saleAt + span(random, 1 * DAY, 3 * DAY), 7 * DAY));
      lot.biddingUntil = saleAt - span(random, 2 * HOUR, 20 * HOUR);
    } else {
      Object.assign(lot, timing(random, saleAt, random.pick([3, 7, 7, 14]) * DAY));
      lot.biddingUntil = lot.endAt - 10 * MINUTE;
    }
    lots.push(lot);
  }

  // Ended without a winner: reserve not met, or nobody bid.
  for (const [i, reserve] of (["unmet", "unmet", "unmet", "none", "met"] as const).entries()) {
    const noBids = i >= 3;
    const lot = base("unsold", { bySeller: i === 0, reserve, heat: noBids ? 0 : random.int(4, 8), buyerBids: i === 1 ? "yes" : "no", hybrid: false });
    Object.assign(lot, timing(random, now - span(random, 1 * DAY, 12 * DAY), random.pick([3, 7]) * DAY));
    lot.biddingUntil = lot.endAt - 10 * MINUTE;
    lots.push(lot);
  }

  // Cancelled by their sellers: two with bids, one without, one before it started.
  for (let i = 0; i < 3; i += 1) {
    const lot = base("cancelled", { bySeller: i === 0, heat: i < 2 ? random.int(3, 6) : 0, buyerBids: i === 1 ? "yes" : "no", hybrid: false });
    lot.startAt = now - span(random, 4 * DAY, 9 * DAY);
    lot.endAt = lot.startAt + random.pick([7, 14]) * DAY;
    lot.createdAt = lot.startAt - span(random, 0, 4 * MINUTE);
    const startAt = lot.startAt;
    lot.cancelAt = Math.min(now - 1 * DAY, startAt + span(random, 2 * DAY, 3 * DAY));
    lot.biddingUntil = lot.cancelAt - span(random, 1 * HOUR, 10 * HOUR);
    lots.push(lot);
  }
  const early = base("cancelled", { heat: 0, buyerBids: "no" });
  early.createdAt = now - span(random, 3 * DAY, 6 * DAY);
  early.startAt = early.createdAt + span(random, 2 * DAY, 5 * DAY);
  early.endAt = early.startAt + 7 * DAY;
  early.cancelAt = early.createdAt + span(random, 2 * HOUR, 30 * HOUR);
  early.biddingUntil = early.startAt;
  lots.push(early);
  return lots;
}

function planBuyNowOrders(random: Random, now: number): BuyNowPlan[] {
  // [status, sold by the demo seller, bought by the demo buyer]
  const rows: Array<[OrderStatus, boolean, boolean]> = [
    ["pending", true, false],
    ["delivered", false, true],
    ["disputed", true, false],
    ["refunded", false, true],
    ["refunded", true, false],
    ["released", true, true],
    ["cancelled", false, true],
    ["cancelled", true, false],
    ["completed", false, false],
  ];
  return rows.map(([status, bySeller, byBuyer]) => {
    const story = planOrderStory(random, status, "buy_now");
    return { bySeller, byBuyer, status, story, saleAt: now - story.lastAgeMs - story.spanMs };
  });
}

// ── Listings for the lots ──

interface ListingRow {
  id: number;
  user_id: string;
  title: string;
  price_cents: number;
  currency: string;
  category_id: string;
  condition: string;
  created_at: string;
}

const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.09, GBP: 1.27, CAD: 0.74 };

function usdValue(listing: ListingRow): number {
  return (listing.price_cents / minorUnitsPerUnit(listing.currency)) * (USD_PER_UNIT[listing.currency] ?? 1);
}

function weightedPick<T>(random: Random, items: readonly T[], weight: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = random.next() * total;
  for (const item of items) {
    roll -= weight(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1];
}

// ── Prices ──

/** A round step for amounts around `cents`: $5 around $100, $50 around $1,000, $500 around $10,000. */
function roundStep(cents: number, divisor: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(100, cents / 100)));
  return Math.max(100, Math.round((magnitude * 100) / divisor));
}
const roundDown = (cents: number, step: number) => Math.floor(cents / step) * step;
const roundUp = (cents: number, step: number) => Math.ceil(cents / step) * step;

/** $10 by default, $25, $50 or $100 on dear lots. */
function incrementFor(startingCents: number): number {
  if (startingCents < 100_000) return 1000;
  if (startingCents < 500_000) return 2500;
  if (startingCents < 2_000_000) return 5000;
  return 10_000;
}

interface LotTerms {
  startingCents: number;
  reserveCents: number | null;
  buyNowCents: number | null;
  incrementCents: number;
}

function termsFor(random: Random, lot: LotPlan, askingCents: number): LotTerms {
  const startingCents = Math.max(roundStep(askingCents, 20), roundDown(askingCents * (0.3 + 0.3 * random.next()), roundStep(askingCents, 20)));
  const incrementCents = incrementFor(startingCents);
  const reserveCents =
    lot.reserve === "none"
      ? null
      : Math.max(startingCents + 5 * incrementCents, roundDown(askingCents * (0.72 + 0.18 * random.next()), roundStep(askingCents, 10)));
  const buyNowCents = lot.hybrid ? roundUp(askingCents * (1.15 + 0.15 * random.next()), roundStep(askingCents, 20)) : null;
  return { startingCents, reserveCents, buyNowCents, incrementCents };
}

// ── Bidders ──

interface Bidder {
  person: Person;
  /** The most they will pay. */
  valueCents: number;
  /** Proxy bidders give their maximum once; the others bid a little over the minimum, again and again. */
  proxy: boolean;
  mustBid: boolean;
  hasBid: boolean;
  /** Times a leader's maximum answered their bid at once. */
  answered: number;
}

/** Gear a test lab like the demo buyer's company bids on. */
function labGear(listing: Pick<ListingRow, "category_id">): boolean {
  return /^industrial_electronics_(test_measurement|data_acquisition|lab_scientific|electronic_components|automation_control)_/.test(listing.category_id);
}

function pickBidders(random: Random, cast: Cast, lot: LotPlan, listing: ListingRow): { bidders: Bidder[]; designated: Bidder | null } {
  const sellerId = listing.user_id;
  const pool = cast.bidders.filter((p) => p.id !== sellerId);
  const chosen: Person[] = [];
  const count = random.int(2, 5);
  while (chosen.length < count) {
    const next = weightedPick(
      random,
      pool.filter((p) => !chosen.includes(p)),
      (p) => p.weight,
    );
    if (!next) break;
    chosen.push(next);
  }
  let designatedPerson: Person | null = null;
  if (lot.lead === "buyer") designatedPerson = cast.buyer;
  else if (lot.lead === "other") {
    const traders = cast.traders.filter((p) => p.id !== sellerId);
    designatedPerson = chosen.find((p) => traders.includes(p)) ?? random.pick(traders);
    if (!chosen.includes(designatedPerson)) chosen.push(designatedPerson);
  }
  const withBuyer = lot.lead === "buyer" || lot.buyerBids === "yes" || (lot.buyerBids === "maybe" && labGear(listing) && random.next() < 0.35);
  const people = withBuyer ? [cast.buyer, ...chosen] : chosen;
  const bidders = people.map((person) => ({ person, valueCents: 0, proxy: random.next() < 0.35, mustBid: false, hasBid: false, answered: 0 }));
  const designated = designatedPerson ? (bidders.find((b) => b.person === designatedPerson) ?? null) : null;
  const buyer = bidders.find((b) => b.person === cast.buyer);
  if (buyer && lot.buyerBids === "yes" && designated !== buyer) buyer.mustBid = true;
  return { bidders, designated };
}

/** What each bidder will pay at most, so that the planned outcome is what the rules give. */
function setValues(random: Random, lot: LotPlan, terms: LotTerms, askingCents: number, bidders: Bidder[], designated: Bidder | null): void {
  const step = Math.max(terms.incrementCents, roundStep(askingCents, 20));
  let ceiling = Number.POSITIVE_INFINITY;
  if (terms.buyNowCents !== null) ceiling = terms.buyNowCents - 2 * terms.incrementCents;
  if (lot.reserve === "unmet" && terms.reserveCents !== null) ceiling = Math.min(ceiling, terms.reserveCents - terms.incrementCents);
  for (const bidder of bidders) {
    if (bidder === designated) continue;
    const low = bidder.mustBid ? 0.7 : 0.5;
    bidder.valueCents = Math.min(ceiling, roundDown(askingCents * (low + (1 - low) * random.next()), step));
  }
  if (designated) {
    const others = Math.max(terms.startingCents, ...bidders.filter((b) => b !== designated).map((b) => b.valueCents));
    let value = Math.max(others + step * random.int(1, 4), roundDown(askingCents * (0.9 + 0.2 * random.next()), step));
    if (terms.reserveCents !== null && lot.reserve === "met") value = Math.max(value, terms.reserveCents + step * random.int(0, 3));
    designated.valueCents = Math.min(ceiling, value);
    // The designated leader's maximum stays above everyone else's.
    for (const bidder of bidders) {
      if (bidder !== designated) bidder.valueCents = Math.min(bidder.valueCents, designated.valueCents - step);
    }
  }
}

// ── The clock ──

interface ClockEvent {
  at: number;
  seq: number;
  run: (at: Date) => Promise<void>;
}

/** Past moments in time order; work scheduled while the clock runs joins the queue. */
class SeedClock {
  private readonly queue: ClockEvent[] = [];
  private seq = 0;

  constructor(private readonly now: number) {}

  schedule = (at: number, run: (at: Date) => Promise<void>): void => {
    if (!Number.isFinite(at) || at >= this.now) throw new Error(`A demo event was planned at ${new Date(at).toISOString()}, not before now`);
    const event = { at: Math.round(at), seq: this.seq++, run };
    let low = 0;
    let high = this.queue.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const other = this.queue[mid]!;
      if (other.at < event.at || (other.at === event.at && other.seq < event.seq)) low = mid + 1;
      else high = mid;
    }
    this.queue.splice(low, 0, event);
  };

  async run(): Promise<void> {
    for (let event = this.queue.shift(); event; event = this.queue.shift()) await event.run(new Date(event.at));
  }
}

/** A bus that drops everything: the seed's bids and endings have nobody to tell. */
const SILENT_BUS: LiveEventBus = { publish: () => undefined, subscribe: () => () => undefined };

// ── Seeding ──

/** Seeds the auctions, their bids, the orders and what they notified. Call once, after the listings. */
export async function seedDemoAuctions(db: Kysely<Database>, random: Random, options: DemoAuctionsOptions): Promise<DemoAuctionsSummary> {
  const now = options.now.getTime();
  const cast = await loadCast(db);
  const lots = planLots(random, now);
  const buyNowOrders = planBuyNowOrders(random, now);

  const listings: ListingRow[] = await db
    .selectFrom("equipment_listings")
    .select(["id", "user_id", "title", "price_cents", "currency", "category_id", "condition", "created_at"])
    .where("status", "=", "active")
    .where("listing_type", "=", "buy_now")
    .where("is_featured", "=", 0)
    .orderBy("id")
    .execute();
  const used = new Set<number>();
  const pick = (bySeller: boolean, before: number, fits: (l: ListingRow) => boolean, weight: (l: ListingRow) => number): ListingRow => {
    const candidates = listings.filter(
      (l) => !used.has(l.id) && (l.user_id === cast.seller.id) === bySeller && Date.parse(l.created_at) < before - DAY && fits(l),
    );
    const chosen = weightedPick(random, candidates, weight);
    if (!chosen) throw new Error("Not enough demo listings for the demo auctions");
    used.add(chosen.id);
    return chosen;
  };
  const lotWorthy = (l: ListingRow) => usdValue(l) >= 800 && l.condition !== "parts_only";

  const previousBus = getLiveEventBus();
  setLiveEventBus(SILENT_BUS);
  try {
    await inWriteTransaction(db, async (trx) => {
      const clock = new SeedClock(now);
      const streets = new Map<string, string>();
      const shippingOf = (userId: string) => () => {
        let street = streets.get(userId);
        if (!street) {
          street = `${random.int(100, 9800)} ${random.pick(STREETS)}`;
          streets.set(userId, street);
        }
        return shippingAddressOf(trx, userId, street);
      };

      for (const lot of lots) {
        // The demo buyer's company is a test lab: the lots it leads or bids on are lab gear.
        const forBuyer = lot.lead === "buyer" || lot.buyerBids === "yes";
        const listing = pick(
          lot.bySeller,
          lot.createdAt,
          (l) => lotWorthy(l) && (!forBuyer || labGear(l)),
          (l) => 1 + Math.log10(usdValue(l) / 800),
        );
        scheduleLot(trx, clock, random, cast, lot, listing, shippingOf);
      }
      for (const plan of buyNowOrders) {
        const listing = pick(
          plan.bySeller,
          plan.saleAt,
          (l) => usdValue(l) >= 150 && (!plan.byBuyer || labGear(l)),
          () => 1,
        );
        const buyer = plan.byBuyer ? cast.buyer : random.pick(cast.traders.filter((p) => p.id !== listing.user_id && p !== cast.seller));
        clock.schedule(plan.saleAt, async (at) => {
          const order = await buyNow(trx, { listingId: listing.id, buyerId: buyer.id, shipping: await shippingOf(buyer.id)(), now: at });
          const subject = { id: order.orderId, auctionId: null, item: itemOf(listing) };
          const parties = storyCast(cast, buyer.id, listing.user_id);
          scheduleOrderStory(trx, clock.schedule, random, subject, plan.story, at.getTime(), parties, shippingOf(buyer.id));
        });
      }

      await clock.run();

      // Everything planned has happened; nothing is left for the scheduler to catch up on.
      const pass = await runAuctionLifecycle(trx, options.now);
      const completed = await completeInspectedOrders(trx, options.now);
      if (pass.started + pass.ended + pass.failed + completed > 0) {
        throw new Error(`The demo auctions left work for the scheduler: ${JSON.stringify({ ...pass, completed })}`);
      }
    });
  } finally {
    setLiveEventBus(previousBus);
  }
  return summarize(db);
}

const STREETS = [
  "Industrial Parkway",
  "Commerce Drive",
  "Enterprise Way",
  "Technology Boulevard",
  "Foundry Road",
  "Logistics Court",
  "Research Park Drive",
  "Quarry Lane",
];

function itemOf(listing: ListingRow) {
  return { categoryId: listing.category_id, currency: listing.currency };
}

function storyCast(cast: Cast, buyerId: string, sellerId: string): StoryCast {
  return { buyerId, sellerId, billingId: cast.billing.id, refereeId: cast.referee.id, roles: cast.roles };
}

/** Schedules the life of one auction: created, started, bid on, and ended, cancelled or bought. */
function scheduleLot(
  trx: Kysely<Database>,
  clock: SeedClock,
  random: Random,
  cast: Cast,
  lot: LotPlan,
  listing: ListingRow,
  shippingOf: (userId: string) => () => ReturnType<typeof shippingAddressOf>,
): void {
  const terms = termsFor(random, lot, listing.price_cents);
  const { bidders, designated } = lot.heat > 0 || lot.lead !== "any" ? pickBidders(random, cast, lot, listing) : { bidders: [], designated: null };
  setValues(random, lot, terms, listing.price_cents, bidders, designated);
  let auctionId = 0;
  let state: BidOutcome["state"] | null = null;

  clock.schedule(lot.createdAt, async (at) => {
    const stamp = at.toISOString();
    await trx
      .updateTable("equipment_listings")
      .set({
        listing_type: terms.buyNowCents === null ? "auction" : "hybrid",
        price_cents: terms.startingCents,
        buy_now_price_cents: terms.buyNowCents,
        updated_at: stamp,
      })
      .where("id", "=", listing.id)
      .execute();
    const row = await trx
      .insertInto("auctions")
      .values({
        listing_id: listing.id,
        start_date: new Date(lot.startAt).toISOString(),
        end_date: new Date(lot.endAt).toISOString(),
        starting_price_cents: terms.startingCents,
        reserve_price_cents: terms.reserveCents,
        current_price_cents: terms.startingCents,
        // The demo's lots follow the tiered increment table (bid_increment_fixed 0); their cap is the default one.
        bid_increment_cents: terms.incrementCents,
        buy_now_price_cents: terms.buyNowCents,
        currency: listing.currency,
        status: "upcoming",
        auto_extend: lot.autoExtend ? 1 : 0,
        extensions_end_at: extensionsEndFor(new Date(lot.endAt)).toISOString(),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    auctionId = row.id;
  });
  if (lot.outcome === "upcoming") return;
  if (lot.startAt < (lot.cancelAt ?? Number.POSITIVE_INFINITY)) clock.schedule(lot.startAt, (at) => startDueAuctions(trx, at).then(() => undefined));

  // The bidding: attempts at moments leaning towards the end, then the closing moves.
  const bid = async (at: Date, bidder: Bidder, amountCents: number, maxCents: number | null) => {
    const outcome = await placeBid(trx, { auctionId, bidderId: bidder.person.id, amountCents, maxCents, now: at });
    state = outcome.state;
    bidder.hasBid = true;
    // Answered at once twice, a bidder stops probing and enters their maximum.
    if (outcome.result === "outbid" && ++bidder.answered >= 2) bidder.proxy = true;
  };
  const live = (at: Date) => state === null || (state.status === "active" && at.getTime() < Date.parse(state.endsAt));
  const minimum = () =>
    minimumNextBid(
      state ?? {
        currency: listing.currency,
        startingPriceCents: terms.startingCents,
        currentPriceCents: terms.startingCents,
        fixedIncrementCents: null,
        bidCount: 0,
      },
    );
  const leaderId = () => state?.leaderId ?? null;
  const attempt = async (at: Date, from: Bidder[]) => {
    if (!live(at)) return;
    const floor = minimum();
    const eligible = from.filter((b) => b.person.id !== leaderId() && b.valueCents >= floor);
    if (eligible.length === 0) return;
    const bidder = eligible.find((b) => b.mustBid && !b.hasBid) ?? random.pick(eligible);
    if (bidder.proxy) return bid(at, bidder, floor, bidder.valueCents);
    // The minimum, a few increments more, or a jump of a few percent to a round figure.
    const roll = random.next();
    const wanted = roll < 0.35 ? floor : roll < 0.75 ? floor + terms.incrementCents * random.int(1, 4) : floor * (1.02 + 0.06 * random.next());
    const amount = roll < 0.35 ? floor : roundUp(wanted, roundStep(floor, 100));
    return bid(at, bidder, Math.max(floor, Math.min(bidder.valueCents, amount)), null);
  };
  /** The designated leader makes sure of the lead (and of the reserve, when it is theirs to meet). */
  const close = async (at: Date) => {
    if (!designated || !live(at)) return;
    const reserveShort = terms.reserveCents !== null && lot.reserve === "met" && (state?.currentPriceCents ?? 0) < terms.reserveCents;
    if (leaderId() === designated.person.id && !reserveShort) return;
    // Their maximum covers at least the next minimum: the others' bids may have passed the value drawn for them.
    const floor = minimum();
    await bid(at, designated, floor, Math.max(floor, designated.valueCents));
  };

  const from = lot.startAt + 10 * MINUTE;
  const until = lot.biddingUntil - 2 * MINUTE;
  // A sniper (the winner of a sniped lot) stays out of the bidding until its last minutes.
  const early = lot.snipe ? bidders.filter((b) => b !== designated) : bidders;
  if (lot.heat > 0 && until > from) {
    const times = Array.from({ length: lot.heat }, () => from + (until - from) * random.next() ** 0.6).sort((a, b) => a - b);
    for (const time of times) clock.schedule(time, (at) => attempt(at, early));
  }
  if (designated && lot.snipe) {
    // The last minutes: a few bids, the sniper's maximum, the others' answers; soft close extends at each one.
    const moves: Array<(at: Date) => Promise<void>> = [
      ...Array.from({ length: random.int(1, 2) }, () => (at: Date) => attempt(at, early)),
      close,
      ...Array.from({ length: random.int(1, 2) }, () => (at: Date) => attempt(at, early)),
    ];
    const play = async (at: Date, index: number): Promise<void> => {
      await moves[index]!(at);
      if (index + 1 >= moves.length) return;
      const endsAt = state ? Date.parse(state.endsAt) : lot.endAt;
      clock.schedule(at.getTime() + Math.min(span(random, 30_000, 200_000), endsAt - at.getTime() - 5_000), (later) => play(later, index + 1));
    };
    clock.schedule(lot.endAt - span(random, 60_000, 240_000), (at) => play(at, 0));
  } else if (designated) {
    clock.schedule(Math.max(from, until) + span(random, 10_000, 100_000), close);
  }

  if (lot.outcome === "cancelled") {
    clock.schedule(lot.cancelAt!, async (at) => {
      await cancelAuction(trx, { auctionId, userId: listing.user_id, now: at });
    });
    return;
  }
  if (lot.boughtAt !== undefined && lot.order) {
    const order = lot.order;
    const buyer = random.pick(cast.traders.filter((p) => p.id !== listing.user_id && !bidders.some((b) => b.person === p)));
    clock.schedule(lot.boughtAt, async (at) => {
      const bought = await buyNow(trx, { listingId: listing.id, buyerId: buyer.id, shipping: await shippingOf(buyer.id)(), now: at });
      const subject = { id: bought.orderId, auctionId, item: itemOf(listing) };
      const parties = storyCast(cast, buyer.id, listing.user_id);
      scheduleOrderStory(trx, clock.schedule, random, subject, order.story, at.getTime(), parties, shippingOf(buyer.id));
    });
    return;
  }
  if (lot.outcome === "active") return;

  // The end: at the end date, which soft close may have moved.
  const end = async (at: Date): Promise<void> => {
    const endsAt = state ? Date.parse(state.endsAt) : lot.endAt;
    if (endsAt > at.getTime()) return clock.schedule(endsAt, end);
    if ((await endDueAuctions(trx, at)) < 1) throw new Error(`Demo auction ${auctionId} did not end at ${at.toISOString()}`);
    if (!lot.order) return;
    const won = await trx.selectFrom("orders").select(["id", "buyer_id", "seller_id"]).where("auction_id", "=", auctionId).executeTakeFirst();
    const expected = lot.order.winner === "buyer" ? cast.buyer.id : designated?.person.id;
    if (!won || won.buyer_id !== expected) throw new Error(`Demo auction ${auctionId} was not won as planned`);
    // The story was planned from the original end; soft close may have moved the sale a few minutes later.
    const subject = { id: won.id, auctionId, item: itemOf(listing) };
    const parties = storyCast(cast, won.buyer_id, won.seller_id);
    scheduleOrderStory(trx, clock.schedule, random, subject, lot.order.story, at.getTime(), parties, shippingOf(won.buyer_id));
  };
  clock.schedule(lot.endAt, end);
}

async function summarize(db: Kysely<Database>): Promise<DemoAuctionsSummary> {
  const auctions = await db
    .selectFrom("auctions")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const orders = await db
    .selectFrom("orders")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const winners = await db
    .selectFrom("auctions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("winner_id", "is not", null)
    .executeTakeFirstOrThrow();
  const bids = await db
    .selectFrom("bids")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const notifications = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return {
    auctions: Object.fromEntries(auctions.map((row) => [row.status, Number(row.count)])),
    endedWithWinner: Number(winners.count),
    bids: Number(bids.count),
    orders: Object.fromEntries(orders.map((row) => [row.status, Number(row.count)])),
    notifications: Number(notifications.count),
  };
}

// The offers service against a reference model of the offer state machine: random sequences of
// offers, accepts, declines, counters and withdrawals by the buyers, the seller and a stranger, with the clock moving
// and the scheduler's expiry pass in between. After every step the service's answer (its outcome or its refusal's
// message) and everything stored — each offer row's maker, amount and status, the listing's status, the orders — must
// be what the model says.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DomainError } from "~/services/domain-error.ts";
import { expireDueOffers, makeOffer, respondToOffer } from "~/services/orders/offers.server.ts";
import { MAX_OFFERS_PER_LISTING, OFFER_EXPIRY_MS, OFFER_MESSAGES, type OfferAction, type OfferParty } from "~/lib/offers.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const PRICE = 100_000;
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse("2026-12-02T09:00:00.000Z");
const NUM_RUNS = 150;
let clock = T0;

type Buyer = "a" | "b";
type Actor = Buyer | "seller" | "stranger";

interface ModelRow {
  buyer: Buyer;
  madeBy: OfferParty;
  amount: number;
  status: string;
  expiresAt: number;
  parentAmount: number | null;
}

interface Settings {
  autoAccept: number | null;
  autoDecline: number | null;
}

/** What the rules say, with no database: the rows of one listing, whether it sold, and the sale's amount. */
class OffersModel {
  rows: ModelRow[] = [];
  soldAt: number | null = null;
  constructor(readonly settings: Settings) {}

  private live(row: ModelRow, now: number) {
    return row.status === "open" && row.expiresAt > now;
  }
  private made(buyer: Buyer) {
    return this.rows.filter((row) => row.buyer === buyer && row.madeBy === "buyer").length;
  }
  private accept(row: ModelRow): string {
    row.status = "accepted";
    this.soldAt = row.amount;
    for (const other of this.rows) if (other !== row && other.status === "open") other.status = "declined";
    return "accepted";
  }
  private auto(row: ModelRow): string {
    const { autoAccept, autoDecline } = this.settings;
    if (autoAccept !== null && row.amount >= autoAccept) return this.accept(row);
    if (autoDecline !== null && row.amount < autoDecline) {
      row.status = "declined";
      return "declined";
    }
    return "open";
  }

  offer(buyer: Buyer, amount: number, now: number): string {
    if (this.soldAt !== null) return OFFER_MESSAGES.alreadySold;
    if (amount >= PRICE) return OFFER_MESSAGES.amountTooHigh;
    if (this.rows.some((row) => row.buyer === buyer && this.live(row, now))) return OFFER_MESSAGES.alreadyOpen;
    if (this.made(buyer) >= MAX_OFFERS_PER_LISTING) return OFFER_MESSAGES.capReached;
    const row: ModelRow = { buyer, madeBy: "buyer", amount, status: "open", expiresAt: now + OFFER_EXPIRY_MS, parentAmount: null };
    this.rows.push(row);
    return this.auto(row);
  }

  /** The latest row of a buyer's negotiations: what a party acts on. */
  latest(buyer: Buyer): ModelRow | undefined {
    return this.rows.filter((row) => row.buyer === buyer).at(-1);
  }

  act(actor: Actor, buyer: Buyer, action: OfferAction, amount: number, now: number): string {
    const row = this.latest(buyer)!;
    const party: OfferParty | null = actor === "seller" ? "seller" : actor === buyer ? "buyer" : null;
    if (party === null) return OFFER_MESSAGES.offerNotFound;
    if (action === "withdraw" && party !== row.madeBy) return OFFER_MESSAGES.onlyMakerWithdraws;
    if (action !== "withdraw" && party === row.madeBy) return OFFER_MESSAGES.notYours;
    if (row.status !== "open") return OFFER_MESSAGES.notOpen;
    if (!this.live(row, now)) return OFFER_MESSAGES.expired;
    if (action === "withdraw") return (row.status = "withdrawn");
    if (action === "decline") return (row.status = "declined");
    if (this.soldAt !== null) return OFFER_MESSAGES.alreadySold;
    if (action === "accept") return this.accept(row);
    if (party === "buyer" && this.made(buyer) >= MAX_OFFERS_PER_LISTING) return OFFER_MESSAGES.noCounterLeft;
    const [above, below] = row.madeBy === "buyer" ? [row.amount, PRICE] : [row.parentAmount ?? 0, row.amount];
    if (amount <= above || amount >= below) return OFFER_MESSAGES.counterOutOfRange;
    row.status = "countered";
    const counter: ModelRow = { buyer, madeBy: party, amount, status: "open", expiresAt: now + OFFER_EXPIRY_MS, parentAmount: row.amount };
    this.rows.push(counter);
    return party === "buyer" ? this.auto(counter) : "open";
  }

  expire(now: number): number {
    let count = 0;
    for (const row of this.rows) {
      if (row.status === "open" && row.expiresAt <= now) {
        row.status = "expired";
        count += 1;
      }
    }
    return count;
  }
}

type Step =
  | { kind: "offer"; buyer: Buyer; amount: number }
  | { kind: "act"; actor: Actor; buyer: Buyer; action: OfferAction; amount: number }
  | { kind: "wait"; ms: number }
  | { kind: "expire" };

const amountArb = fc.constantFrom(30_000, 45_000, 55_000, 70_000, 80_000, 88_000, 92_000, 97_000, 99_999, 100_000);
const buyerArb = fc.constantFrom<Buyer>("a", "b");
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("offer" as const), buyer: buyerArb, amount: amountArb }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("act" as const),
      actor: fc.constantFrom<Actor>("a", "b", "seller", "seller", "stranger"),
      buyer: buyerArb,
      action: fc.constantFrom<OfferAction>("accept", "decline", "decline", "counter", "counter", "counter", "withdraw", "withdraw"),
      amount: amountArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.constantFrom(HOUR, 24 * HOUR, 48 * HOUR - 1, 48 * HOUR, 49 * HOUR) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "expire" as const }) },
);
const settingsArb = fc.record({ autoAccept: fc.constantFrom(null, null, 90_000), autoDecline: fc.constantFrom(null, null, 50_000) });

let opened: OpenedDatabase;
beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(() => opened.close());

const stats = { steps: 0, answers: new Map<string, number>() };

async function answerOf(call: Promise<{ status: string }>): Promise<string> {
  try {
    return (await call).status;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

async function checkSequence(settings: Settings, steps: Step[]): Promise<void> {
  const db = opened.db;
  const seller = await insertUserRow(db, undefined, "seller");
  const users: Record<Buyer | "stranger", string> = { a: await insertUserRow(db), b: await insertUserRow(db), stranger: await insertUserRow(db) };
  const listingId = await insertListingRow(db, seller, {
    price_cents: PRICE,
    accepts_offers: 1,
    auto_accept_cents: settings.autoAccept,
    auto_decline_cents: settings.autoDecline,
  });
  const model = new OffersModel(settings);
  // Each sequence starts well after the last one ended, its leftovers expired first: the expiry pass is database-wide.
  let now = (clock += 400 * HOUR);
  await expireDueOffers(db, new Date(now));
  for (const step of steps) {
    let expected: string;
    let actual: string;
    if (step.kind === "wait") {
      now += step.ms;
      clock = Math.max(clock, now);
      continue;
    } else if (step.kind === "expire") {
      expected = String(model.expire(now));
      actual = String(await expireDueOffers(db, new Date(now)));
    } else if (step.kind === "offer") {
      expected = model.offer(step.buyer, step.amount, now);
      actual = await answerOf(makeOffer(db, { listingId, buyerId: users[step.buyer], amountCents: step.amount, now: new Date(now) }));
    } else {
      if (!model.latest(step.buyer)) continue;
      const rows = await db
        .selectFrom("offers")
        .select("id")
        .where("listing_id", "=", listingId)
        .where("buyer_id", "=", users[step.buyer])
        .orderBy("id")
        .execute();
      const offerId = rows.at(-1)!.id;
      expected = model.act(step.actor, step.buyer, step.action, step.amount, now);
      const userId = step.actor === "seller" ? seller : users[step.actor];
      actual = await answerOf(respondToOffer(db, { offerId, userId, action: step.action, amountCents: step.amount, now: new Date(now) }));
    }
    stats.steps += 1;
    stats.answers.set(expected, (stats.answers.get(expected) ?? 0) + 1);
    expect(actual, JSON.stringify(step)).toBe(expected);

    const stored = await db
      .selectFrom("offers")
      .select(["id", "buyer_id", "made_by", "amount_cents", "status"])
      .where("listing_id", "=", listingId)
      .orderBy("id")
      .execute();
    expect(stored.map((row) => [row.buyer_id === users.a ? "a" : "b", row.made_by, row.amount_cents, row.status])).toEqual(
      model.rows.map((row) => [row.buyer, row.madeBy, row.amount, row.status]),
    );
    const listing = await db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
    expect(listing.status).toBe(model.soldAt === null ? "active" : "sold");
    const orders = await db.selectFrom("orders").select(["amount_cents", "fee_cents", "sale_type"]).where("listing_id", "=", listingId).execute();
    expect(orders).toEqual(model.soldAt === null ? [] : [{ amount_cents: model.soldAt, fee_cents: Math.round(model.soldAt * 0.025), sale_type: "buy_now" }]);
  }
}

describe("the offers service against the reference model", () => {
  it(`agrees on ${NUM_RUNS} random sequences, expiry included`, async () => {
    await fc.assert(fc.asyncProperty(settingsArb, fc.array(stepArb, { minLength: 4, maxLength: 24 }), checkSequence), { numRuns: NUM_RUNS });
    console.log(`offers model: ${stats.steps} steps; answers ${JSON.stringify(Object.fromEntries(stats.answers))}`);
    // The generator reaches the rules: sales, counters, expiry and the wrong-party refusals (the cap has its own tests).
    for (const answer of [
      "accepted",
      "open",
      "declined",
      "withdrawn",
      OFFER_MESSAGES.notYours,
      OFFER_MESSAGES.offerNotFound,
      OFFER_MESSAGES.alreadyOpen,
      OFFER_MESSAGES.expired,
      OFFER_MESSAGES.counterOutOfRange,
    ]) {
      expect(stats.answers.get(answer) ?? 0, answer).toBeGreaterThan(0);
    }
  }, 240_000);
});

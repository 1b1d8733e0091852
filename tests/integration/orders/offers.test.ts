// Make Offer against a real database: the caps, counters, auto-accept and auto-decline, who may act and
// when, what acceptance does (order at the agreed amount with the fee, listing sold, other offers declined with a
// notice, all in one transaction), the races (two acceptances, acceptance against Buy Now, in OS processes), expiry
// and the unpaid-order deadline by the scheduler exactly once, the notices, e-mails and conversation lines, and the
// seller's settings (never shown to buyers).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import {
  cancelUnpaidOfferOrders,
  countOffersAwaitingAnswer,
  expireDueOffers,
  getOfferPanel,
  listNegotiations,
  makeOffer,
  respondToOffer,
  saveOfferSettings,
} from "~/services/orders/offers.server.ts";
import { runScheduledWork } from "~/flows/scheduled-work.server.ts";
import { transitionOrder } from "~/services/orders/order-flow.server.ts";
import { OFFER_MESSAGES } from "~/lib/offers.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { runTogether } from "../../support/processes.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const T0 = new Date("2026-12-02T09:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
let other: string;

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
  other = await insertUserRow(opened.db);
});
afterEach(() => opened.close());

const offerListing = (values: Parameters<typeof insertListingRow>[2] = {}) =>
  insertListingRow(opened.db, seller, { title: "Keysight N9020A signal analyzer", price_cents: 100_000, accepts_offers: 1, ...values });
const offerRow = (id: number) => opened.db.selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const listingStatus = async (id: number) =>
  (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const noticesOf = (userId: string) =>
  opened.db.selectFrom("notifications").select(["type", "title", "message", "action_url"]).where("user_id", "=", userId).orderBy("id").execute();
const ordersOf = (listingId: number) => opened.db.selectFrom("orders").selectAll().where("listing_id", "=", listingId).execute();

describe("making an offer", () => {
  it("stores an open offer that expires in 48 hours, tells the seller and writes a line in the listing's conversation", async () => {
    const listingId = await offerListing();
    const outcome = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 80_000, message: "Can collect from Dayton next week.", now: T0 });
    expect(outcome).toMatchObject({ status: "open", orderId: null });
    expect(await offerRow(outcome.offerId)).toMatchObject({
      status: "open",
      made_by: "buyer",
      amount_cents: 80_000,
      seller_id: seller,
      expires_at: at(48).toISOString(),
    });
    expect(await noticesOf(seller)).toEqual([expect.objectContaining({ type: "offer", title: "New offer: $800.00", action_url: "/offers?tab=received" })]);
    const lines = await opened.db
      .selectFrom("messages as m")
      .innerJoin("conversations as c", "c.id", "m.conversation_id")
      .select(["m.sender_id", "m.recipient_id", "m.body", "c.listing_id"])
      .execute();
    expect(lines).toEqual([
      { sender_id: buyer, recipient_id: seller, body: "The buyer offered $800.00: Can collect from Dayton next week.", listing_id: listingId },
    ]);
    // The seller's e-mail choice "offer" is on by default: the notice is mailed too.
    const mail = await opened.db.selectFrom("email_outbox").select(["subject"]).execute();
    expect(mail.map((m) => m.subject)).toContain("New offer: $800.00");
  });

  it("refuses offers at or above the price, on listings that take none, on one's own listing and on sold ones", async () => {
    const listingId = await offerListing();
    expect((await refusalOf(makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 100_000, now: T0 }), "invalid")).message).toBe(
      OFFER_MESSAGES.amountTooHigh,
    );
    expect((await refusalOf(makeOffer(opened.db, { listingId, buyerId: seller, amountCents: 50_000, now: T0 }), "forbidden")).message).toBe(
      OFFER_MESSAGES.ownListing,
    );
    const closed = await offerListing({ accepts_offers: 0 });
    expect((await refusalOf(makeOffer(opened.db, { listingId: closed, buyerId: buyer, amountCents: 50_000, now: T0 }), "conflict")).message).toBe(
      OFFER_MESSAGES.notTakingOffers,
    );
    const auction = await insertAuctionRow(opened.db, seller, {}, T0);
    await opened.db.updateTable("equipment_listings").set({ accepts_offers: 1 }).where("id", "=", auction.listingId).execute();
    expect((await refusalOf(makeOffer(opened.db, { listingId: auction.listingId, buyerId: buyer, amountCents: 50_000, now: T0 }))).message).toBe(
      OFFER_MESSAGES.notTakingOffers,
    );
    await buyNow(opened.db, { listingId, buyerId: other, shipping: SHIPPING_ADDRESS, now: T0 });
    expect((await refusalOf(makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 50_000, now: T0 }), "conflict")).message).toBe(
      OFFER_MESSAGES.alreadySold,
    );
    expect((await refusalOf(makeOffer(opened.db, { listingId: 999_999, buyerId: buyer, amountCents: 50_000, now: T0 }), "not_found")).message).toBe(
      OFFER_MESSAGES.listingNotFound,
    );
    expect(
      (await refusalOf(makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 50_000, message: "x".repeat(2001), now: T0 }), "invalid")).field,
    ).toBe("message");
  });

  it("allows one open offer and three in all per buyer and listing, declined, expired and withdrawn ones counted", async () => {
    const listingId = await offerListing();
    const first = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 50_000, now: T0 });
    expect((await refusalOf(makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 60_000, now: at(1) }), "conflict")).message).toBe(
      OFFER_MESSAGES.alreadyOpen,
    );
    expect(await getOfferPanel(opened.db, listingId, buyer, at(1))).toMatchObject({ canOffer: false, offersRemaining: 2, problem: OFFER_MESSAGES.alreadyOpen });
    await respondToOffer(opened.db, { offerId: first.offerId, userId: seller, action: "decline", reason: "Too low for a calibrated unit", now: at(1) });
    const second = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 60_000, now: at(2) });
    await respondToOffer(opened.db, { offerId: second.offerId, userId: buyer, action: "withdraw", now: at(3) });
    await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 65_000, now: at(4) });
    // The third expires unanswered; the buyer has none left.
    expect(await expireDueOffers(opened.db, at(52))).toBe(1);
    expect(await getOfferPanel(opened.db, listingId, buyer, at(53))).toMatchObject({ canOffer: false, offersRemaining: 0, problem: OFFER_MESSAGES.capReached });
    expect((await refusalOf(makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: at(53) }), "conflict")).message).toBe(
      OFFER_MESSAGES.capReached,
    );
    // Another buyer has their own three.
    expect(await getOfferPanel(opened.db, listingId, other, at(53))).toMatchObject({ canOffer: true, offersRemaining: 3, open: null });
  });

  it("accepts at once at or above the auto-accept price and declines at once below the auto-decline price", async () => {
    const listingId = await offerListing({ auto_accept_cents: 90_000, auto_decline_cents: 60_000 });
    const low = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 59_999, now: T0 });
    expect(low).toMatchObject({ status: "declined", orderId: null });
    expect(await offerRow(low.offerId)).toMatchObject({ status: "declined", acted_by: "system" });
    expect((await noticesOf(buyer)).map((n) => n.title)).toEqual(["Offer declined: $599.99"]);
    const middle = await makeOffer(opened.db, { listingId, buyerId: other, amountCents: 75_000, now: T0 });
    expect(middle.status).toBe("open");
    const high = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 90_000, now: at(1) });
    expect(high).toMatchObject({ status: "accepted", orderId: expect.any(Number) });
    expect(await ordersOf(listingId)).toEqual([
      expect.objectContaining({ buyer_id: buyer, amount_cents: 90_000, fee_cents: 2_250, fee_rate_bp: 250, sale_type: "buy_now", status: "pending" }),
    ]);
    expect(await listingStatus(listingId)).toBe("sold");
    // The other buyer's open offer is declined with a notice.
    expect(await offerRow(middle.offerId)).toMatchObject({ status: "declined", acted_by: "system", decline_reason: OFFER_MESSAGES.soldToAnother });
    expect((await noticesOf(other)).map((n) => n.title)).toEqual(["Offer declined: Keysight N9020A signal analyzer was sold"]);
  });
});

describe("answering an offer", () => {
  it("runs a negotiation: the seller counters, the buyer counters back, the seller accepts; an order at the agreed amount", async () => {
    const listingId = await offerListing();
    const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: T0 });
    expect(
      (await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "counter", amountCents: 100_000, now: at(1) }), "invalid"))
        .message,
    ).toBe(OFFER_MESSAGES.counterOutOfRange);
    const counter = await respondToOffer(opened.db, {
      offerId: offer.offerId,
      userId: seller,
      action: "counter",
      amountCents: 92_000,
      message: "Includes the calibration certificate",
      now: at(1),
    });
    expect(counter.status).toBe("open");
    expect(await offerRow(offer.offerId)).toMatchObject({ status: "countered", acted_by: "seller" });
    // The seller cannot counter their own counter.
    expect(
      (
        await refusalOf(
          respondToOffer(opened.db, { offerId: counter.offerId, userId: seller, action: "counter", amountCents: 95_000, now: at(2) }),
          "forbidden",
        )
      ).message,
    ).toBe(OFFER_MESSAGES.notYours);
    // The buyer counters back between their offer and the counter.
    expect(
      (await refusalOf(respondToOffer(opened.db, { offerId: counter.offerId, userId: buyer, action: "counter", amountCents: 69_000, now: at(2) }))).message,
    ).toBe(OFFER_MESSAGES.counterOutOfRange);
    const back = await respondToOffer(opened.db, { offerId: counter.offerId, userId: buyer, action: "counter", amountCents: 85_000, now: at(2) });
    const accepted = await respondToOffer(opened.db, { offerId: back.offerId, userId: seller, action: "accept", now: at(3) });
    expect(accepted).toMatchObject({ status: "accepted", orderId: expect.any(Number) });
    const [order] = await ordersOf(listingId);
    expect(order).toMatchObject({ id: accepted.orderId, buyer_id: buyer, seller_id: seller, amount_cents: 85_000, fee_cents: 2_125, status: "pending" });
    expect(await opened.db.selectFrom("offers").select("order_id").where("id", "=", back.offerId).executeTakeFirstOrThrow()).toEqual({ order_id: order.id });

    const [sent] = await listNegotiations(opened.db, buyer, "sent", at(3));
    expect(sent).toMatchObject({ status: "accepted", orderId: order.id, actions: [] });
    expect(sent.steps.map((step) => [step.madeBy, step.amountCents, step.status])).toEqual([
      ["buyer", 70_000, "countered"],
      ["seller", 92_000, "countered"],
      ["buyer", 85_000, "accepted"],
    ]);
    const lines = await opened.db.selectFrom("messages").select("body").orderBy("id").execute();
    expect(lines.map((l) => l.body)).toEqual([
      "The buyer offered $700.00",
      "The seller countered with $920.00: Includes the calibration certificate",
      "The buyer countered with $850.00",
      expect.stringMatching(/^The seller accepted at \$850\.00\. Order TB-\S+ awaits the buyer's payment within 48 hours\.$/),
    ]);
    expect((await noticesOf(buyer)).map((n) => n.title)).toEqual(["Counter-offer: $920.00", "Offer accepted: $850.00"]);
  });

  it("lets only the two parties act, each only on their side and only while the offer is open", async () => {
    const listingId = await offerListing();
    const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: T0 });
    for (const action of ["accept", "decline", "counter", "withdraw"] as const) {
      expect(
        (await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: other, action, amountCents: 80_000, now: T0 }), "not_found")).message,
      ).toBe(OFFER_MESSAGES.offerNotFound);
    }
    expect((await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: buyer, action: "accept", now: T0 }), "forbidden")).message).toBe(
      OFFER_MESSAGES.notYours,
    );
    expect((await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "withdraw", now: T0 }), "forbidden")).message).toBe(
      OFFER_MESSAGES.onlyMakerWithdraws,
    );
    expect((await refusalOf(respondToOffer(opened.db, { offerId: 424_242, userId: seller, action: "accept", now: T0 }), "not_found")).message).toBe(
      OFFER_MESSAGES.offerNotFound,
    );
    // Past its 48 hours it cannot be accepted, even before the scheduler marks it.
    expect((await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "accept", now: at(48) }), "conflict")).message).toBe(
      OFFER_MESSAGES.expired,
    );
    await respondToOffer(opened.db, { offerId: offer.offerId, userId: buyer, action: "withdraw", now: at(1) });
    expect((await refusalOf(respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "accept", now: at(1) }), "conflict")).message).toBe(
      OFFER_MESSAGES.notOpen,
    );
    expect(await ordersOf(listingId)).toEqual([]);
  });

  it("sells a hybrid's item at the offer, ending its auction with the buyer as winner and telling its bidders", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 150_000 }, T0);
    await saveOfferSettings(opened.db, listingId, { acceptsOffers: true, autoAcceptCents: null, autoDeclineCents: null });
    await placeBid(opened.db, { auctionId, bidderId: other, amountCents: 100_000, now: T0 });
    const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 130_000, now: T0 });
    await respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "accept", now: at(1) });
    // The bidder learns why bidding stopped.
    expect((await noticesOf(other)).map((n) => n.title)).toContain("Auction ended: Tektronix MDO3104 mixed domain oscilloscope");
    expect(await opened.db.selectFrom("auctions").select(["status", "winner_id"]).where("id", "=", auctionId).executeTakeFirstOrThrow()).toEqual({
      status: "ended",
      winner_id: buyer,
    });
    expect(await ordersOf(listingId)).toEqual([
      expect.objectContaining({ amount_cents: 130_000, sale_type: "hybrid", fee_cents: 3_900, auction_id: auctionId }),
    ]);
  });
});

describe("races", () => {
  it("sells to exactly one of two acceptances racing in two OS processes", { timeout: 60_000 }, async () => {
    const listingId = await offerListing();
    const first = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 80_000, now: new Date() });
    const second = await makeOffer(opened.db, { listingId, buyerId: other, amountCents: 70_000, now: new Date() });
    // The seller counters the second buyer, so the second acceptance is the buyer's, the first the seller's.
    const counter = await respondToOffer(opened.db, { offerId: second.offerId, userId: seller, action: "counter", amountCents: 90_000, now: new Date() });
    const results = await runTogether<{ ok: boolean; message?: string }>([
      { script: "tests/support/offer-worker.ts", args: [opened.url, "accept", String(first.offerId), seller] },
      { script: "tests/support/offer-worker.ts", args: [opened.url, "accept", String(counter.offerId), other] },
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)?.message).toMatch(/^(This item has already been sold|This offer has already been answered)$/);
    const orders = await ordersOf(listingId);
    expect(orders).toHaveLength(1);
    const statuses = (await opened.db.selectFrom("offers").select("status").where("listing_id", "=", listingId).execute()).map((r) => r.status).sort();
    expect(statuses).toEqual(["accepted", "countered", "declined"]);
  });

  it("lets exactly one of an acceptance and a Buy Now win, in OS processes", { timeout: 60_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const listingId = await offerListing();
      const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 80_000, now: new Date() });
      const results = await runTogether<{ ok: boolean; message?: string }>([
        { script: "tests/support/offer-worker.ts", args: [opened.url, "accept", String(offer.offerId), seller] },
        { script: "tests/support/offer-worker.ts", args: [opened.url, "buy", String(listingId), other] },
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const orders = await ordersOf(listingId);
      expect(orders).toHaveLength(1);
      const winner = orders[0].buyer_id;
      // The offer is accepted exactly when its buyer got the item; otherwise Buy Now declined it.
      expect((await offerRow(offer.offerId)).status).toBe(winner === buyer ? "accepted" : "open");
      expect(orders[0].amount_cents).toBe(winner === buyer ? 80_000 : 100_000);
    }
  });

  it("gives one item to one of several acceptances in one process", async () => {
    const listingId = await offerListing();
    const buyers = [buyer, other, await insertUserRow(opened.db), await insertUserRow(opened.db)];
    const offers = [];
    for (const [index, id] of buyers.entries()) offers.push(await makeOffer(opened.db, { listingId, buyerId: id, amountCents: 60_000 + index * 1000 }));
    const results = await Promise.allSettled(offers.map((offer) => respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "accept" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await ordersOf(listingId)).toHaveLength(1);
  });
});

describe("the scheduler's deadlines", () => {
  it("expires an unanswered offer once, telling both parties, even with two passes at once", async () => {
    const listingId = await offerListing();
    const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: T0 });
    expect(await expireDueOffers(opened.db, at(47.9))).toBe(0);
    const counts = await Promise.all([expireDueOffers(opened.db, at(48)), expireDueOffers(opened.db, at(48))]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await expireDueOffers(opened.db, at(50))).toBe(0);
    expect(await offerRow(offer.offerId)).toMatchObject({ status: "expired", acted_by: "system" });
    expect((await noticesOf(buyer)).map((n) => n.title)).toEqual(["Offer expired: $700.00"]);
    expect((await noticesOf(seller)).map((n) => n.title)).toEqual(["New offer: $700.00", "Offer expired: $700.00"]);
  });

  it("cancels an accepted offer's order unpaid after 48 hours and puts the item back on sale; a paid one stays", async () => {
    const listingId = await offerListing();
    const offer = await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: T0 });
    const { orderId } = await respondToOffer(opened.db, { offerId: offer.offerId, userId: seller, action: "accept", now: T0 });
    const paidListing = await offerListing();
    const paidOffer = await makeOffer(opened.db, { listingId: paidListing, buyerId: other, amountCents: 70_000, now: T0 });
    const paid = await respondToOffer(opened.db, { offerId: paidOffer.offerId, userId: seller, action: "accept", now: T0 });
    const admin = await insertUserRow(opened.db, undefined, "admin");
    await transitionOrder(opened.db, { orderId: paid.orderId!, actor: { id: admin, role: "admin" }, action: "confirm_payment", now: at(10) });

    expect(await cancelUnpaidOfferOrders(opened.db, at(47))).toBe(0);
    // The scheduled pass runs it, once.
    await Promise.all([runScheduledWork(opened.db, at(48)), runScheduledWork(opened.db, at(48))]);
    expect(await cancelUnpaidOfferOrders(opened.db, at(49))).toBe(0);
    const order = await opened.db.selectFrom("orders").select(["status"]).where("id", "=", orderId!).executeTakeFirstOrThrow();
    expect(order.status).toBe("cancelled");
    expect(await listingStatus(listingId)).toBe("active");
    expect(await listingStatus(paidListing)).toBe("sold");
    expect((await noticesOf(buyer)).filter((n) => n.title.endsWith("was cancelled"))).toHaveLength(1);
    // The buyer may offer again on the item that returned.
    expect((await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 75_000, now: at(49) })).status).toBe("open");
  });
});

describe("pages", () => {
  it("never gives buyers the seller's automatic prices, and counts what awaits each party's answer", async () => {
    const listingId = await offerListing({ auto_accept_cents: 95_000, auto_decline_cents: 40_000 });
    const panel = await getOfferPanel(opened.db, listingId, buyer, T0);
    expect(panel).toEqual({
      listingTitle: "Keysight N9020A signal analyzer",
      canOffer: true,
      problem: null,
      offersRemaining: 3,
      priceCents: 100_000,
      currency: "USD",
      open: null,
    });
    expect(JSON.stringify(panel)).not.toMatch(/95000|40000/);
    expect(await getOfferPanel(opened.db, listingId, seller, T0)).toBeNull();
    await makeOffer(opened.db, { listingId, buyerId: buyer, amountCents: 70_000, now: T0 });
    expect(await countOffersAwaitingAnswer(opened.db, seller, at(1))).toBe(1);
    expect(await countOffersAwaitingAnswer(opened.db, buyer, at(1))).toBe(0);
    expect(await countOffersAwaitingAnswer(opened.db, seller, at(48))).toBe(0);
    const [received] = await listNegotiations(opened.db, seller, "received", at(1));
    expect(received).toMatchObject({ actions: ["accept", "decline", "counter"], counterRange: { aboveCents: 70_000, belowCents: 100_000 } });
    expect(JSON.stringify(await listNegotiations(opened.db, buyer, "sent", at(1)))).not.toMatch(/95000|40000/);
  });

  it("checks the seller's settings: Buy Now and hybrid listings only, auto-decline below auto-accept below the price", async () => {
    const listingId = await offerListing();
    const refuse = async (settings: Parameters<typeof saveOfferSettings>[2], field: string) =>
      expect((await refusalOf(saveOfferSettings(opened.db, listingId, settings), "invalid")).field).toBe(field);
    await refuse({ acceptsOffers: true, autoAcceptCents: 100_000, autoDeclineCents: null }, "autoAcceptPrice");
    await refuse({ acceptsOffers: true, autoAcceptCents: 80_000, autoDeclineCents: 80_000 }, "autoDeclinePrice");
    await saveOfferSettings(opened.db, listingId, { acceptsOffers: true, autoAcceptCents: 80_000, autoDeclineCents: 50_000 });
    const { listingId: auctionListing } = await insertAuctionRow(opened.db, seller, {}, T0);
    expect(
      (await refusalOf(saveOfferSettings(opened.db, auctionListing, { acceptsOffers: true, autoAcceptCents: null, autoDeclineCents: null }))).message,
    ).toBe(OFFER_MESSAGES.settingsWrongType);
    await saveOfferSettings(opened.db, listingId, { acceptsOffers: false, autoAcceptCents: 80_000, autoDeclineCents: 50_000 });
    expect(
      await opened.db
        .selectFrom("equipment_listings")
        .select(["accepts_offers", "auto_accept_cents", "auto_decline_cents"])
        .where("id", "=", listingId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      accepts_offers: 0,
      auto_accept_cents: null,
      auto_decline_cents: null,
    });
  });
});

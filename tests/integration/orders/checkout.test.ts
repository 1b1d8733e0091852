// Checkout against a real database: Buy Now creates one pending order with the fee and the shipping address and
// tells the seller; refusals (own listing, sold, auction-only, closed Buy Now); a hybrid's Buy Now ends its auction
// with the buyer as winner; the buy-now race, within one process and across OS processes; the winner's checkout.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { buyNow, confirmAuctionCheckout, getAuctionCheckout, getBuyNowCheckout } from "~/services/orders/checkout.server.ts";
import { InProcessBus, setLiveEventBus, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { createOrder } from "~/services/orders/order-creation.server.ts";
import { transitionOrder } from "~/services/orders/order-flow.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { runTogether } from "../../support/processes.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const T0 = new Date("2026-11-23T10:00:00.000Z");
const SOLD = "This item has already been sold";

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
let events: LiveEvent[];

beforeEach(async () => {
  opened = createTestDatabase();
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
  events = [];
  const bus = new InProcessBus();
  const publish = bus.publish.bind(bus);
  bus.publish = (event) => {
    events.push(event);
    publish(event);
  };
  setLiveEventBus(bus);
});
afterEach(() => opened.close());

const refusal = (promise: Promise<unknown>) => refusalOf(promise);

const listingStatus = async (id: number) =>
  (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const notificationsOf = (userId: string) =>
  opened.db.selectFrom("notifications").select(["type", "title", "message", "action_url"]).where("user_id", "=", userId).orderBy("id").execute();

describe("Buy Now", () => {
  it("sells the item once: a pending order with the seller's fee, the shipping address and a payment reference", async () => {
    const listingId = await insertListingRow(opened.db, seller, { title: "Fluke 8846A bench multimeter", price_cents: 240_000 });
    const { orderId, reference } = await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });
    expect(reference).toMatch(/^TB-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const order = await opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      reference,
      listing_id: listingId,
      auction_id: null,
      buyer_id: buyer,
      seller_id: seller,
      sale_type: "buy_now",
      amount_cents: 240_000,
      fee_cents: 6_000,
      fee_rate_bp: 250,
      status: "pending",
      shipping_name: "Bianca Byers",
      shipping_address: "12 Foundry Road",
      shipping_zip: "45402",
      shipping_phone: "+1 937 555 0100",
      checked_out_at: T0.toISOString(),
      created_at: T0.toISOString(),
    });
    expect(await listingStatus(listingId)).toBe("sold");
    expect(await notificationsOf(seller)).toEqual([
      {
        type: "listing_sold",
        title: "Sold: Fluke 8846A bench multimeter",
        message: `"Fluke 8846A bench multimeter" was bought with Buy Now for $2,400.00 (order ${reference}). You will be told when the buyer's payment is held in escrow; then ship the item.`,
        action_url: `/orders/${orderId}`,
      },
    ]);
    expect(events.filter((e) => e.name === "notification").map((e) => e.topic)).toEqual([`user:${seller}`]);
  });

  it("sells in the listing's own currency, whatever the reference currency: a euro and a yen listing", async () => {
    const euroId = await insertListingRow(opened.db, seller, { title: "Rohde & Schwarz FSV signal analyzer", price_cents: 720_000, currency: "EUR" });
    const yenId = await insertListingRow(opened.db, seller, { title: "Anritsu MS2830A analyzer", price_cents: 1_500_000, currency: "JPY" });
    const euro = await buyNow(opened.db, { listingId: euroId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });
    const yen = await buyNow(opened.db, { listingId: yenId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });
    const orders = await opened.db
      .selectFrom("orders")
      .select(["id", "currency", "amount_cents", "fee_cents"])
      .where("id", "in", [euro.orderId, yen.orderId])
      .orderBy("id")
      .execute();
    // Yen has no minor unit: ¥1,500,000 is stored as 1,500,000 and its 2.5 % fee as ¥37,500.
    expect(orders).toEqual([
      { id: euro.orderId, currency: "EUR", amount_cents: 720_000, fee_cents: 18_000 },
      { id: yen.orderId, currency: "JPY", amount_cents: 1_500_000, fee_cents: 37_500 },
    ]);
    const told = (await notificationsOf(seller)).map((notice) => notice.message);
    expect(told[0]).toContain("for €7,200.00");
    expect(told[1]).toContain("for ¥1,500,000");
    expect((await getBuyNowCheckout(opened.db, euroId, buyer))?.item).toMatchObject({ priceCents: 720_000, currency: "EUR" });
  });

  it("reduces the fee by the seller's fee exemption", async () => {
    await opened.db.updateTable("profiles").set({ fee_exemption: 50 }).where("id", "=", seller).execute();
    const listingId = await insertListingRow(opened.db, seller, { price_cents: 100_000 });
    const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });
    const order = await opened.db.selectFrom("orders").select(["fee_cents", "fee_rate_bp"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ fee_cents: 1_250, fee_rate_bp: 125 });
  });

  it("refuses your own listing, a sold one, an auction-only one, a draft and a missing one, with clear messages", async () => {
    const own = await insertListingRow(opened.db, seller);
    expect((await refusal(buyNow(opened.db, { listingId: own, buyerId: seller, shipping: SHIPPING_ADDRESS }))).message).toBe("You cannot buy your own listing");
    await buyNow(opened.db, { listingId: own, buyerId: buyer, shipping: SHIPPING_ADDRESS });
    const other = await insertUserRow(opened.db);
    expect((await refusal(buyNow(opened.db, { listingId: own, buyerId: other, shipping: SHIPPING_ADDRESS }))).message).toBe(SOLD);
    const { listingId: auctionListing } = await insertAuctionRow(opened.db, seller);
    expect((await refusal(buyNow(opened.db, { listingId: auctionListing, buyerId: buyer, shipping: SHIPPING_ADDRESS }))).message).toBe(
      "This item is sold by auction: place a bid on the auction page instead.",
    );
    const draft = await insertListingRow(opened.db, seller, { status: "draft" });
    expect(await refusal(buyNow(opened.db, { listingId: draft, buyerId: buyer, shipping: SHIPPING_ADDRESS }))).toMatchObject({
      kind: "not_found",
      message: "Listing not found",
    });
    expect(await refusal(buyNow(opened.db, { listingId: 999_999, buyerId: buyer, shipping: SHIPPING_ADDRESS }))).toMatchObject({ kind: "not_found" });
    expect(await opened.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
  });
});

describe("Buy Now on a hybrid", () => {
  it("ends the auction with the buyer as winner, at the Buy Now price, and tells the seller and the bidders", async () => {
    const [alice, bob] = [await insertUserRow(opened.db), await insertUserRow(opened.db)];
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 300_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: T0 });
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 120_000, now: T0 });
    const before = await opened.db.selectFrom("auctions").select("version").where("id", "=", auctionId).executeTakeFirstOrThrow();

    const { orderId } = await buyNow(opened.db, { listingId, buyerId: alice, shipping: SHIPPING_ADDRESS, now: T0 });

    const auction = await opened.db.selectFrom("auctions").selectAll().where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction).toMatchObject({ status: "ended", winner_id: alice, ended_at: T0.toISOString(), version: before.version + 1 });
    const order = await opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ auction_id: auctionId, sale_type: "hybrid", amount_cents: 300_000, fee_rate_bp: 300, fee_cents: 9_000, buyer_id: alice });
    expect(await listingStatus(listingId)).toBe("sold");
    expect((await notificationsOf(seller)).map((n) => n.type)).toEqual(["listing_sold"]);
    const toBob = await notificationsOf(bob);
    expect(toBob.at(-1)).toMatchObject({ type: "auction_ended", action_url: `/auctions/${auctionId}` });
    expect(toBob.at(-1)?.message).toContain("bought");
    // Alice was outbid by Bob before buying; she is told nothing about the end of an auction she won.
    expect((await notificationsOf(alice)).map((n) => n.type)).toEqual(["bid"]);

    const bought = events.find((e) => e.name === "auction" && (e.data as { reason: string }).reason === "bought");
    expect(bought?.topic).toBe(`auction:${auctionId}`);
    expect((bought?.data as { state: { status: string; winnerId: string; buyNowPriceCents: number | null } }).state).toMatchObject({
      status: "ended",
      winnerId: alice,
      buyNowPriceCents: null,
    });

    await expect(placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 200_000, now: T0 })).rejects.toThrow("This auction is not active");
  });

  it("closes Buy Now once the bidding reaches the Buy Now price", async () => {
    const bidder = await insertUserRow(opened.db);
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 150_000 }, T0);
    await placeBid(opened.db, { auctionId, bidderId: bidder, amountCents: 149_000, now: T0 });
    expect((await getBuyNowCheckout(opened.db, listingId, buyer))?.problem).toBeNull();
    await placeBid(opened.db, { auctionId, bidderId: buyer, amountCents: 150_000, now: T0 });
    const other = await insertUserRow(opened.db);
    expect((await refusal(buyNow(opened.db, { listingId, buyerId: other, shipping: SHIPPING_ADDRESS, now: T0 }))).message).toMatch(
      /^Buy Now is no longer available/,
    );
    expect((await getBuyNowCheckout(opened.db, listingId, other))?.problem).toMatch(/^Buy Now is no longer available/);
    expect(await listingStatus(listingId)).toBe("active");
  });

  it("is open on an upcoming hybrid and refused once its auction ended", async () => {
    const { listingId } = await insertAuctionRow(
      opened.db,
      seller,
      { buy_now_price_cents: 150_000, status: "upcoming", start_date: new Date(T0.getTime() + 3_600_000).toISOString() },
      T0,
    );
    const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 });
    expect(orderId).toBeGreaterThan(0);

    const { listingId: endedListing } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 150_000, status: "ended" }, T0);
    expect((await refusal(buyNow(opened.db, { listingId: endedListing, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: T0 }))).message).toMatch(
      /^Buy Now is no longer available/,
    );
  });
});

describe("the buy-now race", () => {
  it("gives the item to exactly one of many concurrent buyers; the others are told it has already been sold", async () => {
    const listingId = await insertListingRow(opened.db, seller);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => insertUserRow(opened.db)));
    const results = await Promise.allSettled(buyers.map((buyerId) => buyNow(opened.db, { listingId, buyerId, shipping: SHIPPING_ADDRESS })));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as Error).message)).toEqual(Array(11).fill(SOLD));
    expect(await opened.db.selectFrom("orders").select("id").where("listing_id", "=", listingId).execute()).toHaveLength(1);
  });

  it("gives a hybrid to exactly one buyer while bids arrive at the same time", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 500_000 });
    const people = await Promise.all(Array.from({ length: 8 }, () => insertUserRow(opened.db)));
    const results = await Promise.allSettled(
      people.map((person, index) =>
        index % 2 === 0
          ? buyNow(opened.db, { listingId, buyerId: person, shipping: SHIPPING_ADDRESS })
          : placeBid(opened.db, { auctionId, bidderId: person, amountCents: 100_000 + index * 10_000 }),
      ),
    );
    const purchases = results.filter((r, index) => index % 2 === 0 && r.status === "fulfilled");
    expect(purchases).toHaveLength(1);
    const orders = await opened.db.selectFrom("orders").select(["buyer_id"]).where("listing_id", "=", listingId).execute();
    const auction = await opened.db.selectFrom("auctions").select(["status", "winner_id"]).where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(orders).toHaveLength(1);
    expect(auction).toEqual({ status: "ended", winner_id: orders[0].buyer_id });
  });

  it("gives the item to exactly one of four buyers in four OS processes on one database", { timeout: 60_000 }, async () => {
    const listingId = await insertListingRow(opened.db, seller);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => insertUserRow(opened.db)));
    // Every process is up with its own connection before any of them buys.
    const results = await runTogether<{ ok: boolean; message?: string }>(
      buyers.map((buyerId) => ({ script: "tests/support/buy-now-worker.ts", args: [opened.url, String(listingId), buyerId] })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.message)).toEqual(Array(3).fill(SOLD));
    expect(await opened.db.selectFrom("orders").select("id").where("listing_id", "=", listingId).execute()).toHaveLength(1);
  });
});

describe("the auction winner's checkout", () => {
  async function wonAuction() {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { status: "ended", winner_id: buyer }, T0);
    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", listingId).execute();
    const order = await createOrder(
      opened.db,
      { listingId, auctionId, buyerId: buyer, sellerId: seller, saleType: "auction", amountCents: 180_000, currency: "USD", createdBy: null },
      T0,
    );
    return { auctionId, orderId: order.id };
  }

  it("saves the winner's shipping address on the order made when the auction ended", async () => {
    const { auctionId, orderId } = await wonAuction();
    const page = await getAuctionCheckout(opened.db, auctionId, buyer);
    expect(page).toMatchObject({ orderId, status: "pending", checkedOutAt: null, item: { priceCents: 180_000, saleType: "auction", feeRateBp: 350 } });
    const later = new Date(T0.getTime() + 60_000);
    expect(await confirmAuctionCheckout(opened.db, { auctionId, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: later })).toEqual({ orderId });
    const order = await opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ shipping_name: "Bianca Byers", shipping_city: "Dayton", checked_out_at: later.toISOString(), status: "pending" });
    const timeline = await opened.db.selectFrom("order_events").select(["status", "note"]).where("order_id", "=", orderId).orderBy("id").execute();
    expect(timeline.at(-1)).toEqual({ status: "pending", note: "The buyer confirmed the shipping address" });
  });

  it("is only for the winner, and only while the order awaits payment", async () => {
    const { auctionId, orderId } = await wonAuction();
    const other = await insertUserRow(opened.db);
    expect(await getAuctionCheckout(opened.db, auctionId, other)).toBeNull();
    expect(await refusal(confirmAuctionCheckout(opened.db, { auctionId, buyerId: other, shipping: SHIPPING_ADDRESS }))).toMatchObject({
      kind: "not_found",
      message: "Only the winning bidder can check out this auction",
    });
    const billing = await insertUserRow(opened.db, undefined, "billing");
    await transitionOrder(opened.db, { orderId, actor: { id: billing, role: "billing" }, action: "confirm_payment" });
    expect((await refusal(confirmAuctionCheckout(opened.db, { auctionId, buyerId: buyer, shipping: SHIPPING_ADDRESS }))).message).toBe(
      "The shipping address can only be changed while the order is awaiting payment",
    );
  });
});

describe("the Buy Now checkout page", () => {
  it("prefills the shipping address from the profile and says why an item cannot be bought", async () => {
    await opened.db
      .updateTable("profiles")
      .set({ first_name: "Bianca", last_name: "Byers", address: "12 Foundry Road", city: "Dayton", zip: "45402", country: "United States" })
      .where("id", "=", buyer)
      .execute();
    const listingId = await insertListingRow(opened.db, seller, { price_cents: 99_000 });
    const page = await getBuyNowCheckout(opened.db, listingId, buyer);
    expect(page).toMatchObject({
      problem: null,
      ownOrderId: null,
      item: { priceCents: 99_000, saleType: "buy_now", feeRateBp: 250 },
      shipping: { shippingName: "Bianca Byers", shippingAddress: "12 Foundry Road", shippingCity: "Dayton", shippingCountry: "United States" },
    });
    expect((await getBuyNowCheckout(opened.db, listingId, seller))?.problem).toBe("You cannot buy your own listing");
    const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer, shipping: SHIPPING_ADDRESS });
    expect(await getBuyNowCheckout(opened.db, listingId, buyer)).toMatchObject({ problem: SOLD, ownOrderId: orderId });
    expect(await getBuyNowCheckout(opened.db, 424_242, buyer)).toBeNull();
  });
});

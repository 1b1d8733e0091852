// The public profile on a real database (both engines): what a visitor, another member, the owner and an
// administrator see (the privacy policy), the seller's figures from completed sales, the rating from published
// reviews, the tab counts, and an unknown member.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { profileListings, publicProfile } from "~/flows/index.server.ts";
import { getSellerStats } from "~/services/dashboards/index.server.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { submitReview } from "~/services/reviews/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let opened: OpenedDatabase;
let seller: OrderActor;
let buyer: OrderActor;
let member: OrderActor;
let admin: OrderActor;
let billing: OrderActor;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  seller = { id: await insertUserRow(db, "sales@corelab.example", "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db, "bianca@northgate.example"), role: "buyer" };
  member = { id: await insertUserRow(db), role: "buyer" };
  admin = { id: await insertUserRow(db, undefined, "admin"), role: "admin" };
  billing = { id: await insertUserRow(db, undefined, "billing"), role: "billing" };
  await db
    .updateTable("profiles")
    .set({
      company_name: "Corelab Instruments",
      first_name: "Carl",
      last_name: "Orr",
      phone: "+1 555 0100",
      location: "Austin, TX",
      bio: "Calibrated bench gear.",
      is_verified: 1,
      verification_date: "2026-03-01T00:00:00.000Z",
    })
    .where("id", "=", seller.id)
    .execute();
  await db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers", phone: "+1 937 555 0100" }).where("id", "=", buyer.id).execute();
});
afterEach(() => opened.close());

async function completedSale(priceCents: number): Promise<number> {
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Fluke 5522A calibrator", price_cents: priceCents });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  const step = (actor: OrderActor, action: "confirm_payment" | "ship" | "confirm_receipt", day: number) =>
    transitionOrder(opened.db, { orderId, actor, action, carrier: "UPS", trackingNumber: "1Z999", now: at(day * DAY) });
  await step(billing, "confirm_payment", 1);
  await step(seller, "ship", 2);
  await step(buyer, "confirm_receipt", 3);
  return orderId;
}

describe("the privacy policy per viewer", () => {
  it("hides e-mail and phone from visitors and members by default, shows them to the owner and administrators", async () => {
    for (const viewer of [null, member]) {
      expect(await publicProfile(opened.db, seller.id, viewer)).toMatchObject({ email: null, phone: null });
    }
    for (const viewer of [seller, admin]) {
      expect(await publicProfile(opened.db, seller.id, viewer)).toMatchObject({ email: "sales@corelab.example", phone: "+1 555 0100" });
    }
  });

  it("shows e-mail and phone to everyone once the owner chooses to show each", async () => {
    await opened.db
      .updateTable("profiles")
      .set({ preferences: JSON.stringify({ privacy: { show_email: true, show_phone: false } }) })
      .where("id", "=", seller.id)
      .execute();
    expect(await publicProfile(opened.db, seller.id, null)).toMatchObject({ email: "sales@corelab.example", phone: null });
    await opened.db
      .updateTable("profiles")
      .set({ preferences: JSON.stringify({ privacy: { show_email: false, show_phone: true } }) })
      .where("id", "=", seller.id)
      .execute();
    expect(await publicProfile(opened.db, seller.id, member)).toMatchObject({ email: null, phone: "+1 555 0100" });
  });

  it("shows a buyer's purchases, spending and watchlist to the buyer and administrators only", async () => {
    await completedSale(150_000);
    expect((await publicProfile(opened.db, buyer.id, null))?.buyerStats).toBeNull();
    expect((await publicProfile(opened.db, buyer.id, member))?.buyerStats).toBeNull();
    expect((await publicProfile(opened.db, buyer.id, seller))?.buyerStats).toBeNull();
    const expected = { purchases: 1, totalSpent: [{ currency: "USD", cents: 150_000 }], watching: 0 };
    expect((await publicProfile(opened.db, buyer.id, buyer))?.buyerStats).toEqual(expected);
    expect((await publicProfile(opened.db, buyer.id, admin))?.buyerStats).toEqual(expected);
  });

  it("offers Message and Follow only to signed-in members looking at someone else", async () => {
    expect((await publicProfile(opened.db, seller.id, null))?.contactButtons).toBe(false);
    expect((await publicProfile(opened.db, seller.id, seller))?.contactButtons).toBe(false);
    expect((await publicProfile(opened.db, seller.id, member))?.contactButtons).toBe(true);
  });
});

describe("the card, the figures and the tabs", () => {
  it("reads the seller's card, completed sales, active listings and the rating of published reviews", async () => {
    const first = await completedSale(200_000);
    await completedSale(50_000);
    await insertListingRow(opened.db, seller.id, { title: "Keithley 2450 SourceMeter", price_cents: 600_000 });
    await submitReview(opened.db, { orderId: first, reviewerId: buyer.id, rating: 4, itemAsDescribed: 5, communication: 4, shipping: 3, now: at(4 * DAY) });
    await submitReview(opened.db, { orderId: first, reviewerId: seller.id, rating: 5, now: at(4 * DAY) });

    const profile = await publicProfile(opened.db, seller.id, null);
    expect(profile).toMatchObject({
      name: "Corelab Instruments",
      initials: "CO",
      roleLabel: "Seller",
      location: "Austin, TX",
      bio: "Calibrated bench gear.",
      verifiedSince: "2026-03-01T00:00:00.000Z",
      counts: { listings: 1, auctions: 0, reviews: 1 },
      sellerStats: { listings: 1, sold: 2, totalSales: [{ currency: "USD", cents: 250_000 }] },
      buyerStats: null,
    });
    expect(profile?.rating).toMatchObject({ count: 1, average: 4, breakdown: { 4: 1 } });
    expect((await profileListings(opened.db, seller.id)).map((l) => l.title)).toEqual(["Keithley 2450 SourceMeter"]);
    expect(await profileListings(opened.db, seller.id, 2)).toEqual([]);
    expect((await publicProfile(opened.db, buyer.id, null))?.verifiedSince).toBeNull();
  });

  it("counts sales as the seller's dashboard does: paid or further along, not cancelled or unpaid", async () => {
    await completedSale(200_000);
    const paid = await insertListingRow(opened.db, seller.id, { title: "Fluke 5730A calibrator", price_cents: 70_000 });
    const { orderId: paidOrder } = await buyNow(opened.db, { listingId: paid, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
    await transitionOrder(opened.db, { orderId: paidOrder, actor: billing, action: "confirm_payment", now: at(DAY) });
    const unpaid = await insertListingRow(opened.db, seller.id, { title: "Fluke 87V", price_cents: 30_000 });
    await buyNow(opened.db, { listingId: unpaid, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
    const profile = await publicProfile(opened.db, seller.id, null);
    const dashboard = await getSellerStats(opened.db, seller.id);
    expect(profile?.sellerStats).toMatchObject({ sold: 2, totalSales: [{ currency: "USD", cents: 270_000 }] });
    expect([dashboard.salesCount, dashboard.totalSales]).toEqual([profile?.sellerStats?.sold, profile?.sellerStats?.totalSales]);
  });

  it("answers null for a member who does not exist", async () => {
    expect(await publicProfile(opened.db, "00000000-0000-0000-0000-000000000000", member)).toBeNull();
  });
});

// Reviews after a completed order, on a real database (both engines): who may review which order and when (complete,
// not refunded, once per side, within 60 days), the double-blind publication (both in, or the window ended), the one
// reply, reports and hiding, and the rating the database computes from the published reviews.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { REVIEW_MESSAGES } from "~/lib/reviews.ts";
import type { Role } from "~/lib/roles.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { completeInspectedOrders, transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import type { OrderAction } from "~/lib/orders.ts";
import {
  hideReview,
  listReceivedReviews,
  publishDueReviews,
  ratingSummary,
  replyToReview,
  reportReview,
  reviewEligibility,
  submitReview,
} from "~/services/reviews/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
/** Orders below complete (receipt confirmed) on day 5. */
const COMPLETED = at(5 * DAY);

let opened: OpenedDatabase;
let buyer: OrderActor;
let seller: OrderActor;
let stranger: OrderActor;
let staff: Record<"billing" | "dispute_resolution_referee" | "moderator", OrderActor>;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  seller = { id: await insertUserRow(db, undefined, "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db), role: "buyer" };
  stranger = { id: await insertUserRow(db), role: "buyer" };
  const staffOf = async (role: Role) => ({ id: await insertUserRow(db, undefined, role), role });
  staff = { billing: await staffOf("billing"), dispute_resolution_referee: await staffOf("dispute_resolution_referee"), moderator: await staffOf("moderator") };
  await db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers" }).where("id", "=", buyer.id).execute();
  await db.updateTable("profiles").set({ company_name: "Corelab Instruments" }).where("id", "=", seller.id).execute();
});
afterEach(() => opened.close());

async function act(orderId: number, actor: OrderActor, action: OrderAction, now: Date) {
  await transitionOrder(opened.db, {
    orderId,
    actor,
    action,
    carrier: "DHL Freight",
    trackingNumber: "JD0146",
    reason: "It arrived broken.",
    note: "Photos checked.",
    now,
  });
}

/** An order of a new listing of the seller's, taken to `until`. */
async function orderUntil(until: "pending" | "shipped" | "delivered" | "completed" | "inspected" | "refunded" | "released"): Promise<number> {
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Rohde & Schwarz FSV signal analyzer", price_cents: 2_400_000 });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  if (until === "pending") return orderId;
  await act(orderId, staff.billing, "confirm_payment", at(1 * DAY));
  await act(orderId, seller, "ship", at(2 * DAY));
  if (until === "shipped") return orderId;
  await act(orderId, buyer, "mark_delivered", at(3 * DAY));
  if (until === "delivered") return orderId;
  if (until === "completed") await act(orderId, buyer, "confirm_receipt", COMPLETED);
  if (until === "inspected") expect(await completeInspectedOrders(opened.db, at(11 * DAY))).toBe(1);
  if (until === "refunded" || until === "released") {
    await act(orderId, buyer, "open_dispute", at(4 * DAY));
    await act(orderId, staff.dispute_resolution_referee, until === "refunded" ? "refund" : "release", COMPLETED);
  }
  return orderId;
}

const buyerReview = (orderId: number, now = at(6 * DAY), rating = 5) =>
  submitReview(opened.db, {
    orderId,
    reviewerId: buyer.id,
    rating,
    itemAsDescribed: 5,
    communication: 4,
    shipping: 3,
    comment: "Calibrated and well packed.",
    now,
  });
const sellerReview = (orderId: number, now = at(7 * DAY), rating = 4) =>
  submitReview(opened.db, { orderId, reviewerId: seller.id, rating, comment: "Paid promptly, clear about delivery.", now });

const reviewRows = (orderId: number) => opened.db.selectFrom("reviews").selectAll().where("order_id", "=", orderId).orderBy("reviewer_role").execute();
const notificationsOf = (userId: string) =>
  opened.db.selectFrom("notifications").select(["type", "title", "action_url"]).where("user_id", "=", userId).where("type", "=", "review").execute();

describe("who may review an order, and when", () => {
  it("lets each side review an order completed by confirmed receipt, by the end of inspection, or released from a dispute", async () => {
    for (const until of ["completed", "inspected", "released"] as const) {
      const orderId = await orderUntil(until);
      expect(await reviewEligibility(opened.db, orderId, buyer.id, at(12 * DAY))).toMatchObject({ canReview: true, role: "buyer", reviewedId: seller.id });
      expect(await reviewEligibility(opened.db, orderId, seller.id, at(12 * DAY))).toMatchObject({ canReview: true, role: "seller", reviewedId: buyer.id });
      await buyerReview(orderId, at(12 * DAY));
      await sellerReview(orderId, at(12 * DAY));
      expect(await reviewRows(orderId)).toHaveLength(2);
    }
  });

  it("refuses a review of an unfinished order, at every step before completion", async () => {
    for (const until of ["pending", "shipped", "delivered"] as const) {
      const orderId = await orderUntil(until);
      expect((await refusalOf(buyerReview(orderId), "conflict")).message).toBe(REVIEW_MESSAGES.notCompleted);
      expect((await refusalOf(sellerReview(orderId), "conflict")).message).toBe(REVIEW_MESSAGES.notCompleted);
      expect(await reviewRows(orderId)).toEqual([]);
    }
  });

  it("refuses a review of a refunded order, from either side", async () => {
    const orderId = await orderUntil("refunded");
    expect((await refusalOf(buyerReview(orderId), "conflict")).message).toBe(REVIEW_MESSAGES.refunded);
    expect((await refusalOf(sellerReview(orderId), "conflict")).message).toBe(REVIEW_MESSAGES.refunded);
    expect(await reviewEligibility(opened.db, orderId, buyer.id, at(6 * DAY))).toMatchObject({ canReview: false });
  });

  it("refuses anyone outside the order as if the order did not exist", async () => {
    const orderId = await orderUntil("completed");
    const refused = await refusalOf(submitReview(opened.db, { orderId, reviewerId: stranger.id, rating: 1, now: at(6 * DAY) }), "not_found");
    expect(refused.message).toBe(REVIEW_MESSAGES.orderNotFound);
    await refusalOf(submitReview(opened.db, { orderId: 999_999, reviewerId: buyer.id, rating: 1, now: at(6 * DAY) }), "not_found");
  });

  it("takes one review per side: a second one from the same side is refused and the first stays", async () => {
    const orderId = await orderUntil("completed");
    await buyerReview(orderId, at(6 * DAY), 5);
    expect((await refusalOf(buyerReview(orderId, at(6 * DAY + 1000), 1), "conflict")).message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await reviewEligibility(opened.db, orderId, buyer.id, at(7 * DAY))).toMatchObject({ canReview: false });
    const rows = await reviewRows(orderId);
    expect(rows.map((r) => [r.reviewer_role, r.rating])).toEqual([["buyer", 5]]);
  });

  it("closes the window 60 days after completion: the last moment before is accepted, from then on refused", async () => {
    const orderId = await orderUntil("completed");
    const windowEnd = COMPLETED.getTime() + 60 * DAY;
    expect((await refusalOf(buyerReview(orderId, new Date(windowEnd)), "conflict")).message).toBe(REVIEW_MESSAGES.windowOver);
    expect((await refusalOf(sellerReview(orderId, new Date(windowEnd + 5 * DAY)), "conflict")).message).toBe(REVIEW_MESSAGES.windowOver);
    await buyerReview(orderId, new Date(windowEnd - 1));
    expect(await reviewRows(orderId)).toHaveLength(1);
  });

  it("checks the stars and the comment before storing anything: 1–5 overall, the buyer's three details, at most 2,000 characters", async () => {
    const orderId = await orderUntil("completed");
    const now = at(6 * DAY);
    for (const rating of [0, 6, 2.5, Number.NaN]) {
      expect((await refusalOf(submitReview(opened.db, { orderId, reviewerId: seller.id, rating, now }), "invalid")).field).toBe("rating");
    }
    const noShipping = submitReview(opened.db, { orderId, reviewerId: buyer.id, rating: 4, itemAsDescribed: 4, communication: 4, now });
    expect((await refusalOf(noShipping, "invalid")).field).toBe("shipping");
    const long = submitReview(opened.db, { orderId, reviewerId: seller.id, rating: 4, comment: "x".repeat(2001), now });
    expect((await refusalOf(long, "invalid")).message).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(await reviewRows(orderId)).toEqual([]);
    await submitReview(opened.db, { orderId, reviewerId: seller.id, rating: 4, comment: "é".repeat(2000), now });
    expect((await reviewRows(orderId))[0]).toMatchObject({ reviewer_role: "seller", item_as_described: null, comment: "é".repeat(2000) });
  });
});

describe("double-blind publication", () => {
  it("keeps the first review unpublished until the other side reviews, then publishes both and tells each reviewed member", async () => {
    const orderId = await orderUntil("completed");
    expect(await buyerReview(orderId)).toMatchObject({ published: false });
    expect((await reviewRows(orderId)).map((r) => r.published_at)).toEqual([null]);
    expect((await listReceivedReviews(opened.db, seller.id)).total).toBe(0);
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(0);
    expect(await notificationsOf(seller.id)).toEqual([]);

    expect(await sellerReview(orderId, at(8 * DAY))).toMatchObject({ published: true });
    const rows = await reviewRows(orderId);
    expect(rows.map((r) => r.published_at)).toEqual([at(8 * DAY).toISOString(), at(8 * DAY).toISOString()]);
    expect((await listReceivedReviews(opened.db, seller.id)).reviews).toMatchObject([
      { reviewerName: "Bianca Byers", rating: 5, comment: "Calibrated and well packed." },
    ]);
    expect((await listReceivedReviews(opened.db, buyer.id)).reviews).toMatchObject([
      { reviewerName: "Corelab Instruments", rating: 4, reviewerRole: "seller" },
    ]);
    expect(await notificationsOf(seller.id)).toEqual([
      { type: "review", title: "A review of you was published", action_url: `/user/${seller.id}?tab=reviews` },
    ]);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
  });

  it("publishes a lone review when its window ends, once, and never before", async () => {
    const orderId = await orderUntil("completed");
    await buyerReview(orderId);
    const windowEnd = COMPLETED.getTime() + 60 * DAY;
    expect(await publishDueReviews(opened.db, new Date(windowEnd - 1))).toBe(0);
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(0);
    expect(await publishDueReviews(opened.db, new Date(windowEnd))).toBe(1);
    expect(await publishDueReviews(opened.db, new Date(windowEnd + DAY))).toBe(0);
    expect((await reviewRows(orderId))[0]?.published_at).toBe(new Date(windowEnd).toISOString());
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(1);
    expect(await notificationsOf(seller.id)).toHaveLength(1);
    // The seller's window has closed with it.
    await refusalOf(sellerReview(orderId, new Date(windowEnd)), "conflict");
  });

  it("publishes both when the two sides review at the same moment", async () => {
    const orderId = await orderUntil("completed");
    await Promise.all([buyerReview(orderId), sellerReview(orderId, at(6 * DAY))]);
    expect((await reviewRows(orderId)).every((r) => r.published_at !== null)).toBe(true);
  });
});

describe("the reply, reports and hiding", () => {
  async function publishedPair(): Promise<{ orderId: number; aboutSeller: number; aboutBuyer: number }> {
    const orderId = await orderUntil("completed");
    const { reviewId: aboutSeller } = await buyerReview(orderId);
    const { reviewId: aboutBuyer } = await sellerReview(orderId);
    return { orderId, aboutSeller, aboutBuyer };
  }

  it("lets the reviewed member reply once to a published review; the reply shows with the review", async () => {
    const { aboutSeller } = await publishedPair();
    await replyToReview(opened.db, { reviewId: aboutSeller, userId: seller.id, reply: "Thank you, enjoy the analyzer.", now: at(9 * DAY) });
    expect(
      (await refusalOf(replyToReview(opened.db, { reviewId: aboutSeller, userId: seller.id, reply: "Edited.", now: at(10 * DAY) }), "conflict")).message,
    ).toBe(REVIEW_MESSAGES.alreadyReplied);
    expect((await listReceivedReviews(opened.db, seller.id)).reviews[0]).toMatchObject({
      reply: "Thank you, enjoy the analyzer.",
      repliedAt: at(9 * DAY).toISOString(),
    });
  });

  it("refuses a reply from anyone else, an empty or too long reply, and a reply to an unpublished review", async () => {
    const { aboutSeller } = await publishedPair();
    expect((await refusalOf(replyToReview(opened.db, { reviewId: aboutSeller, userId: buyer.id, reply: "Me too." }), "forbidden")).message).toBe(
      REVIEW_MESSAGES.notYours,
    );
    await refusalOf(replyToReview(opened.db, { reviewId: aboutSeller, userId: stranger.id, reply: "Hello." }), "forbidden");
    expect((await refusalOf(replyToReview(opened.db, { reviewId: aboutSeller, userId: seller.id, reply: "   " }), "invalid")).field).toBe("reply");
    await refusalOf(replyToReview(opened.db, { reviewId: aboutSeller, userId: seller.id, reply: "y".repeat(2001) }), "invalid");

    const lone = await orderUntil("completed");
    const { reviewId } = await buyerReview(lone);
    await refusalOf(replyToReview(opened.db, { reviewId, userId: seller.id, reply: "Thanks!" }), "not_found");
    expect((await reviewRows(lone))[0]?.reply).toBeNull();
  });

  it("takes one report per member, and lets only a moderator hide a review, recorded in the audit log and gone from the rating", async () => {
    const { aboutSeller } = await publishedPair();
    await reportReview(opened.db, { reviewId: aboutSeller, reporterId: seller.id, reason: "Names the wrong item." });
    await refusalOf(reportReview(opened.db, { reviewId: aboutSeller, reporterId: seller.id, reason: "Again." }), "conflict");
    await refusalOf(reportReview(opened.db, { reviewId: aboutSeller, reporterId: buyer.id, reason: "Mine." }), "forbidden");

    await refusalOf(hideReview(opened.db, { reviewId: aboutSeller, moderator: seller, reason: "I do not like it." }), "forbidden");
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(1);
    await hideReview(opened.db, { reviewId: aboutSeller, moderator: staff.moderator, reason: "Describes another order.", now: at(10 * DAY) });
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(0);
    expect((await listReceivedReviews(opened.db, seller.id)).total).toBe(0);
    const audit = await opened.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "action", "subject_id", "detail"])
      .where("subject_type", "=", "review")
      .execute();
    expect(audit).toEqual([{ actor_user_id: staff.moderator.id, action: "review.hide", subject_id: String(aboutSeller), detail: "Describes another order." }]);
  });
});

describe("the rating computed by the database", () => {
  it("counts, averages and breaks down the published, visible reviews a member received, by side", async () => {
    expect(await ratingSummary(opened.db, seller.id)).toEqual({
      count: 0,
      average: null,
      breakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      itemAsDescribed: null,
      communication: null,
      shipping: null,
    });
    const stars = [5, 5, 4, 2];
    for (const rating of stars) {
      const orderId = await orderUntil("completed");
      await submitReview(opened.db, { orderId, reviewerId: buyer.id, rating, itemAsDescribed: rating, communication: 5, shipping: 4, now: at(6 * DAY) });
      await sellerReview(orderId, at(6 * DAY), 3);
    }
    const asSeller = await ratingSummary(opened.db, seller.id);
    expect(asSeller).toEqual({ count: 4, average: 4, breakdown: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 2 }, itemAsDescribed: 4, communication: 5, shipping: 4 });
    expect(await ratingSummary(opened.db, seller.id, "seller")).toEqual(asSeller);
    expect((await ratingSummary(opened.db, seller.id, "buyer")).count).toBe(0);
    expect(await ratingSummary(opened.db, buyer.id)).toMatchObject({ count: 4, average: 3, breakdown: { 3: 4 }, itemAsDescribed: null });

    // A mean that is not whole comes back to two decimals on both engines.
    const orderId = await orderUntil("completed");
    await submitReview(opened.db, { orderId, reviewerId: buyer.id, rating: 4, itemAsDescribed: 4, communication: 4, shipping: 4, now: at(6 * DAY) });
    await sellerReview(orderId);
    expect((await ratingSummary(opened.db, seller.id)).average).toBe(4);
    const other = await orderUntil("completed");
    await submitReview(opened.db, { orderId: other, reviewerId: buyer.id, rating: 5, itemAsDescribed: 5, communication: 5, shipping: 5, now: at(6 * DAY) });
    await sellerReview(other);
    expect((await ratingSummary(opened.db, seller.id)).average).toBe(4.17); // 25 / 6

    const page = await listReceivedReviews(opened.db, seller.id, { page: 2, pageSize: 4 });
    expect(page.total).toBe(6);
    expect(page.reviews).toHaveLength(2);
  });
});

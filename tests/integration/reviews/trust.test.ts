// Reviews, follows and trust on a real database (both engines): the reviews a member still owes ("Leave a review" on
// /orders), the moderators' list of reported reviews (hide or dismiss, each audited), following a seller and the
// batched new-listing notices (told once, with the e-mail copy the follower chose), a seller's response figures
// computed from messages, seller verification (staff only, audited) and the general conversation of the Message button.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { OrderAction } from "~/lib/orders.ts";
import { MESSAGE_TEXT } from "~/lib/messages.ts";
import { FOLLOW_MESSAGES, FOLLOWED_SELLER_ALERT_TITLE } from "~/lib/follows.ts";
import { followSeller, listFollowedSellers, setSellerVerification, unfollowSeller } from "~/services/accounts/index.server.ts";
import { publicProfile } from "~/flows/index.server.ts";
import { VERIFICATION_APPLICATION_MESSAGES } from "~/lib/seller-verification.ts";
import { flushFollowedSellerAlerts } from "~/services/alerts/index.server.ts";
import { openConversation, openGeneralConversation, sellerResponseFigures, sendMessage } from "~/services/messaging/index.server.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { InProcessBus } from "~/services/platform/live-events.server.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import {
  dismissReviewReports,
  hideReview,
  listReportedReviews,
  ratingSummary,
  reportReview,
  reviewsDueFor,
  submitReview,
} from "~/services/reviews/index.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { insertListingRow, listingInput } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing } from "~/flows/listing-publication.server.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const uploads = new DiskStore("/nonexistent-uploads");

let opened: OpenedDatabase;
let buyer: OrderActor;
let seller: OrderActor;
let stranger: OrderActor;
let moderator: OrderActor;
let admin: OrderActor;
let billing: OrderActor;
let referee: OrderActor;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  seller = { id: await insertUserRow(db, undefined, "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db), role: "buyer" };
  stranger = { id: await insertUserRow(db), role: "buyer" };
  moderator = { id: await insertUserRow(db, undefined, "moderator"), role: "moderator" };
  admin = { id: await insertUserRow(db, undefined, "admin"), role: "admin" };
  billing = { id: await insertUserRow(db, undefined, "billing"), role: "billing" };
  referee = { id: await insertUserRow(db, undefined, "dispute_resolution_referee"), role: "dispute_resolution_referee" };
  await db.updateTable("profiles").set({ company_name: "Corelab Instruments" }).where("id", "=", seller.id).execute();
  await db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers" }).where("id", "=", buyer.id).execute();
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
    note: "Checked.",
    now,
  });
}

/** An order of a new listing of the seller's, completed (receipt confirmed) on day 5, or refunded, or left shipped. */
async function order(until: "shipped" | "completed" | "refunded" | "released", title = "Anritsu MS2830A signal analyzer"): Promise<number> {
  const listingId = await insertListingRow(opened.db, seller.id, { title, price_cents: 1_800_000 });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  await act(orderId, billing, "confirm_payment", at(1 * DAY));
  await act(orderId, seller, "ship", at(2 * DAY));
  if (until === "shipped") return orderId;
  await act(orderId, buyer, "mark_delivered", at(3 * DAY));
  if (until === "completed") await act(orderId, buyer, "confirm_receipt", at(5 * DAY));
  else {
    await act(orderId, buyer, "open_dispute", at(4 * DAY));
    await act(orderId, referee, until === "refunded" ? "refund" : "release", at(5 * DAY));
  }
  return orderId;
}

const auditRows = (action: string) => opened.db.selectFrom("audit_events").selectAll().where("action", "=", action).execute();

describe("reviews due (Leave a review on /orders)", () => {
  it("lists completed and released orders each side has not reviewed, within the window, never refunded or unfinished ones", async () => {
    const completed = await order("completed", "Fluke 5522A calibrator");
    const released = await order("released");
    await order("refunded");
    await order("shipped");
    const buyerDue = await reviewsDueFor(opened.db, buyer.id, at(6 * DAY));
    expect(buyerDue.map((due) => due.orderId).sort()).toEqual([completed, released].sort());
    expect(buyerDue.find((due) => due.orderId === completed)).toMatchObject({
      role: "buyer",
      otherPartyId: seller.id,
      otherPartyName: "Corelab Instruments",
      title: "Fluke 5522A calibrator",
    });
    expect((await reviewsDueFor(opened.db, seller.id, at(6 * DAY))).map((due) => due.role)).toEqual(["seller", "seller"]);
    expect(await reviewsDueFor(opened.db, stranger.id, at(6 * DAY))).toEqual([]);

    await submitReview(opened.db, { orderId: completed, reviewerId: buyer.id, rating: 5, itemAsDescribed: 5, communication: 5, shipping: 5, now: at(6 * DAY) });
    expect((await reviewsDueFor(opened.db, buyer.id, at(6 * DAY))).map((due) => due.orderId)).toEqual([released]);
    // The seller still owes theirs; after 60 days nobody owes anything.
    expect(await reviewsDueFor(opened.db, seller.id, at(6 * DAY))).toHaveLength(2);
    expect(await reviewsDueFor(opened.db, seller.id, at(65 * DAY))).toEqual([]);
  });
});

describe("reported reviews", () => {
  async function publishedReview(): Promise<number> {
    const orderId = await order("completed");
    const { reviewId } = await submitReview(opened.db, {
      orderId,
      reviewerId: buyer.id,
      rating: 1,
      itemAsDescribed: 1,
      communication: 1,
      shipping: 1,
      comment: "Rubbish.",
      now: at(6 * DAY),
    });
    await submitReview(opened.db, { orderId, reviewerId: seller.id, rating: 5, now: at(7 * DAY) });
    return reviewId;
  }

  it("lists reported reviews with their reasons; hiding takes one off every profile, audited", async () => {
    const reviewId = await publishedReview();
    await reportReview(opened.db, { reviewId, reporterId: seller.id, reason: "Abusive language" });
    await reportReview(opened.db, { reviewId, reporterId: stranger.id, reason: "Not about the order" });
    const { reviews, total } = await listReportedReviews(opened.db);
    expect(total).toBe(1);
    expect(reviews[0]).toMatchObject({ reviewId, reportCount: 2, comment: "Rubbish.", reviewedName: "Corelab Instruments" });
    expect(reviews[0]!.reasons.map((one) => one.reason).sort()).toEqual(["Abusive language", "Not about the order"]);

    await refusalOf(hideReview(opened.db, { reviewId, moderator: buyer, reason: "Abuse" }), "forbidden");
    await hideReview(opened.db, { reviewId, moderator, reason: "Abusive language" });
    expect((await listReportedReviews(opened.db)).total).toBe(0);
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(0);
    expect(await auditRows("review.hide")).toMatchObject([{ actor_user_id: moderator.id, subject_id: String(reviewId), detail: "Abusive language" }]);
  });

  it("dismissing keeps the review and closes its reports, audited; only moderators may", async () => {
    const reviewId = await publishedReview();
    await reportReview(opened.db, { reviewId, reporterId: stranger.id, reason: "I disagree" });
    await refusalOf(dismissReviewReports(opened.db, { reviewId, moderator: seller }), "forbidden");
    expect(await dismissReviewReports(opened.db, { reviewId, moderator })).toBe(1);
    expect((await listReportedReviews(opened.db)).total).toBe(0);
    expect((await ratingSummary(opened.db, seller.id)).count).toBe(1);
    expect(await auditRows("review.reports_dismiss")).toMatchObject([{ actor_user_id: moderator.id, subject_id: String(reviewId) }]);
    await refusalOf(dismissReviewReports(opened.db, { reviewId, moderator }), "not_found");
  });
});

describe("following a seller", () => {
  const followerNotices = (userId: string) =>
    opened.db
      .selectFrom("notifications")
      .select(["title", "message", "action_url"])
      .where("user_id", "=", userId)
      .where("type", "=", "followed_seller")
      .execute();

  it("follows sellers only, never oneself; counts followers; unfollow", async () => {
    await followSeller(opened.db, buyer.id, seller.id, at(0));
    await followSeller(opened.db, buyer.id, seller.id, at(1));
    await followSeller(opened.db, stranger.id, seller.id, at(2));
    expect((await refusalOf(followSeller(opened.db, seller.id, seller.id), "forbidden")).message).toBe(FOLLOW_MESSAGES.ownProfile);
    expect((await refusalOf(followSeller(opened.db, seller.id, buyer.id), "conflict")).message).toBe(FOLLOW_MESSAGES.notSeller);
    const asBuyer = await publicProfile(opened.db, seller.id, buyer);
    expect(asBuyer).toMatchObject({ followers: 2, viewerFollows: true });
    expect(await publicProfile(opened.db, seller.id, null)).toMatchObject({ followers: 2, viewerFollows: false });
    expect(await listFollowedSellers(opened.db, buyer.id)).toMatchObject({ total: 1, sellers: [{ id: seller.id, name: "Corelab Instruments" }] });
    await unfollowSeller(opened.db, buyer.id, seller.id);
    expect(await publicProfile(opened.db, seller.id, buyer)).toMatchObject({ followers: 1, viewerFollows: false });
  });

  it("tells each follower once per batch of new listings, with the e-mail they chose, and nothing twice", async () => {
    await followSeller(opened.db, buyer.id, seller.id, at(0));
    await followSeller(opened.db, stranger.id, seller.id, at(0));
    // The stranger turned the e-mail copy off on /profile.
    await opened.db
      .updateTable("profiles")
      .set({ preferences: JSON.stringify({ email_alerts: { followed_seller: false } }) })
      .where("id", "=", stranger.id)
      .execute();
    const first = await createListing(opened.db, uploads, seller.id, listingInput({ title: "Keysight N9020B MXA" }), [], "active", at(1 * HOUR));
    await createListing(opened.db, uploads, seller.id, listingInput({ title: "Keysight N5182B MXG" }), [], "active", at(1 * HOUR + 60_000));
    await createListing(opened.db, uploads, seller.id, listingInput({ title: "Draft only" }), [], "draft", at(1 * HOUR));
    const window = 5 * 60_000;
    // Within the window nothing is told yet; after it, one notice per follower for both listings.
    expect(await flushFollowedSellerAlerts(opened.db, at(1 * HOUR + 60_000), window)).toBe(0);
    expect(await flushFollowedSellerAlerts(opened.db, at(2 * HOUR), window)).toBe(2);
    expect(await followerNotices(buyer.id)).toEqual([
      { title: FOLLOWED_SELLER_ALERT_TITLE, message: "Corelab Instruments listed 2 new items.", action_url: `/user/${seller.id}?tab=listings` },
    ]);
    expect(await followerNotices(stranger.id)).toHaveLength(1);
    const mail = await opened.db.selectFrom("email_outbox").select(["to_address", "subject"]).where("subject", "=", FOLLOWED_SELLER_ALERT_TITLE).execute();
    expect(mail).toHaveLength(1);
    expect(await flushFollowedSellerAlerts(opened.db, at(3 * HOUR), window)).toBe(0);
    // The same listing active again (edited back from a draft, an unsold auction) is not news twice.
    const { recordFollowedSellerListing } = await import("~/services/alerts/followed-seller-alerts.server.ts");
    expect(await recordFollowedSellerListing(opened.db, first, at(4 * HOUR))).toBe(false);
    expect(await flushFollowedSellerAlerts(opened.db, at(5 * HOUR), window)).toBe(0);
    expect(await followerNotices(buyer.id)).toHaveLength(1);
  });

  it("drops listings withdrawn before the flush, and records nothing for a seller without followers", async () => {
    const lonely = await createListing(opened.db, uploads, seller.id, listingInput(), [], "active", at(0));
    expect(await opened.db.selectFrom("followed_listing_alerts").selectAll().where("listing_id", "=", lonely).execute()).toEqual([]);
    await followSeller(opened.db, buyer.id, seller.id, at(1));
    const withdrawn = await createListing(opened.db, uploads, seller.id, listingInput({ title: "Tektronix MSO58" }), [], "active", at(1 * HOUR));
    await opened.db.updateTable("equipment_listings").set({ status: "archived" }).where("id", "=", withdrawn).execute();
    expect(await flushFollowedSellerAlerts(opened.db, at(2 * HOUR), 60_000)).toBe(0);
    expect(await followerNotices(buyer.id)).toEqual([]);
  });
});

describe("response figures", () => {
  const send = (conversationId: number, senderId: string, now: Date) =>
    sendMessage(
      opened.db,
      { conversationId, senderId, body: "About the calibration certificate", now },
      { limiter: new MemoryRateLimiter(), bus: new InProcessBus() },
    );

  it("answered share and median time to the first answer, from messages, with a grace period for new questions", async () => {
    const now = at(30 * DAY);
    expect(await sellerResponseFigures(opened.db, seller.id, now)).toEqual({ conversations: 0, responseRate: null, responseTimeMs: null });
    const listings = await Promise.all([1, 2, 3, 4].map((n) => insertListingRow(opened.db, seller.id, { title: `Analyzer ${n}` })));
    const conversation = async (buyerId: string, listingId: number) => (await openConversation(opened.db, buyerId, listingId)).conversationId;
    // Answered after 1 hour and after 3 hours; one never answered (asked 5 days ago); one asked an hour ago.
    const a = await conversation(buyer.id, listings[0]!);
    await send(a, buyer.id, at(20 * DAY));
    await send(a, seller.id, at(20 * DAY + 1 * HOUR));
    await send(a, buyer.id, at(20 * DAY + 2 * HOUR));
    await send(a, seller.id, at(20 * DAY + 10 * HOUR));
    const b = await conversation(stranger.id, listings[1]!);
    await send(b, stranger.id, at(21 * DAY));
    await send(b, seller.id, at(21 * DAY + 3 * HOUR));
    const c = await conversation(buyer.id, listings[2]!);
    await send(c, buyer.id, at(25 * DAY));
    const d = await conversation(stranger.id, listings[3]!);
    await send(d, stranger.id, new Date(now.getTime() - HOUR));
    expect(await sellerResponseFigures(opened.db, seller.id, now)).toEqual({ conversations: 3, responseRate: 67, responseTimeMs: 2 * HOUR });
    const profile = await publicProfile(opened.db, seller.id, null);
    expect(profile?.sellerStats).toMatchObject({ responseRate: expect.any(Number) });
  });
});

describe("seller verification", () => {
  it("staff with can_manage_users cannot mark a seller verified by hand (approval only, issue 33) but take the mark away, audited", async () => {
    await refusalOf(setSellerVerification(opened.db, { actor: moderator, sellerId: seller.id, verified: true }), "forbidden");
    await refusalOf(setSellerVerification(opened.db, { actor: seller, sellerId: seller.id, verified: true }), "forbidden");
    expect(
      (await refusalOf(setSellerVerification(opened.db, { actor: admin, sellerId: seller.id, verified: true, since: "2026-10-01", now: T0 }), "conflict"))
        .message,
    ).toBe(VERIFICATION_APPLICATION_MESSAGES.onlyByApproval);
    expect((await publicProfile(opened.db, seller.id, null))?.verifiedSince).toBeNull();
    await opened.db.updateTable("profiles").set({ is_verified: 1, verification_date: "2026-10-01T00:00:00.000Z" }).where("id", "=", seller.id).execute();
    expect((await publicProfile(opened.db, seller.id, null))?.verifiedSince).toBe("2026-10-01T00:00:00.000Z");
    await setSellerVerification(opened.db, { actor: admin, sellerId: seller.id, verified: false, now: T0 });
    expect((await publicProfile(opened.db, seller.id, null))?.verifiedSince).toBeNull();
    expect(await auditRows("seller.verify")).toHaveLength(0);
    expect(await auditRows("seller.unverify")).toHaveLength(1);
    await refusalOf(
      setSellerVerification(opened.db, { actor: admin, sellerId: "00000000-0000-0000-0000-000000000000", verified: false, now: T0 }),
      "not_found",
    );
  });
});

describe("general conversations (Message on a profile)", () => {
  it("opens one conversation per pair whoever starts it; not with oneself or nobody", async () => {
    const first = await openGeneralConversation(opened.db, buyer.id, seller.id, T0);
    expect(first.created).toBe(true);
    expect(await openGeneralConversation(opened.db, buyer.id, seller.id, T0)).toEqual({ conversationId: first.conversationId, created: false });
    expect((await openGeneralConversation(opened.db, seller.id, buyer.id, T0)).conversationId).toBe(first.conversationId);
    // A conversation about a listing is another one.
    const listingId = await insertListingRow(opened.db, seller.id);
    expect((await openConversation(opened.db, buyer.id, listingId)).conversationId).not.toBe(first.conversationId);
    expect((await refusalOf(openGeneralConversation(opened.db, buyer.id, buyer.id), "forbidden")).message).toBe(MESSAGE_TEXT.ownProfile);
    await refusalOf(openGeneralConversation(opened.db, buyer.id, "00000000-0000-4000-8000-000000000000"), "not_found");
  });
});

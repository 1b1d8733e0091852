// Separation of duties, on both engines: no member of staff decides on
// an order, dispute, review, report, post or listing they are a party to, and the refusal says so; another member of
// staff with the same role decides as before. Offers have no staff decision (only their buyer and seller answer them),
// so the offer rule is checked as the rule itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Role } from "~/lib/roles.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { isParty, PARTY_REFUSALS, partyRefusal } from "~/services/accounts/separation-of-duties.server.ts";
import { reportListing, reportMember, resolveFraudReport, reviewReportedListing, setListingFeatured } from "~/services/admin/index.server.ts";
import { createForumTopic, flagForumPost, moderateForumPost, moderateForumTopic, replyToForumTopic } from "~/services/community/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { availableOrderActions, orderAuthority, selectOrderForRules, transitionOrder } from "~/services/orders/order-flow.server.ts";
import { dismissReviewReports } from "~/services/reviews/review-reports.server.ts";
import { hideReview } from "~/services/reviews/reviews.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const SEASONED = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();
const staff: Record<string, { id: string; role: Role }> = {};
let seller = "";
let buyer = "";

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const partyOf = (subject: keyof typeof PARTY_REFUSALS) => ({ kind: "forbidden", message: PARTY_REFUSALS[subject] });

async function person(role: Role): Promise<{ id: string; role: Role }> {
  const id = await insertUserRow(opened.db, undefined, role);
  await opened.db.updateTable("users").set({ created_at: SEASONED }).where("id", "=", id).execute();
  return { id, role };
}

/** `buyerId` buys a listing of `sellerId`; returns the order's id. */
async function order(buyerId: string, sellerId: string): Promise<number> {
  const listingId = await insertListingRow(opened.db, sellerId, { title: "Keysight N9020A MXA signal analyzer", price_cents: 1_250_000 });
  return (await buyNow(opened.db, { listingId, buyerId, shipping: SHIPPING_ADDRESS })).orderId;
}

async function orderStatus(orderId: number): Promise<string> {
  return (await opened.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;
}

beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  for (const table of [
    "audit_events",
    "notifications",
    "review_reports",
    "reviews",
    "order_events",
    "orders",
    "listing_reports",
    "fraud_reports",
    "forum_post_flags",
    "forum_posts",
    "forum_topics",
    "equipment_listings",
    "sessions",
    "profiles",
    "users",
  ] as const) {
    await opened.db.deleteFrom(table).execute();
  }
  for (const [name, role] of [
    ["billing", "billing"],
    ["billing2", "billing"],
    ["referee", "dispute_resolution_referee"],
    ["referee2", "dispute_resolution_referee"],
    ["moderator", "moderator"],
    ["moderator2", "moderator"],
    ["admin", "admin"],
    ["admin2", "admin"],
  ] as const) {
    staff[name] = await person(role);
  }
  seller = (await person("seller")).id;
  buyer = (await person("buyer")).id;
});

describe("the rule", () => {
  it("names the party and leaves everyone else alone", () => {
    expect(isParty("a", ["b", null, undefined, "a"])).toBe(true);
    expect(isParty("a", ["b", null])).toBe(false);
    expect(partyRefusal("offer", "a", ["b"])).toBeNull();
    expect(partyRefusal("offer", "a", ["a", "b"])).toMatchObject({
      kind: "forbidden",
      message: "You are a party to this offer; another staff member must decide.",
    });
    expect(PARTY_REFUSALS.order).toBe("You are a party to this order; another staff member must decide.");
  });
});

describe("orders and disputes", () => {
  it("billing cannot confirm the payment of an order they bought; another billing member can", async () => {
    const orderId = await order(staff.billing!.id, seller);
    const rules = await selectOrderForRules(opened.db).where("o.id", "=", orderId).executeTakeFirstOrThrow();
    expect(availableOrderActions(rules, await orderAuthority(opened.db, staff.billing!))).not.toContain("confirm_payment");
    expect(await refusal(transitionOrder(opened.db, { orderId, actor: staff.billing!, action: "confirm_payment" }))).toMatchObject(partyOf("order"));
    expect(await orderStatus(orderId)).toBe("pending");
    await transitionOrder(opened.db, { orderId, actor: staff.billing2!, action: "confirm_payment" });
    expect(await orderStatus(orderId)).toBe("paid");
  });

  it("billing who sold the item cannot confirm its payment either, but may still cancel their own order as its party", async () => {
    const sold = await order(buyer, staff.billing!.id);
    expect(await refusal(transitionOrder(opened.db, { orderId: sold, actor: staff.billing!, action: "confirm_payment" }))).toMatchObject(partyOf("order"));
    const bought = await order(staff.billing!.id, seller);
    await transitionOrder(opened.db, { orderId: bought, actor: staff.billing!, action: "cancel" });
    expect(await orderStatus(bought)).toBe("cancelled");
  });

  it("a referee cannot decide a dispute on their own sale or purchase; another referee can", async () => {
    for (const [buyerId, sellerId] of [
      [buyer, staff.referee!.id],
      [staff.referee!.id, seller],
    ] as const) {
      const orderId = await order(buyerId, sellerId);
      await transitionOrder(opened.db, { orderId, actor: staff.billing2!, action: "confirm_payment" });
      await transitionOrder(opened.db, {
        orderId,
        actor: { id: sellerId, role: sellerId === seller ? "seller" : "dispute_resolution_referee" },
        action: "ship",
        carrier: "DHL",
        trackingNumber: "JD0146",
      });
      await transitionOrder(opened.db, { orderId, actor: { id: buyerId, role: "buyer" }, action: "open_dispute", reason: "It does not power on." });
      for (const action of ["refund", "release"] as const) {
        expect(await refusal(transitionOrder(opened.db, { orderId, actor: staff.referee!, action, note: "Decided." }))).toMatchObject(partyOf("dispute"));
      }
      expect(await orderStatus(orderId)).toBe("disputed");
      await transitionOrder(opened.db, { orderId, actor: staff.referee2!, action: "release", note: "The seller's photos show it working." });
      expect(await orderStatus(orderId)).toBe("released");
    }
  });
});

describe("reports", () => {
  it("a moderator cannot decide the reports of their own listing, nor reports they filed", async () => {
    const limiter = new MemoryRateLimiter();
    const own = await insertListingRow(opened.db, staff.moderator!.id);
    await reportListing(opened.db, { listingId: own, reporterId: buyer, reason: "counterfeit" }, { limiter });
    expect(await refusal(reviewReportedListing(opened.db, staff.moderator!.id, own, { decision: "dismiss" }))).toMatchObject(partyOf("report"));
    const filed = await insertListingRow(opened.db, seller);
    await reportListing(opened.db, { listingId: filed, reporterId: staff.moderator!.id, reason: "counterfeit" }, { limiter });
    expect(await refusal(reviewReportedListing(opened.db, staff.moderator!.id, filed, { decision: "remove" }))).toMatchObject(partyOf("report"));
    const open = await opened.db.selectFrom("listing_reports").select("status").where("status", "=", "open").execute();
    expect(open).toHaveLength(2);
    await reviewReportedListing(opened.db, staff.moderator2!.id, own, { decision: "dismiss" });
    await reviewReportedListing(opened.db, staff.moderator2!.id, filed, { decision: "dismiss" });
  });

  it("a moderator cannot decide a member report about them or one they filed", async () => {
    const limiter = new MemoryRateLimiter();
    await reportMember(opened.db, { memberId: staff.moderator!.id, reporterId: buyer, reason: "other" }, { limiter });
    await reportMember(opened.db, { memberId: seller, reporterId: staff.moderator!.id, reason: "non_delivery" }, { limiter });
    const reports = await opened.db.selectFrom("fraud_reports").select("id").orderBy("id").execute();
    for (const report of reports) {
      expect(await refusal(resolveFraudReport(opened.db, staff.moderator!.id, report.id, "dismiss"))).toMatchObject(partyOf("report"));
      await resolveFraudReport(opened.db, staff.moderator2!.id, report.id, "confirm");
    }
  });
});

describe("reviews", () => {
  async function review(reviewerId: string, reviewedId: string): Promise<number> {
    const orderId = await order(reviewerId, reviewedId);
    const row = await opened.db
      .insertInto("reviews")
      .values({
        order_id: orderId,
        reviewer_id: reviewerId,
        reviewed_id: reviewedId,
        reviewer_role: "buyer",
        rating: 1,
        item_as_described: 1,
        communication: 1,
        shipping: 1,
        comment: "Never again.",
        window_ends_at: new Date().toISOString(),
        published_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("a moderator cannot hide a review they wrote or that is about them, nor dismiss its reports", async () => {
    const about = await review(buyer, staff.moderator!.id);
    const wrote = await review(staff.moderator!.id, seller);
    for (const reviewId of [about, wrote]) {
      await opened.db.insertInto("review_reports").values({ review_id: reviewId, reporter_id: staff.admin!.id, reason: "Abusive" }).execute();
      expect(await refusal(hideReview(opened.db, { reviewId, moderator: staff.moderator!, reason: "Abusive" }))).toMatchObject(partyOf("review"));
      expect(await refusal(dismissReviewReports(opened.db, { reviewId, moderator: staff.moderator! }))).toMatchObject(partyOf("review"));
    }
    // A review a moderator reported is theirs to leave to another.
    const reported = await review(buyer, seller);
    await opened.db.insertInto("review_reports").values({ review_id: reported, reporter_id: staff.moderator!.id, reason: "Spam" }).execute();
    expect(await refusal(hideReview(opened.db, { reviewId: reported, moderator: staff.moderator!, reason: "Spam" }))).toMatchObject(partyOf("review"));
    await hideReview(opened.db, { reviewId: reported, moderator: staff.moderator2!, reason: "Spam" });
    await dismissReviewReports(opened.db, { reviewId: about, moderator: staff.moderator2! });
  });
});

describe("forum posts and featured listings", () => {
  it("a moderator cannot restore their own hidden post or topic; another moderator can", async () => {
    const moderator = { userId: staff.moderator!.id, canModerate: true };
    const other = { userId: staff.moderator2!.id, canModerate: true };
    const topicId = await createForumTopic(opened.db, moderator, { categoryId: "test-measurement", title: "Calibration intervals", body: "How often?" });
    const postId = await replyToForumTopic(opened.db, moderator, topicId, "Yearly, in my lab.");
    await moderateForumPost(opened.db, other, postId, "hide");
    expect(await refusal(moderateForumPost(opened.db, moderator, postId, "restore"))).toMatchObject(partyOf("post"));
    await moderateForumPost(opened.db, other, postId, "restore");
    await moderateForumTopic(opened.db, other, topicId, { action: "hide" });
    expect(await refusal(moderateForumTopic(opened.db, moderator, topicId, { action: "unhide" }))).toMatchObject(partyOf("post"));
    await moderateForumTopic(opened.db, other, topicId, { action: "unhide" });
    // Flags never hid it: staff's posts are only queued.
    await flagForumPost(opened.db, { userId: buyer, canModerate: false }, postId);
  });

  it("a listing manager cannot feature their own listing (featuring is sold to sellers)", async () => {
    const own = await insertListingRow(opened.db, staff.admin!.id);
    expect(await refusal(setListingFeatured(opened.db, staff.admin!.id, own, true))).toMatchObject(partyOf("listing"));
    expect(await setListingFeatured(opened.db, staff.admin2!.id, own, true)).toBe(true);
  });
});

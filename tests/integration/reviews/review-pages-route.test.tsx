// The pages around reviews, rendered as the server renders them (both engines): a moderator's list of reported
// reviews with Hide (audited, the review gone from the profile) and Dismiss; members are refused. /orders shows
// "Leave a review" for a completed order the buyer has not reviewed, and stops once they have; the order list links
// the seller's profile.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { reportReview, submitReview } from "~/services/reviews/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const reportsRoute = (await import("~/routes/admin.review-reports.tsx")) as unknown as RouteModule;
const ordersRoute = (await import("~/routes/orders._index.tsx")) as unknown as RouteModule;

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date(Date.now() - 10 * DAY);
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let opened: OpenedDatabase;
let seller: OrderActor;
let buyer: OrderActor;
let moderator: string;
let orderId: number;

beforeEach(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const db = opened.db;
  seller = { id: await insertUserRow(db, undefined, "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db), role: "buyer" };
  moderator = await insertUserRow(db, undefined, "moderator");
  const billing = await insertUserRow(db, undefined, "billing");
  await db.updateTable("profiles").set({ company_name: "Corelab Instruments" }).where("id", "=", seller.id).execute();
  const listingId = await insertListingRow(db, seller.id, { title: "Yokogawa DL850E ScopeCorder", price_cents: 1_500_000 });
  ({ orderId } = await buyNow(db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 }));
  await transitionOrder(db, { orderId, actor: { id: billing, role: "billing" }, action: "confirm_payment", now: at(1) });
  await transitionOrder(db, { orderId, actor: seller, action: "ship", carrier: "UPS", trackingNumber: "1Z1", now: at(2) });
  await transitionOrder(db, { orderId, actor: buyer, action: "confirm_receipt", now: at(3) });
});
afterEach(() => opened.close());

const request = async (path: string, viewer: string, form?: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: await sessionCookie(opened.db, viewer), ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
const reportsPage = async (viewer: string, form?: Record<string, string>, path = "/admin/review-reports") =>
  renderPage([pageRoute("/admin/review-reports", reportsRoute)], await request(path, viewer, form));

describe("/admin/review-reports", () => {
  it("lists reported reviews for moderators, who hide one (audited) or dismiss the reports; members are refused", async () => {
    const { reviewId } = await submitReview(opened.db, {
      orderId,
      reviewerId: buyer.id,
      rating: 1,
      itemAsDescribed: 1,
      communication: 1,
      shipping: 1,
      comment: "Call me on 555-0100 instead.",
      now: at(4),
    });
    await submitReview(opened.db, { orderId, reviewerId: seller.id, rating: 5, now: at(5) });
    await reportReview(opened.db, { reviewId, reporterId: seller.id, reason: "Asks buyers to deal off the platform" });

    expect((await reportsPage(buyer.id)).status).toBe(403);
    const list = await reportsPage(moderator);
    expect(list.status).toBe(200);
    expect(list.text).toContain("1 reported review");
    expect(list.text).toContain("Call me on 555-0100 instead.");
    expect(list.text).toContain("Asks buyers to deal off the platform");

    expect((await reportsPage(buyer.id, { intent: "hide", reviewId: String(reviewId), reason: "Off-platform dealing" })).status).toBe(403);
    const noReason = await reportsPage(moderator, { intent: "hide", reviewId: String(reviewId), reason: "" });
    expect(noReason.status).toBe(400);
    const hidden = await reportsPage(moderator, { intent: "hide", reviewId: String(reviewId), reason: "Off-platform dealing" });
    expect(hidden.location).toBe("/admin/review-reports?done=hide");
    const after = await reportsPage(moderator, undefined, hidden.location!);
    expect(after.text).toContain("The review is hidden from every profile.");
    expect(after.text).toContain("No reported reviews are waiting.");
    const audit = await opened.db.selectFrom("audit_events").select(["action", "actor_user_id", "detail"]).where("action", "=", "review.hide").execute();
    expect(audit).toEqual([{ action: "review.hide", actor_user_id: moderator, detail: "Off-platform dealing" }]);
  });
});

describe("/orders: Leave a review", () => {
  it("offers the review of a completed order until the buyer has left it, and links the seller's profile", async () => {
    const page = await renderPage([pageRoute("/orders", ordersRoute)], await request("/orders", buyer.id));
    expect(page.text).toContain("Reviews to leave");
    expect(page.html).toContain(`href="/orders/${orderId}/review"`);
    expect(page.html).toContain(`href="/user/${seller.id}"`);
    await submitReview(opened.db, { orderId, reviewerId: buyer.id, rating: 5, itemAsDescribed: 5, communication: 5, shipping: 5 });
    const after = await renderPage([pageRoute("/orders", ordersRoute)], await request("/orders", buyer.id));
    expect(after.text).not.toContain("Reviews to leave");
  });
});

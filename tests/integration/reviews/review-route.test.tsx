// /orders/{id}/review and the order page's "Leave a review", rendered as the server renders them on a real database
// (both engines): the buyer's form with the three detailed ratings, the seller's without, a review stored and the
// thanks shown, field messages for a missing rating, the reason shown before completion, strangers not finding it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { REVIEW_MESSAGES } from "~/lib/reviews.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const reviewRoute = await import("~/routes/orders.$id_.review.tsx");
const orderRoute = await import("~/routes/orders.$id.tsx");

let opened: OpenedDatabase;
let seller: OrderActor;
let buyer: OrderActor;
let billing: OrderActor;
let stranger: string;

beforeEach(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = { id: await insertUserRow(opened.db, undefined, "seller"), role: "seller" };
  buyer = { id: await insertUserRow(opened.db), role: "buyer" };
  billing = { id: await insertUserRow(opened.db, undefined, "billing"), role: "billing" };
  stranger = await insertUserRow(opened.db);
});
afterEach(() => opened.close());

async function order(complete: boolean): Promise<number> {
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Anritsu MS2830A signal analyzer", price_cents: 1_800_000 });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS });
  if (!complete) return orderId;
  await transitionOrder(opened.db, { orderId, actor: billing, action: "confirm_payment" });
  await transitionOrder(opened.db, { orderId, actor: seller, action: "ship", carrier: "UPS", trackingNumber: "1Z999" });
  await transitionOrder(opened.db, { orderId, actor: buyer, action: "confirm_receipt" });
  return orderId;
}

const routes = [pageRoute("/orders/:id/review", reviewRoute as unknown as RouteModule), pageRoute("/orders/:id", orderRoute as unknown as RouteModule)];
async function visit(path: string, as: string, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: await sessionCookie(opened.db, as) });
  if (!form) return renderPage(routes, new Request(`http://localhost${path}`, { headers }));
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return renderPage(routes, new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) }));
}

describe("leaving a review", () => {
  it("offers 'Leave a review' on a completed order, takes the buyer's review and thanks them; the link is gone afterwards", async () => {
    const orderId = await order(true);
    expect((await visit(`/orders/${orderId}`, buyer.id)).text).toContain("Leave a review");
    const form = await visit(`/orders/${orderId}/review`, buyer.id);
    expect(form.text).toContain("Review the seller");
    for (const label of ["Overall", "Item as described", "Communication", "Shipping"]) expect(form.text).toContain(label);

    const sent = await visit(`/orders/${orderId}/review`, buyer.id, {
      rating: "5",
      itemAsDescribed: "5",
      communication: "4",
      shipping: "4",
      comment: "Arrived calibrated.",
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/orders/${orderId}/review?done=1`);
    expect((await visit(sent.location!, buyer.id)).text).toContain("Thank you. Your review is published when the other side has reviewed too");
    const stored = await opened.db.selectFrom("reviews").select(["reviewer_id", "rating", "comment", "published_at"]).execute();
    expect(stored).toEqual([{ reviewer_id: buyer.id, rating: 5, comment: "Arrived calibrated.", published_at: null }]);
    expect((await visit(`/orders/${orderId}`, buyer.id)).text).not.toContain("Leave a review");
    expect((await visit(`/orders/${orderId}/review`, buyer.id)).text).toContain(REVIEW_MESSAGES.alreadyReviewed);
  });

  it("gives the seller the overall rating only, and sends a review without a rating back with its message", async () => {
    const orderId = await order(true);
    const form = await visit(`/orders/${orderId}/review`, seller.id);
    expect(form.text).toContain("Review the buyer");
    expect(form.text).not.toContain("Item as described");
    const refused = await visit(`/orders/${orderId}/review`, seller.id, { comment: "Good buyer." });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(REVIEW_MESSAGES.ratingRequired);
    expect(await opened.db.selectFrom("reviews").select("id").execute()).toEqual([]);
  });

  it("says why before the order completes, and is not there for anyone outside the order", async () => {
    const orderId = await order(false);
    expect((await visit(`/orders/${orderId}`, buyer.id)).text).not.toContain("Leave a review");
    expect((await visit(`/orders/${orderId}/review`, buyer.id)).text).toContain(REVIEW_MESSAGES.notCompleted);
    const posted = await visit(`/orders/${orderId}/review`, buyer.id, { rating: "5", itemAsDescribed: "5", communication: "5", shipping: "5" });
    expect(posted.status).toBe(409);
    const completed = await order(true);
    expect((await visit(`/orders/${completed}/review`, stranger)).status).toBe(404);
    expect((await visit(`/orders/${completed}/review`, stranger, { rating: "1" })).status).toBe(404);
  });
});

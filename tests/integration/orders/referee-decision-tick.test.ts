// The referee's money decisions on a disputed order (refund, release) are taken only with "I have checked" ticked:
// without it /orders/{id} answers the tick's message beside the box and the order, its money and its history stay as
// they were; with it the decision is made.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder } from "~/services/orders/order-flow.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const orderRoute = await import("~/routes/orders.$id.tsx");

let opened: OpenedDatabase;
const people = {} as Record<"buyer" | "seller" | "billing" | "referee", string>;
const { post } = routeCalls({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.buyer = await insertUserRow(opened.db, undefined, "buyer");
  people.seller = await insertUserRow(opened.db, undefined, "seller");
  people.billing = await insertUserRow(opened.db, undefined, "billing");
  people.referee = await insertUserRow(opened.db, undefined, "dispute_resolution_referee");
});
afterAll(() => opened.close());

/** A paid, shipped order the buyer has disputed. */
async function disputedOrder(title: string): Promise<number> {
  const listingId = await insertListingRow(opened.db, people.seller, { title, price_cents: 250_000 });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: people.buyer, shipping: SHIPPING_ADDRESS });
  await transitionOrder(opened.db, { orderId, actor: { id: people.billing, role: "billing" }, action: "confirm_payment" });
  await transitionOrder(opened.db, {
    orderId,
    actor: { id: people.seller, role: "seller" },
    action: "ship",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
  });
  await transitionOrder(opened.db, { orderId, actor: { id: people.buyer, role: "buyer" }, action: "open_dispute", reason: "The display is cracked." });
  return orderId;
}

/** What a decision could change: the order's row, its history, its refunds. */
async function orderState(orderId: number) {
  return {
    order: await opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow(),
    history: await opened.db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).execute(),
  };
}

const NOT_TICKED = { status: 400, data: { fieldErrors: { confirmed: "Tick the box to confirm this decision" } } };

describe("the referee's decision on a disputed order", () => {
  it("refuses a refund without the tick, with its message, and changes nothing; takes it with the tick", async () => {
    const orderId = await disputedOrder("Fluke 289 multimeter");
    const path = `/orders/${orderId}`;
    const params = { id: String(orderId) };
    const before = await orderState(orderId);
    expect(before.order.status).toBe("disputed");
    for (const confirmed of [undefined, "", "yes"]) {
      const form = { intent: "refund", note: "The buyer's photos show the damage.", ...(confirmed === undefined ? {} : { confirmed }) };
      expect([confirmed, await post(orderRoute, path, people.referee, form, params)]).toMatchObject([
        confirmed,
        { ...NOT_TICKED, data: { ...NOT_TICKED.data, intent: "refund" } },
      ]);
    }
    expect(await orderState(orderId)).toEqual(before);

    const decided = await post(orderRoute, path, people.referee, { intent: "refund", note: "The buyer's photos show the damage.", confirmed: "on" }, params);
    expect(decided).toEqual({ status: 302, location: `${path}?done=refund` });
    expect((await orderState(orderId)).order.status).toBe("refunded");
  });

  it("refuses a release without the tick, with its message, and changes nothing; takes it with the tick", async () => {
    const orderId = await disputedOrder("Keysight U1282A multimeter");
    const path = `/orders/${orderId}`;
    const params = { id: String(orderId) };
    const before = await orderState(orderId);
    const refused = await post(orderRoute, path, people.referee, { intent: "release", note: "The carrier's photos show it arrived intact." }, params);
    expect(refused).toMatchObject({ ...NOT_TICKED, data: { ...NOT_TICKED.data, intent: "release" } });
    expect(await orderState(orderId)).toEqual(before);

    const decided = await post(
      orderRoute,
      path,
      people.referee,
      { intent: "release", note: "The carrier's photos show it arrived intact.", confirmed: "on" },
      params,
    );
    expect(decided).toEqual({ status: 302, location: `${path}?done=release` });
    expect((await orderState(orderId)).order.status).not.toBe("disputed");
  });
});

// The buyer-protection order flow against a real database: every transition allowed and refused (wrong person,
// wrong state, missing tracking, reason or note), timestamps, the timeline, notifications to the other party,
// cancellation putting the item back on sale, and automatic completion after the 7-day inspection period.
import { DomainError } from "~/services/domain-error.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderAction, type OrderStatus } from "~/lib/orders.ts";
import type { Role } from "~/lib/roles.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { createOrder } from "~/services/orders/order-creation.server.ts";
import {
  availableOrderActions,
  completeInspectedOrders,
  orderAuthority,
  selectOrderForRules,
  transitionOrder,
  type OrderActor,
} from "~/services/orders/order-flow.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

type ActorName = "buyer" | "seller" | "stranger" | Exclude<Role, "buyer" | "seller">;
const STAFF_ROLES = ["admin", "super_admin", "billing", "dispute_resolution_referee", "moderator", "support"] as const;

let opened: OpenedDatabase;
let actors: Record<ActorName, OrderActor>;
let listingId: number;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  const seller = await insertUserRow(db, undefined, "seller");
  const buyer = await insertUserRow(db);
  const stranger = await insertUserRow(db);
  actors = { buyer: { id: buyer, role: "buyer" }, seller: { id: seller, role: "seller" }, stranger: { id: stranger, role: "buyer" } } as Record<
    ActorName,
    OrderActor
  >;
  for (const role of STAFF_ROLES) actors[role] = { id: await insertUserRow(db, undefined, role), role };
  listingId = await insertListingRow(db, seller, { title: "Keysight N9020A MXA signal analyzer", price_cents: 1_250_000 });
});
afterEach(() => opened.close());

async function placeOrder(): Promise<number> {
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: actors.buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  return orderId;
}

function act(
  orderId: number,
  actor: ActorName,
  action: OrderAction,
  now = at(DAY),
  extra: Partial<Record<"carrier" | "trackingNumber" | "reason" | "note", string>> = {},
) {
  return transitionOrder(opened.db, {
    orderId,
    actor: actors[actor],
    action,
    carrier: "DHL Freight",
    trackingNumber: "JD014600006281234567",
    reason: "The analyzer does not power on.",
    note: action === "refund" || action === "release" ? "Checked the photos from both parties." : undefined,
    // The seller declares a delivery with proof (the refusal without it is in disputes.test.ts).
    deliveryProofKey: actor === "seller" && action === "mark_delivered" ? `order-evidence/${orderId}/00000000-0000-4000-8000-000000000000.pdf` : undefined,
    ...extra,
    now,
  });
}

const refusal = (promise: Promise<unknown>) => refusalOf(promise);

const orderRow = (orderId: number) => opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
const events = (orderId: number) =>
  opened.db.selectFrom("order_events").select(["status", "actor_id", "note", "created_at"]).where("order_id", "=", orderId).orderBy("id").execute();
const notificationsOf = (userId: string) =>
  opened.db.selectFrom("notifications").select(["type", "title", "message", "action_url"]).where("user_id", "=", userId).orderBy("id").execute();

describe("the whole buyer-protection flow", () => {
  it("goes pending → paid → shipped → delivered → completed, stamping each step, keeping a timeline and telling the other party", async () => {
    const orderId = await placeOrder();
    const sellerNotesAtStart = (await notificationsOf(actors.seller.id)).length;

    await act(orderId, "billing", "confirm_payment", at(1 * DAY));
    await act(orderId, "seller", "ship", at(2 * DAY));
    await act(orderId, "buyer", "mark_delivered", at(5 * DAY));
    await act(orderId, "buyer", "confirm_receipt", at(6 * DAY));

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "completed",
      paid_at: at(1 * DAY).toISOString(),
      shipped_at: at(2 * DAY).toISOString(),
      delivered_at: at(5 * DAY).toISOString(),
      completed_at: at(6 * DAY).toISOString(),
      carrier: "DHL Freight",
      tracking_number: "JD014600006281234567",
      version: 4,
    });
    expect(await events(orderId)).toEqual([
      { status: "pending", actor_id: actors.buyer.id, note: "", created_at: T0.toISOString() },
      { status: "paid", actor_id: actors.billing.id, note: "Received $12,500.00, value date 2026-11-24", created_at: at(1 * DAY).toISOString() },
      { status: "shipped", actor_id: actors.seller.id, note: "DHL Freight, tracking number JD014600006281234567", created_at: at(2 * DAY).toISOString() },
      { status: "delivered", actor_id: actors.buyer.id, note: "", created_at: at(5 * DAY).toISOString() },
      { status: "completed", actor_id: actors.buyer.id, note: "", created_at: at(6 * DAY).toISOString() },
    ]);

    const toBuyer = await notificationsOf(actors.buyer.id);
    expect(toBuyer.map((n) => [n.type, n.action_url])).toEqual([
      ["payment", `/orders/${orderId}`],
      ["shipping", `/orders/${orderId}`],
    ]);
    expect(toBuyer[0].title).toMatch(/^Payment received for order TB-/);
    expect(toBuyer[1].message).toContain("is on its way");
    const toSeller = (await notificationsOf(actors.seller.id)).slice(sellerNotesAtStart);
    expect(toSeller.map((n) => n.type)).toEqual(["payment", "shipping", "payment"]);
    expect(toSeller[2].message).toBe(
      'The buyer confirmed receipt of "Keysight N9020A MXA signal analyzer". The payment of $12,500.00 is released to the seller.',
    );
    expect(await notificationsOf(actors.billing.id)).toEqual([]);
  });

  it("lets the buyer confirm receipt straight from shipped, recording the delivery too", async () => {
    const orderId = await placeOrder();
    await act(orderId, "admin", "confirm_payment", at(1 * DAY));
    await act(orderId, "seller", "ship", at(2 * DAY));
    await act(orderId, "buyer", "confirm_receipt", at(4 * DAY));
    expect(await orderRow(orderId)).toMatchObject({ status: "completed", delivered_at: at(4 * DAY).toISOString(), completed_at: at(4 * DAY).toISOString() });
  });

  it("goes delivered → disputed → refunded, or → released, with the reason and the decision kept", async () => {
    for (const decision of ["refund", "release"] as const) {
      await opened.db.deleteFrom("order_events").execute();
      await opened.db.deleteFrom("orders").execute();
      await opened.db.updateTable("equipment_listings").set({ status: "active" }).where("id", "=", listingId).execute();
      const orderId = await placeOrder();
      await act(orderId, "billing", "confirm_payment", at(1 * DAY));
      await act(orderId, "seller", "ship", at(2 * DAY));
      await act(orderId, "seller", "mark_delivered", at(3 * DAY));
      await act(orderId, "buyer", "open_dispute", at(4 * DAY), { reason: "  Arrived with a cracked display.  " });
      await act(orderId, "dispute_resolution_referee", decision, at(6 * DAY), { note: "The courier's photos show the damage." });
      expect(await orderRow(orderId)).toMatchObject({
        status: decision === "refund" ? "refunded" : "released",
        disputed_at: at(4 * DAY).toISOString(),
        resolved_at: at(6 * DAY).toISOString(),
        dispute_reason: "Arrived with a cracked display.",
        resolution_note: "The courier's photos show the damage.",
      });
      const timeline = await events(orderId);
      expect(timeline.slice(-2).map((e) => [e.status, e.note])).toEqual([
        ["disputed", "Arrived with a cracked display."],
        [decision === "refund" ? "refunded" : "released", "The courier's photos show the damage."],
      ]);
      // A refunded item goes back to the seller: its listing leaves the sold list, archived until relisted.
      const listing = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
      expect(listing.status).toBe(decision === "refund" ? "archived" : "sold");
    }
  });

  it("lets the buyer dispute a shipped order that never arrives", async () => {
    const orderId = await placeOrder();
    await act(orderId, "billing", "confirm_payment", at(1 * DAY));
    await act(orderId, "seller", "ship", at(2 * DAY));
    await act(orderId, "buyer", "open_dispute", at(40 * DAY), { reason: "Nothing has arrived after five weeks." });
    expect((await orderRow(orderId)).status).toBe("disputed");
    const toSeller = await notificationsOf(actors.seller.id);
    expect(toSeller.at(-1)).toMatchObject({ type: "dispute", title: expect.stringMatching(/^A dispute was opened on order TB-/) });
  });
});

/** Who may make each transition and from where, written out independently of the service's table. */
const EXPECTED: Record<OrderAction, { from: OrderStatus[]; by: ActorName[] }> = {
  confirm_payment: { from: ["pending"], by: ["admin", "super_admin", "billing"] },
  ship: { from: ["paid"], by: ["seller"] },
  mark_delivered: { from: ["shipped"], by: ["buyer", "seller"] },
  confirm_receipt: { from: ["shipped", "delivered"], by: ["buyer"] },
  open_dispute: { from: ["shipped", "delivered"], by: ["buyer"] },
  refund: { from: ["disputed"], by: ["admin", "super_admin", "dispute_resolution_referee"] },
  release: { from: ["disputed"], by: ["admin", "super_admin", "dispute_resolution_referee"] },
  cancel: { from: ["pending"], by: ["buyer", "seller", "admin", "super_admin", "billing"] },
};
const TARGET: Record<OrderAction, OrderStatus> = {
  confirm_payment: "paid",
  ship: "shipped",
  mark_delivered: "delivered",
  confirm_receipt: "completed",
  open_dispute: "disputed",
  refund: "refunded",
  release: "released",
  cancel: "cancelled",
};
const NOT_ALLOWED: Record<OrderAction, string> = {
  confirm_payment: "Only Tradebench billing or an administrator can confirm a payment",
  ship: "Only the seller can mark this order as shipped",
  mark_delivered: "Only the buyer or the seller can mark this order as delivered",
  confirm_receipt: "Only the buyer can confirm receipt",
  open_dispute: "Only the buyer can open a dispute",
  refund: "Only a dispute resolution referee or an administrator can decide a dispute",
  release: "Only a dispute resolution referee or an administrator can decide a dispute",
  cancel: "Only the buyer, the seller or Tradebench billing can cancel this order",
};
const WRONG_STATE: Record<OrderAction, string> = {
  confirm_payment: "Only an order awaiting payment can have its payment confirmed",
  ship: "Only a paid order can be marked as shipped",
  mark_delivered: "Only a shipped order can be marked as delivered",
  confirm_receipt: "Receipt can only be confirmed for an order that has been shipped",
  open_dispute: "A dispute can only be opened on an order that has been shipped or delivered",
  refund: "Only a disputed order can be refunded",
  release: "Only a disputed order can be released to the seller",
  cancel: "Only an order awaiting payment can be cancelled",
};
// Support reads every order and may act on none.
const VISIBLE_TO: ActorName[] = ["buyer", "seller", "admin", "super_admin", "billing", "dispute_resolution_referee", "support"];

describe("every transition, from every state, by everyone", () => {
  it("is allowed exactly for the right person in the right state, and refused with a clear message otherwise", async () => {
    const orderId = await placeOrder();
    const everyone = Object.keys(actors) as ActorName[];
    let allowed = 0;
    for (const action of ORDER_ACTIONS) {
      for (const status of ORDER_STATUSES) {
        for (const actor of everyone) {
          // Put the order (and its listing) in `status`, freshly delivered where that matters.
          await opened.db
            .updateTable("orders")
            .set({ status, delivered_at: status === "delivered" ? at(DAY).toISOString() : null })
            .where("id", "=", orderId)
            .execute();
          await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", listingId).execute();
          const rule = EXPECTED[action];
          const attempt = act(orderId, actor, action, at(2 * DAY));
          const label = `${actor} ${action} from ${status}`;
          if (!VISIBLE_TO.includes(actor)) {
            const error = await refusal(attempt);
            expect([label, error.kind, error.message]).toEqual([label, "not_found", "Order not found"]);
          } else if (!rule.by.includes(actor)) {
            const error = await refusal(attempt);
            expect([label, error.kind, error.message]).toEqual([label, "forbidden", NOT_ALLOWED[action]]);
          } else if (!rule.from.includes(status)) {
            const error = await refusal(attempt);
            expect([label, error.kind, error.message]).toEqual([label, "conflict", WRONG_STATE[action]]);
          } else {
            expect([label, (await attempt).status]).toEqual([label, TARGET[action]]);
            expect([label, (await orderRow(orderId)).status]).toEqual([label, TARGET[action]]);
            allowed += 1;
          }
        }
      }
    }
    // 1·3 + 1·1 + 1·2 + 2·1 + 2·1 + 1·3 + 1·3 + 1·5
    expect(allowed).toBe(21);
  });

  it("leaves the order untouched when refused", async () => {
    const orderId = await placeOrder();
    const before = await orderRow(orderId);
    await refusal(act(orderId, "seller", "ship"));
    await refusal(act(orderId, "buyer", "confirm_payment"));
    expect(await orderRow(orderId)).toEqual(before);
    expect(await events(orderId)).toHaveLength(1);
  });

  it("offers each viewer exactly the forms they may use", async () => {
    const orderId = await placeOrder();
    const order = () => selectOrderForRules(opened.db).where("o.id", "=", orderId).executeTakeFirstOrThrow();
    const now = at(DAY);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.buyer), now)).toEqual(["cancel"]);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.billing), now)).toEqual(["confirm_payment", "cancel"]);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.dispute_resolution_referee), now)).toEqual([]);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.stranger), now)).toEqual([]);
    await act(orderId, "billing", "confirm_payment", now);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.seller), now)).toEqual(["ship"]);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.buyer), now)).toEqual([]);
    await act(orderId, "seller", "ship", now);
    await act(orderId, "seller", "mark_delivered", now);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.buyer), now)).toEqual(["confirm_receipt", "open_dispute"]);
    expect(availableOrderActions(await order(), await orderAuthority(opened.db, actors.buyer), at(8 * DAY))).toEqual(["confirm_receipt"]);
  });

  it("lets staff act by their role's permissions as the database holds them now", async () => {
    const orderId = await placeOrder();
    await opened.db.deleteFrom("role_permissions").where("role", "=", "billing").where("permission", "=", "can_confirm_payments").execute();
    // Without the permission billing is no longer escrow staff: the order is someone else's, so it is not found.
    expect((await refusal(act(orderId, "billing", "confirm_payment"))).kind).toBe("not_found");
    await opened.db.insertInto("role_permissions").values({ role: "support", permission: "can_confirm_payments" }).execute();
    await act(orderId, "support", "confirm_payment");
    expect((await orderRow(orderId)).status).toBe("paid");
  });
});

describe("required details", () => {
  it("needs a carrier and a tracking number to ship", async () => {
    const orderId = await placeOrder();
    await act(orderId, "billing", "confirm_payment");
    const noCarrier = await refusal(act(orderId, "seller", "ship", at(DAY), { carrier: "   " }));
    expect([noCarrier.kind, noCarrier.field, noCarrier.message]).toEqual(["invalid", "carrier", "Carrier is required"]);
    const noTracking = await refusal(act(orderId, "seller", "ship", at(DAY), { trackingNumber: "" }));
    expect([noTracking.kind, noTracking.field, noTracking.message]).toEqual(["invalid", "trackingNumber", "Tracking number is required"]);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", shipped_at: null, carrier: null, tracking_number: null });
  });

  it("needs a reason to open a dispute and a note to decide one", async () => {
    const orderId = await placeOrder();
    await act(orderId, "billing", "confirm_payment");
    await act(orderId, "seller", "ship");
    const noReason = await refusal(act(orderId, "buyer", "open_dispute", at(DAY), { reason: " " }));
    expect([noReason.field, noReason.message]).toEqual(["reason", "Please describe the problem to open a dispute"]);
    await act(orderId, "buyer", "open_dispute");
    for (const decision of ["refund", "release"] as const) {
      const noNote = await refusal(act(orderId, "admin", decision, at(DAY), { note: "" }));
      expect([noNote.field, noNote.message]).toEqual(["note", "A note explaining the decision is required"]);
    }
    expect((await orderRow(orderId)).status).toBe("disputed");
  });
});

describe("the 7-day inspection period", () => {
  async function deliveredOrder(deliveredAt: Date): Promise<number> {
    const orderId = await placeOrder();
    await act(orderId, "billing", "confirm_payment", at(0));
    await act(orderId, "seller", "ship", at(0));
    await act(orderId, "buyer", "mark_delivered", deliveredAt);
    return orderId;
  }

  it("takes a dispute until 7 days after delivery, and not after", async () => {
    const orderId = await deliveredOrder(at(DAY));
    const late = await refusal(act(orderId, "buyer", "open_dispute", at(8 * DAY)));
    expect([late.kind, late.message]).toEqual(["conflict", "The 7-day inspection period has ended, so a dispute can no longer be opened"]);
    await act(orderId, "buyer", "open_dispute", at(8 * DAY - 1));
    expect((await orderRow(orderId)).status).toBe("disputed");
  });

  it("completes a delivered order automatically 7 days after delivery, not before, once, telling both parties", async () => {
    const orderId = await deliveredOrder(at(DAY));
    const sellerBefore = (await notificationsOf(actors.seller.id)).length;
    const buyerBefore = (await notificationsOf(actors.buyer.id)).length;

    expect(await completeInspectedOrders(opened.db, at(8 * DAY - 1000))).toBe(0);
    expect((await orderRow(orderId)).status).toBe("delivered");

    expect(await completeInspectedOrders(opened.db, at(8 * DAY))).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "completed", completed_at: at(8 * DAY).toISOString() });
    expect((await events(orderId)).at(-1)).toEqual({
      status: "completed",
      actor_id: null,
      note: "Completed automatically at the end of the 7-day inspection period",
      created_at: at(8 * DAY).toISOString(),
    });
    const toSeller = (await notificationsOf(actors.seller.id)).slice(sellerBefore);
    const toBuyer = (await notificationsOf(actors.buyer.id)).slice(buyerBefore);
    expect(toSeller.map((n) => n.type)).toEqual(["payment"]);
    expect(toBuyer.map((n) => n.type)).toEqual(["payment"]);
    expect(toBuyer[0].message).toContain("ended without a dispute");

    expect(await completeInspectedOrders(opened.db, at(20 * DAY))).toBe(0);
    expect(await events(orderId)).toHaveLength(5);
  });

  it("never completes a disputed, shipped or pending order", async () => {
    const disputed = await deliveredOrder(at(DAY));
    await act(disputed, "buyer", "open_dispute", at(2 * DAY));
    expect(await completeInspectedOrders(opened.db, at(30 * DAY))).toBe(0);
    expect((await orderRow(disputed)).status).toBe("disputed");
  });

  it("lets two schedulers run at once and completes each order once", async () => {
    const orderId = await deliveredOrder(at(DAY));
    const counts = await Promise.all([completeInspectedOrders(opened.db, at(9 * DAY)), completeInspectedOrders(opened.db, at(9 * DAY))]);
    expect(counts.sort()).toEqual([0, 1]);
    expect((await events(orderId)).filter((e) => e.status === "completed")).toHaveLength(1);
  });
});

describe("cancelling before payment", () => {
  it("puts a Buy Now item back on sale, so someone can buy it again", async () => {
    const orderId = await placeOrder();
    await act(orderId, "buyer", "cancel", at(DAY));
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", cancelled_at: at(DAY).toISOString() });
    const listing = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
    expect(listing.status).toBe("active");
    expect((await events(orderId)).at(-1)).toMatchObject({ status: "cancelled", note: "The item is back on sale." });
    const toSeller = await notificationsOf(actors.seller.id);
    expect(toSeller.at(-1)).toMatchObject({ type: "other", message: expect.stringContaining("cancelled before payment") });

    const again = await buyNow(opened.db, { listingId, buyerId: actors.stranger.id, shipping: SHIPPING_ADDRESS, now: at(2 * DAY) });
    expect(again.orderId).not.toBe(orderId);
  });

  it("says plainly what happens to an auction whose winner's order is cancelled", async () => {
    const { auctionId, listingId: auctionListing } = await insertAuctionRow(opened.db, actors.seller.id, { status: "ended", winner_id: actors.buyer.id }, T0);
    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", auctionListing).execute();
    const order = await createOrder(
      opened.db,
      {
        listingId: auctionListing,
        auctionId,
        buyerId: actors.buyer.id,
        sellerId: actors.seller.id,
        saleType: "auction",
        amountCents: 150_000,
        currency: "USD",
        createdBy: null,
      },
      T0,
    );
    await act(order.id, "seller", "cancel", at(DAY), { note: "" });
    const toBuyer = await notificationsOf(actors.buyer.id);
    expect(toBuyer.at(-1)?.message).toContain(
      "The auction stays ended and will not be re-run by itself; the listing waits as unsold until the seller relists it, sells it at a fixed price or ends it.",
    );
    const listing = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", auctionListing).executeTakeFirstOrThrow();
    // An auction listing has no auction left to sell it through: unsold, its seller relists, switches or ends it.
    expect(listing.status).toBe("unsold");
    const auction = await opened.db.selectFrom("auctions").select(["status", "winner_id"]).where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction).toEqual({ status: "ended", winner_id: actors.buyer.id });
  });

  it("tells both parties when billing cancels", async () => {
    const orderId = await placeOrder();
    const before = { buyer: (await notificationsOf(actors.buyer.id)).length, seller: (await notificationsOf(actors.seller.id)).length };
    await act(orderId, "billing", "cancel", at(DAY), { note: "No payment arrived within 14 days." });
    expect((await notificationsOf(actors.buyer.id)).length).toBe(before.buyer + 1);
    expect((await notificationsOf(actors.seller.id)).length).toBe(before.seller + 1);
    expect((await events(orderId)).at(-1)?.note).toBe("No payment arrived within 14 days.");
  });
});

describe("two people acting at once", () => {
  it("lets exactly one of them move the order", async () => {
    const orderId = await placeOrder();
    const results = await Promise.allSettled([
      act(orderId, "billing", "confirm_payment"),
      act(orderId, "admin", "confirm_payment"),
      act(orderId, "buyer", "cancel"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DomainError);
    }
    expect(await events(orderId)).toHaveLength(2);
  });
});

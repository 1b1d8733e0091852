// Money decisions: confirming a payment records the amount received and the bank's value date, refuses an
// amount that is not the order total and a date that is not a real day, in the future or before the order; two
// confirmations of one order make one; refunds (whole or partial, as the referee decides) and releases are audited
// with who, before and after; a hold stops the flow and the automatic completion. Runs on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DomainError } from "~/services/domain-error.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { completeInspectedOrders, transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let opened: OpenedDatabase;
let buyer: OrderActor;
let seller: OrderActor;
let billing: OrderActor;
let admin: OrderActor;
let referee: OrderActor;
let orderId: number;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  seller = { id: await insertUserRow(db, undefined, "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db), role: "buyer" };
  billing = { id: await insertUserRow(db, undefined, "billing"), role: "billing" };
  admin = { id: await insertUserRow(db, undefined, "admin"), role: "admin" };
  referee = { id: await insertUserRow(db, undefined, "dispute_resolution_referee"), role: "dispute_resolution_referee" };
  const listingId = await insertListingRow(db, seller.id, { title: "Keysight N9020A MXA signal analyzer", price_cents: 1_250_000 });
  ({ orderId } = await buyNow(db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 }));
});
afterEach(() => opened.close());

const orderRow = () => opened.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
const audits = () =>
  opened.db.selectFrom("audit_events").selectAll().where("subject_type", "=", "order").where("subject_id", "=", String(orderId)).orderBy("id").execute();
const confirm = (actor: OrderActor, receivedCents: number, valueDate: string, now = at(DAY)) =>
  transitionOrder(opened.db, { orderId, actor, action: "confirm_payment", payment: { receivedCents, valueDate }, now });

async function toDispute(): Promise<void> {
  await confirm(billing, 1_250_000, "2026-11-24");
  await transitionOrder(opened.db, { orderId, actor: seller, action: "ship", carrier: "DHL", trackingNumber: "JD01", now: at(2 * DAY) });
  await transitionOrder(opened.db, { orderId, actor: buyer, action: "open_dispute", reason: "It does not power on.", now: at(3 * DAY) });
}

describe("confirming a payment", () => {
  it("records the amount received, the value date and who confirmed, in the timeline and the audit log", async () => {
    await confirm(billing, 1_250_000, "2026-11-24");
    expect(await orderRow()).toMatchObject({
      status: "paid",
      payment_received_cents: 1_250_000,
      payment_value_date: "2026-11-24",
      payment_confirmed_by: billing.id,
    });
    const [audit] = await audits();
    expect(audit).toMatchObject({ actor_user_id: billing.id, action: "order.confirm_payment" });
    expect(JSON.parse(audit!.detail)).toMatchObject({ old: { status: "pending" }, new: { status: "paid", receivedCents: 1_250_000, valueDate: "2026-11-24" } });
    const event = await opened.db
      .selectFrom("order_events")
      .select("note")
      .where("order_id", "=", orderId)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    expect(event.note).toBe("Received $12,500.00, value date 2026-11-24");
  });

  it("refuses an amount that is not the order total, and value dates in the future or before the order, changing nothing", async () => {
    const cases: Array<[number, string, string, string]> = [
      [
        1_249_999,
        "2026-11-24",
        "amountReceived",
        "The amount received ($12,499.99) is not the order total ($12,500.00). Confirm only when the full amount has arrived; contact the buyer about the difference.",
      ],
      [
        1_250_001,
        "2026-11-24",
        "amountReceived",
        "The amount received ($12,500.01) is not the order total ($12,500.00). Confirm only when the full amount has arrived; contact the buyer about the difference.",
      ],
      [1_250_000, "2026-11-25", "valueDate", "The value date cannot be in the future"],
      [1_250_000, "2026-11-22", "valueDate", "The value date cannot be before the order was placed"],
      [1_250_000, "24/11/2026", "valueDate", "Enter the value date as YYYY-MM-DD"],
      [0, "2026-11-24", "amountReceived", "Enter the amount that arrived in the escrow account"],
      [12.5, "2026-11-24", "amountReceived", "Enter the amount that arrived in the escrow account"],
    ];
    for (const [cents, day, field, message] of cases) {
      const refused = await refusalOf(confirm(billing, cents, day));
      expect([cents, day, refused]).toMatchObject([cents, day, { kind: "invalid", field, message }]);
    }
    expect(await orderRow()).toMatchObject({ status: "pending", payment_received_cents: null, payment_value_date: null });
    expect(await audits()).toHaveLength(0);
  });

  it("makes one confirmation of two sent at once: one payment, one timeline entry, one audit row", async () => {
    const results = await Promise.allSettled([confirm(billing, 1_250_000, "2026-11-24"), confirm(admin, 1_250_000, "2026-11-23")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DomainError);
    expect(await audits()).toHaveLength(1);
    const paid = await opened.db.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("status", "=", "paid").execute();
    expect(paid).toHaveLength(1);
    // A replay after the fact is refused and records nothing.
    expect(await refusalOf(confirm(billing, 1_250_000, "2026-11-24"))).toMatchObject({ kind: "conflict" });
    expect(await audits()).toHaveLength(1);
  });
});

describe("deciding a dispute", () => {
  it("refunds part of the amount as the referee decides, and audits it with before and after", async () => {
    await toDispute();
    await transitionOrder(opened.db, { orderId, actor: referee, action: "refund", note: "One probe was missing.", refundCents: 200_000, now: at(4 * DAY) });
    expect(await orderRow()).toMatchObject({ status: "refunded", refunded_cents: 200_000 });
    const last = (await audits()).at(-1)!;
    expect(last).toMatchObject({ actor_user_id: referee.id, action: "order.refund" });
    expect(JSON.parse(last.detail)).toMatchObject({
      old: { status: "disputed" },
      new: { status: "refunded", refundedCents: 200_000, releasedCents: 1_050_000 },
    });
  });

  it("refuses a refund above the order total or of nothing, and audits a release", async () => {
    await toDispute();
    for (const refundCents of [1_250_001, 0, -5]) {
      expect(await refusalOf(transitionOrder(opened.db, { orderId, actor: referee, action: "refund", note: "x", refundCents }))).toMatchObject({
        kind: "invalid",
        field: "refundAmount",
        message: "A refund cannot be more than the order total ($12,500.00)",
      });
    }
    expect((await orderRow()).status).toBe("disputed");
    await transitionOrder(opened.db, { orderId, actor: referee, action: "release", note: "The seller's photos show it working.", now: at(4 * DAY) });
    expect((await audits()).map((row) => row.action)).toEqual(["order.confirm_payment", "order.release"]);
  });

  it("does not audit what the parties do on their own order", async () => {
    await toDispute();
    expect((await audits()).map((row) => row.action)).toEqual(["order.confirm_payment"]);
  });
});

describe("a staff hold", () => {
  it("stops every transition and the automatic completion until it is lifted", async () => {
    await confirm(billing, 1_250_000, "2026-11-24");
    await transitionOrder(opened.db, { orderId, actor: seller, action: "ship", carrier: "DHL", trackingNumber: "JD01", now: at(2 * DAY) });
    await transitionOrder(opened.db, { orderId, actor: buyer, action: "mark_delivered", now: at(2 * DAY) });
    await opened.db
      .updateTable("orders")
      .set({ held_at: at(2 * DAY).toISOString(), held_by: admin.id, hold_reason: "Chargeback enquiry" })
      .where("id", "=", orderId)
      .execute();
    expect(await refusalOf(transitionOrder(opened.db, { orderId, actor: buyer, action: "confirm_receipt", now: at(3 * DAY) }))).toMatchObject({
      kind: "conflict",
      message: "This order is on hold; staff must lift the hold before it can move on",
    });
    expect(await completeInspectedOrders(opened.db, at(30 * DAY))).toBe(0);
    await opened.db.updateTable("orders").set({ held_at: null }).where("id", "=", orderId).execute();
    expect(await completeInspectedOrders(opened.db, at(30 * DAY))).toBe(1);
  });
});

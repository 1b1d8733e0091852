// The order desk's service: every order listed newest first, searched by reference, buyer, seller and
// listing and filtered by status, a bounded page at a time; holds and internal notes audited; staff who are a party
// may not act; a hold cannot be put twice. Runs on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { actOnDeskOrder, listDeskOrders, ORDER_DESK_PAGE, staffNotesOf } from "~/services/orders/order-desk.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { refusalOf } from "../../support/refusals.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
let billing: string;
let orderId: number;
let reference: string;

beforeEach(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  seller = await insertUserRow(db, undefined, "seller");
  buyer = await insertUserRow(db);
  billing = await insertUserRow(db, undefined, "billing");
  const first = await insertListingRow(db, seller, { title: "Fluke 1587 FC insulation multimeter", price_cents: 90_000 });
  const second = await insertListingRow(db, seller, { title: "Tektronix TDS2024C oscilloscope", price_cents: 145_000 });
  ({ orderId } = await buyNow(db, { listingId: first, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: new Date("2026-11-20T10:00:00Z") }));
  await buyNow(db, { listingId: second, buyerId: buyer, shipping: SHIPPING_ADDRESS, now: new Date("2026-11-21T10:00:00Z") });
  reference = (await db.selectFrom("orders").select("reference").where("id", "=", orderId).executeTakeFirstOrThrow()).reference;
});
afterEach(() => opened.close());

describe("the list", () => {
  it("lists every order newest first and finds one by reference, listing, buyer e-mail and status", async () => {
    const all = await listDeskOrders(opened.db, {});
    expect(all).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.rows.map((row) => row.title)).toEqual(["Tektronix TDS2024C oscilloscope", "Fluke 1587 FC insulation multimeter"]);
    expect((await listDeskOrders(opened.db, { q: reference.toLowerCase() })).rows.map((row) => row.id)).toEqual([orderId]);
    expect((await listDeskOrders(opened.db, { q: "tds2024" })).total).toBe(1);
    const buyerEmail = (await opened.db.selectFrom("profiles").select("email").where("id", "=", buyer).executeTakeFirstOrThrow()).email;
    expect((await listDeskOrders(opened.db, { q: buyerEmail })).total).toBe(2);
    expect((await listDeskOrders(opened.db, { status: "paid" })).total).toBe(0);
    // LIKE's wildcards are text, not patterns; a page far past the end is empty, not an error.
    expect((await listDeskOrders(opened.db, { q: "%" })).total).toBe(0);
    expect((await listDeskOrders(opened.db, { q: "_" })).total).toBe(0);
    expect(await listDeskOrders(opened.db, { page: 1e9 })).toMatchObject({ rows: [], page: 400 });
    expect(ORDER_DESK_PAGE).toBe(25);
  });
});

describe("holds and notes", () => {
  it("holds and lifts with a reason, keeps internal notes, and audits each act", async () => {
    await actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "hold", reason: "Chargeback enquiry from the bank" } });
    expect(
      await opened.db.selectFrom("orders").select(["held_at", "held_by", "hold_reason"]).where("id", "=", orderId).executeTakeFirstOrThrow(),
    ).toMatchObject({
      held_by: billing,
      hold_reason: "Chargeback enquiry from the bank",
    });
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "hold", reason: "again" } }))).toMatchObject({
      kind: "conflict",
      message: "This order is already on hold",
    });
    await actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "note", body: "Called the buyer; transfer sent Friday." } });
    await actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "lift_hold", reason: "Bank confirmed" } });
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "lift_hold", reason: "" } }))).toMatchObject({
      kind: "conflict",
      message: "This order is not on hold",
    });
    expect((await staffNotesOf(opened.db, orderId)).map((note) => note.body)).toEqual(["Called the buyer; transfer sent Friday."]);
    const audits = await opened.db.selectFrom("audit_events").select(["action", "actor_user_id"]).where("subject_type", "=", "order").orderBy("id").execute();
    expect(audits).toEqual([
      { action: "order.hold", actor_user_id: billing },
      { action: "order.note", actor_user_id: billing },
      { action: "order.lift_hold", actor_user_id: billing },
    ]);
  });

  it("refuses empty or over-long text, unknown orders and staff who are a party, changing nothing", async () => {
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "hold", reason: "   " } }))).toMatchObject({
      kind: "invalid",
      message: "Say why the order is put on hold",
    });
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId, actorId: billing, act: { kind: "note", body: "x".repeat(2001) } }))).toMatchObject({
      kind: "invalid",
      message: "Please keep this under 2000 characters",
    });
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId: 999_999, actorId: billing, act: { kind: "note", body: "x" } }))).toMatchObject({
      kind: "not_found",
    });
    expect(await refusalOf(actOnDeskOrder(opened.db, { orderId, actorId: buyer, act: { kind: "note", body: "x" } }))).toMatchObject({
      kind: "forbidden",
      message: "You are a party to this order; another staff member must decide.",
    });
    expect(await opened.db.selectFrom("audit_events").select("id").execute()).toHaveLength(0);
    expect(await staffNotesOf(opened.db, orderId)).toEqual([]);
  });
});

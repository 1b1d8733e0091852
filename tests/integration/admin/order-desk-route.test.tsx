// /admin/orders as staff reach it: cancelling an order asks why, and the cancellation is audited, the order
// cancelled and both parties told; the search finds a seller's orders by the seller's name; an opened order shows its
// timeline with the reason given.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const deskRoute = await import("~/routes/admin.orders.tsx");

let opened: OpenedDatabase;
const people = {} as Record<"buyer" | "seller" | "otherSeller" | "billing", string>;
let orderId: number;
let reference: string;
let otherReference: string;
const { request, get, post } = routeCalls<Record<string, unknown>>({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.buyer = await insertUserRow(opened.db);
  people.seller = await insertUserRow(opened.db, undefined, "seller");
  people.otherSeller = await insertUserRow(opened.db, undefined, "seller");
  people.billing = await insertUserRow(opened.db, undefined, "billing", { secondFactor: true });
  await opened.db.updateTable("profiles").set({ first_name: "Selma", last_name: "Quist" }).where("id", "=", people.seller).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Otto", last_name: "Brand" }).where("id", "=", people.otherSeller).execute();
  const listing = await insertListingRow(opened.db, people.seller, { title: "Fluke 1587 FC insulation multimeter", price_cents: 90_000 });
  const other = await insertListingRow(opened.db, people.otherSeller, { title: "Tektronix TDS2024C oscilloscope", price_cents: 145_000 });
  ({ orderId, reference } = await buyNow(opened.db, { listingId: listing, buyerId: people.buyer, shipping: SHIPPING_ADDRESS }));
  ({ reference: otherReference } = await buyNow(opened.db, { listingId: other, buyerId: people.buyer, shipping: SHIPPING_ADDRESS }));
});
afterAll(() => opened.close());

const orderRow = () => opened.db.selectFrom("orders").select(["status", "cancelled_at"]).where("id", "=", orderId).executeTakeFirstOrThrow();
const audits = () =>
  opened.db.selectFrom("audit_events").select(["actor_user_id", "action", "subject_id", "detail"]).where("action", "=", "order.cancel").execute();
const cancelNotices = () =>
  opened.db.selectFrom("notifications").select(["user_id", "title", "action_url"]).where("title", "like", "%was cancelled%").orderBy("id").execute();

describe("/admin/orders", () => {
  it("finds a seller's orders by the seller's name, and not another seller's", async () => {
    const found = await get(deskRoute, "/admin/orders?q=quist", people.billing);
    expect(found.status).toBe(200);
    const rows = (found.data as { list: { total: number; rows: { reference: string; sellerName: string }[] } }).list;
    expect(rows.total).toBe(1);
    expect(rows.rows.map((row) => row.reference)).toEqual([reference]);
    const page = await renderPage([pageRoute("/admin/orders", deskRoute as unknown as RouteModule)], await request("/admin/orders?q=Selma", people.billing));
    expect(page.text).toContain(reference);
    expect(page.text).not.toContain(otherReference);
    expect(page.text).toContain("1 order · page 1 of 1");
  });

  it("refuses to cancel without a reason, changing nothing", async () => {
    for (const text of [undefined, "", "   "]) {
      const form = { intent: "cancel", orderId: String(orderId), ...(text === undefined ? {} : { text }) };
      expect([text, await post(deskRoute, "/admin/orders", people.billing, form)]).toEqual([
        text,
        { status: 400, data: { formError: "Say why the order is cancelled" } },
      ]);
    }
    expect(await orderRow()).toEqual({ status: "pending", cancelled_at: null });
    expect(await audits()).toEqual([]);
    expect(await cancelNotices()).toEqual([]);
  });

  it("cancels with a reason: the order is cancelled, the act audited with the reason, and buyer and seller told", async () => {
    const reason = "The buyer asked by phone to cancel; confirmed in writing.";
    expect(await post(deskRoute, "/admin/orders", people.billing, { intent: "cancel", orderId: String(orderId), text: reason })).toEqual({
      status: 302,
      location: `/admin/orders?order=${orderId}&done=cancel`,
    });
    expect((await orderRow()).status).toBe("cancelled");
    const [audit, ...more] = await audits();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actor_user_id: people.billing, action: "order.cancel", subject_id: String(orderId) });
    expect(JSON.parse(audit!.detail)).toMatchObject({ reference, old: { status: "pending" }, new: { status: "cancelled" }, note: reason });
    const notices = await cancelNotices();
    expect(notices.map((notice) => notice.user_id).sort()).toEqual([people.buyer, people.seller].sort());
    for (const notice of notices) expect(notice).toMatchObject({ title: `Order ${reference} was cancelled`, action_url: `/orders/${orderId}` });
  });

  it("shows an opened order's timeline: placed, then cancelled with the reason", async () => {
    const page = await renderPage(
      [pageRoute("/admin/orders", deskRoute as unknown as RouteModule)],
      await request(`/admin/orders?order=${orderId}&done=cancel`, people.billing),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("The order has been cancelled.");
    const timeline = page.text.slice(page.text.indexOf("Timeline"));
    expect(timeline).toMatch(/Order placed .* Cancelled .*The buyer asked by phone to cancel; confirmed in writing\./);
  });
});

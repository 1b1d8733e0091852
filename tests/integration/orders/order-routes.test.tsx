// The checkout, order and escrow routes: who may open them (sign-in first, 404 for anyone else's order or a
// winner's checkout that is not theirs, the escrow desk for its roles only), what their forms answer (redirects on
// success, clear messages with 4xx, never a 500), and that the pages render their key content.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Role } from "~/lib/roles.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { createOrder } from "~/services/orders/order-creation.server.ts";
import { transitionOrder } from "~/services/orders/order-flow.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const orderRoute = await import("~/routes/orders.$id.tsx");
const ordersRoute = await import("~/routes/orders._index.tsx");
const salesRoute = await import("~/routes/seller.orders.tsx");
const escrowRoute = await import("~/routes/escrow.tsx");
const { PERMISSION_MESSAGES } = await import("~/web/auth.server.ts");
const buyRoute = await import("~/routes/checkout.listing.$id.tsx");
const wonRoute = await import("~/routes/checkout.auction.$id.tsx");
const disputeRoute = await import("~/routes/orders.$id_.dispute.tsx");

let opened: OpenedDatabase;
const people = {} as Record<"buyer" | "seller" | "stranger" | "admin" | "super_admin" | "billing" | "referee" | "support" | "moderator", string>;
let orderId: number;
let listingId: number;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const roles: Record<keyof typeof people, Role> = {
    buyer: "buyer",
    seller: "seller",
    stranger: "buyer",
    admin: "admin",
    super_admin: "super_admin",
    billing: "billing",
    referee: "dispute_resolution_referee",
    support: "support",
    moderator: "moderator",
  };
  for (const [name, role] of Object.entries(roles)) people[name as keyof typeof people] = await insertUserRow(opened.db, undefined, role);
  listingId = await insertListingRow(opened.db, people.seller, { title: "Rohde & Schwarz FSV spectrum analyzer", price_cents: 800_000 });
  ({ orderId } = await buyNow(opened.db, { listingId, buyerId: people.buyer, shipping: SHIPPING_ADDRESS }));
});
afterAll(() => opened.close());

const { request, get, post } = routeCalls({ db: () => opened.db });

describe("/orders/{id}", () => {
  it("sends visitors to sign in and back", async () => {
    expect(await get(orderRoute, `/orders/${orderId}`, null, { id: String(orderId) })).toEqual({
      status: 302,
      location: `/login?from=${encodeURIComponent(`/orders/${orderId}`)}`,
    });
  });

  it("is 404 for anyone but the buyer, the seller and escrow staff, and for ids that are not orders", async () => {
    for (const who of ["stranger", "moderator"] as const) {
      expect([who, (await get(orderRoute, `/orders/${orderId}`, people[who], { id: String(orderId) })).status]).toEqual([who, 404]);
    }
    for (const id of ["abc", "0", "999999", "1e3"]) {
      expect([id, (await get(orderRoute, `/orders/${id}`, people.buyer, { id })).status]).toEqual([id, 404]);
    }
  });

  it("shows the order to its buyer, its seller and escrow staff, each with the forms they may use", async () => {
    const expected: Array<[keyof typeof people, string, string[]]> = [
      ["buyer", "buyer", ["cancel"]],
      ["seller", "seller", ["cancel"]],
      ["billing", "staff", ["confirm_payment", "cancel"]],
      ["admin", "staff", ["confirm_payment", "cancel"]],
      ["super_admin", "staff", ["confirm_payment", "cancel"]],
      ["referee", "staff", []],
      // Support reads the order (parties, status, timeline, payment state) and acts on none of it.
      ["support", "staff", []],
    ];
    for (const [who, viewerIs, actions] of expected) {
      const { status, data } = await get(orderRoute, `/orders/${orderId}`, people[who], { id: String(orderId) });
      expect([who, status, data]).toMatchObject([who, 200, { viewerIs, actions, order: { id: orderId, status: "pending" } }]);
    }
  });

  it("answers forms with a redirect on success and a clear message otherwise, never a 500", async () => {
    const path = `/orders/${orderId}`;
    const params = { id: String(orderId) };
    expect(await post(orderRoute, path, null, { intent: "cancel" }, params)).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login\?/) });
    expect((await post(orderRoute, path, people.stranger, { intent: "cancel" }, params)).status).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const payment = { amountReceived: "8000.00", valueDate: today, confirmed: "on" };
    expect(await post(orderRoute, path, people.buyer, { intent: "confirm_payment", ...payment }, params)).toEqual({
      status: 403,
      data: { intent: "confirm_payment", formError: "Only Tradebench billing or an administrator can confirm a payment" },
    });
    expect(await post(orderRoute, path, people.seller, { intent: "ship", carrier: "", trackingNumber: "" }, params)).toEqual({
      status: 400,
      data: { intent: "ship", fieldErrors: { carrier: "Carrier is required", trackingNumber: "Tracking number is required" } },
    });
    expect(await post(orderRoute, path, people.buyer, { intent: "explode" }, params)).toEqual({
      status: 400,
      data: { intent: null, formError: "Please choose what to do with this order." },
    });
    // The confirmation step: amount and value date required and strict, the box ticked, the total matched; nothing changes otherwise.
    expect(await post(orderRoute, path, people.billing, { intent: "confirm_payment" }, params)).toEqual({
      status: 400,
      data: {
        intent: "confirm_payment",
        fieldErrors: {
          amountReceived: "Enter the amount that arrived in the escrow account",
          valueDate: "Enter the value date of the bank transfer",
          confirmed: "Tick the box to confirm this decision",
        },
      },
    });
    for (const amountReceived of ["8,000.00", "8000.001", "1e4", "-8000", "0x1F40", " 8000.00 x"]) {
      const answer = await post(orderRoute, path, people.billing, { intent: "confirm_payment", ...payment, amountReceived }, params);
      expect([amountReceived, answer]).toEqual([
        amountReceived,
        { status: 400, data: { intent: "confirm_payment", fieldErrors: { amountReceived: "Enter an amount such as 1250.00: digits, at most two decimals" } } },
      ]);
    }
    for (const valueDate of ["2026-02-30", "tomorrow", "2026-1-1"]) {
      const answer = await post(orderRoute, path, people.billing, { intent: "confirm_payment", ...payment, valueDate }, params);
      expect([valueDate, answer]).toEqual([
        valueDate,
        { status: 400, data: { intent: "confirm_payment", fieldErrors: { valueDate: "Enter the value date as YYYY-MM-DD" } } },
      ]);
    }
    expect(await post(orderRoute, path, people.billing, { intent: "confirm_payment", ...payment, amountReceived: "7999.99" }, params)).toMatchObject({
      status: 400,
      data: { intent: "confirm_payment", fieldErrors: { amountReceived: expect.stringContaining("is not the order total ($8,000.00)") } },
    });
    expect(await post(orderRoute, path, people.billing, { intent: "confirm_payment", ...payment, confirmed: "" }, params)).toMatchObject({ status: 400 });
    expect(await post(orderRoute, path, people.billing, { intent: "confirm_payment", ...payment, returnTo: "//evil.example" }, params)).toEqual({
      status: 302,
      location: `/orders/${orderId}?done=confirm_payment`,
    });
    expect(await post(orderRoute, path, people.admin, { intent: "confirm_payment", ...payment, returnTo: "/escrow" }, params)).toEqual({
      status: 409,
      data: { intent: "confirm_payment", formError: "Only an order awaiting payment can have its payment confirmed" },
    });
    expect(await post(orderRoute, path, people.seller, { intent: "ship", carrier: "UPS Freight", trackingNumber: "1Z999AA10123456784" }, params)).toEqual({
      status: 302,
      location: `/orders/${orderId}?done=ship`,
    });
    const { data } = await get(orderRoute, `${path}?done=ship`, people.buyer, params);
    expect(data).toMatchObject({
      done: "The order is marked as shipped and the buyer has the tracking details.",
      actions: ["mark_delivered", "confirm_receipt", "open_dispute"],
    });

    // "Confirm receipt" releases the money, so it asks first: without the tick nothing changes.
    expect(await post(orderRoute, path, people.buyer, { intent: "confirm_receipt" }, params)).toEqual({
      status: 400,
      data: {
        intent: "confirm_receipt",
        fieldErrors: { confirmed: "Please tick the box to confirm the item arrived as described before the payment is released" },
      },
    });
    expect((await opened.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("shipped");
    expect(await post(orderRoute, path, people.buyer, { intent: "confirm_receipt", confirmed: "yes" }, params)).toEqual({
      status: 302,
      location: `/orders/${orderId}?done=confirm_receipt`,
    });
    expect((await opened.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("completed");
  });
});

describe("/orders and /seller/orders", () => {
  it("need sign-in, and list the buyer's purchases and the seller's sales with fee and net", async () => {
    expect((await get(ordersRoute, "/orders", null)).status).toBe(302);
    expect((await get(salesRoute, "/seller/orders", null)).status).toBe(302);
    const purchases = await get(ordersRoute, "/orders?page=abc", people.buyer);
    expect(purchases.data).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: orderId, title: "Rohde & Schwarz FSV spectrum analyzer", counterpartName: expect.any(String) }],
    });
    const sales = await get(salesRoute, "/seller/orders?page=9", people.seller);
    expect(sales.data).toMatchObject({ total: 1, page: 1, items: [{ id: orderId, amountCents: 800_000, feeCents: 20_000, feeRateBp: 250 }] });
    expect((await get(ordersRoute, "/orders", people.stranger)).data).toMatchObject({ total: 0, items: [] });
  });
});

describe("/escrow", () => {
  it("is for billing, referees and administrators only, each seeing their own queue", async () => {
    expect((await get(escrowRoute, "/escrow", null)).location).toBe("/login?from=%2Fescrow");
    for (const who of ["buyer", "seller", "support", "moderator"] as const) {
      // A capability (can_confirm_payments, can_resolve_disputes), not a page of their role: refused with 403.
      expect([who, await get(escrowRoute, "/escrow", people[who])]).toEqual([who, { status: 403, data: { message: PERMISSION_MESSAGES.forbidden } }]);
    }
    expect((await get(escrowRoute, "/escrow", people.billing)).data).toMatchObject({ payments: true, disputes: false, openDisputes: [] });
    expect((await get(escrowRoute, "/escrow", people.referee)).data).toMatchObject({ payments: false, disputes: true, awaitingPayment: [] });
    expect((await get(escrowRoute, "/escrow", people.admin)).data).toMatchObject({ payments: true, disputes: true });
  });
});

describe("/checkout/listing/{id}", () => {
  it("needs sign-in, is 404 for a missing listing and sends the buyer of a sold item to their order", async () => {
    expect((await get(buyRoute, `/checkout/listing/${listingId}`, null, { id: String(listingId) })).location).toBe(
      `/login?from=${encodeURIComponent(`/checkout/listing/${listingId}`)}`,
    );
    expect((await get(buyRoute, "/checkout/listing/424242", people.buyer, { id: "424242" })).status).toBe(404);
    expect((await get(buyRoute, "/checkout/listing/x", people.buyer, { id: "x" })).status).toBe(404);
    expect(await get(buyRoute, `/checkout/listing/${listingId}`, people.buyer, { id: String(listingId) })).toEqual({
      status: 302,
      location: `/orders/${orderId}`,
    });
    expect((await get(buyRoute, `/checkout/listing/${listingId}`, people.stranger, { id: String(listingId) })).data).toMatchObject({
      problem: "This item has already been sold",
    });
  });

  it("places the order, or says why not", async () => {
    const id = await insertListingRow(opened.db, people.seller, { price_cents: 50_000 });
    const params = { id: String(id) };
    const own = await post(buyRoute, `/checkout/listing/${id}`, people.seller, SHIPPING_ADDRESS, params);
    expect(own.status).toBe(403);
    expect(JSON.stringify(own.data)).toContain("You cannot buy your own listing");
    const incomplete = await post(buyRoute, `/checkout/listing/${id}`, people.stranger, { ...SHIPPING_ADDRESS, shippingAddress: " " }, params);
    expect(incomplete.status).toBe(400);
    expect(JSON.stringify(incomplete.data)).toContain("Street address is required");
    const placed = await post(buyRoute, `/checkout/listing/${id}`, people.stranger, SHIPPING_ADDRESS, params);
    expect(placed).toEqual({ status: 302, location: expect.stringMatching(/^\/orders\/\d+\?placed=1$/) });
    const late = await post(buyRoute, `/checkout/listing/${id}`, people.buyer, SHIPPING_ADDRESS, params);
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.data)).toContain("This item has already been sold");
  });
});

describe("/checkout/auction/{id}", () => {
  it("is only for the winner, and sends them to the order once the address is confirmed", async () => {
    const { auctionId, listingId: lot } = await insertAuctionRow(opened.db, people.seller, { status: "ended", winner_id: people.stranger });
    const order = await createOrder(
      opened.db,
      {
        listingId: lot,
        auctionId,
        buyerId: people.stranger,
        sellerId: people.seller,
        saleType: "auction",
        amountCents: 120_000,
        currency: "USD",
        createdBy: null,
      },
      new Date(),
    );
    const params = { id: String(auctionId) };
    const path = `/checkout/auction/${auctionId}`;
    expect((await get(wonRoute, path, null, params)).status).toBe(302);
    expect((await get(wonRoute, path, people.buyer, params)).status).toBe(404);
    expect((await get(wonRoute, path, people.seller, params)).status).toBe(404);
    expect((await get(wonRoute, path, people.stranger, params)).data).toMatchObject({ orderId: order.id, reference: order.reference });
    expect((await post(wonRoute, path, people.buyer, SHIPPING_ADDRESS, params)).status).toBe(404);
    expect(await post(wonRoute, path, people.stranger, SHIPPING_ADDRESS, params)).toEqual({ status: 302, location: `/orders/${order.id}?placed=1` });
  });
});

describe("the pages render", () => {
  async function render(route: RouteModule, path: string, pattern: string, as: string) {
    return renderPage([pageRoute(pattern, route)], await request(path, as));
  }

  it("checkout shows the price, the fee schedule, buyer protection and the address form", async () => {
    await opened.db.updateTable("profiles").set({ first_name: "Ida", last_name: "Ingram" }).where("id", "=", people.referee).execute();
    const id = await insertListingRow(opened.db, people.seller, { title: "Agilent 33250A function generator", price_cents: 180_000 });
    const { text } = await render(buyRoute, `/checkout/listing/${id}`, "/checkout/listing/:id", people.referee);
    expect(text).toContain("Agilent 33250A function generator");
    expect(text).toContain("$1,800.00");
    expect(text).toContain("2.5% on Buy Now sales, 3.5% on auctions and 3% on auctions with Buy Now");
    expect(text).toContain("After delivery you have 7 days to inspect the item");
    expect(text).toContain("Place order");
  });

  it("the order page shows bank transfer instructions with the reference while pending, and the timeline", async () => {
    const id = await insertListingRow(opened.db, people.seller, { title: "Keithley 2450 SourceMeter" });
    const { orderId: pending, reference } = await buyNow(opened.db, { listingId: id, buyerId: people.buyer, shipping: SHIPPING_ADDRESS });
    const { html, text } = await render(orderRoute, `/orders/${pending}`, "/orders/:id", people.buyer);
    expect(text).toContain(`Order ${reference}`);
    expect(text).toContain("Pay by bank transfer");
    // No escrow account is configured here: "Contact us" opens the contact form about this order.
    expect(html).toContain(`href="/contact?order=${pending}"`);
    expect(text).toContain("Awaiting payment");
    expect(text).toContain("Order placed");
    expect(text).toContain("Cancel order");
  });

  it("a refused dispute message says why on its own page, with the way back to the order, and stores nothing", async () => {
    const id = await insertListingRow(opened.db, people.seller, { title: "Fluke 754 calibrator" });
    const { orderId: disputed } = await buyNow(opened.db, { listingId: id, buyerId: people.buyer, shipping: SHIPPING_ADDRESS });
    const page = await renderPage(
      [pageRoute("/orders/:id/dispute", disputeRoute as unknown as RouteModule)],
      await request(`/orders/${disputed}/dispute`, people.buyer, { body: "" }),
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain("Your message was not sent");
    expect(page.html).toContain(`href="/orders/${disputed}"`);
    expect(page.text).toContain("Please write your message");
    expect(await opened.db.selectFrom("dispute_messages").select("id").where("order_id", "=", disputed).execute()).toEqual([]);
  });

  it("labels every field of the transition forms and leaves required checks to the server", async () => {
    const id = await insertListingRow(opened.db, people.seller, { title: "Tektronix AFG31000 generator" });
    const { orderId: paid } = await buyNow(opened.db, { listingId: id, buyerId: people.buyer, shipping: SHIPPING_ADDRESS });
    await transitionOrder(opened.db, { orderId: paid, actor: { id: people.billing, role: "billing" }, action: "confirm_payment" });
    const { html, text } = await render(orderRoute, `/orders/${paid}`, "/orders/:id", people.seller);
    for (const field of ["ship-carrier", "ship-trackingNumber"]) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="${field}"`));
      expect(html.match(new RegExp(`id="${field}"`, "g"))).toHaveLength(1);
      expect(html).not.toMatch(new RegExp(`<input[^>]*id="${field}"[^>]*required=""`));
    }
    expect(text).toContain("Mark as shipped");
  });
});

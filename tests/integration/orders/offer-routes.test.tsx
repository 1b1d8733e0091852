// The Make Offer routes as a browser reaches them: the listing page's panel (and nothing of the seller's
// automatic prices in its data), the offer form's answers, /offers' actions and pages, the accepted offer's checkout.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { OFFER_MESSAGES } from "~/lib/offers.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const listingRoute = await import("~/routes/listings.$id.tsx");
const offerRoute = await import("~/routes/listings.$id_.offer.tsx");
const offersRoute = await import("~/routes/offers.tsx");
const checkoutRoute = await import("~/routes/checkout.offer.$id.tsx");

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
let listingId: number;
const { request, get, post } = routeCalls({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
  await opened.db.updateTable("profiles").set({ first_name: "Bea", last_name: "Bauer" }).where("id", "=", buyer).execute();
  listingId = await insertListingRow(opened.db, seller, {
    title: "Hioki PW3390 power analyzer",
    price_cents: 600_000,
    accepts_offers: 1,
    auto_accept_cents: 590_000,
    auto_decline_cents: 123_456,
  });
});
afterAll(() => opened.close());

const offersOf = () =>
  opened.db.selectFrom("offers").select(["id", "status", "amount_cents", "made_by"]).where("listing_id", "=", listingId).orderBy("id").execute();

describe("Make Offer", () => {
  it("shows buyers the panel without the seller's automatic prices, and the seller none", async () => {
    const asBuyer = await get(listingRoute, `/listings/${listingId}`, buyer, { id: String(listingId) });
    expect(asBuyer.data).toMatchObject({ offerPanel: { canOffer: true, offersRemaining: 3, priceCents: 600_000 } });
    expect(JSON.stringify(asBuyer.data)).not.toMatch(/590000|123456|auto_accept|auto_decline|autoAccept|autoDecline/);
    const asVisitor = await get(listingRoute, `/listings/${listingId}`, null, { id: String(listingId) });
    expect(asVisitor.data).toMatchObject({ offerPanel: { canOffer: false }, signedIn: false });
    expect(JSON.stringify(asVisitor.data)).not.toMatch(/590000|123456/);
    expect((await get(listingRoute, `/listings/${listingId}`, seller, { id: String(listingId) })).data).toMatchObject({ offerPanel: null });
    const page = await renderPage([pageRoute("/listings/:id", listingRoute as unknown as RouteModule)], await request(`/listings/${listingId}`, buyer));
    expect(page.text).toContain("Make Offer");
    expect(page.text).toContain("3 offers left on this listing");
  });

  it("answers the offer form: field messages with 4xx, then the offer made and /offers (Sent)", async () => {
    const params = { id: String(listingId) };
    expect(await post(offerRoute, `/listings/${listingId}/offer`, buyer, { amount: "lots" }, params)).toMatchObject({
      status: 400,
      data: { errors: { amount: "Enter an amount such as 850 or 850.50" } },
    });
    expect(await post(offerRoute, `/listings/${listingId}/offer`, buyer, { amount: "6000" }, params)).toMatchObject({
      status: 400,
      data: { errors: { amount: OFFER_MESSAGES.amountTooHigh }, values: { amount: "6000" } },
    });
    expect(await post(offerRoute, `/listings/${listingId}/offer`, seller, { amount: "5000" }, params)).toMatchObject({
      status: 403,
      data: { errors: { form: OFFER_MESSAGES.ownListing } },
    });
    expect(await post(offerRoute, `/listings/${listingId}/offer`, buyer, { amount: "4800.50", message: "Pickup from Leeds" }, params)).toEqual({
      status: 302,
      location: "/offers?tab=sent",
    });
    expect(await offersOf()).toEqual([expect.objectContaining({ status: "open", amount_cents: 480_050, made_by: "buyer" })]);
    expect(await post(offerRoute, `/listings/${listingId}/offer`, buyer, { amount: "4900" }, params)).toMatchObject({
      status: 409,
      data: { errors: { form: OFFER_MESSAGES.alreadyOpen } },
    });
    const form = await renderPage(
      [pageRoute("/listings/:id/offer", offerRoute as unknown as RouteModule)],
      await request(`/listings/${listingId}/offer`, buyer),
    );
    expect(form.text).toContain(OFFER_MESSAGES.alreadyOpen);
  });

  it("lets the seller counter on /offers and the buyer accept, then check out the order", async () => {
    const [offer] = await offersOf();
    expect(await post(offersRoute, "/offers", buyer, { intent: "accept", offerId: String(offer.id), tab: "sent" })).toMatchObject({
      status: 403,
      data: { offerId: offer.id, message: OFFER_MESSAGES.notYours },
    });
    expect(await post(offersRoute, "/offers", seller, { intent: "counter", offerId: String(offer.id), amount: "5500", tab: "received" })).toEqual({
      status: 302,
      location: "/offers?tab=received",
    });
    const received = await renderPage([pageRoute("/offers", offersRoute as unknown as RouteModule)], await request("/offers?tab=received", seller));
    expect(received.text).toContain("Buyer offered: $4,800.50");
    expect(received.text).toContain("Seller countered: $5,500.00");
    expect(received.text).toContain("Pickup from Leeds");
    const counter = (await offersOf()).at(-1)!;
    const sent = await renderPage([pageRoute("/offers", offersRoute as unknown as RouteModule)], await request("/offers?tab=sent", buyer));
    expect(sent.text).toContain("Accept $5,500.00");
    expect(await post(offersRoute, "/offers", buyer, { intent: "accept", offerId: String(counter.id), tab: "sent" })).toEqual({
      status: 302,
      location: `/checkout/offer/${counter.id}`,
    });
    const checkout = await get(checkoutRoute, `/checkout/offer/${counter.id}`, buyer, { id: String(counter.id) });
    expect(checkout).toMatchObject({ status: 200, data: { item: { priceCents: 550_000, title: "Hioki PW3390 power analyzer" }, status: "pending" } });
    expect(await get(checkoutRoute, `/checkout/offer/${counter.id}`, seller, { id: String(counter.id) })).toMatchObject({ status: 404 });
    const { orderId } = checkout.data as { orderId: number };
    expect(
      await post(checkoutRoute, `/checkout/offer/${counter.id}`, buyer, Object.fromEntries(Object.entries(SHIPPING_ADDRESS).map(([k, v]) => [k, String(v)])), {
        id: String(counter.id),
      }),
    ).toEqual({
      status: 302,
      location: `/orders/${orderId}?placed=1`,
    });
    const order = await opened.db
      .selectFrom("orders")
      .select(["amount_cents", "buyer_id", "shipping_city", "checked_out_at"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount_cents: 550_000, buyer_id: buyer, shipping_city: "Dayton", checked_out_at: expect.any(String) });
  });
});

describe("thirty acceptances of one offer at once", () => {
  it("make one order; every other answer is a refusal with its message, none a server error", async () => {
    const lot = await insertListingRow(opened.db, seller, { title: "Keithley 2450 SourceMeter", price_cents: 800_000, accepts_offers: 1 });
    const params = { id: String(lot) };
    expect(await post(offerRoute, `/listings/${lot}/offer`, buyer, { amount: "7000" }, params)).toEqual({ status: 302, location: "/offers?tab=sent" });
    const offer = await opened.db.selectFrom("offers").select("id").where("listing_id", "=", lot).executeTakeFirstOrThrow();
    // One signed-in seller in thirty tabs: the session is made before the burst (thirty sign-ins would pass the cap on
    // signed-in devices and sign the first ones out).
    await request("/offers", seller);
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => post(offersRoute, "/offers", seller, { intent: "accept", offerId: String(offer.id), tab: "received" })),
    );
    const statuses = answers.map((answer) => (answer.status === "fulfilled" ? answer.value.status : `threw: ${String(answer.reason)}`));
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    // The others were refused as a seller would be told: the offer is no longer open (a 4xx with a message).
    const refused = answers.flatMap((answer) => (answer.status === "fulfilled" && answer.value.status !== 302 ? [answer.value] : []));
    expect(refused).toHaveLength(29);
    for (const one of refused) {
      expect(one.status).toBeGreaterThanOrEqual(400);
      expect(one.status).toBeLessThan(500);
      expect((one as { data?: { message?: string } }).data?.message).toEqual(expect.any(String));
    }
    expect(await opened.db.selectFrom("orders").select("id").where("listing_id", "=", lot).execute()).toHaveLength(1);
  });
});

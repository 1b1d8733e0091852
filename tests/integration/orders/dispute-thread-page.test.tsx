// The dispute as the parties see it: /orders/{id} shows both sides' messages under their names and sides, to the
// buyer, the seller and the referee alike; a message lands in the other party's header bell with the dispute's link.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { postDisputeMessage } from "~/services/orders/disputes.server.ts";
import { transitionOrder } from "~/services/orders/order-flow.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const orderRoute = await import("~/routes/orders.$id.tsx");
const bellRoute = await import("~/routes/resources.notifications.ts");

let opened: OpenedDatabase;
const people = {} as Record<"buyer" | "seller" | "billing" | "referee", string>;
let orderId: number;
let reference: string;
const { request, get } = routeCalls({ db: () => opened.db });

const BUYER_SAYS = "The screen arrived cracked; photo attached to my first message.";
const SELLER_SAYS = "It left here intact and insured; I have asked the carrier for their report.";

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.buyer = await insertUserRow(opened.db);
  people.seller = await insertUserRow(opened.db, undefined, "seller");
  people.billing = await insertUserRow(opened.db, undefined, "billing");
  people.referee = await insertUserRow(opened.db, undefined, "dispute_resolution_referee", { secondFactor: true });
  await opened.db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers" }).where("id", "=", people.buyer).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Sven", last_name: "Sandoval" }).where("id", "=", people.seller).execute();
  const listingId = await insertListingRow(opened.db, people.seller, { title: "Agilent 34401A multimeter", price_cents: 60_000 });
  ({ orderId, reference } = await buyNow(opened.db, { listingId, buyerId: people.buyer, shipping: SHIPPING_ADDRESS }));
  await transitionOrder(opened.db, { orderId, actor: { id: people.billing, role: "billing" }, action: "confirm_payment" });
  await transitionOrder(opened.db, {
    orderId,
    actor: { id: people.seller, role: "seller" },
    action: "ship",
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
  });
  await transitionOrder(opened.db, { orderId, actor: { id: people.buyer, role: "buyer" }, action: "open_dispute", reason: "The display is cracked." });
  await postDisputeMessage(opened.db, null, { orderId, actor: { id: people.buyer, role: "buyer" }, body: BUYER_SAYS, now: new Date(Date.now() - 60_000) });
  await postDisputeMessage(opened.db, null, { orderId, actor: { id: people.seller, role: "seller" }, body: SELLER_SAYS });
});
afterAll(() => opened.close());

describe("the dispute on /orders/{id}", () => {
  it("shows the buyer, the seller and the referee both sides' messages, oldest first, under side and name", async () => {
    for (const viewer of ["buyer", "seller", "referee"] as const) {
      const page = await renderPage([pageRoute("/orders/:id", orderRoute as unknown as RouteModule)], await request(`/orders/${orderId}`, people[viewer]));
      expect([viewer, page.status]).toEqual([viewer, 200]);
      const dispute = page.text.slice(page.text.indexOf("Dispute The display is cracked."));
      expect([viewer, dispute]).toEqual([viewer, expect.stringMatching(/^Dispute The display is cracked\. /)]);
      const buyerAt = dispute.indexOf(`Buyer · Bianca Byers · `);
      const sellerAt = dispute.indexOf(`Seller · Sven Sandoval · `);
      expect([viewer, buyerAt >= 0, sellerAt > buyerAt]).toEqual([viewer, true, true]);
      expect(dispute.indexOf(BUYER_SAYS)).toBeGreaterThan(buyerAt);
      expect(dispute.indexOf(SELLER_SAYS)).toBeGreaterThan(sellerAt);
    }
  });

  it("puts each message in the other party's bell, unread, linking to the dispute; never in the writer's own", async () => {
    const title = `New message in the dispute on order ${reference}`;
    const bellOf = async (who: "buyer" | "seller") => {
      const answered = await get(bellRoute, "/resources/notifications", people[who]);
      expect(answered.status).toBe(200);
      return answered.data as { items: { title: string; message: string; actionUrl: string | null; isRead: boolean; type: string }[]; unreadCount: number };
    };
    const seller = await bellOf("seller");
    expect(seller.items.filter((item) => item.title === title)).toEqual([
      expect.objectContaining({
        type: "dispute",
        isRead: false,
        actionUrl: `/orders/${orderId}#dispute-heading`,
        message: `The buyer wrote about "Agilent 34401A multimeter": ${BUYER_SAYS}`,
      }),
    ]);
    expect(seller.unreadCount).toBeGreaterThanOrEqual(1);
    const buyer = await bellOf("buyer");
    expect(buyer.items.filter((item) => item.title === title)).toEqual([
      expect.objectContaining({ type: "dispute", isRead: false, message: `The seller wrote about "Agilent 34401A multimeter": ${SELLER_SAYS}` }),
    ]);
  });
});

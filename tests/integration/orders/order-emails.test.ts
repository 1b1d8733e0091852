// The order's steps by e-mail (payment confirmed, shipped, delivered, dispute opened and decided, refund
// and price drops reached only the bell): each is queued in the outbox when its /profile choice is on (the default),
// and not when it is off.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { EMAIL_ALERTS } from "~/lib/notification-types.ts";
import { priceDropAlerts } from "~/services/alerts/watcher-alerts.server.ts";
import { insertNotifications } from "~/services/notifications/notifications.server.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import type { OrderAction } from "~/lib/orders.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let opened: OpenedDatabase;
let buyer: OrderActor;
let seller: OrderActor;
let billing: OrderActor;
let referee: OrderActor;

beforeEach(async () => {
  vi.stubEnv("SMTP_URL", undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  opened = createTestDatabase();
  buyer = { id: await insertUserRow(opened.db, "buyer@example.test"), role: "buyer" };
  seller = { id: await insertUserRow(opened.db, "seller@example.test", "seller"), role: "seller" };
  billing = { id: await insertUserRow(opened.db, undefined, "billing"), role: "billing" };
  referee = { id: await insertUserRow(opened.db, undefined, "dispute_resolution_referee"), role: "dispute_resolution_referee" };
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await opened.close();
});

async function choose(userId: string, off: readonly string[]) {
  const alerts = Object.fromEntries(EMAIL_ALERTS.map((alert) => [alert.key, !off.includes(alert.key)]));
  await opened.db
    .updateTable("profiles")
    .set({ preferences: JSON.stringify({ email_alerts: alerts }) })
    .where("id", "=", userId)
    .execute();
}

/** Walks an order from payment to a refund decided by the referee, with a delivered step, and returns the mails. */
async function walkOrder(decision: "refund" | "release") {
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Fluke 87V multimeter", price_cents: 45_000 });
  const { orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  await opened.db.deleteFrom("email_outbox").execute();
  const step = (actor: OrderActor, action: OrderAction, day: number) =>
    transitionOrder(opened.db, {
      orderId,
      actor,
      action,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      reason: "The display is cracked.",
      note: "Photos show the crack; the seller's packing was thin.",
      now: at(day),
    });
  await step(billing, "confirm_payment", 1);
  await step(seller, "ship", 2);
  await step(buyer, "mark_delivered", 4);
  await step(buyer, "open_dispute", 5);
  await step(referee, decision, 6);
  return opened.db.selectFrom("email_outbox").select(["to_address", "subject"]).orderBy("id").execute();
}

it("mails each step of the order to the party it tells, by default", async () => {
  const mails = await walkOrder("refund");
  const reference = (await opened.db.selectFrom("orders").select("reference").executeTakeFirstOrThrow()).reference;
  expect(mails).toEqual(
    expect.arrayContaining([
      { to_address: "seller@example.test", subject: `Payment received for order ${reference}` },
      { to_address: "buyer@example.test", subject: `Order ${reference} has shipped` },
      { to_address: "seller@example.test", subject: `Order ${reference} was delivered` },
      { to_address: "seller@example.test", subject: `A dispute was opened on order ${reference}` },
      { to_address: "buyer@example.test", subject: `Dispute on order ${reference} decided for the buyer` },
      { to_address: "seller@example.test", subject: `Dispute on order ${reference} decided for the buyer` },
    ]),
  );
});

it("mails none of them to a member who turned the order choices off, and only the dispute to one who kept it", async () => {
  await choose(buyer.id, ["order_payment", "order_shipping", "dispute"]);
  await choose(seller.id, ["order_payment", "order_shipping"]);
  const mails = await walkOrder("release");
  expect(mails.filter((mail) => mail.to_address === "buyer@example.test")).toEqual([]);
  expect(mails.filter((mail) => mail.to_address === "seller@example.test").map((mail) => mail.subject)).toEqual([
    expect.stringMatching(/^A dispute was opened on order /),
    expect.stringMatching(/^Dispute on order .* decided for the seller$/),
  ]);
  // The bell still has every step.
  expect((await opened.db.selectFrom("notifications").select("type").where("user_id", "=", seller.id).execute()).map((n) => n.type)).toEqual(
    expect.arrayContaining(["payment", "shipping", "dispute"]),
  );
});

it("mails a price drop to a watcher who keeps the choice, not to one who turned it off", async () => {
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Rigol DS1054Z oscilloscope", price_cents: 40_000 });
  const other = await insertUserRow(opened.db, "quiet@example.test");
  await choose(other, ["price_drop"]);
  await opened.db
    .insertInto("watchlist")
    .values([
      { user_id: buyer.id, listing_id: listingId },
      { user_id: other, listing_id: listingId },
    ])
    .execute();
  const drafts = await priceDropAlerts(opened.db, {
    listingId,
    title: "Rigol DS1054Z oscilloscope",
    ownerId: seller.id,
    actorId: seller.id,
    before: { priceCents: 40_000, currency: "USD" },
    after: { priceCents: 35_000, currency: "USD", status: "active" },
  });
  expect(drafts).toHaveLength(2);
  await insertNotifications(opened.db, drafts, T0);
  expect(await opened.db.selectFrom("email_outbox").select(["to_address", "subject"]).execute()).toEqual([
    { to_address: "buyer@example.test", subject: "Price drop: Rigol DS1054Z oscilloscope" },
  ]);
});

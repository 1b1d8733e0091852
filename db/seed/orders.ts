// The demo orders' stories: how each seeded order got to its status, told step by step through the real order
// services (checkout, the buyer-protection flow, the scheduler's auto-completion) at the moments they happened, so
// the timestamps, the timeline, the listing's status and the notifications are exactly what the app would have
// written. The auction seed (auctions.ts) runs the clock; this file says what happens when.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { OrderAction, OrderStatus } from "../../app/lib/orders.ts";
import type { Role } from "../../app/lib/roles.ts";
import type { ShippingAddress } from "../../app/schemas/order.ts";
import { postDisputeMessage } from "../../app/services/orders/disputes.server.ts";
import { confirmAuctionCheckout } from "../../app/services/orders/checkout.server.ts";
import { completeInspectedOrders, INSPECTION_PERIOD_MS, transitionOrder } from "../../app/services/orders/order-flow.server.ts";
import type { Random } from "./random.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who makes a step: the order's own parties or the escrow staff. */
export type StoryActor = "buyer" | "seller" | "billing" | "referee";

export type StoryStep =
  /** The auction winner confirms the shipping address at checkout. */
  | { kind: "checkout"; afterMs: number }
  | { kind: "transition"; afterMs: number; action: OrderAction; actor: StoryActor; text?: string }
  /** The scheduler completes a delivered order at the end of the inspection period. */
  | { kind: "auto_complete"; afterMs: number }
  /** A message in the dispute's thread (the seller answers, so the referee hears both sides). */
  | { kind: "dispute_message"; afterMs: number; actor: StoryActor; text: string };

export interface OrderStory {
  status: OrderStatus;
  steps: StoryStep[];
  /** From the sale to the last step. */
  spanMs: number;
  /** How long before `now` the last step happened. */
  lastAgeMs: number;
}

export type SaleKind = "auction" | "buy_now";

/** What the story needs to know about the item: how it travels. */
export interface StoryItem {
  categoryId: string;
  currency: string;
}

const between = (random: Random, min: number, max: number) => Math.round(min + (max - min) * random.next());

function carrierFor(random: Random, item: StoryItem): { carrier: string; tracking: string } {
  const digits = (n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join("");
  if (item.categoryId.startsWith("heavy_equipment_")) {
    const carrier = random.pick(["Landstar flatbed", "TQL heavy haul", "Mercer Transportation lowboy"]);
    return { carrier, tracking: `BOL ${digits(3)}-${digits(6)}` };
  }
  if (/_(electrical_power|process_equipment)_/.test(item.categoryId)) {
    const carrier = random.pick(["Old Dominion Freight Line", "Estes Express Lines", "Saia LTL Freight"]);
    return { carrier, tracking: `PRO ${digits(10)}` };
  }
  if (item.currency !== "USD") return { carrier: "DHL Express", tracking: digits(10) };
  if (random.next() < 0.55) {
    const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXY";
    const tail = Array.from({ length: 16 }, () => alphabet[random.int(0, alphabet.length - 1)]).join("");
    return { carrier: "UPS", tracking: `1Z${tail}` };
  }
  return { carrier: "FedEx", tracking: digits(12) };
}

const DISPUTE_REASONS = [
  "The unit fails its power-on self-test on arrival, although the listing says it was fully tested. Photos of the error screen attached to my message.",
  "Two of the plug-in modules shown in the listing photos were not in the crate, and the calibration certificate is missing.",
  "It arrived with a cracked front panel and a bent handle; the pallet was not strapped. The carrier noted the damage on delivery.",
  "The serial number on the unit does not match the one in the listing, and the installed options are not the ones described.",
];

const RELEASE_NOTES = [
  "The seller sent a video of this serial number passing self-test before shipping, and the buyer's fault was a wrong line-voltage setting. Decided for the seller; payment released.",
  "The missing items were listed as not included in the original description. Decided for the seller; payment released.",
];

const REFUND_NOTES = [
  "The seller did not respond within 3 business days. Decided for the buyer; the item goes back to the seller at the seller's cost and the payment is refunded.",
  "The photos show damage from poor packing, which the seller is responsible for. Decided for the buyer; the payment is refunded.",
];

const CANCEL_NOTES: Array<{ actor: StoryActor; text: string }> = [
  { actor: "buyer", text: "Our project was put on hold, so we no longer need the unit. Sorry for the trouble." },
  { actor: "billing", text: "No payment arrived within 7 days of the order; cancelled on the seller's request." },
  { actor: "seller", text: "The buyer asked to cancel before paying; the item is back on sale." },
];

/**
 * The steps by which an order reaches `status`, with their gaps, and how long ago the last one happened (recent
 * enough that nothing would have moved on by itself: a delivered order is still inside its inspection period).
 */
export function planOrderStory(random: Random, status: OrderStatus, sale: SaleKind): OrderStory {
  const steps: StoryStep[] = [];
  const pay = () => {
    if (sale === "auction") steps.push({ kind: "checkout", afterMs: between(random, 40 * MINUTE, 20 * HOUR) });
    steps.push({
      kind: "transition",
      afterMs: between(random, 18 * HOUR, 60 * HOUR),
      action: "confirm_payment",
      actor: "billing",
      text: "Bank transfer received with the order's payment reference.",
    });
  };
  const ship = () => {
    pay();
    steps.push({ kind: "transition", afterMs: between(random, 12 * HOUR, 72 * HOUR), action: "ship", actor: "seller" });
  };
  const deliver = () => {
    ship();
    const byBuyer = random.next() < 0.5;
    steps.push({
      kind: "transition",
      afterMs: between(random, 30 * HOUR, 5 * DAY),
      action: "mark_delivered",
      // The seller's declaration needs a proof file; the demo's deliveries are the buyers' confirmations.
      actor: "buyer",
      text: byBuyer ? "Received at our dock; unpacking for inspection." : "The carrier delivered it this morning; inspecting it now.",
    });
  };
  const dispute = () => {
    deliver();
    steps.push({
      kind: "transition",
      afterMs: between(random, 20 * HOUR, 5 * DAY),
      action: "open_dispute",
      actor: "buyer",
      text: random.pick(DISPUTE_REASONS),
    });
  };

  let lastAge: [number, number];
  switch (status) {
    case "pending":
      lastAge = sale === "auction" ? [2 * HOUR, 20 * HOUR] : [3 * HOUR, 30 * HOUR];
      break;
    case "paid":
      pay();
      lastAge = [5 * HOUR, 40 * HOUR];
      break;
    case "shipped":
      ship();
      lastAge = [10 * HOUR, 60 * HOUR];
      break;
    case "delivered":
      deliver();
      lastAge = [6 * HOUR, 4 * DAY];
      break;
    case "completed":
      deliver();
      if (random.next() < 0.6) {
        steps.push({ kind: "transition", afterMs: between(random, 4 * HOUR, 5 * DAY), action: "confirm_receipt", actor: "buyer" });
      } else {
        steps.push({ kind: "auto_complete", afterMs: INSPECTION_PERIOD_MS + between(random, 1 * MINUTE, 40 * MINUTE) });
      }
      lastAge = [1 * DAY, 25 * DAY];
      break;
    case "disputed":
      dispute();
      // A two-sided dispute awaiting the referee: the seller answers the buyer (a fixed delay keeps the random stream).
      steps.push({
        kind: "dispute_message",
        afterMs: 5 * HOUR,
        actor: "seller",
        text: "The item was tested and photographed before packing; the photos are in the listing. We are happy to take it back for inspection if the referee asks.",
      });
      lastAge = [10 * HOUR, 60 * HOUR];
      break;
    case "refunded":
      dispute();
      steps.push({ kind: "transition", afterMs: between(random, 2 * DAY, 5 * DAY), action: "refund", actor: "referee", text: random.pick(REFUND_NOTES) });
      lastAge = [1 * DAY, 14 * DAY];
      break;
    case "released":
      dispute();
      steps.push({ kind: "transition", afterMs: between(random, 2 * DAY, 5 * DAY), action: "release", actor: "referee", text: random.pick(RELEASE_NOTES) });
      lastAge = [1 * DAY, 14 * DAY];
      break;
    case "cancelled": {
      const { actor, text } = random.pick(CANCEL_NOTES);
      steps.push({ kind: "transition", afterMs: between(random, 4 * HOUR, 5 * DAY), action: "cancel", actor, text });
      lastAge = [1 * DAY, 14 * DAY];
      break;
    }
  }
  const spanMs = steps.reduce((sum, step) => sum + step.afterMs, 0);
  return { status, steps, spanMs, lastAgeMs: between(random, lastAge[0], lastAge[1]) };
}

export interface StoryCast {
  buyerId: string;
  sellerId: string;
  billingId: string;
  refereeId: string;
  /** Role of each party, as the order flow checks it. */
  roles: ReadonlyMap<string, Role>;
}

/** Schedules work at a past moment of the seed's clock. */
export type Schedule = (at: number, run: (at: Date) => Promise<void>) => void;

/** The street a buyer ships to: the profile has city and ZIP but no street. */
export async function shippingAddressOf(db: Kysely<Database>, userId: string, street: string): Promise<ShippingAddress> {
  const profile = await db
    .selectFrom("profiles")
    .select(["first_name", "last_name", "company_name", "city", "state", "zip", "country", "phone"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    shippingName: `${profile.first_name} ${profile.last_name}`.trim(),
    shippingCompany: profile.company_name,
    shippingAddress: street,
    shippingCity: profile.city,
    shippingState: profile.state,
    shippingZip: profile.zip,
    shippingCountry: profile.country,
    shippingPhone: profile.phone,
  };
}

/**
 * Plays the story of order `orderId` from `saleAt`: each step is scheduled on the clock and made through the real
 * service when its moment comes. `shipping` is what the auction winner confirms at checkout.
 */
export function scheduleOrderStory(
  db: Kysely<Database>,
  schedule: Schedule,
  random: Random,
  order: { id: number; auctionId: number | null; item: StoryItem },
  story: OrderStory,
  saleAt: number,
  cast: StoryCast,
  shipping: () => Promise<ShippingAddress>,
): void {
  const actorOf = (who: StoryActor) => {
    const id = { buyer: cast.buyerId, seller: cast.sellerId, billing: cast.billingId, referee: cast.refereeId }[who];
    const role = cast.roles.get(id);
    if (!role) throw new Error(`No role for the order's ${who}`);
    return { id, role };
  };
  let at = saleAt;
  for (const step of story.steps) {
    at += step.afterMs;
    schedule(at, async (now) => {
      if (step.kind === "checkout") {
        if (order.auctionId === null) throw new Error(`Order ${order.id} has no auction to check out`);
        await confirmAuctionCheckout(db, { auctionId: order.auctionId, buyerId: cast.buyerId, shipping: await shipping(), now });
      } else if (step.kind === "auto_complete") {
        const completed = await completeInspectedOrders(db, now);
        if (completed < 1) throw new Error(`Order ${order.id} was not completed at the end of its inspection period`);
      } else if (step.kind === "dispute_message") {
        await postDisputeMessage(db, null, { orderId: order.id, actor: actorOf(step.actor), body: step.text, now });
      } else {
        const parcel = step.action === "ship" ? carrierFor(random, order.item) : null;
        await transitionOrder(db, {
          orderId: order.id,
          actor: actorOf(step.actor),
          action: step.action,
          carrier: parcel?.carrier,
          trackingNumber: parcel?.tracking,
          reason: step.action === "open_dispute" ? step.text : undefined,
          note: step.action === "open_dispute" ? undefined : step.text,
          now,
        });
      }
    });
  }
}

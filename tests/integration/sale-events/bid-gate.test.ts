// The sale event's gate on bids, on a fresh database of either engine: approval (pending, in review, declined),
// deposits (the amount and the payment reference to quote), the bidding limit, pre-bids on a published catalogue, a
// cancelled or unpublished event. A refused bid changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { cancelSaleEventWithLots } from "~/flows/index.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import {
  bidderList,
  bidderRegistrationOf,
  confirmDeposit,
  decideBidder,
  recordDeposit,
  requestToBid,
  setBiddingLimit,
} from "~/services/sale-events/index.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const MINUTE = 60_000;
const NOW = new Date("2030-05-01T08:00:00.000Z");
/** After the lots open (an hour after NOW), before lot 1 closes. */
const OPEN = new Date(NOW.getTime() + 90 * MINUTE);
const TITLE = "Spring test-equipment sale";
let opened: OpenedDatabase;
let house: string;
let billing: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  opened = createTestDatabase();
  house = await insertUserRow(opened.db, undefined, "seller");
  billing = await insertUserRow(opened.db, undefined, "billing", { secondFactor: false });
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
});

afterAll(async () => {
  await opened?.close();
});

async function unchanged(auctionId: number) {
  const row = await opened.db
    .selectFrom("auctions")
    .select(["bid_count", "current_price_cents", "version"])
    .where("id", "=", auctionId)
    .executeTakeFirstOrThrow();
  const bids = await opened.db.selectFrom("bids").select("id").where("auction_id", "=", auctionId).execute();
  return { ...row, bids: bids.length };
}

const form = { company: "Acme Test Labs", phone: "+1 555 0100", intendedPurchases: "Oscilloscopes" };

describe("approval", () => {
  it("refuses the unregistered, the pending, those in review and the declined with their own messages, changing nothing", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW, { approvalRequired: true });
    const lot = auctionIds[0]!;
    const before = await unchanged(lot);
    const bid = () => placeBid(opened.db, { auctionId: lot, bidderId: alice, amountCents: 100_000, now: OPEN });

    await expect(bid()).rejects.toThrow(`Register to bid in "${TITLE}" first: the house approves each bidder`);
    expect(await requestToBid(opened.db, alice, eventId, form, NOW)).toMatchObject({ status: "pending", depositCents: 0 });
    await expect(requestToBid(opened.db, alice, eventId, form, NOW)).rejects.toThrow("You have already asked to bid in this sale");
    await expect(bid()).rejects.toThrow(`Your registration to bid in "${TITLE}" is awaiting the house's decision`);

    await expect(decideBidder(opened.db, bob, { eventId, userId: alice, status: "approved" }, NOW)).rejects.toThrow(
      "Only the house that runs this sale may do that",
    );
    await decideBidder(opened.db, house, { eventId, userId: alice, status: "in_review", reason: "Checking references" }, NOW);
    await expect(bid()).rejects.toThrow(`The house is reviewing your registration to bid in "${TITLE}"`);
    await decideBidder(opened.db, house, { eventId, userId: alice, status: "declined", reason: "No trade references" }, NOW);
    await expect(bid()).rejects.toThrow(`The house declined your registration to bid in "${TITLE}": No trade references`);
    expect(await unchanged(lot)).toEqual(before);

    await decideBidder(opened.db, house, { eventId, userId: alice, status: "approved" }, NOW);
    expect((await bid()).result).toBe("leading");
    const audit = await opened.db
      .selectFrom("audit_events")
      .select("action")
      .where("subject_type", "=", "sale_event")
      .where("subject_id", "=", String(eventId))
      .execute();
    expect(audit.filter((row) => row.action === "sale_event.bidder_decision")).toHaveLength(3);

    const list = await bidderList(opened.db, house, eventId);
    expect(list.bidders).toMatchObject([{ userId: alice, status: "approved", company: "Acme Test Labs", phone: "+1 555 0100" }]);
    expect(list.csvRows[0]![0]).toBe("Bidder");
    expect(list.csvRows[1]).toContain("approved");
    await expect(bidderList(opened.db, bob, eventId)).rejects.toThrow("Only the house that runs this sale may do that");
  });
});

describe("deposits", () => {
  it("refuses a bid until billing staff confirm the deposit, naming the amount and the payment reference", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW, { deposit: { kind: "fixed", fixedCents: 50_000 } });
    const lot = auctionIds[0]!;
    const registered = await requestToBid(opened.db, bob, eventId, form, NOW);
    expect(registered).toMatchObject({ status: "approved", depositCents: 50_000 });
    expect(registered.depositReference).toMatch(new RegExp(`^TB-SE${eventId}-B\\d+$`));
    const before = await unchanged(lot);
    const bid = () => placeBid(opened.db, { auctionId: lot, bidderId: bob, amountCents: 100_000, now: OPEN });
    await expect(bid()).rejects.toThrow(
      `"${TITLE}" requires a deposit of $500 before you bid. Pay it with the payment reference ${registered.depositReference}; the house's billing staff confirm it`,
    );
    expect(await unchanged(lot)).toEqual(before);

    const payment = { eventId, userId: bob, amountCents: 50_000, reference: registered.depositReference };
    await expect(recordDeposit(opened.db, house, payment, NOW)).rejects.toThrow("Only billing staff may record and confirm deposits");
    await expect(confirmDeposit(opened.db, billing, { eventId, userId: bob }, NOW)).rejects.toThrow("Record the deposit's payment before confirming it");
    await recordDeposit(opened.db, billing, { ...payment, amountCents: 40_000 }, NOW);
    await expect(confirmDeposit(opened.db, billing, { eventId, userId: bob }, NOW)).rejects.toThrow("The recorded deposit of $400 is less than the $500 due");
    await recordDeposit(opened.db, billing, payment, NOW);
    await expect(bid()).rejects.toThrow("requires a deposit of $500");
    expect(await bidderRegistrationOf(opened.db, bob, eventId)).toMatchObject({ status: "approved", depositDueCents: 50_000, depositConfirmed: false });
    await confirmDeposit(opened.db, billing, { eventId, userId: bob }, NOW);
    expect((await bidderRegistrationOf(opened.db, bob, eventId))?.depositConfirmed).toBe(true);
    expect(await bidderRegistrationOf(opened.db, alice, eventId)).toBeNull();
    expect((await bid()).result).toBe("leading");
    const actions = await opened.db
      .selectFrom("audit_events")
      .select("action")
      .where("subject_id", "=", String(eventId))
      .where("actor_user_id", "=", billing)
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(["sale_event.deposit_confirm", "sale_event.deposit_record", "sale_event.deposit_record"]);
  });
});

describe("the bidding limit", () => {
  it("refuses a bid that takes the bidder's leading bids in the event over the limit, naming it", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW);
    const [lot1, lot2] = auctionIds as [number, number];
    await requestToBid(opened.db, alice, eventId, { ...form, requestedLimitCents: 200_000 }, NOW);
    expect((await placeBid(opened.db, { auctionId: lot1, bidderId: alice, amountCents: 100_000, maxCents: 150_000, now: OPEN })).result).toBe("leading");
    const before = await unchanged(lot2);
    await expect(placeBid(opened.db, { auctionId: lot2, bidderId: alice, amountCents: 100_000, now: OPEN })).rejects.toThrow(
      "This bid would take your leading bids in this sale over your bidding limit of $2,000",
    );
    expect(await unchanged(lot2)).toEqual(before);
    await setBiddingLimit(opened.db, house, { eventId, userId: alice, limitCents: 300_000 }, NOW);
    expect((await placeBid(opened.db, { auctionId: lot2, bidderId: alice, amountCents: 100_000, now: OPEN })).result).toBe("leading");
  });

  it("holds when one bidder's bids on two lots arrive at once: one is taken, the other refused with the limit", async () => {
    // Several rounds, each a fresh event and bidder, so that on PostgreSQL the two bids' transactions overlap.
    for (let round = 0; round < 8; round++) {
      const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW);
      const [lot1, lot2] = auctionIds as [number, number];
      const bidder = await insertUserRow(opened.db);
      await requestToBid(opened.db, bidder, eventId, { ...form, requestedLimitCents: 150_000 }, NOW);
      const answers = await Promise.allSettled(
        [lot1, lot2].map((auctionId) => placeBid(opened.db, { auctionId, bidderId: bidder, amountCents: 100_000, now: OPEN })),
      );
      expect(answers.filter((answer) => answer.status === "fulfilled").length, `round ${round}`).toBe(1);
      const refused = answers.find((answer) => answer.status === "rejected");
      expect(String(refused?.reason)).toContain("This bid would take your leading bids in this sale over your bidding limit of $1,500");
    }
  });
});

describe("pre-bids", () => {
  it("takes proxy maximums on a published catalogue's lots before they open; the earlier equal maximum wins", async () => {
    const { auctionIds } = await insertSaleEvent(opened.db, house, NOW);
    const lot = auctionIds[0]!;
    const early = new Date(NOW.getTime() + 10 * MINUTE);
    expect((await opened.db.selectFrom("auctions").select("status").where("id", "=", lot).executeTakeFirstOrThrow()).status).toBe("upcoming");
    expect((await placeBid(opened.db, { auctionId: lot, bidderId: alice, amountCents: 100_000, maxCents: 150_000, now: early })).result).toBe("leading");
    const answered = await placeBid(opened.db, {
      auctionId: lot,
      bidderId: bob,
      amountCents: 101_000,
      maxCents: 150_000,
      now: new Date(early.getTime() + MINUTE),
    });
    expect(answered.result).toBe("outbid");
    expect(answered.state.currentPriceCents).toBe(150_000);
    expect(answered.state.leaderId).toBe(alice);
  });

  it("refuses bids on the lots of an unpublished or cancelled catalogue", async () => {
    const draft = await insertSaleEvent(opened.db, house, NOW, { publish: false });
    await expect(placeBid(opened.db, { auctionId: draft.auctionIds[0]!, bidderId: alice, amountCents: 100_000, now: OPEN })).rejects.toThrow(
      `"${TITLE}" has not published its catalogue yet: its lots take no bids`,
    );
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW);
    const early = new Date(NOW.getTime() + 10 * MINUTE);
    expect((await placeBid(opened.db, { auctionId: auctionIds[1]!, bidderId: bob, amountCents: 100_000, maxCents: 120_000, now: early })).result).toBe(
      "leading",
    );
    await expect(cancelSaleEventWithLots(opened.db, alice, eventId, "", NOW)).rejects.toThrow("Only the house that runs this sale may do that");
    await cancelSaleEventWithLots(opened.db, house, eventId, "Venue unavailable", NOW);
    await expect(placeBid(opened.db, { auctionId: auctionIds[0]!, bidderId: alice, amountCents: 100_000, now: NOW })).rejects.toThrow(
      `"${TITLE}" has been cancelled: its lots take no bids`,
    );
    // The lots' auctions are cancelled with it; the lot's bidder is told.
    const lots = await opened.db.selectFrom("auctions").select(["id", "status"]).where("id", "in", auctionIds).orderBy("id").execute();
    expect(lots.map((lot) => lot.status)).toEqual(auctionIds.map(() => "cancelled"));
    const told = await opened.db.selectFrom("notifications").select("title").where("user_id", "=", bob).where("title", "=", "Auction cancelled").execute();
    expect(told).toHaveLength(1);
  });

  it("still refuses bids before an auction outside any event opens", async () => {
    const { auctionId } = await insertAuctionRow(
      opened.db,
      house,
      { status: "upcoming", start_date: new Date(NOW.getTime() + 60 * MINUTE).toISOString() },
      NOW,
    );
    await expect(placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, maxCents: 150_000, now: NOW })).rejects.toThrow(
      "This auction is not active",
    );
  });
});

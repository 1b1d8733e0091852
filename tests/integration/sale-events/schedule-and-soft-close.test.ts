// A sale event's schedule reaches its lots' auctions (close T + (i − 1)·Δ, the event's soft-close window and cap), and
// soft close moves only the lot bid on, never past its cap; on a fresh database of either engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { saveSaleEvent, setSaleEventLots } from "~/flows/index.server.ts";
import { InProcessBus, setLiveEventBus, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { startDueAuctions } from "~/services/auctions/start-due-auctions.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { closingNext, lotPositionOf, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NOW = new Date("2030-05-01T08:00:00.000Z");
const T = new Date(NOW.getTime() + 120 * MINUTE);
let opened: OpenedDatabase;
let house: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  opened = createTestDatabase();
  house = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
});

afterAll(async () => {
  await opened?.close();
});

async function auction(id: number) {
  return opened.db.selectFrom("auctions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the staggered schedule", () => {
  it("announces each lot whose times moved, after the change of Δ or the order, with its new close", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW, { lots: 3, closeIntervalSeconds: 90 });
    const [lot1, lot2, lot3] = auctionIds as [number, number, number];
    const heard: LiveEvent[] = [];
    const bus = new InProcessBus();
    const publish = bus.publish.bind(bus);
    bus.publish = (event) => {
      heard.push(event);
      publish(event);
    };
    setLiveEventBus(bus);
    const moved = () =>
      heard
        .filter((event) => event.name === "auction" && event.topic.startsWith("auction:"))
        .map((event) => event.data as { reason: string; state: { auctionId: number; endsAt: string } })
        .map((change) => [change.reason, change.state.auctionId, new Date(change.state.endsAt).toISOString()]);

    // Lot 1 closes at T whatever Δ is: only lots 2 and 3 move.
    await saveSaleEvent(opened.db, house, eventId, { closeIntervalSeconds: 30 }, NOW);
    expect(moved()).toEqual([
      ["rescheduled", lot2, new Date(T.getTime() + 30 * SECOND).toISOString()],
      ["rescheduled", lot3, new Date(T.getTime() + 60 * SECOND).toISOString()],
    ]);
    heard.length = 0;
    // Lots 1 and 2 swap places; lot 3 stays.
    await setSaleEventLots(
      opened.db,
      house,
      eventId,
      [
        { auctionId: lot2, position: 1 },
        { auctionId: lot1, position: 2 },
        { auctionId: lot3, position: 3 },
      ],
      NOW,
    );
    expect(moved().sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ["rescheduled", lot1, new Date(T.getTime() + 30 * SECOND).toISOString()],
      ["rescheduled", lot2, T.toISOString()],
    ]);
  });

  it("writes each lot's open, close T + (i − 1)·Δ, window and cap to its auction", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW, {
      lots: 4,
      closeIntervalSeconds: 90,
      softCloseSeconds: 120,
      extensionCapMinutes: 30,
    });
    for (const [index, id] of auctionIds.entries()) {
      const row = await auction(id);
      const close = new Date(T.getTime() + index * 90 * SECOND);
      expect(row.end_date).toBe(close.toISOString());
      expect(row.start_date).toBe(new Date(NOW.getTime() + 60 * MINUTE).toISOString());
      expect(row.extensions_end_at).toBe(new Date(close.getTime() + 30 * MINUTE).toISOString());
      expect(row.soft_close_seconds).toBe(120);
      expect(row.status).toBe("upcoming");
    }
    // A change of Δ before the event opens moves every lot.
    await saveSaleEvent(opened.db, house, eventId, { closeIntervalSeconds: 30 }, NOW);
    expect((await auction(auctionIds[3]!)).end_date).toBe(new Date(T.getTime() + 3 * 30 * SECOND).toISOString());

    const catalogue = await saleEventCatalogue(opened.db, eventId, { now: NOW });
    expect(catalogue.event.status).toBe("scheduled");
    expect(catalogue.lots.map((lot) => lot.lotNumber)).toEqual([1, 2, 3, 4]);
    expect(catalogue.lots[2]!.scheduledCloseAt).toBe(new Date(T.getTime() + 60 * SECOND).toISOString());
    expect(await lotPositionOf(opened.db, auctionIds[1]!)).toEqual({
      eventId,
      eventTitle: "Spring test-equipment sale",
      lotNumber: 2,
      lotCount: 4,
      previousAuctionId: auctionIds[0],
      nextAuctionId: auctionIds[2],
    });
    expect((await closingNext(opened.db, eventId, 2, NOW)).map((lot) => lot.lotNumber)).toEqual([1, 2]);
  });

  it("a bid W − 1 s before lot 17's end extends only lot 17; lot 18 closes on schedule", async () => {
    const { eventId, auctionIds } = await insertSaleEvent(opened.db, house, NOW, { lots: 18, closeIntervalSeconds: 60, softCloseSeconds: 120 });
    await startDueAuctions(opened.db, new Date(NOW.getTime() + 61 * MINUTE));
    const lot17 = auctionIds[16]!;
    const lot18 = auctionIds[17]!;
    const end17 = new Date(T.getTime() + 16 * MINUTE);
    const end18 = new Date(T.getTime() + 17 * MINUTE);
    const at = new Date(end17.getTime() - 119 * SECOND);
    const outcome = await placeBid(opened.db, { auctionId: lot17, bidderId: alice, amountCents: 100_000, now: at });
    expect(outcome.extended).toBe(true);
    expect(outcome.state.endsAt).toBe(new Date(at.getTime() + 120 * SECOND).toISOString());
    expect((await auction(lot17)).end_date).toBe(new Date(end17.getTime() + SECOND).toISOString());
    expect((await auction(lot18)).end_date).toBe(end18.toISOString());
    // A bid more than W before the end moves nothing.
    const early = await placeBid(opened.db, { auctionId: lot18, bidderId: bob, amountCents: 100_000, now: new Date(end18.getTime() - 121 * SECOND) });
    expect(early.extended).toBe(false);
    expect((await auction(lot18)).end_date).toBe(end18.toISOString());

    const closing = await saleEventCatalogue(opened.db, eventId, { now: new Date(T.getTime() + SECOND), viewerId: alice });
    expect(closing.event.status).toBe("closing");
    expect(closing.lots[16]!.viewerStatus).toBe("leading");
  });

  it("two proxies driven against each other extend the lot up to its cap, then stop extending", async () => {
    const { auctionIds } = await insertSaleEvent(opened.db, house, NOW, { lots: 1, softCloseSeconds: 120, extensionCapMinutes: 5 });
    const [lot] = auctionIds as [number];
    await startDueAuctions(opened.db, new Date(NOW.getTime() + 61 * MINUTE));
    const cap = new Date(T.getTime() + 5 * MINUTE);
    let max = 100_000;
    let endsAt = T;
    let extensions = 0;
    let bidder = alice;
    for (let round = 0; round < 20; round++) {
      const now = new Date(endsAt.getTime() - 30 * SECOND);
      max += 50_000;
      const row = await auction(lot);
      const outcome = await placeBid(opened.db, {
        auctionId: lot,
        bidderId: bidder,
        amountCents: row.current_price_cents + (row.bid_count === 0 ? 0 : 1000),
        maxCents: max,
        now,
      });
      if (!outcome.extended) {
        // The cap is reached: the bid is taken, the end stays.
        expect(outcome.state.endsAt).toBe(cap.toISOString());
        break;
      }
      extensions += 1;
      endsAt = new Date(outcome.state.endsAt);
      expect(endsAt.getTime()).toBeLessThanOrEqual(cap.getTime());
      bidder = bidder === alice ? bob : alice;
    }
    expect(extensions).toBeGreaterThan(1);
    expect((await auction(lot)).end_date).toBe(cap.toISOString());
  });
});

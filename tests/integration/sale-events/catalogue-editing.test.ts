// The house's catalogue on a fresh database of either engine: which lots setEventLots takes (its own auction
// listings, in no other event, at most 2,000, unique positions), edits after the event opens (only the description,
// audited) and the listing of events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { saveSaleEvent, setSaleEventLots } from "~/flows/index.server.ts";
import { createSaleEvent, listSaleEvents, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const MINUTE = 60_000;
const NOW = new Date("2030-05-01T08:00:00.000Z");
let opened: OpenedDatabase;
let house: string;
let otherHouse: string;
let alice: string;

beforeAll(async () => {
  opened = createTestDatabase();
  house = await insertUserRow(opened.db, undefined, "seller");
  otherHouse = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
});

afterAll(async () => {
  await opened?.close();
});

const schedule = { title: "Lab clearance", startsAt: new Date(NOW.getTime() + 60 * MINUTE), firstCloseAt: new Date(NOW.getTime() + 120 * MINUTE) };

describe("setEventLots", () => {
  it("refuses another seller's listing, a non-auction listing, a lot of another event, over 2,000 lots and duplicate positions", async () => {
    const eventId = await createSaleEvent(opened.db, house, schedule, NOW);
    const own = (await insertAuctionRow(opened.db, house, {}, NOW)).auctionId;
    const theirs = (await insertAuctionRow(opened.db, otherHouse, {}, NOW)).auctionId;
    const hybrid = (await insertAuctionRow(opened.db, house, { buy_now_price_cents: 500_000 }, NOW)).auctionId;
    const other = await insertSaleEvent(opened.db, house, NOW, { lots: 1, publish: false });
    const set = (lots: Array<{ auctionId: number; position: number }>, actor = house) => setSaleEventLots(opened.db, actor, eventId, lots, NOW);

    await expect(set([{ auctionId: own, position: 1 }], alice)).rejects.toThrow("Only the house that runs this sale may do that");
    await expect(set([{ auctionId: theirs, position: 1 }])).rejects.toThrow(`Lot ${theirs} is not one of your auction listings`);
    await expect(set([{ auctionId: hybrid, position: 1 }])).rejects.toThrow(`Lot ${hybrid} is not an auction listing`);
    await expect(set([{ auctionId: other.auctionIds[0]!, position: 1 }])).rejects.toThrow(`Auction ${other.auctionIds[0]} is already a lot of another sale`);
    const tooMany = Array.from({ length: 2001 }, (_, index) => ({ auctionId: own + index, position: index + 1 }));
    await expect(set(tooMany)).rejects.toThrow("A sale holds at most 2,000 lots");
    const second = (await insertAuctionRow(opened.db, house, {}, NOW)).auctionId;
    await expect(
      set([
        { auctionId: own, position: 1 },
        { auctionId: second, position: 1 },
      ]),
    ).rejects.toThrow("Two lots cannot share a position in the catalogue");
    expect(await opened.db.selectFrom("sale_event_lots").select("id").where("event_id", "=", eventId).execute()).toEqual([]);

    // Positions order the catalogue; lot numbers are renumbered 1..N.
    expect(
      await set([
        { auctionId: own, position: 20 },
        { auctionId: second, position: 5 },
      ]),
    ).toEqual([
      { auctionId: second, lotNumber: 1 },
      { auctionId: own, lotNumber: 2 },
    ]);
    const softClose = async (id: number) =>
      (await opened.db.selectFrom("auctions").select("soft_close_seconds").where("id", "=", id).executeTakeFirstOrThrow()).soft_close_seconds;
    expect(await softClose(own)).toBe(120);
    // A lot that leaves the catalogue takes the platform's window again.
    await set([{ auctionId: second, position: 1 }]);
    expect(await softClose(own)).toBeNull();
    expect(await softClose(second)).toBe(120);
  });
});

describe("edits after the event opens", () => {
  it("takes only the description, and records it in the audit log", async () => {
    const { eventId } = await insertSaleEvent(opened.db, house, NOW, { lots: 2 });
    await saveSaleEvent(opened.db, house, eventId, { title: "Lab clearance, spring" }, NOW);
    const live = new Date(NOW.getTime() + 61 * MINUTE);
    await expect(saveSaleEvent(opened.db, house, eventId, { title: "Renamed" }, live)).rejects.toThrow(
      "The sale has opened: only its description can be changed now",
    );
    await expect(saveSaleEvent(opened.db, house, eventId, { closeIntervalSeconds: 120 }, live)).rejects.toThrow("only its description can be changed now");
    await expect(saveSaleEvent(opened.db, alice, eventId, { description: "Mine" }, live)).rejects.toThrow("Only the house that runs this sale may do that");
    await saveSaleEvent(opened.db, house, eventId, { description: "Pickup moved to dock 4." }, live);
    const catalogue = await saleEventCatalogue(opened.db, eventId, { now: live });
    expect(catalogue.event).toMatchObject({ title: "Lab clearance, spring", description: "Pickup moved to dock 4.", status: "live" });
    const audit = await opened.db.selectFrom("audit_events").select(["action", "actor_user_id", "detail"]).where("subject_id", "=", String(eventId)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "sale_event.edit_after_opening", actor_user_id: house });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ field: "description", to: "Pickup moved to dock 4." });
  });
});

describe("listing events", () => {
  it("groups published events into upcoming, live and closed, with the house filter, and hides drafts", async () => {
    const lister = await insertUserRow(opened.db, undefined, "seller");
    const { eventId } = await insertSaleEvent(opened.db, lister, NOW, { lots: 1, location: "Rotterdam, NL" });
    await insertSaleEvent(opened.db, lister, NOW, { lots: 1, publish: false });
    const ids = async (phase: "upcoming" | "live" | "closed", now: Date, extra: { location?: string } = {}) =>
      (await listSaleEvents(opened.db, { phase, sellerId: lister, now, ...extra })).events.map((event) => event.id);
    expect(await ids("upcoming", NOW)).toEqual([eventId]);
    expect(await ids("upcoming", NOW, { location: "rotterdam" })).toEqual([eventId]);
    expect(await ids("upcoming", NOW, { location: "Hamburg" })).toEqual([]);
    expect(await ids("live", new Date(NOW.getTime() + 90 * MINUTE))).toEqual([eventId]);
    expect(await ids("closed", new Date(NOW.getTime() + 200 * MINUTE))).toEqual([eventId]);
    await expect(saleEventCatalogue(opened.db, eventId + 1, { viewerId: alice, now: NOW })).rejects.toThrow("Sale event not found");
  });
});

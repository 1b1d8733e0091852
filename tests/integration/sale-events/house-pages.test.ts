// What the house's and billing staff's pages read and do, on a fresh database of either engine: the house's own
// events, the lots it may add, moving a lot by form (through the catalogue flow), the lots CSV checked row by row
// (nothing changes when a row is bad) and billing's deposits awaiting confirmation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import {
  checkLotCsvRows,
  createSaleEvent,
  depositsAwaitingConfirmation,
  houseLotCandidates,
  houseSaleEvents,
  recordDeposit,
  requestToBid,
  saleEventCatalogue,
  updateSaleEvent,
} from "~/services/sale-events/index.server.ts";
import { applyEditorAction } from "~/web/sale-event-editor.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 86_400_000;
let opened: OpenedDatabase;
let house: string;
let otherHouse: string;
let billing: string;
let bidder: string;

beforeAll(async () => {
  opened = createTestDatabase();
  house = await insertUserRow(opened.db, undefined, "seller");
  otherHouse = await insertUserRow(opened.db, undefined, "seller");
  billing = await insertUserRow(opened.db, undefined, "billing");
  bidder = await insertUserRow(opened.db);
});

afterAll(async () => {
  await opened?.close();
});

const schedule = () => ({ title: "Lab clearance", startsAt: new Date(Date.now() + DAY), firstCloseAt: new Date(Date.now() + 2 * DAY) });

describe("the house's pages", () => {
  it("lists the house's own events, drafts included, and only its free auction listings as candidates", async () => {
    const eventId = await createSaleEvent(opened.db, house, schedule());
    await createSaleEvent(opened.db, otherHouse, schedule());
    const mine = (await insertAuctionRow(opened.db, house)).auctionId;
    await insertAuctionRow(opened.db, otherHouse);
    const events = await houseSaleEvents(opened.db, house);
    expect(events.map((event) => [event.id, event.status])).toContainEqual([eventId, "draft"]);
    expect(events.every((event) => event.sellerId === house)).toBe(true);
    const candidates = await houseLotCandidates(opened.db, house, eventId);
    expect(candidates.map((c) => c.auctionId)).toContain(mine);
    await expect(houseLotCandidates(opened.db, otherHouse, eventId)).rejects.toThrow("Only the house that runs this sale may do that");
  });

  it("adds lots, moves one down and to a position, removes one; the lots' numbers follow", async () => {
    const eventId = await createSaleEvent(opened.db, house, schedule());
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await insertAuctionRow(opened.db, house)).auctionId);
    const order = async () => (await saleEventCatalogue(opened.db, eventId, { viewerId: house })).lots.map((lot) => lot.auctionId);
    await applyEditorAction(opened.db, house, eventId, { intent: "add", auctionIds: ids });
    expect(await order()).toEqual(ids);
    expect(await houseLotCandidates(opened.db, house, eventId)).not.toContainEqual(expect.objectContaining({ auctionId: ids[0] }));
    await applyEditorAction(opened.db, house, eventId, { intent: "down", auctionId: ids[0]! });
    expect(await order()).toEqual([ids[1], ids[0], ids[2], ids[3]]);
    await applyEditorAction(opened.db, house, eventId, { intent: "moveTo", auctionId: ids[3]!, position: 1 });
    expect(await order()).toEqual([ids[3], ids[1], ids[0], ids[2]]);
    expect(await applyEditorAction(opened.db, house, eventId, { intent: "remove", auctionId: ids[1]! })).toBe(SALE_EVENT_HOUSE_MESSAGES.lotsSaved(3));
    expect(await order()).toEqual([ids[3], ids[0], ids[2]]);
    await expect(applyEditorAction(opened.db, house, eventId, { intent: "up", auctionId: ids[1]! })).rejects.toThrow(SALE_EVENT_HOUSE_MESSAGES.notALot);
    // The lots' auctions close on the event's schedule.
    const { lots } = await saleEventCatalogue(opened.db, eventId, { viewerId: house });
    expect(lots.map((lot) => lot.closesAt)).toEqual(lots.map((lot) => lot.scheduledCloseAt));
  });

  it("reports each bad CSV row and changes nothing", async () => {
    const eventId = await createSaleEvent(opened.db, house, schedule());
    const { listingId } = await insertAuctionRow(opened.db, house);
    const theirs = await insertAuctionRow(opened.db, otherHouse);
    const rows = [
      { line: 2, lotNumber: "1", listingId: String(listingId) },
      { line: 3, lotNumber: "x", listingId: "5" },
      { line: 4, lotNumber: "1", listingId: "6" },
      { line: 5, lotNumber: "2", listingId: String(theirs.listingId) },
      { line: 6, lotNumber: "3", listingId: String(listingId) },
    ];
    const { placements, problems } = await checkLotCsvRows(opened.db, house, eventId, rows);
    expect(placements).toHaveLength(1);
    expect(problems).toEqual([
      { line: 3, message: SALE_EVENT_HOUSE_MESSAGES.csvLotNumber("x") },
      { line: 4, message: SALE_EVENT_HOUSE_MESSAGES.csvDuplicateLot(1) },
      { line: 5, message: SALE_EVENT_HOUSE_MESSAGES.csvNotYours(theirs.listingId) },
      { line: 6, message: SALE_EVENT_HOUSE_MESSAGES.csvDuplicateListing(listingId) },
    ]);
  });

  it("lists deposits awaiting confirmation to billing staff only", async () => {
    const eventId = await createSaleEvent(opened.db, house, { ...schedule(), deposit: { kind: "fixed", fixedCents: 50_000 } });
    await applyEditorAction(opened.db, house, eventId, { intent: "add", auctionIds: [(await insertAuctionRow(opened.db, house)).auctionId] });
    await applyEditorAction(opened.db, house, eventId, { intent: "publish" });
    await requestToBid(opened.db, bidder, eventId, { company: "Acme", phone: "+1 555 0100", intendedPurchases: "Scopes" });
    await expect(depositsAwaitingConfirmation(opened.db, house)).rejects.toThrow("Only billing staff may record and confirm deposits");
    const waiting = (await depositsAwaitingConfirmation(opened.db, billing)).filter((d) => d.eventId === eventId);
    expect(waiting).toEqual([expect.objectContaining({ userId: bidder, dueCents: 50_000, recorded: false })]);
    await recordDeposit(opened.db, billing, { eventId, userId: bidder, amountCents: 50_000, reference: "WIRE-1" });
    expect((await depositsAwaitingConfirmation(opened.db, billing)).find((d) => d.eventId === eventId)).toMatchObject({ recorded: true, reference: "WIRE-1" });
    await updateSaleEvent(opened.db, house, eventId, { description: "Updated" });
  });
});

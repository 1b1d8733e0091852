// What the public sale-event pages read beside the catalogue, on a fresh database of either engine: the listing's
// filter choices (only published events), the houses' names, a member's own registration with the deposit to pay and
// its reference, and a lot's event terms (its place, neighbours and the buyer's premium).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { depositReferenceFor } from "~/lib/sale-events.ts";
import { houseNames, lotEventTerms, ownRegistration, requestToBid, saleEventFilterOptions } from "~/services/sale-events/index.server.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const NOW = new Date("2030-05-01T08:00:00.000Z");
let opened: OpenedDatabase;
let house: string;
let buyer: string;
let published: { eventId: number; auctionIds: number[] };
let draft: { eventId: number; auctionIds: number[] };

beforeAll(async () => {
  opened = createTestDatabase();
  const db = opened.db;
  house = await insertUserRow(db, "house@example.test", "seller");
  buyer = await insertUserRow(db, "buyer@example.test", "buyer");
  await db.updateTable("profiles").set({ company_name: "Northern Plant Auctions" }).where("id", "=", house).execute();
  published = await insertSaleEvent(db, house, NOW, {
    lots: 3,
    approvalRequired: true,
    deposit: { kind: "fixed", fixedCents: 50_000 },
    premium: { percentBps: 1500, minCents: 5_000, maxCents: null },
  });
  draft = await insertSaleEvent(db, house, NOW, { lots: 1, publish: false });
});

afterAll(async () => {
  await opened.close();
});

describe("the sale-event pages' reads", () => {
  it("offers the categories of published events' lots and their houses, by name", async () => {
    const options = await saleEventFilterOptions(opened.db);
    expect(options.houses).toEqual([{ id: house, name: "Northern Plant Auctions" }]);
    expect(options.categories.length).toBeGreaterThan(0);
    expect(await houseNames(opened.db, [house, house])).toEqual({ [house]: "Northern Plant Auctions" });
    expect(await houseNames(opened.db, [])).toEqual({});
  });

  it("reads the member's own registration with the deposit to pay and its reference", async () => {
    expect(await ownRegistration(opened.db, buyer, published.eventId)).toBeNull();
    await requestToBid(opened.db, buyer, published.eventId, { company: "Acme", phone: "+44 113 496 0000", intendedPurchases: "Scopes" }, NOW);
    const mine = await ownRegistration(opened.db, buyer, published.eventId);
    const row = await opened.db.selectFrom("sale_event_bidders").select("id").where("user_id", "=", buyer).executeTakeFirstOrThrow();
    expect(mine).toMatchObject({
      status: "pending",
      company: "Acme",
      depositDueCents: 50_000,
      depositReference: depositReferenceFor(published.eventId, row.id),
      depositConfirmed: false,
    });
  });

  it("places a lot in its published event with its neighbours and the premium, and no lot of a draft", async () => {
    const middle = await lotEventTerms(opened.db, published.auctionIds[1]!);
    expect(middle).toMatchObject({
      eventId: published.eventId,
      lotNumber: 2,
      lotCount: 3,
      previousAuctionId: published.auctionIds[0],
      nextAuctionId: published.auctionIds[2],
      currency: "USD",
      premium: { percentBps: 1500, minCents: 5_000, maxCents: null },
    });
    expect(await lotEventTerms(opened.db, draft.auctionIds[0]!)).toBeNull();
  });
});

// Unsold listings (decision 0073), both engines: an auction that ends without a sale or is cancelled leaves
// its listing "unsold" — never an active listing with nothing to bid on or buy — and its seller chooses on
// /listings/{id}/relist: relist as an auction (the last terms, fresh dates), switch to Buy It Now at a price, or end it.
// Only the owner, only while unsold; a listing moderation holds stays held. The migration moves the old dead ends.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Kysely } from "kysely";
import { LISTING_REMOVED, MODERATION_HOLD_MESSAGES } from "~/lib/moderation.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { UNSOLD_NOT_FOR_SALE } from "~/lib/listing-status.ts";
import { UNSOLD_LISTING_MESSAGES } from "~/schemas/unsold-listing.ts";
import { DomainError } from "~/services/domain-error.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { up as migrateUnsold } from "../../../migrations/2026-12-11T0500-unsold-listings.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow, listingInput } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { relistUnsoldAsAuction, switchUnsoldToBuyNow, updateListing } from "~/flows/listing-publication.server.ts";
import { cancelAuction, endDueAuctions } from "~/flows/auction-settlement.server.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const relistRoute = await import("~/routes/listings.$id_.relist.tsx");
const listingRoute = await import("~/routes/listings.$id.tsx");

const HOUR = 60 * 60 * 1000;
const T0 = new Date(Date.now() - 3 * 24 * HOUR);
const AFTER_END = new Date(T0.getTime() + 25 * HOUR);

let opened: OpenedDatabase;
const people = { seller: "", other: "", buyer: "" };
const calls = () => routeCalls<Record<string, unknown>>({ db: () => opened.db });

async function listing(id: number) {
  return opened.db
    .selectFrom("equipment_listings")
    .select(["status", "listing_type", "price_cents", "buy_now_price_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** An auction listing whose auction (starting at $1,000, `values` otherwise) ended without bids: unsold. */
async function unsoldListing(values: Parameters<typeof insertAuctionRow>[2] = {}): Promise<{ listingId: number; auctionId: number }> {
  const ids = await insertAuctionRow(opened.db, people.seller, values, T0);
  await endDueAuctions(opened.db, new Date(Math.max(AFTER_END.getTime(), Date.parse(values.end_date ?? AFTER_END.toISOString()) + 1000)));
  return ids;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
});
afterAll(async () => {
  await opened.close();
});

describe("an auction without a sale", () => {
  it("leaves its listing unsold, ended or cancelled: not for sale, not a dead-end active listing", async () => {
    const ended = await unsoldListing();
    expect((await listing(ended.listingId)).status).toBe("unsold");
    const running = await insertAuctionRow(opened.db, people.seller, {}, T0);
    await cancelAuction(opened.db, { auctionId: running.auctionId, userId: people.seller, now: new Date(T0.getTime() + HOUR) });
    expect((await listing(running.listingId)).status).toBe("unsold");
    // Nobody can buy it meanwhile (a cancelled hybrid's Buy It Now went with its auction).
    const hybrid = await insertAuctionRow(opened.db, people.seller, { buy_now_price_cents: 300_000 }, T0);
    await cancelAuction(opened.db, { auctionId: hybrid.auctionId, userId: people.seller, now: new Date(T0.getTime() + HOUR) });
    expect((await listing(hybrid.listingId)).status).toBe("unsold");
    const shipping = { fullName: "Buyer", line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" };
    const refused = await refusal(buyNow(opened.db, { listingId: hybrid.listingId, buyerId: people.buyer, shipping: shipping as never }));
    expect(refused.message).toBe(ORDER_MESSAGES.notForSale);
  });

  it("shows everyone 'Not sold' on its page, and its seller the way to relist or end it", async () => {
    const { listingId } = await unsoldListing();
    const visitor = await calls().get(listingRoute, `/listings/${listingId}`, null, { id: String(listingId) });
    expect(visitor.status).toBe(200);
    expect(visitor.data).toMatchObject({ canRelist: false, listing: { status: "unsold" } });
    const owner = await calls().get(listingRoute, `/listings/${listingId}`, people.seller, { id: String(listingId) });
    expect(owner.data).toMatchObject({ canRelist: true, canStartAuction: false });
    expect(UNSOLD_NOT_FOR_SALE).toMatch(/^Not sold/);
  });
});

describe("the seller's choices on /listings/{id}/relist", () => {
  it("are the owner's only: another seller and a buyer find no such listing, nothing changes", async () => {
    const { listingId } = await unsoldListing();
    const params = { id: String(listingId) };
    expect((await calls().get(relistRoute, `/listings/${listingId}/relist`, people.other, params)).status).toBe(404);
    expect((await calls().post(relistRoute, `/listings/${listingId}/relist`, people.buyer, { intent: "end" }, params)).status).toBe(404);
    expect((await calls().post(relistRoute, `/listings/${listingId}/relist`, people.other, { intent: "buy_now", price: "10" }, params)).status).toBe(404);
    expect((await listing(listingId)).status).toBe("unsold");
    const own = await calls().get(relistRoute, `/listings/${listingId}/relist`, people.seller, params);
    expect(own).toMatchObject({
      status: 200,
      data: { view: { status: "unsold", refusal: null, suggestedBuyNowCents: 100_000, lastAuction: { durationDays: 1 } } },
    });
  });

  it("relist as an auction with the last terms and fresh dates", async () => {
    const { listingId, auctionId } = await unsoldListing({
      reserve_price_cents: 150_000,
      end_date: new Date(T0.getTime() + 3 * 24 * HOUR - HOUR).toISOString(),
    });
    const now = new Date();
    const answer = await calls().post(relistRoute, `/listings/${listingId}/relist`, people.seller, { intent: "auction" }, { id: String(listingId) });
    expect(answer.status).toBe(302);
    const fresh = await opened.db.selectFrom("auctions").selectAll().where("listing_id", "=", listingId).where("id", "!=", auctionId).executeTakeFirstOrThrow();
    expect(answer.location).toBe(`/auctions/${fresh.id}`);
    expect(fresh).toMatchObject({
      status: "active",
      starting_price_cents: 100_000,
      reserve_price_cents: 150_000,
      bid_count: 0,
      bid_increment_cents: 1000,
      bid_increment_fixed: 1,
    });
    expect(Date.parse(fresh.start_date)).toBeGreaterThanOrEqual(now.getTime() - 1000);
    expect(Date.parse(fresh.end_date) - Date.parse(fresh.start_date)).toBe(3 * 24 * HOUR);
    expect(await listing(listingId)).toMatchObject({ status: "active", listing_type: "auction", price_cents: 100_000 });
    // No longer unsold: a second relist is refused with the rule's message.
    const again = await refusal(relistUnsoldAsAuction(opened.db, { sellerId: people.seller, listingId }));
    expect(again).toMatchObject({ kind: "conflict", message: UNSOLD_LISTING_MESSAGES.notUnsold });
  });

  it("switch to Buy It Now at a price the seller types; a bad price is told and changes nothing", async () => {
    const { listingId } = await unsoldListing();
    const params = { id: String(listingId) };
    for (const price of ["", "abc", "-5", "12.345", "0"]) {
      const bad = await calls().post(relistRoute, `/listings/${listingId}/relist`, people.seller, { intent: "buy_now", price }, params);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.data)).toContain(UNSOLD_LISTING_MESSAGES.priceRequired);
    }
    expect((await listing(listingId)).status).toBe("unsold");
    const done = await calls().post(relistRoute, `/listings/${listingId}/relist`, people.seller, { intent: "buy_now", price: "899.50" }, params);
    expect(done).toMatchObject({ status: 302, location: `/listings/${listingId}` });
    expect(await listing(listingId)).toMatchObject({ status: "active", listing_type: "buy_now", price_cents: 89_950, buy_now_price_cents: null });
  });

  it("end it: archived, with the seller", async () => {
    const { listingId } = await unsoldListing();
    const done = await calls().post(relistRoute, `/listings/${listingId}/relist`, people.seller, { intent: "end" }, { id: String(listingId) });
    expect(done).toMatchObject({ status: 302, location: "/seller/listings?status=archived" });
    expect((await listing(listingId)).status).toBe("archived");
    const late = await calls().post(relistRoute, `/listings/${listingId}/relist`, people.seller, { intent: "buy_now", price: "10" }, { id: String(listingId) });
    expect(late.status).toBe(409);
    expect((await listing(listingId)).status).toBe("archived");
  });

  it("refuse a listing a moderator removed, with the moderation message, and leave it removed", async () => {
    const { listingId } = await unsoldListing();
    await opened.db.updateTable("equipment_listings").set({ status: LISTING_REMOVED }).where("id", "=", listingId).execute();
    const relist = await refusal(relistUnsoldAsAuction(opened.db, { sellerId: people.seller, listingId }));
    expect(relist).toMatchObject({ kind: "forbidden", message: MODERATION_HOLD_MESSAGES[LISTING_REMOVED] });
    expect((await refusal(switchUnsoldToBuyNow(opened.db, { sellerId: people.seller, listingId, priceCents: 1000 }))).kind).toBe("forbidden");
    expect((await listing(listingId)).status).toBe(LISTING_REMOVED);
    // And an auction ending on a removed listing never makes it unsold.
    const other = await insertAuctionRow(opened.db, people.seller, {}, T0);
    await opened.db.updateTable("equipment_listings").set({ status: LISTING_REMOVED }).where("id", "=", other.listingId).execute();
    await endDueAuctions(opened.db, AFTER_END);
    expect((await listing(other.listingId)).status).toBe(LISTING_REMOVED);
  });

  it("an edit that keeps an unsold listing an auction without starting one leaves it unsold, not active", async () => {
    const { listingId } = await unsoldListing();
    const uploads = new DiskStore("/nonexistent-uploads");
    await updateListing(
      opened.db,
      uploads,
      { id: people.seller, role: "seller" },
      listingId,
      listingInput({
        listingType: "auction",
        auction: {
          startingPriceCents: 90_000,
          reservePriceCents: null,
          buyNowPriceCents: null,
          durationDays: 7,
          startDate: null,
          bidIncrementCents: null,
          autoExtend: true,
        },
      }),
      { status: "active" },
    );
    expect((await listing(listingId)).status).toBe("unsold");
  });
});

describe("the migration", () => {
  it("moves active auction and hybrid listings without a live auction to unsold, and nothing else", async () => {
    const db = opened.db as unknown as Kysely<unknown>;
    const deadEnd = await insertAuctionRow(opened.db, people.other, { status: "ended", end_date: T0.toISOString() }, T0);
    const cancelledHybrid = await insertAuctionRow(opened.db, people.other, { status: "cancelled", buy_now_price_cents: 500_000 }, T0);
    const running = await insertAuctionRow(opened.db, people.other, {}, new Date());
    const fixedPrice = await insertListingRow(opened.db, people.other, { listing_type: "buy_now", status: "active" });
    const draft = await insertListingRow(opened.db, people.other, { listing_type: "auction", status: "draft" });
    const removed = await insertAuctionRow(opened.db, people.other, { status: "ended", end_date: T0.toISOString() }, T0);
    await opened.db.updateTable("equipment_listings").set({ status: LISTING_REMOVED }).where("id", "=", removed.listingId).execute();
    await migrateUnsold(db as never);
    expect((await listing(deadEnd.listingId)).status).toBe("unsold");
    expect((await listing(cancelledHybrid.listingId)).status).toBe("unsold");
    expect((await listing(running.listingId)).status).toBe("active");
    expect((await listing(fixedPrice)).status).toBe("active");
    expect((await listing(draft)).status).toBe("draft");
    expect((await listing(removed.listingId)).status).toBe(LISTING_REMOVED);
  });
});

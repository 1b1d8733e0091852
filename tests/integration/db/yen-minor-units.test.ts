// The yen in its own minor unit (docs/decisions/0070): migration 2026-12-11T0200 moves every stored yen
// amount from hundredths to whole yen (listings, auctions, bids, offers, orders and their totals, platform fees), and
// the yen's conversion factor with it, so that a ¥ listing's reference amount is the same before and after. Other
// currencies' rows are left as they are. Run on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import * as yenMinorUnits from "../../../migrations/2026-12-11T0200-yen-minor-units.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
const ids = { yenListing: 0, dollarListing: 0, yenAuction: 0, yenAuctionListing: 0, yenOrder: 0, dollarOrder: 0, yenOffer: 0 };

async function listing(id: number) {
  return database.db
    .selectFrom("equipment_listings")
    .select(["price_cents", "buy_now_price_cents", "auto_accept_cents", "auto_decline_cents", "reference_amount"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  database = createTestDatabase();
  const db = database.db;
  const seller = await insertUserRow(db, undefined, "seller");
  const buyer = await insertUserRow(db);
  // The database as it was before the migration: every amount in hundredths, the yen's factor 1/150 per hundredth.
  await db
    .updateTable("reference_rates")
    .set({ factor: 1 / 150 })
    .where("currency", "=", "JPY")
    .execute();
  ids.yenListing = await insertListingRow(db, seller, {
    currency: "JPY",
    price_cents: 150_000_000, // ¥1,500,000.00
    buy_now_price_cents: null,
    auto_accept_cents: 140_000_000,
    auto_decline_cents: 75_000_049, // ¥750,000.49 → ¥750,000
  });
  await db.updateTable("equipment_listings").set({ accepts_offers: 1 }).where("id", "=", ids.yenListing).execute();
  ids.dollarListing = await insertListingRow(db, seller, { currency: "USD", price_cents: 1_234_550 });
  const auction = await insertAuctionRow(db, seller, { starting_price_cents: 30_000_000, bid_increment_cents: 1_000_000 });
  ids.yenAuction = auction.auctionId;
  ids.yenAuctionListing = auction.listingId;
  await db.updateTable("equipment_listings").set({ currency: "JPY" }).where("id", "=", auction.listingId).execute();
  await db
    .updateTable("auctions")
    .set({ currency: "JPY", reserve_price_cents: 40_000_050, current_price_cents: 31_000_000 })
    .where("id", "=", auction.auctionId)
    .execute();
  await db
    .insertInto("bids")
    .values({ auction_id: auction.auctionId, user_id: buyer, amount_cents: 31_000_000, max_amount_cents: 35_000_000, is_auto: 0 })
    .execute();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  ids.yenOffer = (
    await db
      .insertInto("offers")
      .values({
        listing_id: ids.yenListing,
        buyer_id: buyer,
        seller_id: seller,
        amount_cents: 120_000_000,
        currency: "JPY",
        made_by: "buyer",
        expires_at: expires,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const order = (reference: string, listingId: number, amount: number, fee: number, currency: string) =>
    db
      .insertInto("orders")
      .values({
        reference,
        listing_id: listingId,
        buyer_id: buyer,
        seller_id: seller,
        sale_type: "buy_now",
        amount_cents: amount,
        fee_cents: fee,
        fee_rate_bp: 250,
        currency,
        created_at: "2026-11-15T10:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  ids.yenOrder = (await order("TB-YEN-1", ids.yenListing, 150_000_000, 3_750_000, "JPY")).id;
  ids.dollarOrder = (await order("TB-USD-1", ids.dollarListing, 1_234_550, 30_864, "USD")).id;
  await db
    .insertInto("platform_fees")
    .values({
      seller_id: seller,
      listing_id: ids.yenListing,
      kind: "featured_listing",
      description: "Featured",
      days: 7,
      amount_cents: 150_000,
      currency: "JPY",
      starts_at: expires,
      ends_at: expires,
    })
    .execute();
  // Before: ¥1,500,000.00 in hundredths at 1/150 per hundredth = $10,000.00.
  expect(Number((await listing(ids.yenListing)).reference_amount)).toBe(1_000_000);

  await yenMinorUnits.up(db, database.dialect);
});

afterAll(async () => {
  await database?.close();
});

describe("the yen migration", () => {
  it("stores a yen listing's amounts in whole yen, half up, and keeps its reference amount", async () => {
    const row = await listing(ids.yenListing);
    expect([row.price_cents, row.buy_now_price_cents, row.auto_accept_cents, row.auto_decline_cents].map((v) => (v === null ? null : Number(v)))).toEqual([
      1_500_000,
      null,
      1_400_000,
      750_000,
    ]);
    // ¥1,500,000 × (100 / 150) = 1,000,000 US cents: the same $10,000 as before.
    expect(Number(row.reference_amount)).toBe(1_000_000);
    const factor = await database.db.selectFrom("reference_rates").select("factor").where("currency", "=", "JPY").executeTakeFirstOrThrow();
    expect(Number(factor.factor)).toBeCloseTo(100 / 150, 12);
  });

  it("leaves other currencies alone", async () => {
    const row = await listing(ids.dollarListing);
    expect(Number(row.price_cents)).toBe(1_234_550);
    expect(Number(row.reference_amount)).toBe(1_234_550);
    const order = await database.db.selectFrom("orders").select(["amount_cents", "fee_cents"]).where("id", "=", ids.dollarOrder).executeTakeFirstOrThrow();
    expect([Number(order.amount_cents), Number(order.fee_cents)]).toEqual([1_234_550, 30_864]);
  });

  it("moves a yen auction, its bids, offers, orders, their totals and platform fees to whole yen", async () => {
    const db = database.db;
    const auction = await db
      .selectFrom("auctions")
      .select(["starting_price_cents", "reserve_price_cents", "current_price_cents", "bid_increment_cents"])
      .where("id", "=", ids.yenAuction)
      .executeTakeFirstOrThrow();
    expect(Object.values(auction).map(Number)).toEqual([300_000, 400_001, 310_000, 10_000]);
    const bid = await db.selectFrom("bids").select(["amount_cents", "max_amount_cents"]).where("auction_id", "=", ids.yenAuction).executeTakeFirstOrThrow();
    expect([Number(bid.amount_cents), Number(bid.max_amount_cents)]).toEqual([310_000, 350_000]);
    // The lot's reference amount follows its current price: ¥310,000 × 100 / 150 = 206,666.67 → 206,667.
    expect(Number((await listing(ids.yenAuctionListing)).reference_amount)).toBe(206_667);
    const offer = await db.selectFrom("offers").select("amount_cents").where("id", "=", ids.yenOffer).executeTakeFirstOrThrow();
    expect(Number(offer.amount_cents)).toBe(1_200_000);
    const order = await db.selectFrom("orders").select(["amount_cents", "fee_cents"]).where("id", "=", ids.yenOrder).executeTakeFirstOrThrow();
    expect([Number(order.amount_cents), Number(order.fee_cents)]).toEqual([1_500_000, 37_500]);
    const totals = await db
      .selectFrom("order_totals_by_currency")
      .select(["amount_cents", "fee_cents"])
      .where("currency", "=", "JPY")
      .where("month", "=", "2026-11")
      .executeTakeFirstOrThrow();
    expect([Number(totals.amount_cents), Number(totals.fee_cents)]).toEqual([1_500_000, 37_500]);
    const fee = await db.selectFrom("platform_fees").select("amount_cents").where("currency", "=", "JPY").executeTakeFirstOrThrow();
    expect(Number(fee.amount_cents)).toBe(1_500);
  });
});

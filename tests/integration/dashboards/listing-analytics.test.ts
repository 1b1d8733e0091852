// /listings/{id}/analytics, both engines: the owner and administrators see the listing's figures as the
// database holds them (views per day from recorded views, watchers, saved-search matches, offers, the auction's bid
// history with bidders as first name + last initial, bidders count); anyone else gets docs/product/dashboards.md#entry's refusal.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { recordListingView } from "~/services/listings/listing-views.server.ts";
import { LISTING_ANALYTICS_MESSAGES, type ListingAnalytics } from "~/services/listings/listing-analytics.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const route = await import("~/routes/listings.$id_.analytics.tsx");

let opened: OpenedDatabase;
const people = { seller: "", other: "", admin: "", dana: "", lee: "" };
let listingId = 0;
const calls = () => routeCalls<ListingAnalytics & { message?: string }>({ db: () => opened.db });
const get = (who: string) => calls().get(route, `/listings/${listingId}/analytics`, who, { id: String(listingId) });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.dana = await insertUserRow(opened.db, "dana@example.test", "buyer");
  people.lee = await insertUserRow(opened.db, "lee@example.test", "buyer");
  await opened.db.updateTable("profiles").set({ first_name: "Dana", last_name: "Kowalski" }).where("id", "=", people.dana).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Lee", last_name: "" }).where("id", "=", people.lee).execute();
  listingId = await insertListingRow(opened.db, people.seller, { title: "Anritsu MS2720T analyzer", listing_type: "auction" });
  const today = new Date();
  for (let i = 0; i < 3; i++) await recordListingView(opened.db, { listingId, ownerId: people.seller, ip: `203.0.113.${i + 1}`, now: today });
  await opened.db
    .insertInto("watchlist")
    .values([
      { user_id: people.dana, listing_id: listingId },
      { user_id: people.lee, listing_id: listingId },
    ])
    .execute();
  await opened.db
    .insertInto("offers")
    .values({
      listing_id: listingId,
      buyer_id: people.dana,
      seller_id: people.seller,
      amount_cents: 1_000,
      status: "declined",
      made_by: "buyer",
      expires_at: today.toISOString(),
    })
    .execute();
  const auction = await opened.db
    .insertInto("auctions")
    .values({
      listing_id: listingId,
      start_date: today.toISOString(),
      end_date: new Date(today.getTime() + 86_400_000).toISOString(),
      starting_price_cents: 10_000,
      current_price_cents: 12_000,
      bid_count: 3,
      status: "active",
      auto_extend: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [user, amount] of [
    [people.dana, 10_000],
    [people.lee, 11_000],
    [people.dana, 12_000],
  ] as const) {
    await opened.db.insertInto("bids").values({ auction_id: auction.id, user_id: user, amount_cents: amount, is_auto: 0 }).execute();
  }
});
afterAll(async () => {
  await opened.close();
});

describe("/listings/{id}/analytics", () => {
  it("shows the owner the listing's figures", async () => {
    const answer = await get(people.seller);
    expect(answer.status).toBe(200);
    const figures = answer.data!;
    expect(figures.listing.views).toBe(3);
    expect(figures.viewsByDay).toHaveLength(30);
    expect(figures.viewsByDay.at(-1)?.views).toBe(3);
    expect(figures.watchers).toBe(2);
    expect(figures.savedSearchMatches).toBe(0);
    expect(figures.offers).toEqual({ total: 1, open: 0, accepted: 0, declined: 1 });
    expect(figures.auction).toMatchObject({ bidCount: 3, bidders: 2, currentPriceCents: 12_000 });
    expect(figures.auction?.bids.map((bid) => [bid.bidder, bid.amountCents])).toEqual([
      ["Dana K.", 12_000],
      ["Lee", 11_000],
      ["Dana K.", 10_000],
    ]);
  });

  it("lets an administrator in and refuses everyone else with the spec's message", async () => {
    expect((await get(people.admin)).status).toBe(200);
    for (const who of [people.other, people.dana]) {
      const refused = await get(who);
      expect(refused).toMatchObject({ status: 403, data: { message: LISTING_ANALYTICS_MESSAGES.forbidden } });
    }
    expect((await calls().get(route, "/listings/999999/analytics", people.seller, { id: "999999" })).status).toBe(404);
  });
});

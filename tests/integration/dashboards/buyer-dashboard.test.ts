// The buyer dashboard (docs/product/dashboards.md#buyer), both engines: each section shows the buyer's own rows within the
// spec's caps (watchlist 3, recently viewed 4, saved searches 3, notifications 3 of 5), the active bids say leading or
// outbid, orders and offers waiting for the buyer, purchases per month and category; empty states; /buyer-dashboard for
// the buyer role only; /saved-searches opens the saved-searches tab.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { getActiveBids, getBuyerOffers, getBuyerPurchases, getBuyerWatchlist } from "~/services/dashboards/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { pageRoute, pageText, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const dashboardRoute = (await import("~/routes/dashboard.tsx")) as unknown as RouteModule;
const buyerDashboardRoute = (await import("~/routes/buyer-dashboard.tsx")) as unknown as RouteModule;
const savedSearchesRoute = await import("~/routes/saved-searches.tsx");

let opened: OpenedDatabase;
const people = { buyer: "", rival: "", seller: "", fresh: "" };
const listings: number[] = [];
const auctions = { leading: 0, outbid: 0, ended: 0 };
const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
let orderNumber = 0;

async function order(listingId: number, buyerId: string, status: string, paidAt: string | null, amountCents = 100_000) {
  orderNumber += 1;
  const row = await opened.db
    .insertInto("orders")
    .values({
      reference: `TB-BUY-${orderNumber}`,
      listing_id: listingId,
      buyer_id: buyerId,
      seller_id: people.seller,
      sale_type: "buy_now",
      amount_cents: amountCents,
      fee_cents: 2_500,
      fee_rate_bp: 250,
      status,
      paid_at: paidAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function auctionWithBids(listingId: number, bids: Array<[string, number]>, status = "active") {
  const auction = await opened.db
    .insertInto("auctions")
    .values({
      listing_id: listingId,
      start_date: daysAgo(1),
      end_date: new Date(NOW.getTime() + 2 * 86_400_000).toISOString(),
      starting_price_cents: 10_000,
      current_price_cents: bids.at(-1)![1],
      bid_count: bids.length,
      status,
      auto_extend: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let lastBid = 0;
  for (const [userId, amount] of bids) {
    lastBid = (
      await opened.db
        .insertInto("bids")
        .values({ auction_id: auction.id, user_id: userId, amount_cents: amount, is_auto: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }
  await opened.db.updateTable("auctions").set({ leading_bid_id: lastBid }).where("id", "=", auction.id).execute();
  return auction.id;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  people.rival = await insertUserRow(opened.db, "rival@example.test", "buyer");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.fresh = await insertUserRow(opened.db, "fresh@example.test", "buyer");
  await opened.db.updateTable("profiles").set({ first_name: "Noor", last_name: "Haddad" }).where("id", "=", people.buyer).execute();
  for (let i = 0; i < 8; i++) {
    listings.push(
      await insertListingRow(opened.db, people.seller, {
        title: `Fluke 1587 insulation tester ${i}`,
        brand: "Fluke",
        model: `1587-${i}`,
        price_cents: 50_000 + i * 1_000,
      }),
    );
  }
  // Watchlist: 4 (the newest 3 shown); the rival's entry never appears.
  for (let i = 0; i < 4; i++)
    await opened.db
      .insertInto("watchlist")
      .values({ user_id: people.buyer, listing_id: listings[i]!, created_at: daysAgo(10 - i) })
      .execute();
  await opened.db.insertInto("watchlist").values({ user_id: people.rival, listing_id: listings[7]! }).execute();
  // Recently viewed: 5 (4 shown).
  for (let i = 0; i < 5; i++)
    await opened.db
      .insertInto("recent_views")
      .values({ user_id: people.buyer, listing_id: listings[i]!, viewed_at: daysAgo(5 - i) })
      .execute();
  // Saved searches: 4 (3 shown).
  for (let i = 0; i < 4; i++) {
    await opened.db
      .insertInto("saved_searches")
      .values({
        user_id: people.buyer,
        name: `Megger search ${i}`,
        search_params: JSON.stringify({ keyword: `megger ${i}` }),
        notify_on_new: 1,
        created_at: daysAgo(4 - i),
      })
      .execute();
  }
  // Notifications: 5, the newest unread.
  for (let i = 0; i < 5; i++) {
    await opened.db
      .insertInto("notifications")
      .values({
        user_id: people.buyer,
        title: `Price drop ${i}`,
        message: `Now cheaper ${i}`,
        type: "price_drop",
        is_read: i === 4 ? 0 : 1,
        created_at: daysAgo(5 - i),
      })
      .execute();
  }
  auctions.leading = await auctionWithBids(listings[5]!, [
    [people.rival, 20_000],
    [people.buyer, 21_000],
  ]);
  auctions.outbid = await auctionWithBids(listings[6]!, [
    [people.buyer, 30_000],
    [people.rival, 31_000],
  ]);
  auctions.ended = await auctionWithBids(listings[4]!, [[people.buyer, 15_000]], "ended");
  // Orders: one to pay, one to confirm, two completed purchases (months apart), one of the rival's.
  await order(listings[0]!, people.buyer, "pending", null);
  await order(listings[1]!, people.buyer, "shipped", daysAgo(3));
  await order(listings[2]!, people.buyer, "completed", daysAgo(2), 120_000);
  await order(listings[3]!, people.buyer, "completed", daysAgo(70), 80_000);
  await order(listings[7]!, people.rival, "completed", daysAgo(2));
  const expires = new Date(NOW.getTime() + 86_400_000).toISOString();
  await opened.db
    .insertInto("offers")
    .values([
      {
        listing_id: listings[0]!,
        buyer_id: people.buyer,
        seller_id: people.seller,
        amount_cents: 40_000,
        status: "open",
        made_by: "seller",
        expires_at: expires,
      },
      {
        listing_id: listings[1]!,
        buyer_id: people.buyer,
        seller_id: people.seller,
        amount_cents: 40_000,
        status: "open",
        made_by: "buyer",
        expires_at: expires,
      },
      {
        listing_id: listings[2]!,
        buyer_id: people.buyer,
        seller_id: people.seller,
        amount_cents: 40_000,
        status: "open",
        made_by: "buyer",
        expires_at: daysAgo(1),
      },
    ])
    .execute();
});
afterAll(async () => {
  await opened.close();
});

describe("the buyer dashboard's figures", () => {
  it("watchlist: the newest 3 of the buyer's own, with brand and model", async () => {
    const watch = await getBuyerWatchlist(opened.db, people.buyer);
    expect(watch.total).toBe(4);
    expect(watch.items.map((item) => item.listingId)).toEqual([listings[3], listings[2], listings[1]]);
    expect(watch.items[0]).toMatchObject({ brand: "Fluke", model: "1587-3" });
  });

  it("watchlist: a live auction at its current bid (the watchlist's price), a fixed price or an ended auction at the price", async () => {
    const watcher = await insertUserRow(opened.db, undefined, "buyer");
    for (const [i, index] of [0, 4, 6].entries())
      await opened.db
        .insertInto("watchlist")
        .values({ user_id: watcher, listing_id: listings[index]!, created_at: daysAgo(3 - i) })
        .execute();
    const watch = await getBuyerWatchlist(opened.db, watcher);
    expect(watch.items.map((item) => [item.listingId, item.priceCents, item.bidCount])).toEqual([
      [listings[6], 31_000, 2],
      [listings[4], 54_000, null],
      [listings[0], 50_000, null],
    ]);
  });

  it("active bids: live auctions only, leading or outbid, with the buyer's highest bid", async () => {
    const bids = await getActiveBids(opened.db, people.buyer);
    expect(bids.map((bid) => [bid.auctionId, bid.leading, bid.myBidCents, bid.currentPriceCents])).toEqual(
      expect.arrayContaining([
        [auctions.leading, true, 21_000, 21_000],
        [auctions.outbid, false, 30_000, 31_000],
      ]),
    );
    expect(bids).toHaveLength(2);
  });

  it("offers: sellers' counters awaiting the buyer and the buyer's open offers, expired ones left out", async () => {
    expect(await getBuyerOffers(opened.db, people.buyer, NOW)).toEqual({ awaitingYou: 1, awaitingSeller: 1 });
  });

  it("purchases: paid orders or further, per month and per category", async () => {
    const purchases = await getBuyerPurchases(opened.db, people.buyer, NOW);
    expect(purchases.count).toBe(3);
    expect(purchases.totals).toEqual([{ currency: "USD", cents: 300_000 }]);
    expect(purchases.byMonth).toHaveLength(12);
    expect(purchases.byMonth.reduce((sum, point) => sum + point.purchases, 0)).toBe(3);
    expect(purchases.byCategory).toEqual([{ category: "Test & Measurement", purchases: 3 }]);
  });
});

/** The visible text of one dashboard section (by its heading's id prefix). */
function sectionText(html: string, id: string): string {
  const start = html.indexOf(`id="${id}-heading"`);
  return pageText(html.slice(start, html.indexOf("</section>", start)));
}

async function pageAs(route: RouteModule, path: string, userId: string | null) {
  const headers = userId ? { Cookie: await sessionCookie(opened.db, userId) } : undefined;
  return renderPage([pageRoute(path, route)], new Request(`http://localhost${path}`, { headers }));
}

describe("the buyer dashboard page", () => {
  it("/dashboard shows a buyer every section within the spec's caps", async () => {
    const page = await pageAs(dashboardRoute, "/dashboard", people.buyer);
    expect(page.status).toBe(200);
    const text = page.text;
    for (const heading of [
      "Welcome, Noor",
      "Your Watchlist",
      "Recently Viewed",
      "Profile Summary",
      "Saved Searches",
      "Recent Notifications",
      "My active bids",
      "Orders awaiting your action",
      "Your purchases",
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain("buyer@example.test");
    expect(text).toContain("Edit Profile");
    // Caps: watchlist 3 of 4, recently viewed 4 of 5, saved searches 3 of 4, notifications 3 of 5.
    expect((sectionText(page.html, "buyer-watchlist").match(/insulation tester \d/g) ?? []).sort()).toEqual([
      "insulation tester 1",
      "insulation tester 2",
      "insulation tester 3",
    ]);
    expect((sectionText(page.html, "buyer-recent").match(/insulation tester \d/g) ?? []).sort()).toEqual([
      "insulation tester 1",
      "insulation tester 2",
      "insulation tester 3",
      "insulation tester 4",
    ]);
    expect((text.match(/Megger search \d/g) ?? []).length).toBe(3);
    expect(text).not.toContain("Megger search 0");
    expect((text.match(/Price drop \d/g) ?? []).length).toBe(3);
    expect(text).toContain("Price drop 4 (unread)");
    expect(text).toContain("Price drop 2");
    expect(text).not.toContain("Price drop 1");
    expect(page.html).toContain('href="/saved-searches"');
    expect(page.html).toContain('data-notification-type="price_drop"');
    expect(text).toContain("Leading");
    expect(text).toContain("Outbid");
    expect(text).toContain("Pay");
    expect(text).toContain("Confirm receipt");
    expect(text).toContain("Counter-offers awaiting your answer: 1");
  });

  it("a new buyer sees every empty state", async () => {
    const page = await pageAs(buyerDashboardRoute, "/buyer-dashboard", people.fresh);
    expect(page.status).toBe(200);
    for (const text of [
      "Browse Equipment",
      "You haven't viewed any equipment listings yet.",
      "You don't have any saved searches yet.",
      "You don't have any notifications yet.",
      "You have no bids on live auctions.",
    ]) {
      expect(page.text).toContain(text);
    }
  });

  it("/buyer-dashboard is for the buyer role only; /saved-searches opens the saved-searches tab", async () => {
    expect(await pageAs(buyerDashboardRoute, "/buyer-dashboard", people.seller)).toMatchObject({ status: 302, location: "/" });
    expect((await pageAs(buyerDashboardRoute, "/buyer-dashboard", null)).location).toMatch(/^\/login\?/);
    const cookie = await sessionCookie(opened.db, people.buyer);
    const answer = await savedSearchesRoute
      .loader({
        request: new Request("http://localhost/saved-searches", { headers: { Cookie: cookie } }),
        params: {},
        context: { cspNonce: "", clientIp: "192.0.2.1" },
      })
      .catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/watchlist?tab=saved-searches");
  });
});

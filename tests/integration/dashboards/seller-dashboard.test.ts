// The seller dashboard, both engines: every figure equals what the database holds for the seller and
// nothing of another seller's; /dashboard shows it to sellers and /seller-dashboard only to the seller role
// (docs/product/accounts.md#roles: exact role, others to /); empty states; a failing section shows its own message.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { recordListingView } from "~/services/listings/listing-views.server.ts";
import { getSellerListingRows, getSellerPerformance, getSellerStats, getSellerTasks } from "~/services/dashboards/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { brokenDatabase, pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

// `then`: the database every getDb() after the next one answers with (the session lookup reads the real one first).
const database = vi.hoisted(() => ({ current: undefined as unknown, then: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({
  getDb: () => {
    const db = database.current;
    if (database.then) [database.current, database.then] = [database.then, undefined];
    return db;
  },
}));

const dashboardRoute = (await import("~/routes/dashboard.tsx")) as unknown as RouteModule;
const sellerDashboardRoute = (await import("~/routes/seller-dashboard.tsx")) as unknown as RouteModule;

let opened: OpenedDatabase;
const people = { seller: "", other: "", buyer: "", admin: "", fresh: "" };
const listings: Record<string, number> = {};
const NOW = new Date("2026-11-20T12:00:00.000Z");
let orderNumber = 0;

async function order(listingId: number, sellerId: string, status: string, amountCents: number, paidAt: string | null, currency = "USD") {
  orderNumber += 1;
  await opened.db
    .insertInto("orders")
    .values({
      reference: `TB-DASH-${orderNumber}`,
      listing_id: listingId,
      buyer_id: people.buyer,
      seller_id: sellerId,
      sale_type: "buy_now",
      amount_cents: amountCents,
      fee_cents: Math.round(amountCents * 0.025),
      fee_rate_bp: 250,
      currency,
      status,
      paid_at: paidAt,
    })
    .execute();
}

async function views(listingId: number, ownerId: string, count: number, at: Date) {
  for (let i = 0; i < count; i++) await recordListingView(opened.db, { listingId, ownerId, ip: `198.51.100.${i + 1}`, now: at });
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.fresh = await insertUserRow(opened.db, "fresh@example.test", "seller");
  await opened.db.updateTable("profiles").set({ first_name: "Ines" }).where("id", "=", people.seller).execute();
  const base = { condition: "used_good" };
  listings.scope = await insertListingRow(opened.db, people.seller, {
    ...base,
    title: "Tektronix MDO3104 oscilloscope",
    brand: "Tektronix",
    model: "MDO3104",
    price_cents: 950_000,
    status: "active",
    created_at: "2026-11-01T00:00:00.000Z",
  });
  listings.plc = await insertListingRow(opened.db, people.seller, {
    ...base,
    title: "Siemens S7-1500 CPU 1516",
    brand: "Siemens",
    model: "6ES7516",
    price_cents: 240_000,
    status: "active",
    created_at: "2026-11-02T00:00:00.000Z",
  });
  listings.draft = await insertListingRow(opened.db, people.seller, {
    ...base,
    title: "Fluke 87V multimeter",
    price_cents: 30_000,
    status: "draft",
    created_at: "2026-11-03T00:00:00.000Z",
  });
  listings.sold = await insertListingRow(opened.db, people.seller, {
    ...base,
    title: "Keysight E5071C network analyzer",
    price_cents: 1_500_000,
    status: "sold",
    created_at: "2026-10-01T00:00:00.000Z",
  });
  listings.archived = await insertListingRow(opened.db, people.seller, {
    ...base,
    title: "Rohde & Schwarz FSV signal analyzer",
    price_cents: 700_000,
    status: "archived",
    created_at: "2026-09-01T00:00:00.000Z",
  });
  listings.elsewhere = await insertListingRow(opened.db, people.other, {
    ...base,
    title: "Other seller's spectrum analyzer",
    price_cents: 5_000_000,
    status: "active",
  });

  // Views: this month 5 + 3 (+ 2 on the other seller's listing, never counted for ours); last month 4.
  await views(listings.scope!, people.seller, 5, new Date("2026-11-19T09:00:00.000Z"));
  await views(listings.plc!, people.seller, 3, new Date("2026-11-05T09:00:00.000Z"));
  await views(listings.sold!, people.seller, 4, new Date("2026-10-20T09:00:00.000Z"));
  await views(listings.elsewhere!, people.other, 2, new Date("2026-11-19T09:00:00.000Z"));

  // Sales: two counted (paid in October and November), one pending and one cancelled not counted; the other seller's too.
  await order(listings.sold!, people.seller, "completed", 1_500_000, "2026-10-21T10:00:00.000Z");
  await order(listings.scope!, people.seller, "paid", 950_000, "2026-11-18T10:00:00.000Z");
  await order(listings.plc!, people.seller, "pending", 240_000, null);
  await order(listings.plc!, people.seller, "cancelled", 240_000, null);
  await order(listings.elsewhere!, people.other, "paid", 5_000_000, "2026-11-18T10:00:00.000Z");

  await opened.db
    .insertInto("watchlist")
    .values([
      { user_id: people.buyer, listing_id: listings.scope! },
      { user_id: people.admin, listing_id: listings.scope! },
      { user_id: people.buyer, listing_id: listings.plc! },
    ])
    .execute();
  const offer = { amount_cents: 200_000, buyer_id: people.buyer, expires_at: "2026-11-25T00:00:00.000Z" };
  await opened.db
    .insertInto("offers")
    .values([
      { ...offer, listing_id: listings.plc!, seller_id: people.seller, status: "open", made_by: "buyer" },
      { ...offer, listing_id: listings.plc!, seller_id: people.seller, status: "declined", made_by: "buyer" },
      { ...offer, listing_id: listings.plc!, seller_id: people.seller, status: "open", made_by: "buyer", expires_at: "2026-11-01T00:00:00.000Z" },
      { ...offer, listing_id: listings.elsewhere!, seller_id: people.other, status: "open", made_by: "buyer" },
    ])
    .execute();
});
afterAll(async () => {
  await opened.close();
});

describe("the seller dashboard's figures", () => {
  it("stat cards equal the seller's rows: listings by status, sales paid or further, views counted this month", async () => {
    const stats = await getSellerStats(opened.db, people.seller, NOW);
    expect(stats).toEqual({
      totalListings: 5,
      countsByStatus: { draft: 1, active: 2, sold: 1, archived: 1, unsold: 0 },
      activeListings: 2,
      salesCount: 2,
      totalSales: [{ currency: "USD", cents: 2_450_000 }],
      viewsThisMonth: 8,
    });
    // The rollup agrees with listing_views itself.
    const counted = await opened.db
      .selectFrom("listing_views as v")
      .innerJoin("equipment_listings as l", "l.id", "v.listing_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("l.user_id", "=", people.seller)
      .where("v.viewed_at", ">=", "2026-11-01")
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(8);
  });

  it("Your Listings: newest first, capped, with watchers (not the seller) and conversion; Top Performing by views", async () => {
    const rows = await getSellerListingRows(opened.db, people.seller, "created", 5);
    expect(rows.map((row) => row.id)).toEqual([listings.draft, listings.plc, listings.scope, listings.sold, listings.archived]);
    const scope = rows.find((row) => row.id === listings.scope)!;
    expect(scope).toMatchObject({ views: 5, watchers: 2, sales: 1, conversion: 1 / 5, brand: "Tektronix", model: "MDO3104", status: "active" });
    expect(rows.find((row) => row.id === listings.draft)).toMatchObject({ views: 0, watchers: 0, conversion: null });
    const top = await getSellerListingRows(opened.db, people.seller, "views", 3);
    expect(top.map((row) => [row.id, row.views])).toEqual([
      [listings.scope, 5],
      [listings.sold, 4],
      [listings.plc, 3],
    ]);
  });

  it("Performance Overview: views per day for 30 days and sales per month for 12 months, zeros filled", async () => {
    const figures = await getSellerPerformance(opened.db, people.seller, NOW);
    expect(figures.viewsByDay).toHaveLength(30);
    expect(figures.viewsByDay.at(-1)).toEqual({ day: "2026-11-20", views: 0 });
    expect(figures.viewsByDay.find((point) => point.day === "2026-11-19")?.views).toBe(5);
    expect(figures.viewsByDay.find((point) => point.day === "2026-11-05")?.views).toBe(3);
    expect(figures.viewsByDay.find((point) => point.day === "2026-10-22")?.views).toBe(0);
    expect(figures.viewsByDay.reduce((sum, point) => sum + point.views, 0)).toBe(8);
    expect(figures.salesByMonth).toHaveLength(12);
    expect(figures.salesByMonth[0]?.month).toBe("2025-12");
    expect(figures.salesByMonth.at(-1)).toEqual({ month: "2026-11", sales: 1, cents: 950_000 });
    expect(figures.salesByMonth.at(-2)).toEqual({ month: "2026-10", sales: 1, cents: 1_500_000 });
  });

  it("needs your attention: open unexpired buyers' offers, paid orders to ship, this month's fees", async () => {
    expect(await getSellerTasks(opened.db, people.seller, NOW)).toEqual({
      offersAwaitingAnswer: 1,
      ordersToShip: 1,
      feesThisMonth: [{ currency: "USD", cents: Math.round(950_000 * 0.025) }],
      // Featuring fees owed: none bought here; listings/featuring.test.ts buys some.
      platformFeesOwed: [],
    });
  });

  it("a seller with nothing yet gets zeros and empty lists", async () => {
    expect(await getSellerStats(opened.db, people.fresh, NOW)).toMatchObject({ totalListings: 0, salesCount: 0, totalSales: [], viewsThisMonth: 0 });
    expect(await getSellerListingRows(opened.db, people.fresh, "created", 5)).toEqual([]);
  });
});

async function pageAs(route: RouteModule, path: string, userId: string | null) {
  const headers = userId ? { Cookie: await sessionCookie(opened.db, userId) } : undefined;
  return renderPage([pageRoute(path, route)], new Request(`http://localhost${path}`, { headers }));
}

describe("the dashboard pages", () => {
  it("/dashboard shows a seller their own dashboard, the chart's table in the server's HTML", async () => {
    const page = await pageAs(dashboardRoute, "/dashboard", people.seller);
    expect(page.status).toBe(200);
    for (const text of [
      "Welcome, Ines",
      "Create New Listing",
      "Total Listings",
      "Active Listings",
      "Total Sales",
      "Views This Month",
      "Your Listings",
      "Performance Overview",
      "Top Performing Listings",
      "Quick Actions",
      "Tips & Resources",
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toContain("Tektronix MDO3104 oscilloscope");
    expect(page.text).not.toContain("Other seller's spectrum analyzer");
    // The figures as a table in the server's HTML (recharts draws the bars once the page runs in the browser).
    expect(page.text).toContain("Views of your listings per day, last 30 days");
    expect(page.text).toContain("Nov 19 5");
    expect(page.html).toContain('href="/seller/listings"');
    expect(page.html).toContain('href="/knowledge-base/pricing-guide"');
  });

  it("a new seller sees the empty states", async () => {
    const page = await pageAs(sellerDashboardRoute, "/seller-dashboard", people.fresh);
    expect(page.text).toContain("No listings yet");
    expect(page.text).toContain("No data available yet.");
    expect(page.text).toContain("Welcome, User");
  });

  it("/seller-dashboard is for the seller role only: others go to /, visitors sign in", async () => {
    expect((await pageAs(sellerDashboardRoute, "/seller-dashboard", people.seller)).status).toBe(200);
    for (const who of [people.admin, people.buyer]) {
      expect(await pageAs(sellerDashboardRoute, "/seller-dashboard", who)).toMatchObject({ status: 302, location: "/" });
    }
    const anonymous = await pageAs(sellerDashboardRoute, "/seller-dashboard", null);
    expect(anonymous.location).toMatch(/^\/login\?/);
  });

  it("a failing read shows each section's own message, not an error page", async () => {
    const cookie = await sessionCookie(opened.db, people.seller);
    database.then = brokenDatabase();
    try {
      const page = await renderPage(
        [pageRoute("/seller-dashboard", sellerDashboardRoute)],
        new Request("http://localhost/seller-dashboard", { headers: { Cookie: cookie } }),
      );
      expect(page.status).toBe(200);
      expect(page.text).toContain("Failed to load your listings");
      expect(page.text).toContain("Failed to load your statistics");
      expect(page.text).toContain("Quick Actions");
    } finally {
      database.current = opened.db;
      database.then = undefined;
    }
  });
});

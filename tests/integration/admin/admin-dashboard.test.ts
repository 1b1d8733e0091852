// The admin dashboard, sales and reports on both engines: the figures shown equal what the database
// holds when counted the slow way (known listings, members and orders, then moves, status changes and deletions the
// maintained counts must follow); recent sales and users; sections by permission; the page renders its figures and
// charts on the server; the sales CSV is bounded and quoted; the report's months add up.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DASHBOARD_MESSAGES, SOLD_ORDER_STATUSES } from "~/lib/admin-dashboard.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import {
  categoryDistribution,
  dashboardStats,
  flaggedListingsOf,
  growthByMonth,
  listSalesForAdmin,
  loadAdminDashboard,
  marketplaceReport,
  recentSalesOf,
  reportCsv,
  salesCsv,
} from "~/services/admin/index.server.ts";
import { OSCILLOSCOPES, insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const overviewRoute = await import("~/routes/admin._index.tsx");
const reviewRoute = await import("~/routes/admin.review-listing.$id.tsx");

let opened: OpenedDatabase;
const people = { admin: "", moderator: "", billing: "", seller: "", buyer: "" };
const NOW = new Date("2026-11-20T12:00:00.000Z");
const MULTIMETERS = "industrial_electronics_test_measurement_digital_multimeters";
let reference = 0;

async function insertOrder(listingId: number, status: string, amountCents: number, createdAt: string) {
  reference += 1;
  await opened.db
    .insertInto("orders")
    .values({
      reference: `TB-TEST-${reference}`,
      listing_id: listingId,
      buyer_id: people.buyer,
      seller_id: people.seller,
      sale_type: "buy_now",
      amount_cents: amountCents,
      fee_cents: Math.round(amountCents * 0.025),
      fee_rate_bp: 250,
      status,
      created_at: createdAt,
    })
    .execute();
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator");
  people.billing = await insertUserRow(opened.db, "billing@example.test", "billing");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  await opened.db.updateTable("profiles").set({ company_name: "Okafor Test Systems" }).where("id", "=", people.seller).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers" }).where("id", "=", people.buyer).execute();
  // Members who joined in earlier months (the trigger moves them between months).
  await opened.db.updateTable("profiles").set({ created_at: "2026-09-03T10:00:00.000Z" }).where("id", "in", [people.seller, people.buyer]).execute();
  await opened.db
    .updateTable("profiles")
    .set({ created_at: "2026-11-10T10:00:00.000Z" })
    .where("id", "in", [people.admin, people.moderator, people.billing])
    .execute();

  const listings: number[] = [];
  const spec: Array<[string, string, string]> = [
    ["active", OSCILLOSCOPES, "2026-09-10T08:00:00.000Z"],
    ["active", OSCILLOSCOPES, "2026-10-11T08:00:00.000Z"],
    ["active", MULTIMETERS, "2026-10-12T08:00:00.000Z"],
    ["sold", MULTIMETERS, "2026-11-01T08:00:00.000Z"],
    ["draft", OSCILLOSCOPES, "2026-11-02T08:00:00.000Z"],
    ["active", MULTIMETERS, "2026-11-03T08:00:00.000Z"],
  ];
  for (const [status, category, createdAt] of spec)
    listings.push(await insertListingRow(opened.db, people.seller, { status, category_id: category, created_at: createdAt }));
  // Changes the maintained counts must follow: a sale, a move to another category, a deletion.
  await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", listings[1]!).execute();
  await opened.db.updateTable("equipment_listings").set({ category_id: OSCILLOSCOPES }).where("id", "=", listings[5]!).execute();
  await opened.db.deleteFrom("equipment_listings").where("id", "=", listings[2]!).execute();

  await insertOrder(listings[1]!, "completed", 250_000, "2026-10-15T09:00:00.000Z");
  await insertOrder(listings[3]!, "paid", 120_050, "2026-11-05T09:00:00.000Z");
  await insertOrder(listings[0]!, "pending", 99_900, "2026-11-06T09:00:00.000Z");
  await insertOrder(listings[0]!, "cancelled", 99_900, "2026-11-04T09:00:00.000Z");
  await opened.db
    .insertInto("ai_generations")
    .values([
      { brand: "Fluke", model: "87V", outcome: "ai" },
      { brand: "Keysight", model: "34465A", outcome: "fallback" },
    ])
    .execute();
});
afterAll(async () => {
  await opened.close();
});

async function slowCount(query: string): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`${sql.raw(query)}`.execute(opened.db);
  return Number(rows[0]?.n ?? 0);
}

describe("admin dashboard figures", () => {
  it("equal the database's own counts and sums", async () => {
    const stats = await dashboardStats(opened.db);
    expect(stats.totalListings).toBe(await slowCount("select count(*) as n from equipment_listings"));
    expect(stats.totalListings).toBe(5);
    expect(stats.totalUsers).toBe(await slowCount("select count(*) as n from profiles"));
    expect(stats.totalSalesCents).toBe(
      await slowCount(`select sum(amount_cents) as n from orders where status in (${SOLD_ORDER_STATUSES.map((status) => `'${status}'`).join(", ")})`),
    );
    expect(stats.totalSalesCents).toBe(370_050);
    // The model's generation counts; the built-in generator's fallback does not.
    expect(stats.aiListingsProcessed).toBe(1);
  });

  it("sales figures follow an order's refund and its deletion", async () => {
    const paid = await opened.db.selectFrom("orders").select("id").where("status", "=", "paid").executeTakeFirstOrThrow();
    await opened.db.updateTable("orders").set({ status: "refunded" }).where("id", "=", paid.id).execute();
    expect((await dashboardStats(opened.db)).totalSalesCents).toBe(250_000);
    const extra = await opened.db.selectFrom("equipment_listings").select("id").where("status", "=", "draft").executeTakeFirstOrThrow();
    await insertOrder(extra.id, "completed", 1_000, "2026-11-07T09:00:00.000Z");
    await opened.db.deleteFrom("orders").where("reference", "=", `TB-TEST-${reference}`).execute();
    await opened.db.updateTable("orders").set({ status: "paid" }).where("id", "=", paid.id).execute();
    expect((await dashboardStats(opened.db)).totalSalesCents).toBe(370_050);
  });

  it("categories count live listings by main category; growth follows moves and deletions", async () => {
    const shares = await categoryDistribution(opened.db);
    const live = await slowCount("select count(*) as n from equipment_listings where status = 'active'");
    expect(shares.reduce((sum, share) => sum + share.listings, 0)).toBe(live);
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ categoryId: "industrial_electronics", listings: 2 });

    const growth = await growthByMonth(opened.db, NOW, 3);
    expect(growth.map((month) => month.month)).toEqual(["2026-09", "2026-10", "2026-11"]);
    for (const month of growth) {
      expect(month.listings).toBe(await slowCount(`select count(*) as n from equipment_listings where substr(created_at, 1, 7) = '${month.month}'`));
      expect(month.users).toBe(await slowCount(`select count(*) as n from profiles where substr(created_at, 1, 7) = '${month.month}'`));
    }
    expect(growth.map((month) => month.sales)).toEqual([0, 1, 1]);
    expect(growth.map((month) => month.users)).toEqual([2, 0, 3]);
  });

  it("recent sales are the newest sold orders with the parties' names", async () => {
    const sales = await recentSalesOf(opened.db, 5);
    expect(sales.map((sale) => sale.amountCents)).toEqual([120_050, 250_000]);
    expect(sales[0]).toMatchObject({ buyer: { name: "Bianca Byers" }, seller: { name: "Okafor Test Systems" } });
  });

  it("opens only the sections the role's permissions open", async () => {
    const asModerator = await loadAdminDashboard(opened.db, await permissionsOfRole(opened.db, "moderator"), { now: NOW });
    expect([asModerator.stats, asModerator.recentSales, asModerator.recentUsers, asModerator.systemStatus]).toEqual([null, null, null, null]);
    expect(asModerator.flaggedListings).toEqual({ state: "ok", data: [] });
    const asBilling = await loadAdminDashboard(opened.db, await permissionsOfRole(opened.db, "billing"), { now: NOW });
    expect(asBilling.stats?.state).toBe("ok");
    expect(asBilling.recentUsers).toBeNull();
    expect(asBilling.quickActions.map((action) => action.to)).toEqual(["/admin/sales", "/admin/reports"]);
  });

  it("the /admin page renders the figures, the empty texts and the charts' tables on the server", async () => {
    const page = await renderPage(
      [pageRoute("/admin", overviewRoute as unknown as RouteModule)],
      new Request("http://localhost/admin", { headers: { Cookie: await sessionCookie(opened.db, people.admin) } }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("Total Listings");
    expect(page.text).toContain("$3,701");
    expect(page.text).toContain("Okafor Test Systems");
    expect(page.text).toContain(DASHBOARD_MESSAGES.noFlagged);
    expect(page.text).toContain("Live listings by main category");
    expect(page.text).toContain("New users, sales and new listings by month");
    expect(page.text).toContain("buyer@example.test");
  });

  it("a visitor's role without a staff permission is refused", async () => {
    const page = await renderPage(
      [pageRoute("/admin", overviewRoute as unknown as RouteModule)],
      new Request("http://localhost/admin", { headers: { Cookie: await sessionCookie(opened.db, people.buyer) } }),
    );
    expect(page.status).toBe(403);
  });
});

describe("flagged listings on the dashboard", () => {
  it("lists a reported listing with its reason and seller, and its Remove form takes it down and comes back to /admin", async () => {
    const listingId = await insertListingRow(opened.db, people.seller, { title: "Fluke 87V multimeter (reported)", created_at: "2026-11-08T08:00:00.000Z" });
    await opened.db.insertInto("listing_reports").values({ listing_id: listingId, reporter_id: people.buyer, reason: "counterfeit", note: "" }).execute();
    const flagged = await flaggedListingsOf(opened.db, 5);
    expect(flagged).toMatchObject([{ listingId, reason: "counterfeit", sellerName: "Okafor Test Systems", reports: 1 }]);

    const calls = routeCalls({ db: () => opened.db });
    const answer = await calls.post(
      reviewRoute,
      `/admin/review-listing/${listingId}`,
      people.moderator,
      { decision: "remove", returnTo: "/admin" },
      { id: String(listingId) },
    );
    expect(answer).toMatchObject({ status: 302, location: "/admin" });
    expect(await flaggedListingsOf(opened.db, 5)).toEqual([]);
    const listing = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
    expect(listing.status).not.toBe("active");
  });
});

describe("sales and reports", () => {
  it("lists pending and sold orders with totals by month, and filters by status", async () => {
    const all = await listSalesForAdmin(opened.db, { now: NOW });
    expect(all.total).toBe(3);
    expect(all.totals.amountCents).toBe(250_000 + 120_050 + 99_900);
    expect(all.months.find((month) => month.month === "2026-11")).toMatchObject({ orders: 2, amountCents: 219_950 });
    const pending = await listSalesForAdmin(opened.db, { filter: "pending", page: 99, now: NOW });
    expect(pending).toMatchObject({ total: 1, page: 1 });
  });

  it("the sales CSV holds every order once, quoted where needed", async () => {
    await opened.db.updateTable("equipment_listings").set({ title: '=HYPERLINK("x"), "quoted"' }).where("status", "=", "draft").execute();
    let text = "";
    for await (const chunk of salesCsv(opened.db, "all")) text += chunk;
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^order_id,created_at,status/);
    expect(lines).toHaveLength(4);
    expect(text).toContain("2500.00");
  });

  it("the sales CSV defuses a formula after a semicolon as well as at the start (issue 32 §6)", async () => {
    await opened.db.updateTable("equipment_listings").set({ title: "Scope;=1+1" }).execute();
    let text = "";
    for await (const chunk of salesCsv(opened.db, "all")) text += chunk;
    expect(text).not.toMatch(/(^|[,;\t|\r\n"])[=+@]/);
    expect(text).toContain("'=1+1");
  });

  it("the report's months add up to the database's sales, fees and views", async () => {
    const months = await marketplaceReport(opened.db, { months: 3, now: NOW });
    expect(months.reduce((sum, month) => sum + month.gmvCents, 0)).toBe(370_050);
    expect(months.reduce((sum, month) => sum + month.orders, 0)).toBe(2);
    expect(months.reduce((sum, month) => sum + month.feeCents, 0)).toBe(Math.round(250_000 * 0.025) + Math.round(120_050 * 0.025));
    const csv = reportCsv(months);
    expect(csv.split("\r\n")[0]).toBe("month,gmv,fees,orders,new_users,listings,views,conversion_percent");
    expect(csv).toContain("2026-10,2500.00");
  });
});

// Money totals per currency (decision 0062): /admin/sales and the dashboard
// never add C$3,550 to US$3,550 as $7,100. Each currency keeps its own total; the headline figure is converted through
// the exchange-rate table (starting rates: CAD 1.36 per US dollar) and says so. By hand: C$3,550.00 = 355,000 / 1.36 =
// 261,029.41 → $2,610.29; with US$3,550.00, $6,160.29 converted. Fees: C$177.50 → 17,750 / 1.36 = 13,051.47 → $130.51,
// with US$177.50: $308.01.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { convertedLabel } from "~/lib/admin-dashboard.ts";
import { dashboardStats, salesByMonth } from "~/services/admin/dashboard.server.ts";
import { listSalesForAdmin } from "~/services/admin/sales-report.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");
let database: OpenedDatabase;

async function order(currency: string, amountCents: number, feeCents: number, status = "completed"): Promise<void> {
  const seller = await insertUserRow(database.db, undefined, "seller");
  const buyer = await insertUserRow(database.db);
  const listingId = await insertListingRow(database.db, seller, { price_cents: amountCents, currency, status: "sold" });
  await database.db
    .insertInto("orders")
    .values({
      reference: `TB-${crypto.randomUUID().slice(0, 9)}`,
      listing_id: listingId,
      buyer_id: buyer,
      seller_id: seller,
      sale_type: "buy_now",
      amount_cents: amountCents,
      fee_cents: feeCents,
      fee_rate_bp: 500,
      currency,
      status,
      created_at: "2026-11-10T10:00:00.000Z",
    })
    .execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  await order("USD", 355_000, 17_750);
  await order("CAD", 355_000, 17_750);
  // Cancelled: no sale, in no total.
  await order("CAD", 999_900, 0, "cancelled");
});

afterAll(async () => {
  await database?.close();
});

describe("money totals", () => {
  it("on /admin/sales: one total per currency, and the converted sum labelled as converted", async () => {
    const page = await listSalesForAdmin(database.db, { filter: "sold", now: NOW });
    expect(page.totals.orders).toBe(2);
    expect(page.totals.money.byCurrency).toEqual([
      { currency: "CAD", orders: 1, amountCents: 355_000, feeCents: 17_750 },
      { currency: "USD", orders: 1, amountCents: 355_000, feeCents: 17_750 },
    ]);
    expect(page.totals.money.converted).toEqual({ currency: "USD", amountCents: 616_029, feeCents: 30_801, ratesOf: "2026-12-01", leftOut: [] });
    expect(page.totals.amountCents).toBe(616_029);
    expect(page.totals.amountCents).not.toBe(710_000);
    expect(convertedLabel(page.totals.money)).toBe("all currencies converted to USD at the exchange rates of 2026-12-01");
    const november = page.months.find((month) => month.month === "2026-11");
    expect(november).toMatchObject({ orders: 2, amountCents: 616_029, feeCents: 30_801, currency: "USD" });
    expect(november?.byCurrency.map((row) => [row.currency, row.amountCents])).toEqual([
      ["CAD", 355_000],
      ["USD", 355_000],
    ]);
  });

  it("on the dashboard: Total Sales is the converted sum, with each currency beside it", async () => {
    const stats = await dashboardStats(database.db);
    expect(stats.totalSalesCents).toBe(616_029);
    expect(stats.salesTotals.byCurrency.map((row) => [row.currency, row.amountCents])).toEqual([
      ["CAD", 355_000],
      ["USD", 355_000],
    ]);
  });

  it("follows a change of an order's currency and status, and leaves a currency without a rate out of the converted sum, by name", async () => {
    await database.db.deleteFrom("reference_rates").where("currency", "=", "CAD").execute();
    const months = await salesByMonth(database.db, "2026-11");
    expect(months).toEqual([
      {
        month: "2026-11",
        orders: 2,
        amountCents: 355_000,
        feeCents: 17_750,
        currency: "USD",
        byCurrency: [
          { currency: "CAD", orders: 1, amountCents: 355_000, feeCents: 17_750 },
          { currency: "USD", orders: 1, amountCents: 355_000, feeCents: 17_750 },
        ],
      },
    ]);
    const stats = await dashboardStats(database.db);
    expect(stats.salesTotals.converted.leftOut).toEqual(["CAD"]);
    expect(convertedLabel(stats.salesTotals)).toContain("CAD left out (no rate)");
    await database.db.updateTable("orders").set({ currency: "USD" }).where("currency", "=", "CAD").where("status", "=", "completed").execute();
    expect((await dashboardStats(database.db)).salesTotals.byCurrency).toEqual([{ currency: "USD", orders: 2, amountCents: 710_000, feeCents: 35_500 }]);
  });
});

// The admin dashboard in a browser: the demo administrator's /admin shows the four figures as the
// database counts them, Recent Sales linking to /admin/sales, Recent Users, the charts (with their tables for screen
// readers) and the System Status summary; /admin/system-status lists every check with its latency; the sales and
// reports pages answer with their CSV exports; a buyer is refused; axe finds nothing on /admin and
// /admin/system-status in light and dark mode.
import { CHART_DRAWINGS, expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration, withDatabase } from "./support.ts";

const count = (sql: string) => withDatabase((db) => Number((db.prepare(sql).get() as { n: number }).n));

test.describe("as the demo administrator", () => {
  signedInAsDemo("admin");

  test("the dashboard's figures are the database's, with its sections and charts", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ada" })).toBeVisible();
    const figures = page.getByRole("region", { name: "Marketplace figures" });
    const listings = count("select count(*) as n from equipment_listings");
    const users = count("select count(*) as n from profiles");
    await expect(figures.getByText("Total Listings")).toBeVisible();
    await expect(figures).toContainText(listings.toLocaleString("en-US"));
    await expect(figures).toContainText(users.toLocaleString("en-US"));

    await expect(page.getByRole("heading", { level: 2, name: "Recent Sales" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View All: Recent Sales" })).toHaveAttribute("href", "/admin/sales");
    await expect(page.getByRole("heading", { level: 2, name: "Recent Users" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Category Distribution" })).toBeVisible();
    await expect(page.locator("caption", { hasText: "Live listings by main category" })).toHaveCount(1);
    await expect(page.locator("caption", { hasText: "New users, sales and new listings by month" })).toHaveCount(1);
    await expect(page.getByRole("region", { name: "System Status" })).toContainText("Database");
    await expect(page.getByRole("link", { name: "Review sales" })).toHaveAttribute("href", "/admin/sales");
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`/admin and /admin/system-status pass axe in ${scheme} mode`, async ({ page }) => {
      // Two pages audited by axe (the dashboard's is long): more than one page's time budget.
      test.slow();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/admin");
      await waitForHydration(page);
      await expectNoAxeViolations(page, { exclude: CHART_DRAWINGS, ran: ["color-contrast"] });
      await page.goto("/admin/system-status");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "System status" })).toBeVisible();
      await expectNoAxeViolations(page, { exclude: CHART_DRAWINGS, ran: ["color-contrast"] });
    });
  }

  test("system status lists every check with its latency", async ({ page }) => {
    await page.goto("/admin/system-status");
    for (const check of ["Database", "Storage", "Mail", "AI Services", "Scheduler", "Live events", "E-mail queue"]) {
      await expect(page.getByRole("listitem").filter({ hasText: check }).first()).toContainText(/\d+(\.\d+)? ms/);
    }
    await expect(page.getByText(/^Overall:/)).toBeVisible();
  });

  test("sales and reports answer, with their CSV exports", async ({ page }) => {
    await page.goto("/admin/sales");
    await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
    const sales = await page.request.get("/admin/sales.csv");
    expect(sales.status()).toBe(200);
    expect(sales.headers()["content-type"]).toContain("text/csv");
    expect((await sales.text()).split("\r\n")[0]).toMatch(/^order_id,created_at,status/);
    await page.goto("/admin/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Marketplace reports" })).toBeVisible();
    const report = await page.request.get("/admin/reports.csv?months=6");
    expect((await report.text()).trim().split("\r\n")).toHaveLength(7);
  });
});

test.describe("as the demo buyer", () => {
  signedInAsDemo("buyer");

  test("is refused the dashboard and the system status", async ({ page }) => {
    for (const path of ["/admin", "/admin/system-status", "/admin/sales"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
    }
  });
});

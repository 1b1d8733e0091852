// The dashboards: a seller finds a draft in /seller/listings, publishes it and starts an auction for it from
// /create-auction; a buyer's dashboard shows an outbid without a reload (the shared live connection); both dashboards
// pass axe in light and dark mode.
import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  CHART_DRAWINGS,
  confirmEmailOf,
  demoAccount,
  expect,
  expectNoAxeViolations,
  signedInAsDemo,
  test,
  uniqueClientIp,
  uniqueEmail,
  waitForHydration,
  withDatabase,
} from "./support.ts";

test.describe.configure({ timeout: 90_000 });

const PASSWORD = "correct-horse-battery";
const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

function sellerId(): string {
  return withDatabase((db) => (db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string }).id);
}

/** A draft listing of the demo seller, made straight in the database. */
function insertDraft(title: string): number {
  return withDatabase((db) =>
    Number(
      db
        .prepare(
          `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition, brand, model)
           values (?, ?, ?, 'draft', 'buy_now', 150000, 'Four channels, 200 MHz, calibrated last spring.', 'used_excellent', 'Tektronix', 'MSO44')`,
        )
        .run(sellerId(), title, OSCILLOSCOPES).lastInsertRowid,
    ),
  );
}

/** A live auction of the demo seller's, made straight in the database. */
function insertLot(title: string): number {
  return withDatabase((db) => {
    const now = Date.now();
    const listing = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition)
         values (?, ?, ?, 'active', 'auction', 100000, 'Four channels, 50 MHz, with probes.', 'used_excellent')`,
      )
      .run(sellerId(), title, OSCILLOSCOPES);
    const auction = db
      .prepare(
        `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents, status)
         values (?, ?, ?, 100000, 100000, 1000, 'active')`,
      )
      .run(Number(listing.lastInsertRowid), new Date(now - 3_600_000).toISOString(), new Date(now + 24 * 3_600_000).toISOString());
    return Number(auction.lastInsertRowid);
  });
}

/** Registers a fresh buyer and signs in through the forms' endpoints (the page's context keeps the cookie). */
async function registerBuyer(page: Page, firstName: string, lastName: string): Promise<void> {
  const email = uniqueEmail("dash");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName, lastName, email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  confirmEmailOf(email);
  const login = await page.request.post("/login", { headers: { Origin: origin }, form: { email, password: PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(login.headers().location).toBe("/");
}

async function bid(page: Page, auctionId: number, amount: string): Promise<number> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await page.request.post(`/auctions/${auctionId}/bid`, { headers: { Origin: origin, Accept: "application/json" }, form: { amount } });
  return response.status();
}

function newContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
}

test.describe("the seller", () => {
  signedInAsDemo("seller");

  test("finds a draft in /seller/listings, publishes it, then starts an auction for it from /create-auction", async ({ page }) => {
    const title = `Tektronix MSO44 draft ${Date.now()}`;
    const listingId = insertDraft(title);
    await page.goto("/seller/listings");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Listing status" })
      .getByRole("link", { name: /^Draft/ })
      .click();
    await expect(page).toHaveURL(/\/seller\/listings\?status=draft$/);
    const row = page.locator(`tr[data-listing-id="${listingId}"]`);
    await expect(row).toContainText(title);
    await row.getByRole("checkbox", { name: `Select ${title}` }).check();
    await page.getByRole("button", { name: "Publish drafts" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 listing published." })).toBeVisible();
    await expect(page.locator(`tr[data-listing-id="${listingId}"]`)).toHaveCount(0);

    await page.goto("/seller/listings?status=active&q=MSO44");
    await page.getByRole("link", { name: `Start an auction for ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/create-auction\\?listing=${listingId}$`));
    await waitForHydration(page);
    await expect(page.getByRole("combobox", { name: "Listing", exact: true })).toHaveValue(String(listingId));
    await page.getByLabel("Starting price").fill("900");
    await page.getByRole("button", { name: "Start auction" }).click();
    await expect(page).toHaveURL(/\/auctions\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  });
});

test.describe("the seller's charts", () => {
  signedInAsDemo("seller");
  test.use({ javaScriptEnabled: false });

  test("are drawn in the server's HTML, so they show at first paint and without JavaScript", async ({ page }) => {
    const html = await (await page.request.get("/dashboard")).text();
    // The performance chart's drawing: an SVG with bars, not an empty box waiting for the script.
    expect(html).toMatch(/<svg[^>]*class="tb-chart-drawing"/);
    expect(html).toMatch(/<rect class="tb-chart-bar"/);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Performance Overview" })).toBeVisible();
    const drawing = page.locator("svg.tb-chart-drawing").first();
    await expect(drawing).toBeVisible();
    expect((await drawing.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  });
});

test.describe("the buyer", () => {
  test("sees an outbid appear on the dashboard without a reload", async ({ page, browser }, testInfo) => {
    const auctionId = insertLot(`Rigol DS1054Z oscilloscope (dashboard ${Date.now()})`);
    await registerBuyer(page, "Olive", "Bidwell");
    expect(await bid(page, auctionId, "1000")).toBe(200);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect(page.locator('[data-live-mode="live"]').first()).toBeAttached();
    const lot = page.locator(`[data-auction-id="${auctionId}"]`);
    await expect(lot.getByTestId("bid-state")).toHaveText("Leading");
    await expect(lot).toContainText("Current price $1,000");

    const rival = await newContext(browser, testInfo);
    try {
      const rivalPage = await rival.newPage();
      await registerBuyer(rivalPage, "Rita", "Rival");
      expect(await bid(rivalPage, auctionId, "1100")).toBe(200);
    } finally {
      await rival.close();
    }
    await expect(lot.getByTestId("bid-state")).toHaveText("Outbid");
    await expect(lot).toContainText("Current price $1,100");
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`the dashboards in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    for (const role of ["seller", "buyer"] as const) {
      test.describe(`as the ${role}`, () => {
        signedInAsDemo(role);
        test(`the ${role} dashboard has no WCAG 2 A/AA violations`, async ({ page }) => {
          await page.goto("/dashboard");
          await waitForHydration(page);
          await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
          await expectNoAxeViolations(page, { exclude: CHART_DRAWINGS, ran: ["color-contrast"] });
        });
      });
    }
  });
}

for (const role of ["seller", "admin"] as const) {
  test.describe(`the header for the ${role} at 1024 px`, () => {
    signedInAsDemo(role);
    test.use({ viewport: { width: 1024, height: 800 } });

    test("is one row, and the Sell menu opens and closes from the keyboard", async ({ page }) => {
      await page.goto("/listings");
      await waitForHydration(page);
      const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
      const items = nav.locator(":scope > a, :scope > details > summary");
      const tops = new Set<number>();
      for (const box of await Promise.all((await items.all()).map((item) => item.boundingBox()))) if (box) tops.add(Math.round(box.y));
      expect([...tops]).toHaveLength(1);
      if (role === "admin") await expect(nav.getByRole("link", { name: "Admin Panel" })).toBeVisible();
      // Every control of the header is reachable where it is drawn: the point at its middle belongs to it, not to the
      // bell, the avatar or a neighbour lying over it.
      const covered = await page.getByRole("banner").evaluate((header) =>
        [...header.querySelectorAll<HTMLElement>("a[href], button, summary")].flatMap((control) => {
          const box = control.getBoundingClientRect();
          if (box.width <= 2 || box.height <= 2 || box.right <= 0 || box.bottom <= 0 || getComputedStyle(control).visibility === "hidden") return [];
          // A closed menu's links keep a layout box in Chromium though nobody can see them.
          if (control.closest("details:not([open])") && control.tagName !== "SUMMARY") return [];
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (hit && (control === hit || control.contains(hit))) return [];
          const label = (element: Element | null | undefined) => (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim().slice(0, 30);
          const over = hit?.closest("a[href], button, summary");
          return [`${label(control)} is covered by ${over ? `${over.tagName.toLowerCase()} "${label(over)}"` : (hit?.tagName.toLowerCase() ?? "nothing")}`];
        }),
      );
      expect(covered).toEqual([]);

      const sell = nav.getByText("Sell", { exact: true });
      await sell.focus();
      await page.keyboard.press("Enter");
      for (const name of ["Create Listing", "Bulk Upload", "My listings", "Sales orders", "Offers"])
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Create Listing" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav.getByRole("link", { name: "Create Listing" })).toBeHidden();
      await expect(sell).toBeFocused();
    });
  });
}

// Recently viewed and watcher counts in a real browser: a member who opens two listings finds them on the home page,
// the one opened last first; a visitor's home page has no such strip; a seller sees how many people watch their
// listing once a buyer watches it, and the buyer never sees the count.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import { demoStorageState, expect, test, toggleWatch, uniqueClientIp, uniqueEmail, watchConsole, withDatabase } from "./support.ts";

// A registration and a sign-in each run a real scrypt hash: slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "recently-viewed-pass-1";

/** Two active listings with different titles, picked at random so parallel runs differ. */
function twoListings(): Array<{ id: number; title: string }> {
  return withDatabase(
    (db) =>
      db
        .prepare(
          `select min(id) as id, title from equipment_listings where status = 'active' and listing_type = 'buy_now'
         group by title order by random() limit 2`,
        )
        .all() as Array<{ id: number; title: string }>,
  );
}

/** A fresh Buy Now listing of seller@tradebench.test that nobody watches yet. */
function freshSellerListing(title: string): number {
  return withDatabase((db) => {
    const seller = db.prepare("select id from users where email = 'seller@tradebench.test'").get() as { id: string };
    const row = db
      .prepare(
        `insert into equipment_listings (user_id, title, description, category_id, condition, listing_type, price_cents, currency, status)
         values (?, ?, 'A unit for the watcher-count test.', 'industrial_electronics_test_measurement_oscilloscopes', 'used_good', 'buy_now', 120000, 'USD', 'active')
         returning id`,
      )
      .get(seller.id, title) as { id: number };
    return row.id;
  });
}

/** Signs in through the form, giving the slow password hash more time than the default wait. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

async function contextAs(browser: Browser, role: Role, testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
}

test("a member's home page shows the listings they viewed, most recent first", async ({ page, clientIp }) => {
  const problems = watchConsole(page);
  const email = uniqueEmail("viewer");
  const form = { firstName: "Vera", lastName: "Viewer", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy" };
  const registered = await page.request.post("/register", {
    form,
    headers: { Origin: String(test.info().project.use.baseURL), "X-Forwarded-For": clientIp },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);
  await signIn(page, email, PASSWORD);

  // No views yet: no strip.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Featured Equipment" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);

  const [first, second] = twoListings();
  for (const listing of [first!, second!]) {
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();
  }

  await page.goto("/");
  const strip = page.getByRole("region", { name: "Recently viewed" });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole("heading", { level: 3 })).toHaveText([second!.title, first!.title]);
  await strip.getByRole("link", { name: first!.title }).click();
  await expect(page).toHaveURL(`/listings/${first!.id}`);

  // Opening the first again moves it to the front.
  await page.goto("/");
  await expect(strip.getByRole("heading", { level: 3 })).toHaveText([first!.title, second!.title]);

  const results = await new AxeBuilder({ page }).include('[data-testid="recently-viewed"]').withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a visitor's home page has no Recently viewed", async ({ page }) => {
  const [listing] = twoListings();
  await page.goto(`/listings/${listing!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: listing!.title })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Featured Equipment" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recently viewed" })).toHaveCount(0);
});

test("the seller sees how many people watch their listing once a buyer watches it; the buyer does not", async ({ browser }, testInfo) => {
  const title = `Watcher count scope ${uniqueEmail("unit").slice(5, 13)}`;
  const listingId = freshSellerListing(title);

  const sellerContext = await contextAs(browser, "seller", testInfo);
  const seller = await sellerContext.newPage();
  await seller.goto(`/listings/${listingId}`);
  await expect(seller.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(seller.getByText("Nobody watches this listing yet")).toBeVisible();

  const buyerContext = await contextAs(browser, "buyer", testInfo);
  const buyer = await buyerContext.newPage();
  const buyerProblems = watchConsole(buyer);
  await buyer.goto(`/listings/${listingId}`);
  await expect(buyer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(buyer.locator("[data-live-mode]")).toHaveAttribute("data-live-mode", "live");
  await toggleWatch(buyer, buyer.getByRole("button", { name: "Watch", exact: true }));
  await expect(buyer.getByRole("button", { name: "Watching", exact: true })).toHaveAttribute("aria-pressed", "true");
  await buyer.reload();
  await expect(buyer.getByRole("button", { name: "Watching", exact: true })).toBeVisible();
  await expect(buyer.getByText(/watch(es)? this listing/)).toHaveCount(0);
  expect(buyerProblems).toEqual([]);

  await seller.reload();
  await expect(seller.getByTestId("watcher-count")).toHaveText("1 person watches this listing");

  await sellerContext.close();
  await buyerContext.close();
});

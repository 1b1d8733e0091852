// The app side of offline use, without the service worker: a signed-in buyer's watchlist reaches
// IndexedDB; with the connection gone the banner says so, a watch toggle waits in the outbox (shown with its count)
// and Buy Now is refused; back online the change reaches the server; signing out deletes the offline database.
// The full offline scenario, with the service worker and the offline page, is tests/e2e/offline.spec.ts.
import type { Page } from "@playwright/test";
import { OFFLINE_DB_NAME } from "../../app/lib/offline/contracts.ts";
import { expect, test, toggleWatch, uniqueEmail, withDatabase } from "./support.ts";

const PASSWORD = "correct-horse-battery";

async function registerAndSignIn(page: Page): Promise<string> {
  const email = uniqueEmail("outbox");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName: "Otto", lastName: "Outbox", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  const login = await page.request.post("/login", { headers: { Origin: origin }, form: { email, password: PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(login.headers().location).toBe("/");
  return email;
}

/** Two active Buy It Now listings of the demo seller. */
function buyNowListings(): Array<{ id: number; title: string }> {
  return withDatabase(
    (db) =>
      db
        .prepare(
          `select l.id, l.title from equipment_listings l join users u on u.id = l.user_id
           where l.status = 'active' and l.listing_type = 'buy_now' and u.email = 'seller@tradebench.test'
           order by l.id desc limit 2`,
        )
        .all() as Array<{ id: number; title: string }>,
  );
}

/** The ids of the listings in one store of the offline database (read in the page). */
function storedIds(page: Page, store: "watchlist" | "browsed"): Promise<number[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        // Not there yet: never create it here (the app creates it with its stores).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === "AbortError" ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(storeName).objectStore(storeName).getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as number[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [OFFLINE_DB_NAME, store] as const,
  );
}

/** Effects have run once the colour-mode toggle knows its state (aria-pressed is unset in the server HTML). */
async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: /^Switch to (dark|light) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

const watchedOnServer = (email: string, listingId: number) =>
  withDatabase((db) =>
    Boolean(
      db.prepare("select 1 from watchlist w join users u on u.id = w.user_id where u.email = ? and w.listing_id = ?").get(email.toLowerCase(), listingId),
    ),
  );

test("changes made offline wait in the outbox and reach the server on reconnecting; sign-out wipes the copies", async ({ page, context }) => {
  test.setTimeout(90_000);
  const email = await registerAndSignIn(page);
  const [first, second] = buyNowListings();
  expect(first && second).toBeTruthy();

  // Online: watching reaches the server and, after the sync that follows, the offline watchlist.
  const snapshots = (): Promise<number> =>
    page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/resources/offline-snapshot")).length);
  await page.goto(`/listings/${first!.id}`);
  await waitForHydration(page);
  // The sync of the first load, then one after the watch.
  await expect.poll(snapshots).toBe(1);
  await expect.poll(() => storedIds(page, "browsed")).toContain(first!.id);
  await toggleWatch(page, page.getByRole("button", { name: "Watch", exact: true }));
  await expect.poll(snapshots, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => storedIds(page, "watchlist")).toContain(first!.id);

  await page.goto(`/listings/${second!.id}`);
  await waitForHydration(page);
  await expect.poll(() => storedIds(page, "browsed")).toContain(second!.id);
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toHaveCount(0);

  // Offline: the banner, a queued watch shown at once, Buy Now refused.
  await context.setOffline(true);
  await expect(banner).toHaveText("You're offline. Saved copies stay available, and your changes will sync when you reconnect.");
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  await expect(page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
  const pending = page.getByTestId("pending-actions");
  await expect(pending).toContainText("1 change waiting to sync");
  await pending.getByText("1 change waiting to sync").click();
  await expect(pending.getByRole("listitem")).toHaveText(`Watch: ${second!.title}`);
  await expect.poll(() => storedIds(page, "watchlist")).toContain(second!.id);
  expect(watchedOnServer(email, second!.id)).toBe(false);

  await page.getByRole("link", { name: "Buy Now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You're offline. Bids and purchases need a connection." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/listings/${second!.id}$`));

  // Back online: the outbox is sent and empties.
  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
  await expect(banner).toHaveCount(0);
  expect(watchedOnServer(email, second!.id)).toBe(true);

  // Sign-out deletes the offline database before the form posts.
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  expect(databases).not.toContain(OFFLINE_DB_NAME);
});

// Offline on the shop floor, on the production build with its service worker: a buyer watches three items,
// saves a search and browses two listings; with the network gone, a reload shows the watchlist, the saved search with
// its results and both browsed listings from IndexedDB, photos included; an item removed offline waits in the outbox
// and is removed on the server once the connection returns; signing out leaves no copy behind. A second test makes
// the other offline changes (notes, a new saved search, watching a browsed listing) on a phone-sized screen, checks
// the offline pages with axe in light and dark, and sees the server apply the changes on reconnecting.
import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { OSCILLOSCOPES } from "../support/listings.ts";
import { LISTING_IMAGE_CACHE, OFFLINE_DB_NAME } from "../../app/lib/offline/contracts.ts";
import { demoAccount } from "../../db/seed/demo-accounts.ts";
import { insertListing, withAppDatabase } from "./fixtures.ts";
import { expect, test, toggleWatch, uniqueEmail, withDatabase } from "./support.ts";

// Every other spec blocks service workers (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const PASSWORD = "correct-horse-battery";

interface Listing {
  id: number;
  title: string;
}

/** Registers a fresh buyer (the demo buyer is shared by parallel tests) and signs in; the page's context keeps the cookie. */
async function registerAndSignIn(page: Page): Promise<string> {
  const email = uniqueEmail("offline");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName: "Olga", lastName: "Offline", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  const login = await page.request.post("/login", { headers: { Origin: origin }, form: { email, password: PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(login.headers().location).toBe("/");
  return email;
}

/**
 * Active oscilloscopes carrying `word`, each with the photos of a different seeded listing (real files under
 * /uploads/listings/, so the service worker's photo cache is what shows them offline).
 */
function insertListings(word: string, count: number): Promise<Listing[]> {
  return withAppDatabase(async (db) => {
    const seller = await db.selectFrom("users").select("id").where("email", "=", demoAccount("seller").email).executeTakeFirstOrThrow();
    const donors = await db
      .selectFrom("equipment_images")
      .select("listing_id")
      .where("url", "like", "/uploads/listings/%")
      .groupBy("listing_id")
      .having((eb) => eb.fn.countAll(), ">=", 2)
      .orderBy("listing_id")
      .limit(count)
      .execute();
    expect(donors).toHaveLength(count);
    const listings: Listing[] = [];
    for (let i = 1; i <= count; i++) {
      const { id, title } = await insertListing(db, seller.id, {
        title: `Scope ${word} ${i}`,
        description: "A bench oscilloscope, calibrated last spring.",
        brand: "Rigol",
        model: "DS1054Z",
        category_id: OSCILLOSCOPES,
        price_cents: 40_000 + i * 1_000,
        created_at: new Date(Date.now() - (count - i) * 60_000).toISOString(),
        location: "Austin, TX",
        specifications: JSON.stringify({ Bandwidth: "50 MHz", Channels: "4" }),
        features: JSON.stringify(["Serial decode"]),
      });
      const photos = await db
        .selectFrom("equipment_images")
        .select(["url", "thumbnail_url", "width", "height", "is_primary", "position"])
        .where("listing_id", "=", donors[i - 1]!.listing_id)
        .orderBy("position")
        .limit(2)
        .execute();
      await db
        .insertInto("equipment_images")
        .values(photos.map((photo) => ({ ...photo, listing_id: id })))
        .execute();
      listings.push({ id, title });
    }
    return listings;
  });
}

function watchedOnServer(email: string): number[] {
  return withDatabase((db) =>
    (
      db
        .prepare("select w.listing_id from watchlist w join users u on u.id = w.user_id where u.email = ? order by w.listing_id")
        .all(email.toLowerCase()) as Array<{ listing_id: number }>
    ).map((row) => row.listing_id),
  );
}

async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

interface StoredCopies {
  watchlist: number[];
  searches: Array<{ serverId: number | null; results: number[] }>;
  browsed: number[];
  outbox: number;
  /** Photos the offline page will show that are not in the photo cache yet. */
  uncachedPhotos: string[];
}

/**
 * What IndexedDB holds, read in the page with the plain IndexedDB API; null when the database does not exist. The
 * database is only opened when it exists (opening creates it), and closed at once (sign-out deletes it).
 */
function readStoredCopies(page: Page): Promise<StoredCopies | null> {
  return page.evaluate(
    async ({ dbName, cacheName }) => {
      if (!(await indexedDB.databases()).some((database) => database.name === dbName)) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const names = [...db.objectStoreNames];
        const all = (store: string) =>
          names.includes(store)
            ? new Promise<unknown[]>((resolve, reject) => {
                const request = db.transaction(store).objectStore(store).getAll();
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error);
              })
            : Promise.resolve([]);
        type Copy = { listing: { id: number; imageUrls: string[] } };
        type Search = { serverId: number | null; results: Array<{ id: number; imageUrl: string | null }> };
        const watchlist = (await all("watchlist")) as Copy[];
        const searches = (await all("savedSearches")) as Search[];
        const browsed = (await all("browsed")) as Copy[];
        const outbox = await all("outbox");
        const photos = [
          ...watchlist.map((copy) => copy.listing.imageUrls[0]),
          ...browsed.flatMap((copy) => copy.listing.imageUrls),
          ...searches.flatMap((search) => search.results.map((card) => card.imageUrl)),
        ].filter((url): url is string => Boolean(url));
        const cache = await caches.open(cacheName);
        const uncachedPhotos: string[] = [];
        for (const url of new Set(photos)) if (!(await cache.match(url))) uncachedPhotos.push(url);
        return {
          watchlist: watchlist.map((copy) => copy.listing.id).sort((a, b) => a - b),
          searches: searches.map((search) => ({ serverId: search.serverId, results: search.results.map((card) => card.id).sort((a, b) => a - b) })),
          browsed: browsed.map((copy) => copy.listing.id).sort((a, b) => a - b),
          outbox: outbox.length,
          uncachedPhotos,
        };
      } finally {
        db.close();
      }
    },
    { dbName: OFFLINE_DB_NAME, cacheName: LISTING_IMAGE_CACHE },
  );
}

/** Every image in `images` has loaded (offline: from the service worker's photo cache). */
async function expectPhotosShown(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  await expect
    .poll(() => images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)))
    .toEqual(Array.from({ length: count }, () => true));
}

/** The page is the offline page (served by the service worker), not the app. */
async function expectOfflinePage(page: Page): Promise<void> {
  await expect(page.locator('script[src="/offline/offline-page.js"]')).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Connection" })).toContainText("You're offline.");
}

const ids = (listings: Listing[]) => listings.map((listing) => listing.id).sort((a, b) => a - b);

/**
 * Opens a listing's page and waits until the page has kept its copy: the copy is written after hydration, and a
 * navigation that comes first (as a quick test's next `goto` does) would abandon it.
 */
async function browse(page: Page, listing: Listing): Promise<void> {
  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
  await waitForHydration(page);
  await expect.poll(async () => (await readStoredCopies(page))?.browsed.includes(listing.id) ?? false, { timeout: 20_000 }).toBe(true);
}
const article = (page: Page, title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("the watchlist, a saved search and browsed listings work offline; changes sync back; sign-out wipes them", async ({ page, context }) => {
  test.setTimeout(180_000); // a long path on a shared machine: sign-up, watch, save, browse, offline, back online
  const email = await registerAndSignIn(page);
  const word = `zo${crypto.randomBytes(5).toString("hex")}`;
  const listings = await insertListings(word, 5);
  const watched = listings.slice(0, 3);
  const browsed = listings.slice(3);

  // The service worker installs and takes control (the first version claims the open page).
  await page.goto(`/listings?search=${word}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await waitForHydration(page);

  // Watch three items from their cards, and save the search.
  for (const listing of watched) {
    await toggleWatch(page, page.getByRole("button", { name: `Add ${listing.title} to watchlist` }));
  }
  await page.locator("summary", { hasText: "Save Search" }).click();
  await page.getByRole("textbox", { name: "Name for this search" }).fill(`Scopes ${word}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "saved successfully" })).toBeVisible();

  // Browse two listings.
  for (const listing of browsed) await browse(page, listing);

  // The data layer has synced: the copies and their photos are on the device.
  await page.goto("/watchlist");
  await waitForHydration(page);
  await expect
    .poll(() => readStoredCopies(page), { timeout: 45_000 })
    .toEqual({
      watchlist: ids(watched),
      searches: [{ serverId: expect.any(Number), results: ids(listings) }],
      browsed: ids(browsed),
      outbox: 0,
      uncachedPhotos: [],
    });

  // Offline: the watchlist comes back from IndexedDB, with photos.
  await context.setOffline(true);
  await page.reload();
  await expectOfflinePage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watchlist & Saved Searches");
  const watchedList = page.getByRole("list", { name: "Watched items" });
  await expect(watchedList.getByRole("article")).toHaveCount(3);
  for (const listing of watched) {
    const item = article(page, listing.title);
    await expect(item.getByRole("link", { name: listing.title })).toHaveAttribute("href", `/listings/${listing.id}`);
    await expect(item).toContainText("Used - Good");
    await expect(item).toContainText(/Saved (just now|\d+ minutes? ago)/);
    await expect(item.getByRole("textbox", { name: "Notes" })).toBeVisible();
  }
  await expectPhotosShown(watchedList.locator("img"), 3);

  // The saved search with its last results.
  await page.getByRole("navigation", { name: "Watchlist sections" }).getByRole("link", { name: "Saved Searches" }).click();
  await expect(page).toHaveURL(/\/watchlist\?tab=saved-searches$/);
  const search = article(page, `Scopes ${word}`);
  await expect(search).toContainText(`Keywords: “${word}”`);
  const results = search.getByRole("list", { name: /^Last results/ });
  await expect(results.getByRole("link")).toHaveCount(5);
  expect((await results.getByRole("link").allTextContents()).sort()).toEqual(listings.map((listing) => listing.title).sort());
  await expectPhotosShown(results.locator("img"), 5);

  // What is available offline, and both browsed listings as stored.
  await page.goto("/");
  await expectOfflinePage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  const recent = page.getByRole("region", { name: "Recently browsed (2)" });
  await expect(recent.getByRole("link")).toHaveText([browsed[1]!.title, browsed[0]!.title]);
  await expect(page.getByRole("region", { name: "Watched items (3)" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved searches (1)" })).toBeVisible();
  await recent.getByRole("link", { name: browsed[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${browsed[0]!.id}$`));
  for (const [index, listing] of browsed.entries()) {
    if (index > 0) await page.goto(`/listings/${listing.id}`);
    await expectOfflinePage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    const main = page.getByRole("main");
    await expect(main).toContainText(/Saved (just now|\d+ minutes? ago)/);
    await expect(main).toContainText("You're offline. Bids and purchases need a connection.");
    await expect(main.getByRole("region", { name: "Specifications" })).toContainText("Bandwidth");
    await expect(page.getByRole("button", { name: `Add ${listing.title} to watchlist` })).toHaveAttribute("aria-pressed", "false");
    await expectPhotosShown(main.locator("img"), 2);
  }
  await page.goto("/listings/999999999");
  await expect(page.getByText("This listing wasn't saved for offline use.")).toBeVisible();

  // Remove one item offline: it leaves the list and waits in the outbox.
  const removed = watched[0]!;
  await page.goto("/watchlist");
  await expectOfflinePage(page);
  await article(page, removed.title)
    .getByRole("button", { name: `Remove ${removed.title} from watchlist` })
    .click();
  await expect(article(page, removed.title)).toHaveCount(0);
  await expect(watchedList.getByRole("article")).toHaveCount(2);
  const pending = page.getByRole("complementary", { name: /^Waiting to sync/ });
  await expect(pending).toContainText("1 change waiting to sync");
  await expect(pending.getByRole("listitem")).toHaveCount(1);
  await expect(pending.getByRole("listitem")).toContainText(`Unwatch: ${removed.title}`);
  expect(watchedOnServer(email)).toEqual(ids(watched));

  // Back online: the outbox is sent, the real page comes back, and the server no longer has the item.
  await context.setOffline(false);
  await expect.poll(() => watchedOnServer(email)).toEqual(ids(watched.slice(1)));
  await expect(page.locator('script[src="/offline/offline-page.js"]')).toHaveCount(0);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watchlist & Saved Searches");
  await expect(page.getByRole("link", { name: watched[1]!.title })).toBeVisible();
  await expect(page.getByRole("link", { name: removed.title })).toHaveCount(0);
  await expect.poll(async () => (await readStoredCopies(page))?.outbox).toBe(0);

  // Signing out leaves nothing on the device.
  const signedOutAt = Date.now();
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Deleted, or (while another tab holds it open) emptied.
  await expect
    .poll(async () => {
      const copies = await readStoredCopies(page);
      return copies === null ? 0 : copies.watchlist.length + copies.searches.length + copies.browsed.length + copies.outbox;
    })
    .toBe(0);
  // Nor anywhere else. The home page sign-out lands on shows listing photos, which the service worker caches and
  // indexes afresh; nothing from before sign-out may remain: no row in the app's own databases, no entry of the
  // worker's photo index (workbox-expiration) stamped before sign-out, and no cached photo fetched before it.
  await expect.poll(() => trailLeftOnDevice(page, signedOutAt)).toEqual({ appRows: {}, indexedBefore: 0, photosBefore: [] });
});

/**
 * What of the time before `since` is still on the device: rows per store of the app's databases (every database but
 * the service worker's workbox-* ones), photo-index entries stamped before it, and cached responses served before it.
 */
function trailLeftOnDevice(page: Page, since: number): Promise<{ appRows: Record<string, number>; indexedBefore: number; photosBefore: string[] }> {
  return page.evaluate(async (since) => {
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const appRows: Record<string, number> = {};
    let indexedBefore = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of [...db.objectStoreNames]) {
        const rows = (await request(db.transaction(store).objectStore(store).getAll())) as Array<{ timestamp?: number }>;
        if (name.startsWith("workbox-")) indexedBefore += rows.filter((row) => (row.timestamp ?? 0) < since).length;
        else if (rows.length > 0) appRows[`${name}/${store}`] = rows.length;
      }
      db.close();
    }
    // The Date header has whole seconds: a photo fetched in the second of sign-out is not told apart.
    const sinceSecond = Math.floor(since / 1000) * 1000;
    const photosBefore: string[] = [];
    for (const cacheName of await caches.keys()) {
      if (cacheName.startsWith("workbox-precache")) continue;
      const cache = await caches.open(cacheName);
      for (const cached of await cache.keys()) {
        const response = await cache.match(cached);
        const served = Date.parse(response?.headers.get("date") ?? "");
        if (!(served >= sinceSecond)) photosBefore.push(cached.url);
      }
    }
    return { appRows, indexedBefore, photosBefore };
  }, since);
}

/** Light and dark, axe finds nothing on the page (WCAG 2 A and AA). */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((violation) => `${colorScheme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual(
      [],
    );
  }
}

/** Nothing scrolls sideways at 360 px, and every button, field and navigation link is at least 44 × 44 px. */
async function expectPhoneFriendly(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    const small = [...document.querySelectorAll<HTMLElement>("button, input, textarea, nav a, .card-title a, .link-list a, .result-title a")]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute("aria-label") || ""}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, small };
  });
  expect(layout).toEqual({ overflow: 0, small: [] });
}

function watchNotes(email: string, listingId: number): string | null {
  return withDatabase(
    (db) =>
      (
        db
          .prepare("select w.notes from watchlist w join users u on u.id = w.user_id where u.email = ? and w.listing_id = ?")
          .get(email.toLowerCase(), listingId) as { notes: string } | undefined
      )?.notes ?? null,
  );
}

function savedSearchesOnServer(email: string): Array<{ name: string; params: { keyword: string | null; maxPrice: number | null } }> {
  return withDatabase((db) =>
    (
      db
        .prepare("select s.name, s.search_params from saved_searches s join users u on u.id = s.user_id where u.email = ? order by s.id")
        .all(email.toLowerCase()) as Array<{ name: string; search_params: string }>
    ).map((row) => {
      const params = JSON.parse(row.search_params) as { keyword: string | null; maxPrice: number | null };
      return { name: row.name, params: { keyword: params.keyword, maxPrice: params.maxPrice } };
    }),
  );
}

test("offline on a phone: notes, a new saved search and a watch wait in the outbox, then sync; the pages pass axe", async ({ page, context }) => {
  test.setTimeout(180_000); // a long path on a shared machine, with axe runs in two colour schemes
  await page.setViewportSize({ width: 360, height: 740 });
  const email = await registerAndSignIn(page);
  const word = `zp${crypto.randomBytes(5).toString("hex")}`;
  const [kept, browsedOnly] = (await insertListings(word, 2)) as [Listing, Listing];

  // Watch one listing from its page and browse another.
  await page.goto(`/listings/${kept.id}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await waitForHydration(page);
  await toggleWatch(page, page.getByRole("button", { name: "Watch", exact: true }));
  await browse(page, browsedOnly);
  await page.goto("/watchlist");
  await waitForHydration(page);
  await expect
    .poll(() => readStoredCopies(page), { timeout: 45_000 })
    .toEqual({ watchlist: [kept.id], searches: [], browsed: ids([kept, browsedOnly]), outbox: 0, uncachedPhotos: [] });

  await context.setOffline(true);
  await page.reload();
  await expectOfflinePage(page);
  const item = article(page, kept.title);
  await expect(item).toBeVisible();
  await expectPhoneFriendly(page);
  await expectAccessible(page);

  // Notes: the online form's limit, then kept on the device.
  const notes = item.getByRole("textbox", { name: "Notes" });
  await notes.fill("x".repeat(1001));
  await item.getByRole("button", { name: "Save notes" }).click();
  await expect(item).toContainText("Notes can be at most 1,000 characters.");
  await expect(notes).toHaveAttribute("aria-invalid", "true");
  await notes.fill("Ask whether the probes are included");
  await item.getByRole("button", { name: "Save notes" }).click();
  await expect(item).toContainText("Saved on this device");
  const pending = page.getByRole("complementary", { name: /^Waiting to sync/ });
  await expect(pending.getByRole("listitem")).toHaveText([new RegExp(`^Notes: ${kept.title}`)]);
  await page.reload();
  await expect(article(page, kept.title).getByRole("textbox", { name: "Notes" })).toHaveValue("Ask whether the probes are included");

  // A new saved search: the fields say what is missing, then it is listed as waiting to sync.
  await page.getByRole("navigation", { name: "Watchlist sections" }).getByRole("link", { name: "Saved Searches" }).click();
  await expect(page.getByRole("heading", { name: "No saved searches" })).toBeVisible();
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Please enter a name for your saved search");
  await expect(page.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.getByRole("textbox", { name: "Name" }).fill(`Field scopes ${word}`);
  await page.getByRole("searchbox", { name: "Keywords" }).fill(word);
  await page.getByRole("textbox", { name: "Maximum price (optional)" }).fill("$2,500");
  await page.getByRole("button", { name: "Save search" }).click();
  const made = article(page, `Field scopes ${word}`);
  await expect(made).toContainText("Waiting to sync");
  await expect(made).toContainText(`Keywords: “${word}”`);
  await expect(made).toContainText("Price: up to $2,500");
  await expect(made).toContainText("Results will appear once this search has synced.");
  await expectPhoneFriendly(page);
  await expectAccessible(page);

  // Watch the browsed listing from its stored copy.
  await page.goto(`/listings/${browsedOnly.id}`);
  await expectOfflinePage(page);
  const toggle = page.getByRole("button", { name: `Add ${browsedOnly.title} to watchlist` });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: `Remove ${browsedOnly.title} from watchlist` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: `Remove ${browsedOnly.title} from watchlist` })).toBeFocused();
  await expect(pending.getByRole("listitem")).toHaveText([
    new RegExp(`^Notes: ${kept.title}`),
    new RegExp(`^Save search: Field scopes ${word}`),
    new RegExp(`^Watch: ${browsedOnly.title}`),
  ]);
  await expect(pending).toContainText("3 changes waiting to sync");
  await expectPhoneFriendly(page);
  await expectAccessible(page);

  // The offline index, and an address with no stored copy.
  await page.goto("/auctions/999999999");
  await expect(page.getByText("This listing wasn't saved for offline use.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Watched items (2)" })).toBeVisible();
  await expectPhoneFriendly(page);
  await expectAccessible(page);

  // Back online: every change reaches the server.
  await context.setOffline(false);
  await expect.poll(() => watchedOnServer(email)).toEqual(ids([kept, browsedOnly]));
  expect(watchNotes(email, kept.id)).toBe("Ask whether the probes are included");
  expect(savedSearchesOnServer(email)).toEqual([{ name: `Field scopes ${word}`, params: { keyword: word, maxPrice: 2500 } }]);
  await expect(page.locator('script[src="/offline/offline-page.js"]')).toHaveCount(0);
});

// /watchlist: visitors sign in first; a buyer watches from a card, keeps notes and removes; saved searches run,
// are renamed, have their alerts switched and are deleted after a confirmation; all of it without JavaScript too;
// and both tabs pass axe in light and dark mode.
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, toggleWatch, uniqueEmail, waitForHydration, watchConsole, withDatabase } from "./support.ts";

const PASSWORD = "correct-horse-battery";
const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

function uniqueWord(): string {
  return `zw${crypto.randomBytes(5).toString("hex")}`;
}

/** Registers a fresh buyer and signs in (posting the forms; the page's context keeps the cookie). */
async function registerAndSignIn(page: Page): Promise<string> {
  const email = uniqueEmail("watch");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName: "Wanda", lastName: "Watcher", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  const login = await page.request.post("/login", {
    headers: { Origin: origin },
    form: { email, password: PASSWORD, redirectTo: "/watchlist" },
    maxRedirects: 0,
  });
  expect(login.headers().location).toBe("/watchlist");
  return email;
}

/** Active oscilloscopes carrying `word`, newest last; returns their ids and titles. */
function insertListings(word: string, count: number, status = "active"): Array<{ id: number; title: string }> {
  return withDatabase((db) => {
    const seller = db.prepare("select id from users where email = ?").get("seller@tradebench.test") as { id: string };
    const insert = db.prepare(
      `insert into equipment_listings (user_id, title, description, brand, model, category_id, condition, price_cents, status, created_at, location)
       values (?, ?, 'A bench oscilloscope.', 'Rigol', 'DS1054Z', ?, 'used_good', ?, ?, ?, 'Austin, TX') returning id`,
    );
    const rows: Array<{ id: number; title: string }> = [];
    for (let i = 1; i <= count; i++) {
      const title = `Scope ${word} ${status} ${i}`;
      const { id } = insert.get(seller.id, title, OSCILLOSCOPES, 40_000 + i * 1_000, status, new Date(Date.now() - (count - i) * 60_000).toISOString()) as {
        id: number;
      };
      rows.push({ id, title });
    }
    return rows;
  });
}

function watchDirectly(email: string, listingId: number, notes = ""): void {
  withDatabase((db) =>
    db.prepare("insert into watchlist (user_id, listing_id, notes) select id, ?, ? from users where email = ?").run(listingId, notes, email.toLowerCase()),
  );
}

function saveSearchDirectly(email: string, name: string, keyword: string): void {
  const params = {
    keyword,
    category: null,
    categoryName: null,
    minPrice: null,
    maxPrice: null,
    condition: [],
    testLevel: null,
    calibrated: false,
    brand: null,
  };
  withDatabase((db) =>
    db
      .prepare("insert into saved_searches (user_id, name, search_params, notify_on_new) select id, ?, ?, 1 from users where email = ?")
      .run(name, JSON.stringify(params), email.toLowerCase()),
  );
}

const watchedItem = (page: Page, title: string): Locator => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
const savedSearch = (page: Page, title: string): Locator => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const tabs = (page: Page) => page.getByRole("navigation", { name: "Watchlist sections" });

test("visitors sign in first and come back to /watchlist", async ({ page }) => {
  await page.goto("/watchlist");
  await expect(page).toHaveURL(/\/login\?from=%2Fwatchlist$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  const email = uniqueEmail("visitor");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName: "Vera", lastName: "Visitor", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watchlist & Saved Searches");
  await expect(tabs(page).getByRole("link", { name: "Watched Items" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No watched items" })).toBeVisible();
});

test.describe("with JavaScript", () => {
  test("watch from a card, then keep notes and remove it on /watchlist", async ({ page }) => {
    test.slow(); // a long path: sign-up, a search page, the watchlist twice
    const problems = watchConsole(page);
    await registerAndSignIn(page);
    const word = uniqueWord();
    const [listing] = insertListings(word, 1);
    await page.goto(`/listings?search=${word}`);
    await waitForHydration(page);
    await toggleWatch(page, page.getByRole("button", { name: `Add ${listing!.title} to watchlist` }));
    await expect(page.getByRole("button", { name: `Remove ${listing!.title} from watchlist` })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/watchlist");
    await waitForHydration(page);
    const item = watchedItem(page, listing!.title);
    await expect(item.getByRole("link", { name: listing!.title })).toHaveAttribute("href", `/listings/${listing!.id}`);
    await expect(item).toContainText("Price: $410");
    await expect(item).toContainText("Used - Good");

    const notes = item.getByRole("textbox", { name: "Notes" });
    await notes.fill("x".repeat(1001));
    await item.getByRole("button", { name: "Save notes" }).click();
    await expect(item.getByRole("alert")).toHaveText("Notes can be at most 1,000 characters.");
    await notes.fill("Ask whether the probes are included");
    await item.getByRole("button", { name: "Save notes" }).click();
    await expect(item.getByRole("status")).toHaveText("Notes saved.");
    await page.reload();
    await expect(watchedItem(page, listing!.title).getByRole("textbox", { name: "Notes" })).toHaveValue("Ask whether the probes are included");

    await waitForHydration(page);
    await watchedItem(page, listing!.title)
      .getByRole("button", { name: `Remove ${listing!.title} from watchlist` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "from your watchlist" })).toHaveText(`Removed “${listing!.title}” from your watchlist.`);
    await expect(page.getByRole("heading", { name: "No watched items" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "No watched items" })).toBeVisible();
    // The refused notes are a 400 answer, which Chromium reports; nothing else may be logged.
    expect(problems.filter((text) => !text.includes("status of 400 (Bad Request)"))).toEqual([]);
  });

  test("a saved search: execute, switch alerts, rename, delete after confirming", async ({ page }) => {
    test.slow(); // a long path: sign-up, save, then every action of the tab
    const problems = watchConsole(page);
    await registerAndSignIn(page);
    const word = uniqueWord();
    const listings = insertListings(word, 2);
    insertListings(word, 1, "sold");

    // Saved from /listings, found through the Saved Searches card.
    await page.goto(`/listings?search=${word}`);
    await waitForHydration(page);
    await page.locator("summary", { hasText: "Save Search" }).click();
    await page.getByRole("textbox", { name: "Name for this search" }).fill(`Scopes ${word}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "saved successfully" })).toBeVisible();
    await page.goto("/watchlist?tab=saved-searches");
    await waitForHydration(page);
    await expect(tabs(page).getByRole("link", { name: "Saved Searches" })).toHaveAttribute("aria-current", "page");

    const card = savedSearch(page, `Scopes ${word}`);
    await expect(card).toContainText(`Keywords: “${word}”`);
    await expect(card).toContainText("Last executed: Never");
    await expect(card.getByRole("link", { name: "Open in Equipment search" })).toHaveAttribute("href", `/listings?search=${word}`);

    await card.getByRole("button", { name: "Execute" }).click();
    const results = card.getByRole("region", { name: `Results for Scopes ${word}` });
    await expect(results.getByRole("status")).toHaveText("2 listings found, newest first");
    await expect(results.getByRole("link")).toHaveText([listings[1]!.title, listings[0]!.title]);
    await expect(card).toContainText("Last executed: Just now");

    const toggle = card.getByRole("button", { name: "Notify me of new listings" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(savedSearch(page, `Scopes ${word}`).getByRole("button", { name: "Notify me of new listings" })).toHaveAttribute("aria-pressed", "false");
    await waitForHydration(page);

    await savedSearch(page, `Scopes ${word}`).locator("summary", { hasText: "Rename" }).click();
    const name = savedSearch(page, `Scopes ${word}`).getByRole("textbox", { name: "New name" });
    await name.fill("   ");
    await savedSearch(page, `Scopes ${word}`).getByRole("button", { name: "Save name" }).click();
    await expect(savedSearch(page, `Scopes ${word}`).getByRole("alert")).toHaveText("Please enter a name for your saved search");
    await name.fill(`  Bench scopes ${word} `);
    await savedSearch(page, `Scopes ${word}`).getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Renamed" })).toHaveText(`Renamed the saved search to “Bench scopes ${word}”.`);
    const renamed = savedSearch(page, `Bench scopes ${word}`);
    await expect(renamed).toBeVisible();

    await renamed.getByRole("link", { name: `Delete Bench scopes ${word}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Are you sure you want to delete this saved search?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(renamed).toBeVisible();
    await renamed.getByRole("link", { name: `Delete Bench scopes ${word}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deleted" })).toHaveText(`Deleted the saved search “Bench scopes ${word}”.`);
    await expect(page.getByRole("heading", { name: "No saved searches" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search equipment" })).toHaveAttribute("href", "/listings");
    // The refused blank name is a 400 answer, which Chromium reports; nothing else may be logged.
    expect(problems.filter((text) => !text.includes("status of 400 (Bad Request)"))).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("notes, remove, execute, alerts, rename and delete all work as plain forms", async ({ page }) => {
    test.slow(); // every form of both tabs, each a full page load
    const email = await registerAndSignIn(page);
    const word = uniqueWord();
    const [listing] = insertListings(word, 1);
    watchDirectly(email, listing!.id);
    saveSearchDirectly(email, `Plain ${word}`, word);

    await page.goto("/watchlist");
    const item = watchedItem(page, listing!.title);
    await item.getByRole("textbox", { name: "Notes" }).fill("Offer 350");
    await item.getByRole("button", { name: "Save notes" }).click();
    await expect(watchedItem(page, listing!.title).getByRole("status")).toHaveText("Notes saved.");
    await page.goto("/watchlist");
    await expect(watchedItem(page, listing!.title).getByRole("textbox", { name: "Notes" })).toHaveValue("Offer 350");
    await watchedItem(page, listing!.title)
      .getByRole("button", { name: `Remove ${listing!.title} from watchlist` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "from your watchlist" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No watched items" })).toBeVisible();

    await tabs(page).getByRole("link", { name: "Saved Searches" }).click();
    await expect(page).toHaveURL(/\?tab=saved-searches$/);
    await savedSearch(page, `Plain ${word}`).getByRole("button", { name: "Execute" }).click();
    await expect(
      savedSearch(page, `Plain ${word}`)
        .getByRole("region", { name: `Results for Plain ${word}` })
        .getByRole("link"),
    ).toHaveText([listing!.title]);

    await savedSearch(page, `Plain ${word}`).getByRole("button", { name: "Notify me of new listings" }).click();
    await expect(savedSearch(page, `Plain ${word}`).getByRole("button", { name: "Notify me of new listings" })).toHaveAttribute("aria-pressed", "false");

    await savedSearch(page, `Plain ${word}`).locator("summary", { hasText: "Rename" }).click();
    await savedSearch(page, `Plain ${word}`).getByRole("textbox", { name: "New name" }).fill("");
    await savedSearch(page, `Plain ${word}`).getByRole("button", { name: "Save name" }).click();
    await expect(savedSearch(page, `Plain ${word}`).getByRole("alert")).toHaveText("Please enter a name for your saved search");
    await savedSearch(page, `Plain ${word}`).getByRole("textbox", { name: "New name" }).fill(`Renamed ${word}`);
    await savedSearch(page, `Plain ${word}`).getByRole("button", { name: "Save name" }).click();
    await expect(savedSearch(page, `Renamed ${word}`)).toBeVisible();

    await savedSearch(page, `Renamed ${word}`)
      .getByRole("link", { name: `Delete Renamed ${word}` })
      .click();
    await expect(page).toHaveURL(/confirm-delete=\d+/);
    const confirm = page.getByRole("region", { name: "Are you sure you want to delete this saved search?" });
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("region", { name: "Are you sure you want to delete this saved search?" })).toHaveCount(0);
    await savedSearch(page, `Renamed ${word}`)
      .getByRole("link", { name: `Delete Renamed ${word}` })
      .click();
    await page.getByRole("region", { name: "Are you sure you want to delete this saved search?" }).getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("heading", { name: "No saved searches" })).toBeVisible();
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test("both tabs, with items, a search and its results, have no WCAG 2 A/AA violations", async ({ page }) => {
      test.slow(); // two full axe runs
      const email = await registerAndSignIn(page);
      const word = uniqueWord();
      const [listing] = insertListings(word, 1);
      watchDirectly(email, listing!.id, "Check calibration");
      saveSearchDirectly(email, `Axe ${word}`, word);
      const check = async () => {
        await waitForHydration(page);
        // No hover state on a button the test just pressed.
        await page.mouse.move(0, 0);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expectNoAxeViolations(page, { ran: ["color-contrast", "label", "link-name"] });
      };
      await page.goto("/watchlist");
      await expect(watchedItem(page, listing!.title)).toBeVisible();
      await check();
      await page.goto("/watchlist?tab=saved-searches");
      await waitForHydration(page);
      await savedSearch(page, `Axe ${word}`).getByRole("button", { name: "Execute" }).click();
      await expect(page.getByRole("region", { name: `Results for Axe ${word}` }).getByRole("link")).toHaveText([listing!.title]);
      await check();
    });
  });
}

// /listings in the browser: the filter form without JavaScript, pages, categories, the empty state,
// Save Search for buyers and visitors, popular searches, and accessibility.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { databaseFile, expect, expectNoAxeViolations, signedInAsDemo, test, uniqueClientIp, watchConsole } from "./support.ts";

const SCOPES = "industrial_electronics_test_measurement_oscilloscopes";

/** A word no other listing holds, so a search for it finds exactly this file's listings. */
function uniqueWord(): string {
  return `zx${crypto.randomBytes(5).toString("hex")}`;
}

function openDatabase() {
  const db = new Database(databaseFile(), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * Sixteen active oscilloscopes carrying `word`: the i-th (1..16) costs $i×100, the first fourteen are
 * "Used - Good", the last two "New"; the higher the price, the newer.
 */
function insertScopes(word: string): void {
  const db = openDatabase();
  try {
    const seller = db.prepare("select id from users where email = ?").get("seller@tradebench.test") as { id: string };
    const insert = db.prepare(
      `insert into equipment_listings (user_id, title, description, brand, model, category_id, condition, price_cents, status, created_at, location)
       values (?, ?, ?, 'Tektronix', ?, ?, ?, ?, 'active', ?, 'Austin, TX')`,
    );
    db.transaction(() => {
      for (let i = 1; i <= 16; i++) {
        insert.run(
          seller.id,
          `Scope ${word} number ${i}`,
          `A bench oscilloscope, unit ${i}.`,
          `TBS${1000 + i}`,
          SCOPES,
          i <= 14 ? "used_good" : "new",
          i * 10_000,
          new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** The page's address has exactly these query parameters (in any order). */
async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
}

const cardTitles = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("heading", { level: 3 });
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /^Showing / });

// ---------------------------------------------------------------------------------------------
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form, sorting, pages and categories work as plain links and forms", async ({ page }) => {
    const word = uniqueWord();
    insertScopes(word);
    await page.goto("/listings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Equipment Listings");

    const form = page.getByRole("search", { name: "Filter listings" });
    await form.getByRole("searchbox", { name: "Search" }).fill(word);
    await form.getByRole("combobox", { name: "Condition" }).selectOption({ label: "Used - Good" });
    await form.getByRole("spinbutton", { name: "Min price" }).fill("150");
    await form.getByRole("combobox", { name: "Sort By" }).selectOption({ label: "Price: Low to High" });
    await form.getByRole("button", { name: "Apply Filters" }).click();

    // Without JavaScript the browser sends every field, empty ones too.
    await expectQuery(page, { search: word, brand: "", condition: "used_good", sort: "price:asc", minPrice: "150", maxPrice: "", testLevel: "" });
    await expect(summary(page)).toHaveText("Showing 12 of 13 listings");
    await expect(cardTitles(page)).toHaveText(Array.from({ length: 12 }, (_, i) => `Scope ${word} number ${i + 2}`));
    await expect(page.getByText("$200", { exact: true })).toBeVisible();
    // The form shows what is applied.
    await expect(form.getByRole("searchbox", { name: "Search" })).toHaveValue(word);
    await expect(form.getByRole("combobox", { name: "Condition" })).toHaveValue("used_good");

    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Next" }).click();
    await expectQuery(page, { search: word, condition: "used_good", sort: "price:asc", minPrice: "150", page: "2" });
    await expect(summary(page)).toHaveText("Showing 1 of 13 listings");
    await expect(cardTitles(page)).toHaveText([`Scope ${word} number 14`]);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(summary(page)).toHaveText("Showing 12 of 13 listings");
    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(summary(page)).toHaveText("Showing 1 of 13 listings");

    // Any filter change starts again at page 1.
    await form.getByRole("spinbutton", { name: "Max price" }).fill("1000");
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(summary(page)).toHaveText("Showing 9 of 9 listings");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

    // Newest first, and a coarse condition group.
    await page.goto(`/listings?search=${word}&condition=new`);
    await expect(cardTitles(page)).toHaveText([`Scope ${word} number 16`, `Scope ${word} number 15`]);
    await expect(form.getByRole("combobox", { name: "Sort By" })).toHaveValue("");
    await expect(form.getByRole("combobox", { name: "Sort By" }).locator("option:checked")).toHaveText("Best match");

    // The sidebar: categories at each level, the other filters kept, the page reset.
    await page.goto(`/listings?search=${word}&sort=price:desc&page=2`);
    const sidebar = page.getByRole("navigation", { name: "Categories" });
    await sidebar.getByRole("link", { name: "Test & Measurement" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test & Measurement");
    await expectQuery(page, { search: word, category: "test_measurement", sort: "price:desc" });
    await expect(summary(page)).toHaveText("Showing 12 of 16 listings");
    await expect(sidebar.getByRole("link", { name: "Test & Measurement" })).toHaveAttribute("aria-current", "true");
    await sidebar.getByRole("link", { name: "Oscilloscopes", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oscilloscopes");
    await expect(cardTitles(page).first()).toHaveText(`Scope ${word} number 16`);
    await sidebar.getByRole("link", { name: "Heavy Equipment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Heavy Equipment");
    await expect(page.getByRole("heading", { name: "No listings found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Equipment Listings");
  });

  test("the brand filter finds any part of the brand, in any letter case", async ({ page }) => {
    const word = uniqueWord();
    insertScopes(word);
    await page.goto(`/listings?search=${word}`);
    const form = page.getByRole("search", { name: "Filter listings" });
    await form.getByRole("textbox", { name: "Brand" }).fill("  tEKtro ");
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(summary(page)).toHaveText("Showing 12 of 16 listings");
    await expect(form.getByRole("textbox", { name: "Brand" })).toHaveValue("tEKtro");
    await form.getByRole("textbox", { name: "Brand" }).fill("Keysight");
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByRole("heading", { name: "No listings found" })).toBeVisible();
  });

  test("an invalid price is shown with its message and ignored", async ({ page }) => {
    const word = uniqueWord();
    insertScopes(word);
    const response = await page.goto(`/listings?search=${word}&minPrice=-5&maxPrice=abc`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Minimum price must be a number of 0 or more")).toBeVisible();
    await expect(page.getByText("Maximum price must be a number of 0 or more")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Min price" })).toHaveAttribute("aria-invalid", "true");
    await expect(summary(page)).toHaveText("Showing 12 of 16 listings");

    await page.goto(`/listings?search=${word}&minPrice=900&maxPrice=300`);
    await expect(page.getByText("Minimum price cannot be more than the maximum price")).toBeVisible();
    await expect(summary(page)).toHaveText("Showing 12 of 16 listings");
  });

  test("an unknown category is titled Equipment Listings and finds nothing", async ({ page }) => {
    await page.goto("/listings?category=no_such_thing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Equipment Listings");
    await expect(page.getByRole("heading", { name: "No listings found" })).toBeVisible();
  });

  test.describe("signed in", () => {
    signedInAsDemo("buyer");

    test("Save Search works as a plain form", async ({ page }) => {
      const word = uniqueWord();
      await page.goto(`/listings?search=${word}&maxPrice=500`);
      await page.locator("summary", { hasText: "Save Search" }).click();
      await page.getByRole("textbox", { name: "Name for this search" }).fill(`  Cheap ${word}  `);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "saved successfully" })).toHaveText(`Search "Cheap ${word}" saved successfully!`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Equipment Listings");
      await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(word);
    });
  });
});

// ---------------------------------------------------------------------------------------------
test.describe("with JavaScript", () => {
  test("the form leaves empty fields out of the address and logs no errors", async ({ page }) => {
    const problems = watchConsole(page);
    const word = uniqueWord();
    insertScopes(word);
    await page.goto("/listings");
    await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
    await page.getByRole("searchbox", { name: "Search" }).fill(word);
    await page.getByRole("checkbox", { name: "Calibrated within 12 months" }).check();
    await page.getByRole("checkbox", { name: "Calibrated within 12 months" }).uncheck();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/listings\\?search=${word}$`));
    await expect(summary(page)).toHaveText("Showing 12 of 16 listings");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(summary(page)).toHaveText("Showing 4 of 16 listings");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("no results: the empty state and Clear All Filters", async ({ page }) => {
    await page.goto(`/listings?search=${uniqueWord()}&condition=good`);
    await expect(page.getByRole("heading", { name: "No listings found" })).toBeVisible();
    await expect(summary(page)).toHaveText("Showing 0 of 0 listings");
    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Condition" })).toHaveValue("");
  });

  test("visitors see no Saved Searches card, and Save Search sends them to sign in first", async ({ page }) => {
    await page.goto("/listings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Equipment Listings");
    await expect(page.getByRole("heading", { name: "Saved Searches" })).toHaveCount(0);
    // No filter, no Save Search.
    await expect(page.getByRole("link", { name: "Save Search" })).toHaveCount(0);

    const word = uniqueWord();
    await page.goto(`/listings?search=${word}&condition=used_good`);
    await page.getByRole("link", { name: "Save Search" }).click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(`/listings?search=${word}&condition=used_good`)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });

  test("popular searches are offered as chips while the search box is empty", async ({ page }) => {
    const word = uniqueWord();
    insertScopes(word);
    // Searched by more visitors than anything else in this run (a term counts once per visitor, and shows from three).
    for (let i = 0; i < 6; i++) {
      const visitor = { "X-Forwarded-For": uniqueClientIp() };
      expect((await page.request.get(`/listings?search=${word}`, { headers: visitor })).status()).toBe(200);
    }
    await page.goto("/listings");
    const chips = page.getByRole("navigation", { name: "Popular searches" });
    await expect(chips.getByRole("link")).not.toHaveCount(0);
    expect(await chips.getByRole("link").count()).toBeLessThanOrEqual(10);
    await chips.getByRole("link", { name: word }).click();
    await expect(page).toHaveURL(`/listings?search=${word}`);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(word);
    await expect(page.getByRole("navigation", { name: "Popular searches" })).toHaveCount(0);
  });

  test.describe("signed in as a buyer", () => {
    signedInAsDemo("buyer");

    test("Save Search: a name is required, then the search is saved", async ({ page }) => {
      const word = uniqueWord();
      insertScopes(word);
      await page.goto(`/listings?search=${word}&condition=good&minPrice=100&calibrated=1`);
      await expect(page.getByRole("link", { name: "View Saved Searches" })).toHaveAttribute("href", "/watchlist?tab=saved-searches");

      await page.locator("summary", { hasText: "Save Search" }).click();
      const name = page.getByRole("textbox", { name: "Name for this search" });
      await name.fill("   ");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Please enter a name for your saved search")).toBeVisible();

      await name.fill(`Good scopes ${word}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "saved successfully" })).toHaveText(`Search "Good scopes ${word}" saved successfully!`);
      // The panel closes; the filters stay as they were.
      await expect(page.getByRole("textbox", { name: "Name for this search" })).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`search=${word}&condition=good`));

      const db = openDatabase();
      try {
        const row = db
          .prepare(
            `select s.name, s.search_params, s.notify_on_new from saved_searches s join users u on u.id = s.user_id
             where u.email = 'buyer@tradebench.test' and s.name = ?`,
          )
          .get(`Good scopes ${word}`) as { name: string; search_params: string; notify_on_new: number } | undefined;
        expect(row?.notify_on_new).toBe(1);
        expect(JSON.parse(row?.search_params ?? "null")).toEqual({
          keyword: word,
          category: null,
          categoryName: null,
          minPrice: 100,
          maxPrice: null,
          condition: ["used_very_good", "used_good"],
          testLevel: null,
          calibrated: true,
          brand: null,
        });
      } finally {
        db.close();
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    const check = async (page: Page) => {
      await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expectNoAxeViolations(page, { ran: ["color-contrast", "label", "link-name"] });
    };

    test("/listings has no WCAG 2 A/AA violations", async ({ page }) => {
      const word = uniqueWord();
      insertScopes(word);
      await page.goto(`/listings?search=${word}&minPrice=-1&category=test_measurement`);
      await check(page);
    });

    test.describe("signed in", () => {
      signedInAsDemo("buyer");
      test("/listings with Save Search open has no WCAG 2 A/AA violations", async ({ page }) => {
        const word = uniqueWord();
        insertScopes(word);
        await page.goto(`/listings?search=${word}`);
        await page.locator("summary", { hasText: "Save Search" }).click();
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page.getByText("Please enter a name for your saved search")).toBeVisible();
        await check(page);
      });
    });
  });
}

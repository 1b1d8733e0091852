// Saved-search alerts in the browser: a new buyer saves a search with alerts on from /listings, a seller (another
// browser) lists a matching item through /create-listing, and the buyer's bell shows the alert without a reload; its
// link opens the search. (The server runs with SAVED_SEARCH_ALERT_WINDOW_MS=0: the next scheduler pass tells.)
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { demoStorageState, expect, test, uniqueClientIp, uniqueEmail } from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const PASSWORD = "correct-horse-battery";

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? "").origin;
}

/** Registers a new buyer through /register and signs the page's context in. */
async function registerBuyer(page: Page): Promise<void> {
  const email = uniqueEmail("alerts-buyer");
  const register = await page.request.post("/register", {
    headers: { Origin: origin() },
    form: { firstName: "Alma", lastName: "Alert", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  const login = await page.request.post("/login", {
    headers: { Origin: origin() },
    form: { email, password: PASSWORD, redirectTo: "/listings" },
    maxRedirects: 0,
  });
  expect(login.headers().location).toBe("/listings");
}

test.use({ storageState: { cookies: [], origins: [] } });

test("a buyer's saved search alerts them, live, to a seller's new matching listing", async ({ page, browser }) => {
  test.slow(); // two browsers, a listing with a picture, and a scheduler pass
  await registerBuyer(page);
  const word = `zq${crypto.randomBytes(4).toString("hex")}`;
  const name = `Keysight ${word} scopes`;

  // The buyer searches, narrows by brand and price, and saves the search (alerts are on for a new search).
  await page.goto("/listings");
  const form = page.getByRole("search", { name: "Filter listings" });
  await form.getByRole("searchbox", { name: "Search" }).fill(`${word} oscillo`);
  await form.getByRole("textbox", { name: "Brand" }).fill("keysight");
  await form.getByRole("spinbutton", { name: "Max price" }).fill("5000");
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByRole("heading", { name: "No listings found" })).toBeVisible();
  const searchQuery = Object.fromEntries(new URL(page.url()).searchParams);
  expect(searchQuery).toEqual({ search: `${word} oscillo`, brand: "keysight", maxPrice: "5000" });
  await page.locator("summary", { hasText: "Save Search" }).click();
  await page.getByRole("textbox", { name: "Name for this search" }).fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "saved successfully" })).toHaveText(`Search "${name}" saved successfully!`);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(page.locator("[data-live-mode]")).toHaveAttribute("data-live-mode", "live");

  // Meanwhile the demo seller lists a matching oscilloscope, in a browser of their own.
  const seller = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await demoStorageState(browser, "seller", test.info()),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  try {
    const sellerPage = await seller.newPage();
    await sellerPage.goto("/create-listing");
    const title = `Keysight DSOX1204G ${word} oscilloscope`;
    await sellerPage.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await sellerPage.getByRole("textbox", { name: "Description", exact: true }).fill("Four channels, 70 MHz, with probes.");
    await sellerPage.getByRole("combobox", { name: "Category", exact: true }).selectOption(OSCILLOSCOPES);
    await sellerPage.getByRole("combobox", { name: "Condition", exact: true }).selectOption("used_excellent");
    await sellerPage.getByRole("spinbutton", { name: "Price", exact: true }).fill("1450");
    await sellerPage.getByRole("textbox", { name: "Brand", exact: true }).fill("Keysight Technologies");
    await sellerPage.getByRole("button", { name: "Create Listing" }).click();
    await expect(sellerPage).toHaveURL(/\/listings\/\d+$/);
    await expect(sellerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The buyer's bell tells them, without a reload.
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
    await bell.click();
    const alert = page.getByRole("list", { name: "Latest notifications" }).getByRole("link", { name: /New listings for your saved search/ });
    await expect(alert).toContainText(`1 new listing matches '${name}'`);

    // Its link opens the search, which now finds the new listing.
    await alert.click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(searchQuery);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`${word} oscillo`);
    await expect(page.getByRole("textbox", { name: "Brand" })).toHaveValue("keysight");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  } finally {
    await seller.close();
  }
});

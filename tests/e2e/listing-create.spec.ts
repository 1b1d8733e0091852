// Creating, editing and deleting listings in the browser: the seller's path with two pictures, the form's
// messages with and without JavaScript, who is turned away, script in a title shown as text, accessibility.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import {
  demoStorageState,
  expect,
  signedInAsDemo,
  test,
  toggleWatch,
  uniqueClientIp,
  uniqueEmail,
  waitForHydration,
  watchConsole,
  withDatabase,
} from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const PASSWORD = "correct-horse-battery";

async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? "").origin;
}

/** Fills the required fields of the Manual Listing form. */
async function fillRequired(page: Page, values: { title: string; price?: string }) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(values.title);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Bench-tested, calibrated last spring, with probes and power cord.");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption(OSCILLOSCOPES);
  await page.getByRole("combobox", { name: "Condition", exact: true }).selectOption("used_excellent");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill(values.price ?? "1250.50");
}

/** Posts the create form directly (no JavaScript marker, so the answer is the redirect) and returns the new id. */
async function createThroughRequest(page: Page, title: string): Promise<number> {
  const response = await page.request.post("/create-listing", {
    headers: { Origin: origin() },
    multipart: {
      title,
      description: "Owned by the demo seller.",
      categoryId: OSCILLOSCOPES,
      listingType: "buy_now",
      price: "999",
      currency: "USD",
      condition: "used_good",
      status: "active",
      images: await pngFile("front.png", "#224488"),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const location = response.headers().location ?? "";
  expect(location).toMatch(/^\/listings\/\d+$/);
  return Number(location.split("/").pop());
}

/** A new seller registered through /register and signed in, in a context of its own. */
async function anotherSeller(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    // Not the demo seller's session that this describe block uses.
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const page = await context.newPage();
  const email = uniqueEmail("seller");
  const register = await page.request.post("/register", {
    headers: { Origin: origin() },
    form: {
      firstName: "Otto",
      lastName: "Other",
      email,
      companyName: "Other Surplus",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      intent: "sell",
      website_url: "",
    },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  const login = await page.request.post("/login", {
    headers: { Origin: origin() },
    form: { email, password: PASSWORD, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  expect(login.headers().location).toBe("/dashboard");
  return { context, page };
}

test.describe("as a seller", () => {
  signedInAsDemo("seller");

  test("the price field shows what similar listings sell for in the chosen category and condition", async ({ page }) => {
    // The category with the most US-dollar Buy Now listings of the demo data.
    const category = withDatabase(
      (db) =>
        db
          .prepare(
            `select category_id as id from equipment_listings where currency = 'USD' and listing_type = 'buy_now'
             group by category_id order by count(*) desc limit 1`,
          )
          .get() as { id: string },
    ).id;
    await page.goto("/create-listing");
    await waitForHydration(page);
    const hint = page.getByText(/sell around \$/);
    await expect(hint).toHaveCount(0);
    await page.getByRole("combobox", { name: "Category", exact: true }).selectOption(category);
    await page.getByRole("combobox", { name: "Condition", exact: true }).selectOption("used_good");
    await expect(hint).toHaveText(
      /^Similar listings in Used - Good condition sell around \$[\d,]+\. Based on \d+ sales and listings in the category on Tradebench\.$/,
    );
  });

  test("creates a listing with two images, sees the success message and lands on the listing", async ({ page, browser }) => {
    test.slow(); // several round trips with image processing; the default 30 s is tight on a busy machine
    await page.goto("/create-listing");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Manual Listing" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);

    const title = `Keysight DSOX3034T oscilloscope ${Date.now()}`;
    await fillRequired(page, { title });
    await page.getByRole("textbox", { name: "Brand", exact: true }).fill("Keysight");
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("DSOX3034T");
    await page.getByRole("spinbutton", { name: "Year", exact: true }).fill("2019");
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Option 1GB memory");
    await page.getByRole("button", { name: "Add feature" }).click();
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(4);
    await page.getByRole("textbox", { name: "Specification 1 name", exact: true }).fill("Bandwidth");
    await page.getByRole("textbox", { name: "Specification 1 value", exact: true }).fill("350 MHz");
    await page.getByRole("combobox", { name: "Test level", exact: true }).selectOption("fully_tested");

    await page.getByLabel("Choose images").setInputFiles([await pngFile("front.png", "#3366ff"), await pngFile("back.png", "#ff6633")]);
    const previews = page.getByRole("list", { name: "Chosen images" }).getByRole("listitem");
    await expect(previews).toHaveCount(2);
    await expect(previews.first().getByText("Primary", { exact: true })).toBeVisible();
    // Choosing the same file again adds nothing.
    await page.getByLabel("Choose images").setInputFiles([await pngFile("front.png", "#3366ff")]);
    await expect(previews).toHaveCount(2);

    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Listing Created Successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Both pictures are served as WebP with the spec's cache time.
    const id = new URL(page.url()).pathname.split("/").pop();
    const sources = await page.locator(`img[src^="/uploads/listings/${id}/"]`).evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    const unique = [...new Set(sources.map((src) => (src ?? "").replace(/-thumb\.webp$/, ".webp")))];
    expect(unique).toHaveLength(2);
    const image = await page.request.get(unique[0]!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["cache-control"]).toBe("public, max-age=3600");
    expect((await page.request.get("/uploads/listings/1/..%2F..%2Fsession-secret")).status()).toBe(404);

    // It is the newest listing on /listings, and a search for its words finds it.
    await page.goto("/listings");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    const stamp = title.split(" ").pop() ?? "";
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill(`DSOX3034T ${stamp}`);
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/search=DSOX3034T/);
    await expect(page.getByText("Showing 1 of 1 listing")).toBeVisible();
    await page.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${id}$`));

    // A buyer opens it and watches it; the choice is kept.
    const buyer = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await demoStorageState(browser, "buyer", test.info()),
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    try {
      const buyerPage = await buyer.newPage();
      await buyerPage.goto(`/listings/${id}`);
      await expect(buyerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await waitForHydration(buyerPage);
      await toggleWatch(buyerPage, buyerPage.getByRole("button", { name: "Watch", exact: true }));
      await expect(buyerPage.getByRole("button", { name: "Watching", exact: true })).toHaveAttribute("aria-pressed", "true");
      await buyerPage.reload();
      await expect(buyerPage.getByRole("button", { name: "Watching", exact: true })).toHaveAttribute("aria-pressed", "true");
    } finally {
      await buyer.close();
    }
  });

  test("shows the form's messages beside the fields and keeps what was typed", async ({ page }) => {
    test.slow(); // several round trips with image processing; the default 30 s is tight on a busy machine
    await page.goto("/create-listing");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create Listing" }).click();
    for (const message of [
      "Title is required",
      "Description is required",
      "Category is required",
      "Valid price is required for buy now listings",
      "Condition is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Fluke 87V");
    await expect(page.getByText("Title is required", { exact: true })).toHaveCount(0);

    // The server's own checks: the year, and a file that only pretends to be a picture.
    await fillRequired(page, { title: "Fluke 87V multimeter" });
    await page.getByRole("spinbutton", { name: "Year", exact: true }).fill("1850");
    await page.getByRole("button", { name: "Create Listing" }).click();
    const latest = new Date().getUTCFullYear();
    await expect(page.getByText(`Year must be between 1900 and ${latest}`)).toBeVisible();
    await page.getByRole("spinbutton", { name: "Year", exact: true }).fill("2015");
    await page.getByLabel("Choose images").setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") }]);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("notes.jpg: Only image files are accepted")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Fluke 87V multimeter");
    await expect(page).toHaveURL(/\/create-listing$/);
  });

  test("shows a <script> title as text", async ({ page }) => {
    const title = `<script>window.__pwned = true</script> Tek <b>scope</b> ${Date.now()}`;
    await page.goto("/create-listing");
    await waitForHydration(page);
    await fillRequired(page, { title });
    await page.getByRole("textbox", { name: "Description", exact: true }).fill(`<img src=x onerror="window.__pwned = true"> described`);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(`<img src=x onerror="window.__pwned = true"> described`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(page.locator("main img[src='x']")).toHaveCount(0);
  });

  test("edits a listing: fields, image order and primary, then deletes it after confirming", async ({ page }) => {
    test.slow(); // several round trips with image processing; the default 30 s is tight on a busy machine
    const id = await createThroughRequest(page, `Tektronix TDS2024C ${Date.now()}`);
    await page.goto(`/edit-listing/${id}`);
    await waitForHydration(page);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(/^Tektronix TDS2024C/);
    await expect(page.getByRole("spinbutton", { name: "Price", exact: true })).toHaveValue("999");

    // Add a second picture and save other fields with it.
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Tektronix TDS2024C four-channel oscilloscope");
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("draft");
    await page.getByLabel("Add images").setInputFiles([await pngFile("side.png", "#11aa55")]);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes have been saved.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Tektronix TDS2024C four-channel oscilloscope");
    await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("draft");

    const current = page.getByRole("list", { name: "Current images, in gallery order" }).getByRole("listitem");
    await expect(current).toHaveCount(2);
    await expect(current.nth(0)).toContainText("front.png");
    await expect(current.nth(0).getByText("Primary", { exact: true })).toBeVisible();
    await current.nth(1).getByRole("button", { name: "Move up image 2" }).click();
    await expect(current.nth(0)).toContainText("side.png");
    await current.nth(0).getByRole("button", { name: "Make primary image 1" }).click();
    await expect(current.nth(0).getByText("Primary", { exact: true })).toBeVisible();
    await expect(current.nth(1).getByText("Primary", { exact: true })).toHaveCount(0);
    await current.nth(1).getByRole("button", { name: "Remove image 2" }).click();
    await expect(current).toHaveCount(1);

    await page.getByRole("link", { name: "Delete listing" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByRole("button", { name: "Yes, delete this listing" }).click();
    await expect(page).toHaveURL(/\/dashboard\?deleted=1$/);
    await expect(page.getByText("Your listing has been deleted.")).toBeVisible();
    expect((await page.request.get(`/listings/${id}`)).status()).toBe(404);
  });

  test("another seller cannot open, save or delete the listing", async ({ page, browser }) => {
    const id = await createThroughRequest(page, `Rigol DS1054Z ${Date.now()}`);
    const other = await anotherSeller(browser);
    try {
      await other.page.goto(`/edit-listing/${id}`);
      await expect(other.page.getByText("You do not have permission to update this listing")).toBeVisible();
      await other.page.goto(`/listings/${id}/delete`);
      await expect(other.page.getByText("You do not have permission to delete this listing")).toBeVisible();

      const save = await other.page.request.post(`/edit-listing/${id}`, {
        headers: { Origin: origin() },
        multipart: { title: "Taken over", description: "x", categoryId: OSCILLOSCOPES, price: "1", condition: "used_good" },
        maxRedirects: 0,
      });
      expect(save.status()).toBe(403);
      const remove = await other.page.request.post(`/listings/${id}/delete`, {
        headers: { Origin: origin() },
        form: { confirm: "yes" },
        maxRedirects: 0,
      });
      expect(remove.status()).toBe(403);
      const image = await other.page.request.post(`/edit-listing/${id}`, {
        headers: { Origin: origin() },
        form: { intent: "image-remove", imageId: "1" },
        maxRedirects: 0,
      });
      expect(image.status()).toBe(403);
    } finally {
      await other.context.close();
    }
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Rigol DS1054Z/);
  });

  test("the create and edit pages have no accessibility violations and a clean console", async ({ page }) => {
    test.slow(); // several round trips with image processing; the default 30 s is tight on a busy machine
    const problems = watchConsole(page);
    const id = await createThroughRequest(page, `Fluke 289 logging multimeter ${Date.now()}`);
    for (const url of ["/create-listing", `/edit-listing/${id}`]) {
      await page.goto(url);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const summary = results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
      expect(summary, url).toEqual([]);
      expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["label", "color-contrast"]));
    }
    expect(problems).toEqual([]);
  });
});

test.describe("as a seller without JavaScript", () => {
  signedInAsDemo("seller");
  test.use({ javaScriptEnabled: false });

  test("adds rows, keeps values on errors and redirects to the new listing", async ({ page }) => {
    await page.goto("/create-listing");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Anritsu MS2830A signal analyzer");
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Option 005 installed");
    await page.getByRole("button", { name: "Add feature" }).click();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Anritsu MS2830A signal analyzer");
    await expect(page.getByRole("textbox", { name: "Feature 1", exact: true })).toHaveValue("Option 005 installed");
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(4);
    await page.getByRole("button", { name: "Remove feature 2" }).click();
    await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(3);
    await expect(page.getByRole("textbox", { name: "Feature 1", exact: true })).toHaveValue("Option 005 installed");

    await page.getByLabel("Choose images").setInputFiles([await pngFile("front.png", "#884422")]);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Description is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Images are not kept when the form is sent back: please choose them again.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Anritsu MS2830A signal analyzer");

    await fillRequired(page, { title: "Anritsu MS2830A signal analyzer" });
    await page.getByLabel("Choose images").setInputFiles([await pngFile("front.png", "#884422")]);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anritsu MS2830A signal analyzer");
  });

  test("deletes through the confirmation page", async ({ page }) => {
    const id = await createThroughRequest(page, `Siglent SDS2104X ${Date.now()}`);
    await page.goto(`/edit-listing/${id}`);
    await page.getByRole("link", { name: "Delete listing" }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${id}/delete$`));
    await page.getByRole("button", { name: "Yes, delete this listing" }).click();
    await expect(page).toHaveURL(/\/dashboard\?deleted=1$/);
    await expect(page.getByText("Your listing has been deleted.")).toBeVisible();
  });
});

test.describe("as a buyer", () => {
  signedInAsDemo("buyer");

  test("is sent to the dashboard from /create-listing", async ({ page }) => {
    await page.goto("/create-listing");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a visitor is sent to sign in, and back to /create-listing afterwards", async ({ page }) => {
  await page.goto("/create-listing");
  await expect(page).toHaveURL(/\/login\?from=%2Fcreate-listing$/);
});

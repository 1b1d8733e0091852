// The listing detail page: what a buyer sees, the gallery by keyboard, swipe and without JavaScript,
// view counting, drafts, HTML kept inert, "Listing not found", watching, and accessibility.
// Listings are written straight into the e2e database, owned by the demo seller.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { demoAccount, expect, signedInAsDemo, test, watchConsole, withDatabase } from "./support.ts";

const ITEM = (name: string) => `industrial_electronics_test_measurement_${name}`;

interface ListingRow {
  title: string;
  category_id: string;
  status: string;
  listing_type: string;
  price_cents: number;
  buy_now_price_cents: number | null;
  description: string;
  brand: string;
  model: string;
  condition: string;
  location: string;
  year: number | null;
  specifications: string;
  features: string;
  views: number;
  test_level: string | null;
  calibration_date: string | null;
  calibration_due: string | null;
  calibration_accredited: number;
  installed_options: string;
}

const DEFAULTS: ListingRow = {
  title: "Keysight DSOX3034T oscilloscope",
  category_id: ITEM("oscilloscopes"),
  status: "active",
  listing_type: "buy_now",
  price_cents: 950_000,
  buy_now_price_cents: null,
  description: "",
  brand: "",
  model: "",
  condition: "used_good",
  location: "",
  year: null,
  specifications: "{}",
  features: "[]",
  views: 0,
  test_level: null,
  calibration_date: null,
  calibration_due: null,
  calibration_accredited: 0,
  installed_options: "",
};

let clock = Date.now();

function sellerId(): string {
  return withDatabase((db) => {
    const row = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string } | undefined;
    if (!row) throw new Error("The demo seller is missing from the e2e database");
    return row.id;
  });
}

/** Inserts a listing owned by the demo seller, newer than anything inserted before it. */
function insertListing(values: Partial<ListingRow> = {}): number {
  const row = { ...DEFAULTS, ...values };
  const owner = sellerId();
  clock += 1000;
  const createdAt = new Date(clock).toISOString();
  return withDatabase((db) => {
    const result = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, buy_now_price_cents,
           description, brand, model, condition, location, year, specifications, features, views, test_level,
           calibration_date, calibration_due, calibration_accredited, installed_options, created_at, updated_at)
         values (@user_id, @title, @category_id, @status, @listing_type, @price_cents, @buy_now_price_cents,
           @description, @brand, @model, @condition, @location, @year, @specifications, @features, @views, @test_level,
           @calibration_date, @calibration_due, @calibration_accredited, @installed_options, @created_at, @created_at)`,
      )
      .run({ ...row, user_id: owner, created_at: createdAt });
    return Number(result.lastInsertRowid);
  });
}

/** Small solid-colour pictures as data URLs, so the gallery has real images without the upload pipeline. */
async function addImages(listingId: number, colours: string[]): Promise<void> {
  const urls = await Promise.all(
    colours.map(async (colour) => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString("base64")}`;
    }),
  );
  withDatabase((db) => {
    const insert = db.prepare(
      `insert into equipment_images (listing_id, url, thumbnail_url, width, height, is_primary, position)
       values (?, ?, ?, 40, 30, ?, ?)`,
    );
    urls.forEach((url, position) => insert.run(listingId, url, url, position === 0 ? 1 : 0, position));
  });
}

function storedViews(listingId: number): number {
  return withDatabase((db) => (db.prepare("select views from equipment_listings where id = ?").get(listingId) as { views: number }).views);
}

function watchRows(listingId: number): number {
  return withDatabase((db) => (db.prepare("select count(*) as n from watchlist where listing_id = ?").get(listingId) as { n: number }).n);
}

const fact = (page: Page, label: string) =>
  page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${label}"]`) });

/** The thumbnails become buttons once React has hydrated the page. */
async function waitForGallery(page: Page, count: number) {
  await expect(page.getByRole("button", { name: `Show image 1 of ${count}` })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
test.describe("a visitor on the detail page", () => {
  test("sees everything the listing says, with missing values reading Not specified", async ({ page }) => {
    const problems = watchConsole(page);
    const category = ITEM("phase_noise_analyzers");
    const id = insertListing({
      title: "Rohde & Schwarz FSWP26 phase noise analyzer",
      category_id: category,
      listing_type: "hybrid",
      price_cents: 4_200_000,
      buy_now_price_cents: 5_500_000,
      brand: "Rohde & Schwarz",
      model: "FSWP26",
      condition: "used_excellent",
      location: "Munich, Germany",
      description: "Lightly used in a calibration lab.\n\n  Indented line kept.",
      specifications: JSON.stringify({ "Frequency range": "1 MHz to 26.5 GHz", "Phase noise": "-172 dBc/Hz" }),
      features: JSON.stringify(["Cross-correlation option", "Internal signal source"]),
      test_level: "fully_tested",
      calibration_date: "2026-03-04",
      calibration_due: "2027-03-04",
      calibration_accredited: 1,
      installed_options: "B1, B60",
      views: 12,
    });
    await addImages(id, ["#1e40af"]);
    const related = [1, 2, 3, 4, 5].map((n) => insertListing({ title: `Related analyzer ${n}`, category_id: category }));
    insertListing({ title: "Related draft", category_id: category, status: "draft" });

    const response = await page.goto(`/listings/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Rohde & Schwarz FSWP26 phase noise analyzer — Tradebench");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Lightly used in a calibration lab\. Indented line kept\.$/);

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Equipment" })).toHaveAttribute("href", "/listings");
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText("Rohde & Schwarz FSWP26 phase noise analyzer");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rohde & Schwarz FSWP26 phase noise analyzer");
    await expect(page.getByTestId("listing-price")).toHaveText("$42,000");
    await expect(page.getByText("Used - Excellent", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Auction", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Rohde & Schwarz FSWP26 phase noise analyzer" })).toBeVisible();

    await expect(fact(page, "Brand")).toHaveText("Rohde & Schwarz");
    await expect(fact(page, "Model")).toHaveText("FSWP26");
    await expect(fact(page, "Category")).toHaveText("Industrial Electronics › Test & Measurement › Phase Noise Analyzers");
    await expect(fact(page, "Category").getByRole("link")).toHaveAttribute("href", `/listings?category=${category}`);
    await expect(fact(page, "Location")).toHaveText("Munich, Germany");
    await expect(fact(page, "Year")).toHaveText("Not specified");
    await expect(fact(page, "Views")).toHaveText("13");

    const typePanel = page.getByRole("region", { name: "Auction with Buy It Now" });
    await expect(typePanel).toContainText("Starting price$42,000");
    await expect(typePanel).toContainText("Buy It Now price$55,000");
    await expect(typePanel.getByRole("button", { name: "Watch" })).toBeVisible();

    const seller = page.getByRole("region", { name: "Seller" });
    await expect(seller).toContainText("Keystone Surplus");
    await expect(seller).toContainText("SS");

    await expect(page.getByTestId("listing-description")).toHaveText("Lightly used in a calibration lab.\n\n  Indented line kept.");
    await expect(page.getByTestId("listing-description")).toHaveCSS("white-space", "pre-wrap");
    await expect(page.getByRole("region", { name: "Features" }).getByRole("listitem")).toHaveText(["Cross-correlation option", "Internal signal source"]);
    const specs = page.getByRole("region", { name: "Specifications" });
    await expect(specs.getByRole("rowheader")).toHaveText(["Frequency range", "Phase noise"]);
    await expect(specs.getByRole("cell")).toHaveText(["1 MHz to 26.5 GHz", "-172 dBc/Hz"]);

    const calibration = page.getByRole("region", { name: "Testing & calibration" });
    await expect(calibration).toContainText("ISO/IEC 17025 accredited");
    await expect(calibration).toContainText("Test levelFully tested");
    await expect(calibration).toContainText("CalibratedMar 4, 2026");
    await expect(calibration).toContainText("Calibration dueMar 4, 2027");
    await expect(calibration).toContainText("Installed optionsB1, B60");

    // Up to four related cards: the newest active ones of the same category, never the draft.
    const relatedCards = page.getByRole("region", { name: "Related Equipment" }).getByRole("article");
    await expect(relatedCards).toHaveCount(4);
    await expect(relatedCards.getByRole("heading")).toHaveText(["Related analyzer 5", "Related analyzer 4", "Related analyzer 3", "Related analyzer 2"]);
    await expect(relatedCards.first().getByRole("link", { name: "Related analyzer 5" })).toHaveAttribute("href", `/listings/${related[4]}`);

    // Contact Seller for visitors too (it asks them to sign in); no Buy Now on an auction; no Edit Listing for visitors.
    await expect(page.getByRole("button", { name: "Contact Seller" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Buy Now/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Contact Seller|Buy Now|Edit Listing/ })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("shows a placeholder without pictures, and a Sold badge on a sold listing", async ({ page }) => {
    const id = insertListing({ title: "Fluke 87V multimeter", status: "sold", category_id: ITEM("digital_multimeters") });
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole("img", { name: "No image available" })).toBeVisible();
    await expect(page.getByText("Sold", { exact: true })).toBeVisible();
    await expect(page.getByText("This item has been sold.")).toBeVisible();
    for (const label of ["Brand", "Model", "Location", "Year"]) await expect(fact(page, label)).toHaveText("Not specified");
  });

  test("renders HTML in the title and description as plain text", async ({ page }) => {
    const title = `<img src=x onerror="window.__pwned=1">Scope`;
    const description = `<script>window.__pwned=2</script><b>bold?</b>`;
    const id = insertListing({ title, description, features: JSON.stringify(["<i onclick=alert(1)>x</i>"]) });
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("listing-description")).toHaveText(description);
    await expect(page.getByText("<i onclick=alert(1)>x</i>")).toBeVisible();
    await expect(page).toHaveTitle(`${title} — Tradebench`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator('main img[src="x"], main b, main i[onclick]')).toHaveCount(0);
  });

  for (const path of ["/listings/999999", "/listings/abc"]) {
    test(`${path} says Listing not found`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing not found");
      await expect(page).toHaveTitle("Listing not found — Tradebench");
      await page.getByRole("link", { name: "Browse Listings" }).click();
      await expect(page).toHaveURL(/\/listings$/);
    });
  }

  test("cannot open drafts or archived listings", async ({ page }) => {
    for (const status of ["draft", "archived"]) {
      const id = insertListing({ title: `Hidden ${status}`, status });
      const response = await page.goto(`/listings/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing not found");
    }
  });
});

test.describe("view counting", () => {
  test("counts a visitor once within 30 minutes and shows the new count", async ({ page }) => {
    const id = insertListing({ title: "Agilent 34401A multimeter", views: 7 });
    await page.goto(`/listings/${id}`);
    await expect(fact(page, "Views")).toHaveText("8");
    await page.reload();
    await expect(fact(page, "Views")).toHaveText("8");
    expect(storedViews(id)).toBe(8);
  });

  test("another visitor counts too", async ({ browser, page }) => {
    const id = insertListing({ title: "HP 8648C signal generator", views: 0 });
    await page.goto(`/listings/${id}`);
    await expect(fact(page, "Views")).toHaveText("1");
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.18.0.77" } });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(`${test.info().project.use.baseURL}/listings/${id}`);
      await expect(fact(otherPage, "Views")).toHaveText("2");
    } finally {
      await other.close();
    }
    expect(storedViews(id)).toBe(2);
  });
});

test.describe("the seller on their own listing", () => {
  signedInAsDemo("seller");

  test("sees drafts with a Draft badge and Edit Listing, and their views are not counted", async ({ page }) => {
    const id = insertListing({ title: "Seller's own draft analyzer", status: "draft", views: 3 });
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller's own draft analyzer");
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Listing" })).toHaveAttribute("href", `/edit-listing/${id}`);
    await expect(fact(page, "Views")).toHaveText("3");
    expect(storedViews(id)).toBe(3);
  });
});

test.describe("the gallery", () => {
  const COLOURS = ["#dc2626", "#16a34a", "#2563eb"];
  const TITLE = "Tektronix AFG31252 arbitrary function generator";
  const main = (page: Page) => page.getByTestId("gallery-viewport").getByRole("img");

  test("steps through the pictures with the arrow keys and reaches thumbnails by Tab", async ({ page }) => {
    const id = insertListing({ title: TITLE });
    await addImages(id, COLOURS);
    await page.goto(`/listings/${id}`);
    await waitForGallery(page, 3);
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 1 of 3`);

    const viewport = page.getByRole("group", { name: `Photos of ${TITLE}` });
    await viewport.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("gallery-position")).toHaveText("Image 2 of 3");
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 2 of 3`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 3 of 3`);
    await page.keyboard.press("Home");
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 1 of 3`);
    await page.keyboard.press("End");
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 3 of 3`);

    // Tab moves from the picture to the thumbnails; Enter on one shows it, arrows move along them.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show image 1 of 3" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show image 2 of 3" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 2 of 3`);
    await expect(page.getByRole("button", { name: "Show image 2 of 3" })).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Show image 3 of 3" })).toBeFocused();
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 3 of 3`);
  });

  test("follows a swipe on a touch screen", async ({ page }) => {
    const id = insertListing({ title: TITLE });
    await addImages(id, COLOURS);
    await page.goto(`/listings/${id}`);
    await waitForGallery(page, 3);
    const viewport = page.getByTestId("gallery-viewport");
    const box = await viewport.boundingBox();
    if (!box) throw new Error("gallery not laid out");
    const y = box.y + box.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await viewport.dispatchEvent("pointerdown", { pointerId: 7, pointerType: "touch", isPrimary: true, clientX: fromX, clientY: y, bubbles: true });
      await viewport.dispatchEvent("pointerup", { pointerId: 7, pointerType: "touch", isPrimary: true, clientX: toX, clientY: y + 5, bubbles: true });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 2 of 3`);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 1 of 3`);
    // A short drag is not a swipe.
    await swipe(box.x + 100, box.x + 90);
    await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 1 of 3`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("shows the primary picture and thumbnails as links that choose the picture", async ({ page }) => {
      const id = insertListing({ title: TITLE });
      await addImages(id, COLOURS);
      await page.goto(`/listings/${id}`);
      await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 1 of 3`);
      const second = page.getByRole("link", { name: "Show image 2 of 3" });
      await expect(second).toHaveAttribute("href", "?image=2");
      await second.click();
      await expect(page).toHaveURL(new RegExp(`/listings/${id}\\?image=2$`));
      await expect(main(page)).toHaveAttribute("alt", `${TITLE} — image 2 of 3`);
      await expect(page.getByRole("link", { name: "Show image 2 of 3" })).toHaveAttribute("aria-current", "true");
    });
  });
});

test.describe("watching from the detail page", () => {
  test("a visitor is sent to sign in with the way back to the listing", async ({ page }) => {
    const id = insertListing({ title: "Anritsu MS2830A signal analyzer" });
    await page.goto(`/listings/${id}`);
    await waitForHydrationOf(page);
    await page.getByRole("button", { name: "Watch", exact: true }).click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(`/listings/${id}`)}`);
  });

  test.describe("as a buyer", () => {
    signedInAsDemo("buyer");

    test("watches and unwatches, and the choice is kept", async ({ page }) => {
      const id = insertListing({ title: "Keithley 2450 source measure unit" });
      await page.goto(`/listings/${id}`);
      await waitForHydrationOf(page);
      await page.getByRole("button", { name: "Watch", exact: true }).click();
      await expect(page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
      await expect.poll(() => watchRows(id)).toBe(1);
      await page.reload();
      await expect(page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
      await waitForHydrationOf(page);
      await page.getByRole("button", { name: "Watching" }).click();
      await expect(page.getByRole("button", { name: "Watch", exact: true })).toHaveAttribute("aria-pressed", "false");
      await expect.poll(() => watchRows(id)).toBe(0);
    });
  });
});

/** The colour toggle learns the mode in an effect, so its aria-pressed appears once React has hydrated. */
async function waitForHydrationOf(page: Page) {
  await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test("the detail page has no WCAG 2 A/AA violations", async ({ page }) => {
      const category = ITEM("noise_figure_analyzers");
      const id = insertListing({
        title: "Keysight N8975B noise figure analyzer",
        category_id: category,
        listing_type: "auction",
        brand: "Keysight",
        description: "Works well.",
        specifications: JSON.stringify({ Range: "10 MHz to 26.5 GHz" }),
        features: JSON.stringify(["Preamplifier"]),
        test_level: "powers_on",
        calibration_date: "2026-01-15",
      });
      await addImages(id, ["#f59e0b", "#0ea5e9"]);
      insertListing({ title: "Another noise figure analyzer", category_id: category });
      await page.goto(`/listings/${id}`);
      await waitForHydrationOf(page);
      await waitForGallery(page, 2);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const summarize = (items: typeof results.violations) =>
        items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
      expect(summarize(results.violations)).toEqual([]);
      expect(summarize(results.incomplete)).toEqual([]);
    });

    test("the not-found page has no WCAG 2 A/AA violations", async ({ page }) => {
      await page.goto("/listings/999999");
      await waitForHydrationOf(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  });
}

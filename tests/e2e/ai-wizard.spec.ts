// The AI-Powered Listing wizard in the browser (docs/product/listings.md#ai-assistant), against the fake OpenAI-compatible server the
// app server is pointed at (playwright.config.ts): a seller's whole path from photos to a live listing with its
// auction, the draft surviving a reload, a visitor's two steps and the sign-in that saves them, accessibility on
// every step, and no credential, model address or model SDK in the files the browser downloads.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_OPENAI_API_KEY, E2E_OPENAI_BASE_URL } from "../../playwright.config.ts";
import { confirmEmailOf, expect, signedInAsDemo, test, uniqueEmail, waitForHydration, watchConsole, withDatabase } from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const PASSWORD = "correct-horse-battery";
const DAY = 24 * 60 * 60 * 1000;

async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/**
 * A 12-megapixel camera photo stored on its side: 4000 × 3000 pixels with EXIF orientation 6, so it shows 3000 wide
 * and 4000 high. Gradients and a label, so the JPEG is photo-like rather than one flat colour.
 */
async function sidewaysCameraPhoto(name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#246"/><stop offset="1" stop-color="#fc8"/></linearGradient></defs>
    <rect width="4000" height="3000" fill="url(#g)"/><rect width="1000" height="600" fill="#c00"/>
    <text x="1400" y="1600" font-size="300">DSOX3034T</text></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const summary = results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
  expect(summary, where).toEqual([]);
}

/** The wizard's draft as the browser keeps it (IndexedDB), or null; never creates the database itself. */
async function storedDraft(page: Page): Promise<{ step: number; title: string; photos: number; brand: string } | null> {
  return page.evaluate(
    () =>
      new Promise<{ step: number; title: string; photos: number; brand: string } | null>((resolve) => {
        const open = indexedDB.open("tradebench-ai-wizard");
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("drafts")) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction("drafts").objectStore("drafts").get("current");
          get.onsuccess = () => {
            const value = get.result as { state: { step: number; fields: { title: string }; photos: unknown[]; input: { brand: string } } } | undefined;
            db.close();
            resolve(
              value ? { step: value.state.step, title: value.state.fields.title, photos: value.state.photos.length, brand: value.state.input.brand } : null,
            );
          };
          get.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
  );
}

/** Step 1: brand, model, condition and photos, then Generate; ends on step 2. */
async function generate(page: Page, brand: string, model: string, { photos = true } = {}) {
  const generateButton = page.getByRole("button", { name: "Generate AI Listing" });
  if (photos) {
    await expect(generateButton).toBeDisabled();
    await expect(page.getByText("To generate, add: brand, model, at least one photo.")).toBeVisible();
  }
  await page.getByRole("textbox", { name: "Brand" }).fill(brand);
  await page.getByRole("textbox", { name: "Model" }).fill(model);
  await page.getByRole("combobox", { name: "Condition" }).selectOption("used_excellent");
  if (photos) await page.getByLabel("Choose photos").setInputFiles([await pngFile("nameplate.png", "#2255aa"), await pngFile("front.png", "#aa5522")]);
  await expect(generateButton).toBeEnabled();
  await generateButton.click();
  await expect(page.getByRole("heading", { name: "Step 2 of 4: Review and Edit" })).toBeVisible({ timeout: 30_000 });
}

test.describe("as a seller", () => {
  signedInAsDemo("seller");

  test("photos to a live auction listing: every step, the draft kept over a reload, accessible throughout", async ({ page }) => {
    test.setTimeout(240_000); // a generation, image processing and four axe runs on a shared machine
    const problems = watchConsole(page);
    await page.goto("/create-listing?tab=ai");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "Ways to create a listing" });
    await expect(tabs.getByRole("link", { name: "AI-Powered Listing" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Manual Listing" })).toHaveAttribute("href", "/create-listing");
    await expect(page.getByText("PNG, JPG, GIF up to 10MB", { exact: false })).toBeVisible();

    // The 10 MB limit is enforced, repeats are ignored, the first photo is primary and photos can be removed.
    const picker = page.getByLabel("Choose photos");
    await picker.setInputFiles([
      { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
      await pngFile("spare.png", "#777777"),
    ]);
    await expect(page.getByText("huge.png is larger than 10 MB")).toBeVisible();
    const chosen = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    await expect(chosen).toHaveCount(1);
    await picker.setInputFiles([await pngFile("spare.png", "#777777")]);
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first().getByText("Primary", { exact: true })).toBeVisible();
    await expectAccessible(page, "step 1");
    await chosen.first().getByRole("button", { name: "Remove spare.png" }).click();
    await expect(chosen).toHaveCount(0);
    await expect(page.getByLabel("Take a photo with the camera")).toHaveAttribute("capture", "environment");

    await generate(page, "Keysight", "DSOX3034T");
    const title = page.getByRole("textbox", { name: "Title" });
    await expect(title).not.toHaveValue("");
    await expect(page.getByRole("heading", { name: "Smart pricing" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Market analysis" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Photo \d: / })).toHaveCount(2);

    // The draft, photos included, survives a reload.
    const listingTitle = `Keysight DSOX3034T wizard ${Date.now()}`;
    await title.fill(listingTitle);
    await expect.poll(() => storedDraft(page)).toEqual({ step: 2, title: listingTitle, photos: 2, brand: "Keysight" });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Review and Edit" })).toBeVisible();
    await expect(title).toHaveValue(listingTitle);
    await expect(page.getByRole("img", { name: /^Photo \d: / })).toHaveCount(2);

    // Without a category the seller cannot go on; rows can be added ("New feature") and removed.
    await page.getByRole("spinbutton", { name: "Price (USD)" }).fill("6500");
    const category = page.getByRole("combobox", { name: "Category" });
    await category.selectOption("");
    await page.getByRole("button", { name: "Approve & Continue" }).click();
    await expect(page.getByText("Could not determine category for this equipment")).toBeVisible();
    await expect(category).toBeFocused();
    await category.selectOption(OSCILLOSCOPES);
    await expect(page.getByText("Could not determine category for this equipment")).toHaveCount(0);
    const features = page.getByRole("textbox", { name: /^Feature \d+$/ });
    const featureCount = await features.count();
    await page.getByRole("button", { name: "Add feature" }).click();
    await expect(features).toHaveCount(featureCount + 1);
    await expect(features.last()).toHaveValue("New feature");
    await page.getByRole("button", { name: `Remove feature ${featureCount + 1}` }).click();
    await expect(features).toHaveCount(featureCount);
    await expectAccessible(page, "step 2");
    await page.getByRole("button", { name: "Approve & Continue" }).click();

    // Step 3: a type first; Auction prefills 80 % and 90 %; the wizard's durations.
    await expect(page.getByRole("heading", { name: "Step 3 of 4: Listing type" })).toBeFocused();
    const create = page.getByRole("button", { name: "Create Listing" });
    await expect(create).toBeDisabled();
    await page.getByRole("radio", { name: /^Auction/ }).check();
    await expect(page.getByRole("spinbutton", { name: "Starting price (USD)" })).toHaveValue("5200");
    await expect(page.getByRole("spinbutton", { name: "Reserve price (USD)" })).toHaveValue("5850");
    const duration = page.getByRole("combobox", { name: "Duration" });
    await expect(duration).toHaveValue("7");
    expect(await duration.locator("option").allTextContents()).toEqual(["3 days", "5 days", "7 days", "10 days", "14 days"]);
    await duration.selectOption("5");
    await expectAccessible(page, "step 3");
    await create.click();

    await expect(page.getByText("Listing Created Successfully")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Your listing is live now.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Browse Listings" })).toHaveAttribute("href", "/listings");
    await expectAccessible(page, "step 4");

    // What was stored: a live AI listing with its comparables, its auction running for 5 days, the generation used.
    const stored = withDatabase((db) => {
      const listing = db
        .prepare("select id, status, ai_generated, listing_type, price_cents, comparable_listings from equipment_listings where title = ?")
        .get(listingTitle) as { id: number; status: string; ai_generated: number; listing_type: string; price_cents: number; comparable_listings: string };
      const auction = db
        .prepare("select id, status, start_date, end_date, starting_price_cents, reserve_price_cents from auctions where listing_id = ?")
        .get(listing.id) as {
        id: number;
        status: string;
        start_date: string;
        end_date: string;
        starting_price_cents: number;
        reserve_price_cents: number;
      };
      const generation = db.prepare("select outcome from ai_generations where listing_id = ?").get(listing.id) as { outcome: string } | undefined;
      const images = db.prepare("select count(*) as n from equipment_images where listing_id = ?").get(listing.id) as { n: number };
      return { listing, auction, generation, images: images.n };
    });
    expect(stored.listing).toMatchObject({ status: "active", ai_generated: 1, listing_type: "auction", price_cents: 520_000 });
    expect(Array.isArray(JSON.parse(stored.listing.comparable_listings))).toBe(true);
    expect(stored.auction).toMatchObject({ status: "active", starting_price_cents: 520_000, reserve_price_cents: 585_000 });
    expect(new Date(stored.auction.end_date).getTime() - new Date(stored.auction.start_date).getTime()).toBe(5 * DAY);
    expect(stored.generation).toEqual({ outcome: "ai" });
    expect(stored.images).toBe(2);

    // The lot page shows it; the wizard starts afresh.
    await page.getByRole("link", { name: "View the auction" }).click();
    await expect(page).toHaveURL(new RegExp(`/auctions/${stored.auction.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: listingTitle })).toBeVisible();
    await page.goto("/create-listing?tab=ai");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Equipment and photos" })).toBeVisible();
    await expect.poll(() => storedDraft(page)).toBeNull();
    expect(problems).toEqual([]);
  });
});

/**
 * Keeps the bodies the page sends with XMLHttpRequest, for sentPhotos: Chromium's DevTools protocol does not hand out
 * a body made of files (request.postDataBuffer() is null for it).
 */
async function recordSentForms(page: Page) {
  await page.addInitScript(() => {
    const sent: FormData[] = [];
    Object.assign(window, { sentForms: sent });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) sent.push(body);
      send.call(this, body);
    };
  });
}

/** The photos of the last generation request the page sent (after recordSentForms). */
async function sentPhotos(page: Page): Promise<Array<{ name: string; type: string; base64: string }>> {
  return page.evaluate(async () => {
    const forms = (window as unknown as { sentForms: FormData[] }).sentForms.filter((form) => form.has("photos"));
    const files =
      forms
        .at(-1)
        ?.getAll("photos")
        .filter((part): part is File => typeof part !== "string") ?? [];
    return Promise.all(
      files.map(async (file) => {
        let binary = "";
        for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
        return { name: file.name, type: file.type, base64: btoa(binary) };
      }),
    );
  });
}

test.describe("photos of a seller with a camera", () => {
  signedInAsDemo("seller");

  test("a large photo the browser cannot decode (TIFF) goes to the analysis as it is, and the server reads it", async ({ page }) => {
    test.setTimeout(120_000);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="4000" height="3000" fill="#468"/><text x="1400" y="1600" font-size="300">DSOX</text></svg>`;
    const tiff = { name: "scan.tiff", mimeType: "image/tiff", buffer: await sharp(Buffer.from(svg)).tiff({ compression: "jpeg", quality: 80 }).toBuffer() };
    await recordSentForms(page);
    await page.goto("/create-listing?tab=ai");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Brand" }).fill("Keysight");
    await page.getByRole("textbox", { name: "Model" }).fill("DSOX3034T");
    await page.getByLabel("Choose photos").setInputFiles([tiff]);
    await page.getByRole("button", { name: "Generate AI Listing" }).click();
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Review and Edit" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Generated without AI/)).toHaveCount(0);
    const sent = await sentPhotos(page);
    expect(sent.map((file) => file.name)).toEqual(["scan.tiff"]);
    expect(Buffer.from(sent[0]!.base64, "base64").equals(tiff.buffer)).toBe(true);
  });

  test("the analysis gets copies at the model's size (within 2 megapixels), turned upright; the listing is made from the original files", async ({ page }) => {
    test.setTimeout(180_000); // a 12-megapixel photo decoded in the browser and twice on the server, on a shared machine
    const camera = await sidewaysCameraPhoto("camera.jpg");
    const nameplate = await pngFile("nameplate.png", "#2255aa");
    await recordSentForms(page);
    await page.goto("/create-listing?tab=ai");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Brand" }).fill("Keysight");
    await page.getByRole("textbox", { name: "Model" }).fill("DSOX3034T");
    await page.getByLabel("Choose photos").setInputFiles([camera, nameplate]);
    await page.getByRole("button", { name: "Generate AI Listing" }).click();
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Review and Edit" })).toBeVisible({ timeout: 30_000 });

    // What the generation request carried: the camera photo as a JPEG of at most 2 megapixels, at the model's 1024 px,
    // upright (portrait) without the EXIF turn; the small PNG exactly as chosen.
    const sent = await sentPhotos(page);
    expect(sent.map((file) => file.name)).toEqual(["camera.jpg", "nameplate.png"]);
    const copy = Buffer.from(sent[0]!.base64, "base64");
    const copyInfo = await sharp(copy).metadata();
    expect(copyInfo.format).toBe("jpeg");
    expect(copyInfo.width! * copyInfo.height!).toBeLessThanOrEqual(2_000_000);
    expect({ width: copyInfo.width, height: copyInfo.height, turn: copyInfo.orientation ?? 1 }).toEqual({ width: 768, height: 1024, turn: 1 });
    expect(copy.length).toBeLessThan(camera.buffer.length);
    expect(sent[0]!.type).toBe("image/jpeg");
    expect(Buffer.from(sent[1]!.base64, "base64").equals(nameplate.buffer)).toBe(true);

    const listingTitle = `Keysight DSOX3034T camera ${Date.now()}`;
    await page.getByRole("textbox", { name: "Title" }).fill(listingTitle);
    await page.getByRole("spinbutton", { name: "Price (USD)" }).fill("6500");
    await page.getByRole("combobox", { name: "Category" }).selectOption(OSCILLOSCOPES);
    await page.getByRole("button", { name: "Approve & Continue" }).click();
    await page.getByRole("radio", { name: /^Buy It Now/ }).check();
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByText("Listing Created Successfully")).toBeVisible({ timeout: 30_000 });

    // The listing's photos came from the original files (their names and byte sizes are recorded), made by the image
    // pipeline from the 12-megapixel photo: upright and at the pipeline's full 1600 px, not the analysis copy's 1024.
    const images = withDatabase((db) =>
      db
        .prepare(
          `select i.original_name, i.original_size, i.width, i.height from equipment_images i join equipment_listings l on l.id = i.listing_id
            where l.title = ? order by i.position, i.id`,
        )
        .all(listingTitle),
    );
    expect(images).toEqual([
      { original_name: "camera.jpg", original_size: camera.buffer.length, width: 1200, height: 1600 },
      { original_name: "nameplate.png", original_size: nameplate.buffer.length, width: 800, height: 600 },
    ]);
  });
});

test("a visitor tries two steps, signs in as a seller to save, and the draft is waiting; the listing claims the generation", async ({ page }) => {
  test.setTimeout(150_000); // two generations' worth of round trips and a sign-in on a shared machine
  const email = uniqueEmail("wizard-seller");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName: "Vera", lastName: "Visitor", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "sell", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  confirmEmailOf(email);

  // /create-listing itself still asks visitors to sign in; the AI tab lets them try.
  await page.goto("/create-listing");
  await expect(page).toHaveURL(/\/login\?from=%2Fcreate-listing$/);
  await page.goto("/create-listing?tab=ai");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Manual Listing" })).toHaveAttribute("href", "/login?from=%2Fcreate-listing");
  // A model that never answers: the overlay shows the upload done and the server at work, and Cancel stops it.
  await page.getByRole("textbox", { name: "Brand" }).fill("Rigol");
  await page.getByRole("textbox", { name: "Model" }).fill("DS1054Z-FAKE-SLOW");
  await page.getByLabel("Choose photos").setInputFiles([await pngFile("nameplate.png", "#2255aa"), await pngFile("front.png", "#aa5522")]);
  await page.getByRole("button", { name: "Generate AI Listing" }).click();
  const overlay = page.getByRole("dialog", { name: "Analyzing equipment and generating listing..." });
  await expect(overlay.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(overlay.getByRole("status")).toHaveText("Photos sent. The server is reading the nameplate, writing the listing and pricing it.");
  await expect(overlay.getByRole("progressbar", { name: "Photos uploaded" })).toHaveAttribute("aria-valuenow", "100");
  await overlay.getByRole("button", { name: "Cancel" }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Step 1 of 4: Equipment and photos" })).toBeVisible();

  // The model refuses the key (401): the built-in generator writes the draft, and the page says so.
  const model = `VISIT-${Date.now()}-FAKE-401`;
  await generate(page, "Rigol", model, { photos: false });
  await expect(page.getByText(/^Generated without AI/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve & Continue" })).toHaveCount(0);
  const signIn = page.getByRole("link", { name: "Sign in to save your listing" });
  await expect(signIn).toHaveAttribute("href", "/login?from=%2Fcreate-listing%3Ftab%3Dai");
  const draftTitle = await page.getByRole("textbox", { name: "Title" }).inputValue();
  await expect.poll(async () => (await storedDraft(page))?.step).toBe(2);

  await signIn.click();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/create-listing\?tab=ai$/);
  await expect(page.getByRole("heading", { name: "Step 2 of 4: Review and Edit" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(draftTitle);

  await page.getByRole("combobox", { name: "Category" }).selectOption(OSCILLOSCOPES);
  await page.getByRole("button", { name: "Approve & Continue" }).click();
  await page.getByRole("radio", { name: /^Buy It Now/ }).check();
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("Listing Created Successfully")).toBeVisible({ timeout: 20_000 });

  const claimed = withDatabase((db) =>
    db
      .prepare(
        `select g.user_id = u.id as mine, g.outcome, l.listing_type, (select count(*) from auctions a where a.listing_id = l.id) as auctions
           from ai_generations g join equipment_listings l on l.id = g.listing_id join users u on u.email = ?
          where lower(g.model) = lower(?)`,
      )
      .get(email, model),
  );
  expect(claimed).toEqual({ mine: 1, outcome: "fallback", listing_type: "buy_now", auctions: 0 });
});

test.describe("as an administrator", () => {
  signedInAsDemo("admin");

  test("the dashboard shows the AI assistant's figures from the generations", async ({ page }) => {
    const count = () =>
      withDatabase(
        (db) => db.prepare("select count(*) as processed, count(listing_id) as saved from ai_generations").get() as { processed: number; saved: number },
      );
    const before = count();
    await page.goto("/dashboard");
    const panel = page.getByRole("region", { name: "AI listing assistant" });
    const figure = async (label: string) => Number(((await panel.locator(`[data-stat="${label}"] [data-figure]`).textContent()) ?? "").replace(/[^\d]/g, ""));
    const after = count();
    const processed = await figure("AI Listings Processed");
    const saved = await figure("Successful Listings");
    expect(processed).toBeGreaterThanOrEqual(before.processed);
    expect(processed).toBeLessThanOrEqual(after.processed);
    expect(saved).toBeGreaterThanOrEqual(before.saved);
    expect(saved).toBeLessThanOrEqual(after.saved);
    await expect(panel.getByText("Generated Without AI")).toBeVisible();
  });
});

test("the browser never receives the model's credential, address or SDK", async ({ page }) => {
  const clientDir = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client");
  const files = fs
    .readdirSync(clientDir, { recursive: true })
    .map(String)
    .filter((file) => fs.statSync(path.join(clientDir, file)).isFile());
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  const forbidden = [E2E_OPENAI_API_KEY, E2E_OPENAI_BASE_URL, "OPENAI_API_KEY", "OPENAI_BASE_URL", "api.openai.com", "x-stainless"];
  const found = files.flatMap((file) => {
    const text = fs.readFileSync(path.join(clientDir, file)).toString("latin1").toLowerCase();
    return forbidden.filter((needle) => text.includes(needle.toLowerCase())).map((needle) => `${file}: ${needle}`);
  });
  expect(found).toEqual([]);

  // Nor does the wizard's page carry them in its HTML or loader data.
  const html = await (await page.request.get("/create-listing?tab=ai")).text();
  expect(html).toContain("AI-Powered Listing");
  for (const needle of [E2E_OPENAI_API_KEY, E2E_OPENAI_BASE_URL]) expect(html).not.toContain(needle);
});

// The home page on live data: hero search, category browser, tiles, featured equipment, statistics, testimonials,
// the calls to action and accessibility. What to expect is read from the server's own database.
import Database from "better-sqlite3";
import { e2eDatabaseFile } from "../../playwright.config.ts";
import { expect, expectNoAxeViolations, signedInAsDemo, test, toggleWatch, uniqueEmail, waitForHydration, watchConsole } from "./support.ts";
import { FEATURED_ROTATION, featuredWindowStart } from "../../app/lib/featuring.ts";
import { insertListing, insertMember, withAppDatabase } from "./fixtures.ts";

const NO_FEATURED = "No featured listings available at the moment.";
const TILE_SLUGS = [
  "test_measurement",
  "automation_control",
  "electronic_components",
  "data_acquisition",
  "lab_scientific",
  "electrical_power",
  "process_equipment",
  "heavy_equipment",
];
/** The statistics are cached for a minute; rows older than this were surely counted. */
const CACHE_SLACK_MS = 65_000;

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(e2eDatabaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
const one = (sql: string, ...params: unknown[]) => Number(Object.values(query<Record<string, number>>(sql, ...params)[0] ?? {})[0] ?? 0);

/** Spec reading in docs/decisions/0007-home-statistics.md: a sign of activity in the last 90 days; only accounts made by `createdBy`. */
function activeUsers(createdBy: string): number {
  const since = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();
  return one(
    `select count(*) from users u where u.created_at <= @createdBy and (
       u.created_at >= @since
       or exists (select 1 from sessions s where s.user_id = u.id and s.created_at >= @since)
       or exists (select 1 from equipment_listings l where l.user_id = u.id and l.created_at >= @since)
       or exists (select 1 from watchlist w where w.user_id = u.id and w.created_at >= @since)
       or exists (select 1 from saved_searches ss where ss.user_id = u.id and ss.created_at >= @since))`,
    { since, createdBy },
  );
}

const whole = (n: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(n);

// ---------------------------------------------------------------------------------------------
test.describe("hero search", () => {
  test("trims the text and goes to /listings?search=", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const search = page.getByRole("search", { name: "Search equipment" });
    await search.getByRole("searchbox", { name: "Search equipment" }).fill("   Tektronix   MSO  ");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/listings\?search=/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/listings");
    expect([...url.searchParams.entries()]).toEqual([["search", "Tektronix   MSO"]]);
  });

  test("an empty or blank search goes nowhere", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("searchbox", { name: "Search equipment" });
    const submit = page.getByRole("search").getByRole("button", { name: "Search" });

    await submit.click();
    await box.fill("    ");
    await box.press("Enter");
    await submit.click();
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    expect(await box.evaluate((input: HTMLInputElement) => input.validationMessage)).toContain("Enter what you are looking for");
    // Still home, no search in the address.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/industrial electronics/);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(new URL(page.url()).search).toBe("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the browser refuses a blank search and sends a real one to /listings", async ({ page }) => {
      await page.goto("/");
      const box = page.getByRole("searchbox", { name: "Search equipment" });
      await box.fill("   ");
      await box.press("Enter");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/industrial electronics/);
      expect(new URL(page.url()).pathname).toBe("/");

      await box.fill("fluke 87");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/listings\?/);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/listings");
      expect(url.searchParams.get("search")).toBe("fluke 87");
    });
  });

  test("offers Browse Equipment and Create an Account to visitors", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("link", { name: "Browse Equipment" })).toHaveAttribute("href", "/listings");
    await expect(hero.getByRole("link", { name: "Create an Account" })).toHaveAttribute("href", "/register");
    await expect(hero.getByRole("link", { name: "Create Listing" })).toHaveCount(0);

    const closing = page.getByRole("region", { name: "Ready to buy or sell equipment?" });
    await expect(closing.getByRole("link")).toHaveText(["Create an Account", "Browse Equipment"]);
    await expect(closing.getByRole("link", { name: "Create an Account" })).toHaveAttribute("href", "/register");
    await expect(closing.getByRole("link", { name: "Browse Equipment" })).toHaveAttribute("href", "/listings");
  });
});

test.describe("signed in as a seller", () => {
  signedInAsDemo("seller");

  test("the hero, AI panel and closing section offer Create Listing instead of Create an Account", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Create an Account" })).toHaveCount(0);
    const createLinks = main.getByRole("link", { name: "Create Listing" });
    await expect(createLinks).toHaveCount(3);
    for (const link of await createLinks.all()) await expect(link).toHaveAttribute("href", "/create-listing");
  });
});

test.describe("signed in as a buyer", () => {
  signedInAsDemo("buyer");

  test("neither Create an Account nor Create Listing is offered", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Create an Account" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Create Listing" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "AI listing creator" })).toContainText("Listing equipment is open to seller accounts.");
  });
});

// ---------------------------------------------------------------------------------------------
test.describe("category browser", () => {
  type Row = { id: string; name: string; parent_id: string };
  const subcategories = () => query<Row>("select id, name, parent_id from categories where level = 2 order by parent_id, position");
  const itemsOf = (id: string) => query<Row>("select id, name, parent_id from categories where parent_id = ? order by position", id);

  test("shows five items per subcategory, then “+ N more...” for the rest, with the database's ids in the links", async ({ page }) => {
    await page.goto("/");
    const browser = page.getByRole("navigation", { name: "Categories" });
    const subs = subcategories();
    expect(subs.length).toBeGreaterThan(0);
    for (const sub of subs) {
      const items = itemsOf(sub.id);
      const disclosure = browser.locator(`details[data-subcategory="${sub.id}"]`);
      await expect(disclosure.locator(":scope > summary")).toHaveText(sub.name);
      const links = disclosure.locator(":scope > div > ul > li > a");
      await expect(links).toHaveText(items.slice(0, 5).map((item) => item.name));
      for (const [index, item] of items.slice(0, 5).entries()) {
        await expect(links.nth(index)).toHaveAttribute("href", `/listings?category=${item.id}`);
      }
      if (items.length > 5) {
        await expect(disclosure.locator("details > summary .when-closed")).toHaveText(`+ ${items.length - 5} more...`);
      } else {
        await expect(disclosure.locator("details")).toHaveCount(0);
      }
      const all = disclosure.locator(":scope > div > a");
      await expect(all).toHaveText(`All ${sub.name}`);
      await expect(all).toHaveAttribute("href", `/listings?category=${sub.id}`);
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("a subcategory opens, “+ N more...” reveals the rest, and an item link leads to its listings", async ({ page }) => {
        await page.goto("/");
        if (javaScriptEnabled) await waitForHydration(page);
        const browser = page.getByRole("navigation", { name: "Categories" }).locator('details[data-subcategory="test_measurement"]');
        const items = itemsOf("test_measurement");
        const first = browser.getByRole("link", { name: items[0]!.name, exact: true });
        const sixth = browser.getByRole("link", { name: items[5]!.name, exact: true });
        await expect(first).toBeHidden();

        await browser.getByText("Test & Measurement", { exact: true }).click();
        await expect(first).toBeVisible();
        await expect(sixth).toBeHidden();
        const more = browser.getByText(`+ ${items.length - 5} more...`);
        await more.click();
        await expect(sixth).toBeVisible();
        await expect(more).toBeHidden();
        await expect(browser.getByText("Show fewer")).toBeVisible();

        expect(items[0]!.id).toBe("industrial_electronics_test_measurement_oscilloscopes");
        if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
        await first.click();
        await expect(page).toHaveURL(/\/listings\?category=industrial_electronics_test_measurement_oscilloscopes$/);
        // With JavaScript the item links navigate inside the app, without a full page load.
        if (javaScriptEnabled) expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
test("Browse by Category has the eight tiles with their names, links and active listing counts", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Browse by Category" });
  const tiles = section.getByRole("listitem");
  await expect(tiles).toHaveCount(8);
  for (const [index, slug] of TILE_SLUGS.entries()) {
    const name = query<{ name: string }>("select name from categories where id = ?", slug)[0]!.name;
    const tile = tiles.nth(index);
    await expect(tile.getByRole("link")).toHaveAttribute("href", `/listings?category=${slug}`);
    await expect(tile.getByRole("link")).toHaveText(name);
    // The count is cached for a minute: it lies between the listings older than a minute and all of them.
    const scope = `(with recursive scope(id) as (select ? union all select c.id from categories c join scope on c.parent_id = scope.id) select id from scope)`;
    const shown = Number((await tile.getByTestId("tile-count").innerText()).replace(/[^\d]/g, ""));
    // Other tests sell and take down listings meanwhile: the cached count may still hold those that left in the last minute.
    const all = one(
      `select count(*) from equipment_listings where (status = 'active' or updated_at >= ?) and category_id in ${scope}`,
      new Date(Date.now() - CACHE_SLACK_MS).toISOString(),
      slug,
    );
    const older = one(
      `select count(*) from equipment_listings where status = 'active' and category_id in ${scope} and created_at <= ?`,
      slug,
      new Date(Date.now() - CACHE_SLACK_MS).toISOString(),
    );
    expect(shown).toBeGreaterThanOrEqual(older);
    expect(shown).toBeLessThanOrEqual(all);
  }
});

// ---------------------------------------------------------------------------------------------
test.describe("featured equipment", () => {
  type Featured = { id: number; title: string };
  /** The featured listings whose turn it is (app/lib/featuring.ts): six in id order from the window's start, wrapping round. */
  const featuredNow = () => {
    const now = new Date();
    const all = query<Featured>(
      "select id, title from equipment_listings where status = 'active' and is_featured = 1 and (featured_until is null or featured_until > ?) order by id",
      now.toISOString(),
    );
    const start = featuredWindowStart(all.length, now);
    return [...all.slice(start), ...all.slice(0, start)].slice(0, FEATURED_ROTATION.shown);
  };

  test("shows the featured listings whose turn it is, or the empty text", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Featured Equipment" });
    await expect(section.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/listings");
    const featured = featuredNow();
    if (featured.length === 0) {
      await expect(section.getByText(NO_FEATURED, { exact: true })).toBeVisible();
      await expect(section.getByRole("article")).toHaveCount(0);
    } else {
      await expect(section.getByText(NO_FEATURED)).toHaveCount(0);
      const cards = section.getByRole("article");
      await expect(cards).toHaveCount(featured.length);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(featured.map((listing) => listing.title));
      for (const [index, listing] of featured.entries()) {
        await expect(cards.nth(index).getByRole("link", { name: listing.title })).toHaveAttribute("href", `/listings/${listing.id}`);
        await expect(cards.nth(index).getByText("Featured", { exact: true })).toBeVisible();
      }
    }
  });

  test("a signed-in user sees which featured listings they watch", async ({ page }) => {
    // A featured listing of our own, so there is one whatever the demo holds (the card watched is whichever's turn it is).
    await withAppDatabase(async (db) => {
      const seller = await insertMember(db, { role: "seller", prefix: "home-featured" });
      await insertListing(db, seller.id, { is_featured: 1, featured_until: new Date(Date.now() + 24 * 60 * 60_000).toISOString() });
    });
    const featured = featuredNow();
    expect(featured.length).toBeGreaterThan(0);
    const email = uniqueEmail("home-watch");
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    const password = "correct-horse-battery";
    const form = { firstName: "Walt", lastName: "Watcher", email, companyName: "", password, confirmPassword: password, intent: "buy", website_url: "" };
    expect((await page.request.post("/register", { headers: { Origin: origin }, form, maxRedirects: 0 })).status()).toBe(302);
    expect((await page.request.post("/login", { headers: { Origin: origin }, form: { email, password, redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(
      302,
    );

    const target = featured[0]!;
    await page.goto("/");
    await waitForHydration(page);
    // Found by its title: other tests feature listings meanwhile, so the first card may change between loads.
    const card = page
      .getByRole("region", { name: "Featured Equipment" })
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: target.title, exact: true }) });
    const toggle = card.getByRole("button", { name: `Add ${target.title} to watchlist` });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    // Waits for the server to store it, so the reload below cannot cancel the request.
    await toggleWatch(page, toggle);
    await expect(card.getByRole("button", { name: `Remove ${target.title} from watchlist` })).toHaveAttribute("aria-pressed", "true");

    await page.reload();
    await expect(card.getByRole("button", { name: `Remove ${target.title} from watchlist` })).toHaveAttribute("aria-pressed", "true");
  });
});

// ---------------------------------------------------------------------------------------------
test("the statistics are the database's numbers with thousands separators", async ({ page }) => {
  test.setTimeout(100_000);
  const label = (name: string) => page.locator(`[data-stat="${name}"] dd`);
  const read = async (name: string) => (await label(name).innerText()).trim();

  // The numbers may be up to a minute old; poll until they agree with the database (they do at once when it is quiet).
  await expect
    .poll(
      async () => {
        await page.goto("/");
        const cutoff = new Date(Date.now() - CACHE_SLACK_MS).toISOString();
        const shown = {
          listings: await read("Active Listings"),
          users: await read("Active Users"),
          sales: await read("Total Sales (USD)"),
          ai: await read("AI Listings Created"),
        };
        const num = (text: string) => Number(text.replace(/[^\d]/g, ""));
        const listings = [
          one("select count(*) from equipment_listings where status = 'active' and created_at <= ?", cutoff),
          one("select count(*) from equipment_listings where status = 'active'"),
        ];
        const users = [activeUsers(cutoff), activeUsers(new Date().toISOString())];
        const salesCents = one("select coalesce(sum(price_cents), 0) from equipment_listings where status = 'sold' and currency = 'USD'");
        const ai = one("select count(*) from equipment_listings where ai_generated = 1");
        const problems: string[] = [];
        if (num(shown.listings) < listings[0]! || num(shown.listings) > listings[1]!) problems.push(`listings ${shown.listings} not in ${listings}`);
        if (num(shown.users) < users[0]! || num(shown.users) > users[1]!) problems.push(`users ${shown.users} not in ${users}`);
        if (shown.sales !== `$${whole(salesCents / 100)}`) problems.push(`sales ${shown.sales} != ${salesCents}`);
        if (shown.ai !== whole(ai)) problems.push(`ai ${shown.ai} != ${ai}`);
        for (const text of [shown.listings, shown.users, shown.ai]) {
          if (text !== whole(num(text))) problems.push(`${text} is not formatted with separators`);
        }
        return problems;
      },
      { timeout: 90_000, intervals: [1_000, 5_000, 10_000] },
    )
    .toEqual([]);
});

// ---------------------------------------------------------------------------------------------
test("testimonials: three published ones in order, or no section", async ({ page }) => {
  await page.goto("/");
  const published = query<{ author_name: string; quote: string }>(
    "select author_name, quote from testimonials where is_published = 1 order by position, id limit 3",
  );
  const section = page.getByRole("region", { name: "What our customers say" });
  if (published.length === 0) {
    await expect(section).toHaveCount(0);
  } else {
    await expect(section.locator("figure")).toHaveCount(published.length);
    await expect(section.locator("figcaption > p:first-child")).toHaveText(published.map((t) => t.author_name));
    await expect(section.locator("blockquote")).toHaveText(published.map((t) => `“${t.quote}”`));
  }
});

test("the page has one h1, a title and a description, and logs nothing", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await waitForHydration(page);
  await expect(page).toHaveTitle("Tradebench — marketplace for industrial electronics & test equipment");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /escrow payment, staff-verified sellers and buyer protection/i);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  // No level is skipped on the way down.
  const levels = await page
    .getByRole("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
  for (let i = 1; i < levels.length; i += 1) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
for (const scheme of ["light", "dark"] as const) {
  test(`the home page has no WCAG 2 A/AA violations in ${scheme} mode, with the category browser open`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveClass(scheme);
    const browser = page.getByRole("navigation", { name: "Categories" }).locator('details[data-subcategory="test_measurement"]');
    await browser.getByText("Test & Measurement", { exact: true }).click();
    await browser.getByText(/^\+ \d+ more\.\.\.$/).click();
    await expect(browser.getByText("Show fewer")).toBeVisible();
    await expectNoAxeViolations(page, { ran: ["color-contrast", "link-name", "label"] });
  });
}

// The pages a buyer lands on from a search or a link (/, /listings, a listing) are drawn with static classes only:
// no Chakra component renders there, so the browser never makes Chakra's system, its longest start-up task on a phone
// (app/theme.ts). Other pages may use Chakra components; these must not, for the first-load budget.
// Their scripts are preloaded at low priority, so a slow link brings the stylesheet and pictures first (decision 0056).
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test, waitForHydration, withDatabase } from "./support.ts";

const SYSTEM_MADE_MARK = "tradebench:chakra-system";

/** A fixed-price listing and an auctioned one, both active with pictures. */
function landingListings(): { fixedPrice: number; auctioned: number } {
  return withDatabase((db) => {
    const pick = (auctioned: boolean) =>
      (
        db
          .prepare(
            `select l.id from equipment_listings l where l.status = 'active'
             and exists (select 1 from equipment_images i where i.listing_id = l.id)
             and ${auctioned ? "" : "not"} exists (select 1 from auctions a where a.listing_id = l.id and a.status = 'active')
             order by l.id limit 1`,
          )
          .get() as { id: number }
      ).id;
    return { fixedPrice: pick(false), auctioned: pick(true) };
  });
}

/** Opens the page, waits until React has hydrated it, and answers whether the browser made Chakra's system. */
async function madeChakraSystem(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await waitForHydration(page);
  return page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, SYSTEM_MADE_MARK);
}

async function expectNoChakraSystem(page: Page) {
  const { fixedPrice, auctioned } = landingListings();
  const made: string[] = [];
  for (const path of ["/", "/listings", "/listings?q=oscilloscope&condition=used_good", `/listings/${fixedPrice}`, `/listings/${auctioned}`]) {
    if (await madeChakraSystem(page, path)) made.push(path);
  }
  expect(made).toEqual([]);
}

test("a visitor's landing pages hydrate without making Chakra's system", async ({ page }) => {
  await expectNoChakraSystem(page);
});

test.describe("signed in", () => {
  signedInAsDemo("buyer");

  test("a member's landing pages hydrate without making Chakra's system", async ({ page }) => {
    await expectNoChakraSystem(page);
  });

  test("a page that uses Chakra components makes it (the check can fail)", async ({ page }) => {
    expect(await madeChakraSystem(page, "/dashboard")).toBe(true);
  });
});

test("the landing pages preload their scripts at low priority, and still hydrate", async ({ page }) => {
  const { fixedPrice } = landingListings();
  for (const path of ["/", "/listings", `/listings/${fixedPrice}`]) {
    // The page as the server sent it (later, loading the theme when idle adds preloads of its own).
    const preloads = (await (await page.request.get(path)).text()).match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    await page.goto(path);
    await waitForHydration(page);
  }
});

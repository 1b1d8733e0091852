// The pages a buyer lands on from a search or a link (/, /listings, a listing) are drawn with static classes only:
// no Chakra component renders there, so the browser never makes Chakra's system, its longest start-up task on a phone
// (app/theme.ts). Other pages may use Chakra components; these must not, for the first-load budget of issue 6.
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test, withDatabase } from "./support.ts";

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
  await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
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

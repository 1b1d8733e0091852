// Phones and tablets: at 360 px wide on a touch screen no page scrolls sideways, the controls people tap
// are at least 44 px high, and the manual listing form offers the camera.
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test, withDatabase } from "./support.ts";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);

/** The controls a finger taps: buttons, fields, selects, button-styled links, header and pager links, checkbox labels. */
const TAPPED = [
  "button",
  "select",
  "input:not([type=hidden]):not([type=checkbox]):not([type=radio])",
  "a.chakra-button",
  "[role=button]",
  "header a",
  "nav[aria-label=Pagination] a",
  "label:has(input[type=checkbox])",
].join(", ");

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  /** Visible tapped controls under 44 px high, described. */
  small: string[];
  controls: number;
}

async function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate((selector) => {
    const root = document.scrollingElement ?? document.documentElement;
    const small: string[] = [];
    let controls = 0;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      // Hidden, visually hidden (sr-only) or off screen (the skip link until focused).
      if (box.width <= 2 || box.height <= 2 || box.right <= 0 || getComputedStyle(element).visibility === "hidden") continue;
      controls += 1;
      if (box.height < 43.5) {
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, small, controls };
  }, TAPPED);
}

/** Opens each page and checks it fits 360 px and its controls are touch-sized; returns nothing, fails with the list. */
async function expectPhoneLayouts(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    const layout = await layoutOf(page);
    if (layout.scrollWidth > layout.clientWidth) problems.push(`${path}: ${layout.scrollWidth} px wide in a ${layout.clientWidth} px screen`);
    if (layout.controls === 0) problems.push(`${path}: no controls found`);
    for (const control of layout.small) problems.push(`${path}: ${control}`);
  }
  expect(problems).toEqual([]);
}

function activeListingAndAuction(): { listingId: number; auctionId: number } {
  return withDatabase((db) => {
    const listing = db
      .prepare(
        `select l.id from equipment_listings l where l.status = 'active'
         and exists (select 1 from equipment_images i where i.listing_id = l.id)
         and not exists (select 1 from auctions a where a.listing_id = l.id) order by l.id limit 1`,
      )
      .get() as { id: number };
    const auction = db.prepare("select id from auctions where status = 'active' order by id limit 1").get() as { id: number };
    return { listingId: listing.id, auctionId: auction.id };
  });
}

test("visitor pages fit a 360 px phone with touch-sized controls, header menu included", async ({ page }) => {
  test.slow(); // six pages, the home page among them, on a shared machine
  const { listingId, auctionId } = activeListingAndAuction();
  await expectPhoneLayouts(page, ["/", "/listings", `/listings/${listingId}`, "/auctions", `/auctions/${auctionId}`, "/login"]);

  // The header's menu opens into full-width links that are as easy to tap.
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobileNav).toBeVisible();
  const heights = await mobileNav.getByRole("link").evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(3);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(43.5);
  const layout = await layoutOf(page);
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
});

test.describe("signed in as a buyer", () => {
  signedInAsDemo("buyer");

  test("the member's pages fit a 360 px phone with touch-sized controls", async ({ page }) => {
    await expectPhoneLayouts(page, ["/watchlist", "/watchlist?tab=searches", "/messages", "/notifications", "/dashboard"]);
  });
});

test.describe("signed in as a seller", () => {
  signedInAsDemo("seller");

  test("the manual listing form fits a phone and takes photos with the camera into the chosen images", async ({ page }) => {
    await expectPhoneLayouts(page, ["/create-listing"]);

    const camera = page.getByLabel("Take photo");
    await expect(camera).toBeVisible();
    await expect(camera).toHaveAttribute("type", "file");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(camera).toHaveAttribute("accept", "image/*");
    // The same field as the picker, so the photo is sent with the images even without JavaScript.
    await expect(camera).toHaveAttribute("name", (await page.getByLabel("Choose images").getAttribute("name")) ?? "");

    // A photo joins the chosen images (with its preview) and leaves the camera input empty, so it is sent once.
    const photo = { name: "nameplate.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) };
    await camera.setInputFiles(photo);
    const chosen = page.getByRole("list", { name: "Chosen images" });
    await expect(chosen.getByRole("img", { name: "Preview of nameplate.jpg" })).toBeVisible();
    expect(await camera.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await page.getByLabel("Choose images").evaluate((input: HTMLInputElement) => Array.from(input.files ?? [], (f) => f.name))).toEqual([
      "nameplate.jpg",
    ]);
  });
});

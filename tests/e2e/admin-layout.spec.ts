// The staff console fits its screens (issue 33): on a 360 px phone no console page scrolls sideways, and at 1366 px
// nothing is cut off. A table wider than its screen scrolls inside its own box, so every action in it stays reachable;
// nothing clickable is clipped by a box that does not scroll or pushed past the edge of the page.
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test } from "./support.ts";

/** Every console page a super administrator opens, the ones with the widest tables among them. */
const CONSOLE_PAGES = [
  "/admin",
  "/escrow",
  "/admin/orders",
  "/admin/audit-log",
  "/admin/promo-codes",
  "/admin/moderation",
  "/admin/users",
  "/admin/listings",
  "/admin/sales",
  "/admin/newsletter",
  "/admin/exchange-rates",
  "/admin/categories",
];

interface Fit {
  /** How far the page itself scrolls sideways, in px. */
  overflow: number;
  /** Controls a user cannot reach: past the page's edge outside any scrolling box, or clipped by a box that does not scroll. */
  unreachable: string[];
  /** The element reaching furthest past the screen's right edge, when one does. */
  widest: string;
}

async function fitOf(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const unreachable: string[] = [];
    const scrolls = (element: Element) => /(auto|scroll)/.test(getComputedStyle(element).overflowX);
    for (const control of document.querySelectorAll<HTMLElement>("main a[href], main button, main input:not([type=hidden]), main select")) {
      const box = control.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2 || getComputedStyle(control).visibility === "hidden") continue;
      if (control.closest("details:not([open])")) continue;
      const name = `${control.tagName.toLowerCase()} "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}"`;
      let insideScroller = false;
      for (let box2 = control.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
        const style = getComputedStyle(box2);
        if (scrolls(box2)) {
          insideScroller = true;
          break;
        }
        const clips = /(hidden|clip)/.test(style.overflowX);
        const edge = box2.getBoundingClientRect();
        if (clips && (box.right > edge.right + 1 || box.left < edge.left - 1)) {
          unreachable.push(`${name} is cut off by a box that does not scroll`);
          break;
        }
      }
      if (!insideScroller && box.right > root.clientWidth + 1) unreachable.push(`${name} lies past the page's right edge (${Math.round(box.right)} px)`);
    }
    // What sticks out furthest, to name in the message when the page scrolls sideways.
    let widest = "";
    let widestRight = root.clientWidth;
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const right = element.getBoundingClientRect().right;
      if (right > widestRight && ![...(element.parentElement ? [element.parentElement] : [])].some(scrolls)) {
        widestRight = right;
        widest = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
      }
    }
    return { overflow: root.scrollWidth - root.clientWidth, unreachable, widest };
  });
}

async function expectConsoleFits(page: Page) {
  const problems: string[] = [];
  for (const path of CONSOLE_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("main")).toBeVisible();
    const fit = await fitOf(page);
    if (fit.overflow > 0) problems.push(`${path}: the page scrolls ${fit.overflow} px sideways (widest: ${fit.widest})`);
    for (const item of fit.unreachable) problems.push(`${path}: ${item}`);
  }
  expect(problems).toEqual([]);
}

test.describe("the staff console", () => {
  signedInAsDemo("super_admin");

  test.describe("on a 360 px phone", () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    test("no page scrolls sideways and every action is reachable", async ({ page }) => {
      test.slow(); // twelve console pages, the dashboard's figures among them
      await expectConsoleFits(page);
    });
  });

  test.describe("at 1366 px", () => {
    test.use({ viewport: { width: 1366, height: 900 } });
    test("no page scrolls sideways and no table cuts off its actions", async ({ page }) => {
      test.slow();
      await expectConsoleFits(page);
    });
  });
});

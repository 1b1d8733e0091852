// Who reaches which page, in the browser: the page a guard shows (sign-in, dashboard, 404, 403), the header's role-aware
// links and the avatar.
import type { Page } from "@playwright/test";
import { demoAccount, expect, expectLinkNames, signedInAsDemo, test } from "./support.ts";

type Visitor = "anonymous" | "buyer" | "seller" | "admin";

/** What a visitor ends up with: the final address and status, and which page is shown there. */
interface Outcome {
  url: string;
  status: number;
  heading: string | RegExp;
  redirected: boolean;
}

const redirectsTo = (url: string, heading: string | RegExp): Outcome => ({ url, status: 200, heading, redirected: true });
const NOT_FOUND: Outcome = { url: "", status: 404, heading: "Page not found", redirected: false };
const NOT_ALLOWED: Outcome = { url: "", status: 403, heading: "Not allowed", redirected: false };

// One browser path per kind of guard: the page the visitor sees where a guard stops them. Every route × role
// outcome is tests/integration/security/route-matrix.test.ts; the exact addresses (back to the page asked for
// after signing in, members to their dashboard) are tests/integration/accounts/sign-in-first.test.ts.
// prettier-ignore
const GUARDED: ReadonlyArray<{ visitor: Visitor; path: string; expected: Outcome }> = [
  { visitor: "anonymous", path: "/dashboard",         expected: redirectsTo("/login?from=%2Fdashboard", "Sign in") },
  { visitor: "anonymous", path: "/some/unknown/path", expected: NOT_FOUND },
  { visitor: "buyer",     path: "/login",             expected: redirectsTo("/dashboard", "Welcome, Bianca") },
  { visitor: "buyer",     path: "/admin",             expected: NOT_ALLOWED },
];

/** The links of the 404 page (docs/product/platform.md#public-pages). */
const NOT_FOUND_LINKS = ["/", "/listings", "/contact", "/auctions", "/create-listing", "/knowledge-base", "/forum", "/faq"];

/** Header links by role, in order: the "Main" navigation, then the guest links beside it. */
const PUBLIC_NAV = ["Equipment", "Auctions", "Knowledge Base", "Forum"];
const MEMBER_NAV = [...PUBLIC_NAV, "Dashboard", "Messages", "Watchlist & Saved Searches"];
const HEADER: Record<Visitor, { nav: string[]; guest: string[]; absent: string[] }> = {
  anonymous: { nav: PUBLIC_NAV, guest: ["Sign In", "Register"], absent: ["Dashboard", "Create Listing", "Bulk Upload", "Admin Panel"] },
  buyer: { nav: MEMBER_NAV, guest: [], absent: ["Sign In", "Register", "Create Listing", "Bulk Upload", "Admin Panel"] },
  // Sellers' tools (Create Listing, Bulk Upload…) sit in the closed Sell menu, so the bar shows none of them.
  seller: { nav: MEMBER_NAV, guest: [], absent: ["Sign In", "Register", "Admin Panel"] },
  admin: { nav: [...MEMBER_NAV, "Admin Panel"], guest: [], absent: ["Sign In", "Register"] },
};

const VISITORS: Visitor[] = ["anonymous", "buyer", "seller", "admin"];

function asVisitor(visitor: Visitor) {
  if (visitor !== "anonymous") signedInAsDemo(visitor);
}

async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  const links = page.getByRole("main").getByRole("list", { name: "Helpful links" }).getByRole("link");
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
  expect([...hrefs].sort()).toEqual([...NOT_FOUND_LINKS].sort());
}

for (const visitor of VISITORS) {
  test.describe(`as ${visitor}`, () => {
    asVisitor(visitor);

    for (const { path, expected } of GUARDED.filter((row) => row.visitor === visitor)) {
      const verdict = expected.status === 404 ? "404 page" : expected.status === 403 ? "403 page" : `→ ${expected.url}`;
      test(`GET ${path} ${verdict}`, async ({ page }) => {
        const response = await page.goto(path, { waitUntil: "domcontentloaded" });
        expect(response, "a response").not.toBeNull();
        const finalUrl = new URL(page.url());
        expect(finalUrl.pathname + finalUrl.search).toBe(expected.url || path);
        expect(response!.status()).toBe(expected.status);
        const firstHop = response!.request().redirectedFrom();
        if (expected.redirected) {
          expect(firstHop, `${path} redirects`).not.toBeNull();
          expect((await firstHop!.response())?.status()).toBe(302);
        } else {
          expect(firstHop, `${path} does not redirect`).toBeNull();
        }
        if (expected.status === 404) await expectNotFoundPage(page);
        else await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.heading);
      });
    }

    test("header shows the links of this role", async ({ page }) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      await expectLinkNames(header.getByRole("navigation", { name: "Main" }).getByRole("link"), HEADER[visitor].nav);
      for (const name of HEADER[visitor].guest) {
        await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
      }
      for (const name of HEADER[visitor].absent) {
        await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
      }
      if (visitor === "anonymous") {
        await expect(header.getByRole("button", { name: /^Account menu/ })).toHaveCount(0);
      } else {
        const account = demoAccount(visitor);
        const avatar = header.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` });
        await expect(avatar).toHaveText(`${account.firstName[0]}${account.lastName[0]}`);
      }
    });
  });
}

test.describe("the account menu", () => {
  asVisitor("buyer");

  test("the demo buyer's avatar shows the initials BB and opens the account menu", async ({ page }) => {
    const buyer = demoAccount("buyer");
    await page.goto("/dashboard");
    const avatar = page.getByRole("button", { name: "Account menu for Bianca Byers" });
    await expect(avatar).toHaveText("BB");
    // The menu opens once the page is interactive (the colour toggle knows its state after hydration).
    await expect(page.getByRole("button", { name: /^Switch to/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
    await avatar.click();
    await expect(avatar).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu", { name: "Account menu for Bianca Byers" });
    // The member's name and address head the menu, above its items.
    await expect(page.getByRole("banner").getByText(buyer.email)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();

    // A click outside closes it.
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();
    await expect(avatar).toHaveAttribute("aria-expanded", "false");
  });

  test("the account menu works from the keyboard", async ({ page }) => {
    await page.goto("/dashboard");
    const avatar = page.getByRole("button", { name: "Account menu for Bianca Byers" });
    await expect(page.getByRole("button", { name: /^Switch to/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
    await avatar.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Account menu for Bianca Byers" });
    await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
    // Escape closes it and gives focus back to the avatar; ↑ opens it on the last item.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
    // Enter on an item follows it, and the menu closes on the new page.
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(menu).toBeHidden();
  });
});

// A phone without JavaScript still navigates (the menu button did nothing, so Sign In, Auctions and
// Watchlist were out of reach): below 1024 px the menu's links are shown, and the dead toggle is not.
import { expect, signedInAsDemo, test } from "./support.ts";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

test.describe("a visitor's phone without JavaScript", () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("reaches Auctions and Sign In from the menu", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Auctions", exact: true }).click();
    await expect(page).toHaveURL(/\/auctions$/);
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("a member's phone without JavaScript", () => {
  signedInAsDemo("seller");
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("reaches the watchlist, and the Sell group's orders are told apart from the member's own", async ({ page }) => {
    await page.goto("/dashboard");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Orders", exact: true })).toHaveCount(1);
    await expect(menu.getByRole("link", { name: "Sales orders", exact: true })).toHaveAttribute("href", "/seller/orders");
    await menu.getByRole("link", { name: "Watchlist & Saved Searches", exact: true }).click();
    await expect(page).toHaveURL(/\/watchlist$/);
  });
});

test.describe("with JavaScript", () => {
  test.use(PHONE);

  test("the menu stays closed until the toggle opens it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });
});

// Trust between strangers end to end (beside reviews.spec.ts): the demo buyer follows the demo seller from
// the seller's profile (Unfollow and Follow work, the count follows), the seller puts a listing back on sale, and the
// buyer's notifications then tell of it (the scheduler's batch flush); the Message button opens the general
// conversation with the seller on /messages. The signed-in view of a profile (Message, Follow, the Auctions tab)
// passes axe in light and dark mode.
import type { Browser, TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import { demoAccount, demoStorageState, expect, expectNoAxeViolations, test, uniqueClientIp, withDatabase } from "./support.ts";

const idOf = (role: Role) => withDatabase((db) => (db.prepare("select id from users where email = ?").get(demoAccount(role).email) as { id: string }).id);

async function pageAs(browser: Browser, role: Role, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await demoStorageState(browser, role, testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  return { context, page: await context.newPage() };
}

test("the buyer follows the seller and hears of the listing the seller puts on sale; Message opens the conversation", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const sellerId = idOf("seller");
  // A Buy Now listing of the demo seller taken off sale (a draft), with nothing ordered or offered on it.
  const listing = withDatabase((db) => {
    const row = db
      .prepare(
        `select id, title from equipment_listings l where user_id = ? and listing_type = 'buy_now' and status = 'active'
           and not exists (select 1 from orders o where o.listing_id = l.id) and not exists (select 1 from offers f where f.listing_id = l.id)
           and not exists (select 1 from followed_listing_alerts a where a.listing_id = l.id) order by id desc limit 1`,
      )
      .get(sellerId) as { id: number; title: string } | undefined;
    if (!row) throw new Error("The demo seed has no Buy Now listing of the demo seller to put back on sale");
    db.prepare("update equipment_listings set status = 'draft' where id = ?").run(row.id);
    return row;
  });

  const buyer = await pageAs(browser, "buyer", testInfo);
  await buyer.page.goto(`/user/${sellerId}`);
  const main = buyer.page.getByRole("main");
  // The demo buyer follows the demo seller already (seed): unfollow, then follow again.
  await main.getByRole("button", { name: "Unfollow" }).click();
  await expect(buyer.page.getByText("You no longer follow this seller.")).toBeVisible();
  const followers = Number((await main.getByText(/^\d+ followers?$/).textContent())?.split(" ")[0]);
  await main.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(buyer.page.getByText("You follow this seller now.", { exact: false })).toBeVisible();
  await expect(main.getByText(`${followers + 1} ${followers + 1 === 1 ? "follower" : "followers"}`, { exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Unfollow" })).toBeVisible();

  // The seller puts the listing back on sale from the edit form.
  const seller = await pageAs(browser, "seller", testInfo);
  await seller.page.goto(`/edit-listing/${listing.id}`);
  await seller.page.getByRole("combobox", { name: "Status", exact: true }).selectOption("active");
  await seller.page.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.page.getByText("Your changes have been saved.")).toBeVisible();

  // The scheduler's next pass tells the follower (the e2e server's batch window is 0). Other tests running meanwhile
  // may put more of the demo seller's listings on sale, each with its own notice: the one of this listing links to it.
  const notice = buyer.page.getByRole("main").locator(`a[href="/listings/${listing.id}"]`, { hasText: "New listings from a seller you follow" });
  await expect(async () => {
    await buyer.page.goto("/notifications");
    await expect(notice.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Message: a general question opens the conversation with the seller.
  await buyer.page.goto(`/user/${sellerId}`);
  await main.getByRole("combobox", { name: /What to message/ }).selectOption("");
  await main.getByRole("button", { name: "Message" }).click();
  await expect(buyer.page).toHaveURL(/\/messages\?conversation=\d+$/);
  const thread = buyer.page.getByRole("main");
  await expect(thread.getByRole("heading", { name: /./, level: 2 }).getByRole("link")).toHaveAttribute("href", `/user/${sellerId}`);
  await expect(thread.getByText("General conversation").first()).toBeVisible();
  await buyer.context.close();
  await seller.context.close();
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`a seller's profile, signed in, in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test("has no WCAG 2 A/AA violations with Message, Follow and the Auctions tab", async ({ browser }, testInfo) => {
      const sellerId = idOf("seller");
      const { context, page } = await pageAs(browser, "buyer", testInfo);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/user/${sellerId}`);
      await expect(page.getByRole("main").getByRole("button", { name: "Message" })).toBeVisible();
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
      await page.goto(`/user/${sellerId}?tab=auctions`);
      await expect(page.getByRole("link", { name: /^Auctions \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
      await context.close();
    });
  });
}

// Notifications for members: the header bell (badge, 5 latest, live arrival when outbid, mark all read, closing),
// the /notifications page (filter, mark read, mark all read, delete, with and without JavaScript), the e-mail alert
// choices on /profile, and accessibility of both in light and dark mode. Each test uses its own fresh member.
import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  confirmEmailOf,
  demoAccount,
  expect,
  expectNoAxeViolations,
  LIVE_ALERTS,
  test,
  uniqueClientIp,
  uniqueEmail,
  waitForHydration,
  withDatabase,
} from "./support.ts";

// Every test registers and signs in a fresh member first: more set-up than most on a shared machine.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = "correct-horse-battery";
const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

/** Registers a fresh member and signs in through the forms' endpoints (the page's context keeps the cookie). */
async function registerMember(page: Page, firstName = "Nora", lastName = "Tice"): Promise<{ email: string; id: string }> {
  const email = uniqueEmail("bell");
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const register = await page.request.post("/register", {
    headers: { Origin: origin },
    form: { firstName, lastName, email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy", website_url: "" },
    maxRedirects: 0,
  });
  expect(register.headers().location).toBe("/login?registered=1");
  confirmEmailOf(email);
  const login = await page.request.post("/login", { headers: { Origin: origin }, form: { email, password: PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(login.headers().location).toBe("/");
  const id = withDatabase((db) => (db.prepare("select id from profiles where email = ?").get(email) as { id: string }).id);
  return { email, id };
}

interface Notice {
  title: string;
  message?: string;
  type?: string;
  actionUrl?: string | null;
  read?: boolean;
}

/** Writes notifications for a member, the last one newest (a minute apart, the newest a minute ago). */
function addNotifications(userId: string, notices: Notice[]): void {
  withDatabase((db) => {
    const insert = db.prepare("insert into notifications (user_id, title, message, type, action_url, is_read, created_at) values (?, ?, ?, ?, ?, ?, ?)");
    const now = Date.now();
    notices.forEach((notice, index) => {
      const minutesAgo = notices.length - index;
      insert.run(
        userId,
        notice.title,
        notice.message ?? `${notice.title} — details`,
        notice.type ?? "system",
        notice.actionUrl ?? null,
        notice.read ? 1 : 0,
        new Date(now - minutesAgo * 60_000).toISOString(),
      );
    });
  });
}

const bellButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const bellPanel = (page: Page) => page.getByRole("banner").getByRole("region", { name: "Notifications" });

test.describe("the header bell", () => {
  test("shows the unread count (9+ above 9) and the 5 latest, links to each and to all, and closes on Escape and outside clicks", async ({ page }) => {
    const member = await registerMember(page);
    addNotifications(member.id, [
      ...Array.from({ length: 9 }, (_, i) => ({ title: `Older notice ${i + 1}` })),
      { title: "Payment received", type: "payment", actionUrl: "/orders", read: true },
      { title: "Scheduled maintenance", message: "The site pauses on Sunday at 02:00 UTC.", type: "system" },
      { title: "Auction won", message: "You won the Fluke 87V auction.", type: "auction_won", actionUrl: "/orders" },
      { title: "You have been outbid", message: "Another bidder bid $1,200.", type: "bid", actionUrl: "/auctions" },
    ]);
    await page.goto("/listings");
    await waitForHydration(page);
    const bell = bellButton(page);
    await expect(bell).toHaveAccessibleName("Notifications, 12 unread");
    await expect(bell).toHaveText("9+");

    await bell.click();
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    const panel = bellPanel(page);
    const entries = panel.getByRole("listitem");
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0)).toContainText("You have been outbid");
    await expect(entries.nth(0)).toContainText("Another bidder bid $1,200.");
    await expect(entries.nth(0)).toContainText("1 minute ago");
    await expect(panel.getByRole("link", { name: /^You have been outbid/ })).toHaveAttribute("href", "/auctions");
    await expect(panel.getByRole("link", { name: /^Auction won/ })).toHaveAttribute("href", "/orders");
    // Without an action_url a notification is plain text.
    await expect(entries.nth(2)).toContainText("Scheduled maintenance");
    await expect(entries.nth(2).getByRole("link")).toHaveCount(0);
    await expect(entries.nth(4)).toContainText("Older notice 9");
    await expect(panel.getByRole("link", { name: "View all notifications" })).toHaveAttribute("href", "/notifications");

    // Escape closes it and gives the focus back to the bell; so does a click elsewhere.
    await panel.getByRole("link", { name: /^Auction won/ }).focus();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();

    // The link opens the notification's page and closes the dropdown.
    await bell.click();
    await panel.getByRole("link", { name: /^Auction won/ }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(panel).toBeHidden();

    // Mark all as read: the badge goes, and stays gone after a reload.
    // The badge goes at once (optimistic); the reload waits for the server to have answered.
    await bell.click();
    const markedAll = page.waitForResponse(
      (response) => /^\/notifications(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
    );
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications");
    expect((await markedAll).ok()).toBe(true);
    await expect(bell.getByTestId("notification-badge")).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications");
    await bellButton(page).click();
    await page.getByRole("banner").getByRole("link", { name: "View all notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
  });

  test("opening an unread notification marks it read, from the bell and from /notifications", async ({ page }) => {
    const member = await registerMember(page);
    addNotifications(member.id, [
      { title: "Order shipped", message: "Your Fluke 87V is on its way.", type: "order", actionUrl: "/orders" },
      { title: "Price drop", message: "A watched item is cheaper now.", type: "price_drop", actionUrl: "/watchlist" },
    ]);
    await page.goto("/listings");
    await waitForHydration(page);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 2 unread");

    // From the bell: it lands on the notification's page and the badge drops by one.
    await bellButton(page).click();
    await bellPanel(page)
      .getByRole("link", { name: /^Price drop/ })
      .click();
    await expect(page).toHaveURL(/\/watchlist$/);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
    await page.goBack();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
    await page.reload();
    await waitForHydration(page);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(bellButton(page)).toHaveText("1");

    await page.goto("/notifications");
    const items = page.getByRole("main").getByRole("list", { name: "All notifications" }).getByRole("listitem");
    const priceDrop = items.filter({ hasText: "Price drop" });
    await expect(priceDrop).toHaveAttribute("data-read", "true");
    await expect(priceDrop.getByText("Unread", { exact: true })).toHaveCount(0);
    const shipped = items.filter({ hasText: "Order shipped" });
    await expect(shipped).toHaveAttribute("data-read", "false");

    // From /notifications: following the link marks it read too.
    await waitForHydration(page);
    await shipped.getByRole("link", { name: "Order shipped" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications");
    await page.reload();
    await waitForHydration(page);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications");
  });

  test("says it is loading, then that there are none yet", async ({ page }) => {
    await registerMember(page);
    await page.goto("/");
    await waitForHydration(page);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications");
    // Hold the bell's request until the loading text was seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/resources/notifications", async (route) => {
      await held;
      await route.continue();
    });
    await bellButton(page).click();
    await expect(bellPanel(page).getByText("Loading notifications...")).toBeVisible();
    release();
    await expect(bellPanel(page).getByText("No notifications yet")).toBeVisible();
    await expect(bellPanel(page).getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  test.describe("two members bidding", () => {
    test("the member who is outbid sees it in the bell without a reload", async ({ page, browser }, testInfo) => {
      const { auctionId } = insertLot("Rigol DS1054Z oscilloscope (bell test)");
      await registerMember(page, "Olive", "Bidwell");
      await page.goto("/listings");
      await waitForHydration(page);
      await expect(page.locator('[data-live-mode="live"]')).toBeAttached();
      await expect(bellButton(page)).toHaveAccessibleName("Notifications");

      expect(await bid(page, auctionId, "1000")).toBe(200);
      await outbidByRival(browser, testInfo, auctionId);

      const bell = bellButton(page);
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
      await expect(bell).toHaveText("1");
      await bell.click();
      const link = bellPanel(page).getByRole("link", { name: /^You have been outbid/ });
      await expect(link).toContainText("Rigol DS1054Z oscilloscope (bell test)");
      await expect(link).toHaveAttribute("href", `/auctions/${auctionId}`);
    });
  });

  test.describe("two members bidding, on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    test("the live alert of an outbid has touch-sized controls, and View opens the lot", async ({ page, browser }, testInfo) => {
      const { auctionId } = insertLot("Fluke 87V multimeter (alert test)");
      await registerMember(page, "Petra", "Phone");
      await page.goto("/listings");
      await waitForHydration(page);
      await expect(page.locator('[data-live-mode="live"]')).toBeAttached();
      expect(await bid(page, auctionId, "1000")).toBe(200);
      await outbidByRival(browser, testInfo, auctionId);

      const alert = page.getByTestId("live-alert");
      await expect(alert).toContainText("You have been outbid");
      const view = alert.getByRole("link", { name: "View" });
      const dismiss = alert.getByRole("button", { name: "Dismiss alert" });
      for (const control of [view, dismiss]) expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(43.5);
      await expectNoAxeViolations(page, { include: LIVE_ALERTS, ran: ["color-contrast"] });
      await view.click();
      await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
      await expect(alert).toHaveCount(0);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the bell opens /notifications", async ({ page }) => {
      const member = await registerMember(page);
      addNotifications(member.id, [{ title: "Shipped", type: "shipping" }]);
      await page.goto("/listings");
      await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
      await bellButton(page).click();
      await expect(page).toHaveURL(/\/notifications\??$/);
      await expect(page.getByRole("main")).toContainText("Shipped");
    });
  });
});

/** An active auction of the demo seller: $1,000 start, $10 increment. */
function insertLot(title: string): { auctionId: number } {
  return withDatabase((db) => {
    const seller = db.prepare("select id from profiles where email = ?").get(demoAccount("seller").email) as { id: string };
    const now = Date.now();
    const listing = db
      .prepare(
        `insert into equipment_listings (user_id, title, category_id, status, listing_type, price_cents, description, condition)
         values (?, ?, ?, 'active', 'auction', 100000, 'Four channels, 50 MHz, with probes.', 'used_excellent')`,
      )
      .run(seller.id, title, OSCILLOSCOPES);
    const auction = db
      .prepare(
        `insert into auctions (listing_id, start_date, end_date, starting_price_cents, current_price_cents, bid_increment_cents, status)
         values (?, ?, ?, 100000, 100000, 1000, 'active')`,
      )
      .run(Number(listing.lastInsertRowid), new Date(now - 3_600_000).toISOString(), new Date(now + 24 * 3_600_000).toISOString());
    return { auctionId: Number(auction.lastInsertRowid) };
  });
}

/** Places a bid through the bid endpoint, as the page's member. */
async function bid(page: Page, auctionId: number, amount: string): Promise<number> {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await page.request.post(`/auctions/${auctionId}/bid`, {
    headers: { Origin: origin, Accept: "application/json" },
    form: { amount },
  });
  return response.status();
}

/** A new member, in a browser context of their own, bids $1,100 on the lot. */
async function outbidByRival(browser: Browser, testInfo: TestInfo, auctionId: number): Promise<void> {
  const rival = await newMemberContext(browser, testInfo);
  try {
    const rivalPage = await rival.newPage();
    await registerMember(rivalPage, "Rita", "Rival");
    expect(await bid(rivalPage, auctionId, "1100")).toBe(200);
  } finally {
    await rival.close();
  }
}

function newMemberContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
}

test.describe("/notifications", () => {
  test("visitors are sent to sign in and come back", async ({ page }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?from=%2Fnotifications$/);
  });

  test("a member filters, marks one read, deletes one and marks all read", async ({ page }) => {
    const member = await registerMember(page);
    addNotifications(member.id, [
      { title: "Old payment", type: "payment", read: true },
      { title: "Item shipped", type: "shipping", actionUrl: "/orders" },
      { title: "Outbid on the Fluke", type: "bid", actionUrl: "/auctions" },
      { title: "New listings for your saved search", message: "1 new listing matches 'Fluke'", type: "saved_search", actionUrl: "/listings?search=Fluke" },
    ]);
    await page.goto("/notifications");
    await waitForHydration(page);
    const main = page.getByRole("main");
    const list = main.getByRole("list", { name: "All notifications" });
    await expect(main.getByText("3 unread")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(4);
    await expect(list.getByRole("listitem").first()).toContainText("New listings for your saved search");
    await expect(list.getByRole("listitem").first()).toContainText("1 minute ago");
    await expect(main.getByRole("link", { name: "Item shipped" })).toHaveAttribute("href", "/orders");

    await main.getByRole("button", { name: "Mark as read: Item shipped" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Notification marked as read." })).toBeVisible();
    await expect(main.getByText("2 unread")).toBeVisible();
    await expect(main.getByRole("button", { name: "Mark as read: Item shipped" })).toHaveCount(0);
    await expect(bellButton(page)).toHaveAccessibleName("Notifications, 2 unread");

    await main.getByRole("link", { name: "Unread (2)" }).click();
    await expect(page).toHaveURL(/\/notifications\?filter=unread$/);
    const unread = main.getByRole("list", { name: "Unread notifications" });
    await expect(unread.getByRole("listitem")).toHaveCount(2);
    await expect(unread).not.toContainText("Item shipped");

    await main.getByRole("button", { name: "Delete: Outbid on the Fluke" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Notification deleted." })).toBeVisible();
    await expect(page).toHaveURL(/\/notifications\?filter=unread&done=delete$/);
    await expect(unread.getByRole("listitem")).toHaveCount(1);

    await main.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("status").filter({ hasText: "All notifications marked as read." })).toBeVisible();
    await expect(main.getByText("You have no unread notifications.")).toBeVisible();
    await expect(bellButton(page)).toHaveAccessibleName("Notifications");

    await main.getByRole("link", { name: "All", exact: true }).click();
    await expect(main.getByRole("list", { name: "All notifications" }).getByRole("listitem")).toHaveCount(3);
  });

  test("pages 20 at a time", async ({ page }) => {
    const member = await registerMember(page);
    addNotifications(
      member.id,
      Array.from({ length: 23 }, (_, i) => ({ title: `Notice number ${i + 1}`, read: true })),
    );
    await page.goto("/notifications");
    const items = page.getByRole("main").getByRole("list", { name: "All notifications" }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText("Notice number 23");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(items).toHaveCount(3);
    await expect(items.last()).toContainText("Notice number 1");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("marking read, deleting and marking all read work as plain forms", async ({ page }) => {
      const member = await registerMember(page);
      addNotifications(member.id, [{ title: "First notice" }, { title: "Second notice" }, { title: "Third notice" }]);
      await page.goto("/notifications");
      const main = page.getByRole("main");
      await expect(main.getByText("3 unread")).toBeVisible();
      await main.getByRole("button", { name: "Mark as read: Second notice" }).click();
      await expect(page).toHaveURL(/\/notifications\?done=mark-read$/);
      await expect(main.getByText("2 unread")).toBeVisible();
      await main.getByRole("button", { name: "Delete: First notice" }).click();
      await expect(main.getByText("First notice")).toHaveCount(0);
      await main.getByRole("button", { name: "Mark all as read" }).click();
      await expect(main.getByText("You are all caught up.")).toBeVisible();
      await expect(bellButton(page)).toHaveAccessibleName("Notifications");
    });
  });
});

test("e-mail alert choices on /profile persist", async ({ page }) => {
  const member = await registerMember(page);
  await page.goto("/profile#email-alerts");
  await waitForHydration(page);
  const group = page.getByRole("group", { name: "E-mail alerts" });
  await expect(page.locator("#email-alerts").getByRole("group", { name: "E-mail alerts" })).toBeVisible();
  const outbid = group.getByRole("checkbox", { name: "I am outbid" });
  const saved = group.getByRole("checkbox", { name: "New listings match a saved search" });
  await expect(outbid).toBeChecked();
  await expect(saved).toBeChecked();
  await group.getByText("I am outbid").click();
  await expect(outbid).not.toBeChecked();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your profile has been updated." })).toBeVisible();
  await page.reload();
  await expect(outbid).not.toBeChecked();
  await expect(saved).toBeChecked();
  const stored = withDatabase((db) => (db.prepare("select preferences from profiles where id = ?").get(member.id) as { preferences: string }).preferences);
  expect(JSON.parse(stored)).toMatchObject({ email_alerts: { outbid: false, auction_won: true, item_sold: true, message: true, saved_search: true } });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    /** The whole page, or only the header (the open dropdown covers the page under it, which axe cannot judge). */
    async function expectNoViolations(page: Page, only?: string) {
      await expectNoAxeViolations(page, { ran: ["color-contrast", "link-name", "button-name"], include: only });
    }

    function seed(userId: string) {
      addNotifications(userId, [
        { title: "Order complete", type: "payment", read: true, actionUrl: "/orders" },
        { title: "Auction ended", type: "auction_ended" },
        { title: "New message", type: "message", actionUrl: "/messages" },
        { title: "You have been outbid", type: "bid", actionUrl: "/auctions" },
        { title: "Price drop on a watched item", type: "price_drop", actionUrl: "/watchlist" },
      ]);
    }

    test("/notifications has no WCAG 2 A/AA violations", async ({ page }) => {
      const member = await registerMember(page);
      seed(member.id);
      await page.goto("/notifications?done=mark-read");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expectNoViolations(page);
    });

    test("the open bell has no WCAG 2 A/AA violations", async ({ page }) => {
      const member = await registerMember(page);
      seed(member.id);
      await page.goto("/listings");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      await bellButton(page).click();
      await expect(bellPanel(page).getByRole("listitem")).toHaveCount(5);
      await expectNoViolations(page, "header");
    });
  });
}

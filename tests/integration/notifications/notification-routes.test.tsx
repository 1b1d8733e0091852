// /notifications and the bell's data route: sign-in first, every form limited to the member's own notifications
// (another member's id is a 404 that changes nothing), plain forms redirect back, the bell's fetcher gets data, and
// the page shows what a member needs. Also the e-mail alert choices of /profile deciding whether an outbid
// notification is mailed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { insertNotifications } from "~/services/notifications/notifications.server.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const notificationsRoute = await import("~/routes/notifications.tsx");
const bellRoute = await import("~/routes/resources.notifications.ts");
const profileRoute = await import("~/routes/profile.tsx");

let opened: OpenedDatabase;
let member: string;
let other: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  member = await insertUserRow(opened.db, "member@example.test");
  other = await insertUserRow(opened.db, "other@example.test");
});
afterAll(() => opened.close());

const { request, get, post } = routeCalls({ db: () => opened.db });

async function add(userId: string, title: string, { read = false, actionUrl = null as string | null, minutesAgo = 0 } = {}): Promise<number> {
  const row = await opened.db
    .insertInto("notifications")
    .values({
      user_id: userId,
      type: "bid",
      title,
      message: `${title}: details`,
      action_url: actionUrl,
      is_read: read ? 1 : 0,
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function isRead(id: number): Promise<boolean | undefined> {
  const row = await opened.db.selectFrom("notifications").select("is_read").where("id", "=", id).executeTakeFirst();
  return row ? row.is_read === 1 : undefined;
}

async function clear() {
  await opened.db.deleteFrom("notifications").execute();
}

describe("/notifications", () => {
  it("sends visitors to sign in and back, for the page and for its forms", async () => {
    expect(await get(notificationsRoute, "/notifications?filter=unread", null)).toEqual({
      status: 302,
      location: `/login?from=${encodeURIComponent("/notifications?filter=unread")}`,
    });
    expect(await post(notificationsRoute, "/notifications", null, { intent: "mark-all-read" })).toEqual({
      status: 302,
      location: `/login?from=${encodeURIComponent("/notifications")}`,
    });
  });

  it("lists only the member's notifications, with the filter, the unread count and what was done", async () => {
    await clear();
    const old = await add(member, "Old news", { read: true, minutesAgo: 90 });
    const fresh = await add(member, "Outbid on the scope", { actionUrl: "/auctions/3", minutesAgo: 5 });
    await add(other, "Someone else's");
    const all = await get(notificationsRoute, "/notifications", member);
    expect(all.data).toMatchObject({ filter: "all", total: 2, unreadCount: 1, page: 1, totalPages: 1, done: null });
    expect((all.data as { items: Array<{ id: number }> }).items.map((item) => item.id)).toEqual([fresh, old]);
    const unread = await get(notificationsRoute, "/notifications?filter=unread&page=7&done=mark-read", member);
    expect(unread.data).toMatchObject({ filter: "unread", total: 1, page: 1, done: "Notification marked as read.", items: [{ id: fresh }] });
    expect((await get(notificationsRoute, "/notifications?done=<script>", member)).data).toMatchObject({ done: null });
  });

  it("marks one read and deletes one, redirecting back to the same list, and 404s another member's id", async () => {
    await clear();
    const mine = await add(member, "Mine");
    const theirs = await add(other, "Theirs");
    expect(await post(notificationsRoute, "/notifications?filter=unread&page=2", member, { intent: "mark-read", id: String(mine) })).toEqual({
      status: 302,
      location: "/notifications?filter=unread&page=2&done=mark-read",
    });
    expect(await isRead(mine)).toBe(true);

    expect(await post(notificationsRoute, "/notifications", member, { intent: "mark-read", id: String(theirs) })).toEqual({
      status: 404,
      data: { ok: false, formError: "Notification not found" },
    });
    expect(await post(notificationsRoute, "/notifications", member, { intent: "delete", id: String(theirs) })).toEqual({
      status: 404,
      data: { ok: false, formError: "Notification not found" },
    });
    expect(await isRead(theirs)).toBe(false);

    expect(await post(notificationsRoute, "/notifications", member, { intent: "delete", id: String(mine) })).toEqual({
      status: 302,
      location: "/notifications?done=delete",
    });
    expect(await isRead(mine)).toBeUndefined();
    expect(await isRead(theirs)).toBe(false);
  });

  it("marks all read: back to the list, back to where the bell was (same site only), or data for the bell's fetcher", async () => {
    await clear();
    const mine = [await add(member, "One"), await add(member, "Two")];
    const theirs = await add(other, "Theirs");
    expect(await post(notificationsRoute, "/notifications", member, { intent: "mark-all-read" })).toEqual({
      status: 302,
      location: "/notifications?done=mark-all-read",
    });
    expect(await Promise.all(mine.map(isRead))).toEqual([true, true]);
    expect(await isRead(theirs)).toBe(false);

    expect(await post(notificationsRoute, "/notifications", member, { intent: "mark-all-read", returnTo: "/auctions/4?tab=bids" })).toEqual({
      status: 302,
      location: "/auctions/4?tab=bids",
    });
    expect(await post(notificationsRoute, "/notifications", member, { intent: "mark-all-read", returnTo: "//evil.example" })).toEqual({
      status: 302,
      location: "/notifications",
    });
    expect(await post(notificationsRoute, "/notifications", member, { intent: "mark-all-read", returnTo: "/listings", js: "1" })).toEqual({
      status: 200,
      data: { ok: true, formError: null, message: "All notifications marked as read." },
    });
  });

  it("answers bad forms with a clear message, never a 500", async () => {
    const unknown = { ok: false, formError: "Please choose what to do with your notifications." };
    const forms: Array<Record<string, string>> = [
      {},
      { intent: "explode" },
      { intent: "mark-read" },
      { intent: "delete", id: "abc" },
      { intent: "mark-read", id: "-3" },
    ];
    for (const form of forms) {
      expect([form, await post(notificationsRoute, "/notifications", member, form)]).toEqual([form, { status: 400, data: unknown }]);
    }
  });

  it("renders the list with links, relative times, the forms and the empty states", async () => {
    await clear();
    await add(member, "Outbid on the Keysight scope", { actionUrl: "/auctions/3", minutesAgo: 5 });
    await add(member, "Payment received", { read: true, minutesAgo: 3 * 60 });
    const routes = [pageRoute("/notifications", notificationsRoute as unknown as RouteModule, "notifications")];
    const page = await renderPage(routes, await request("/notifications", member));
    expect(page.status).toBe(200);
    expect(page.text).toContain("Notifications 1 unread");
    expect(page.text).toContain("Outbid on the Keysight scope Unread Outbid on the Keysight scope: details 5 minutes ago");
    expect(page.text).toContain("Payment received Payment received: details 3 hours ago");
    expect(page.html).toContain('href="/auctions/3"');
    expect(page.html).toContain(`aria-label="Mark as read: Outbid on the Keysight scope"`);
    expect(page.html).toContain(`aria-label="Delete: Payment received"`);
    expect(page.html).not.toContain(`aria-label="Mark as read: Payment received"`);
    expect(page.text).toContain("Mark all as read");
    expect(page.html).toContain('href="/notifications?filter=unread"');

    await opened.db.updateTable("notifications").set({ is_read: 1 }).where("user_id", "=", member).execute();
    const unread = await renderPage(routes, await request("/notifications?filter=unread", member));
    expect(unread.text).toContain("You have no unread notifications.");
    expect(unread.text).not.toContain("Mark all as read");
    await clear();
    expect((await renderPage(routes, await request("/notifications", member))).text).toContain("No notifications yet");
  });
});

describe("/resources/notifications (the bell)", () => {
  it("is 401 and empty for visitors, and the member's 5 latest with the unread count otherwise", async () => {
    await clear();
    expect(await get(bellRoute, "/resources/notifications", null)).toEqual({ status: 401, data: { items: [], unreadCount: 0 } });
    for (let i = 1; i <= 7; i++) await add(member, `Notice ${i}`, { minutesAgo: 10 - i, read: i === 7 });
    await add(other, "Not yours");
    const bell = await get(bellRoute, "/resources/notifications", member);
    expect(bell.status).toBe(200);
    const { items, unreadCount } = bell.data as { items: Array<{ title: string }>; unreadCount: number };
    expect(unreadCount).toBe(6);
    expect(items.map((item) => item.title)).toEqual(["Notice 7", "Notice 6", "Notice 5", "Notice 4", "Notice 3"]);
  });
});

describe("e-mail alerts chosen on /profile", () => {
  const profileForm = { firstName: "Grace", lastName: "Okafor", emailAlertsShown: "on" };
  const outbid = () => ({
    userId: member,
    type: "bid" as const,
    title: "You have been outbid",
    message: "Another bidder bid $1,200.",
    actionUrl: "/auctions/7",
  });

  async function mailsTo(address: string): Promise<string[]> {
    return (await opened.db.selectFrom("email_outbox").select("subject").where("to_address", "=", address).orderBy("id").execute()).map((row) => row.subject);
  }

  it("show every choice, ticked by default", async () => {
    const { data } = await get(profileRoute, "/profile", member);
    expect(data).toMatchObject({ profile: { emailAlerts: { outbid: true, auction_won: true, item_sold: true, message: true, saved_search: true } } });
  });

  it("an outbid notification is mailed only while “I am outbid” is ticked", async () => {
    await opened.db.deleteFrom("email_outbox").execute();
    // Unticked: only "I win an auction" stays on.
    expect((await post(profileRoute, "/profile", member, { ...profileForm, emailAlerts: "auction_won" })).data).toMatchObject({ saved: true });
    const stored = await opened.db.selectFrom("profiles").select("preferences").where("id", "=", member).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.preferences)).toEqual({
      privacy: { show_email: false, show_phone: false },
      email_alerts: {
        outbid: false,
        auction_won: true,
        item_sold: false,
        message: false,
        saved_search: false,
        offer: false,
        followed_seller: false,
        order_payment: false,
        order_shipping: false,
        dispute: false,
        price_drop: false,
      },
    });
    await insertNotifications(opened.db, [outbid()]);
    expect(await mailsTo("member@example.test")).toEqual([]);
    expect((await get(profileRoute, "/profile", member)).data).toMatchObject({ profile: { emailAlerts: { outbid: false, auction_won: true } } });

    // Ticked again (with another box): mailed.
    expect((await post(profileRoute, "/profile", member, { ...profileForm, emailAlerts: ["outbid", "message"] })).data).toMatchObject({ saved: true });
    await insertNotifications(opened.db, [outbid()]);
    expect(await mailsTo("member@example.test")).toEqual(["You have been outbid"]);
  });

  it("a form without the e-mail alert choices leaves them as they were", async () => {
    await post(profileRoute, "/profile", member, { ...profileForm, emailAlerts: "message" });
    await post(profileRoute, "/profile", member, { firstName: "Grace", lastName: "Okafor", showEmail: "on" });
    const { data } = await get(profileRoute, "/profile", member);
    expect(data).toMatchObject({ profile: { showEmail: true, emailAlerts: { outbid: false, message: true } } });
  });
});

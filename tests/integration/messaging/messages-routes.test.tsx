// The /messages page and Contact Seller: sign-in first, 403 for anyone but a conversation's two members (reading or
// writing), clear messages for refused sends, redirects that work without JavaScript, and the page's key content.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MESSAGE_TEXT } from "~/lib/messages.ts";
import { openConversation, sendMessage } from "~/services/messaging/messages.server.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { InProcessBus } from "~/services/platform/live-events.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const messagesRoute = await import("~/routes/messages.tsx");
const contactRoute = await import("~/routes/listings.$id_.contact.tsx");

let opened: OpenedDatabase;
let seller: string;
let buyer: string;
let stranger: string;
let listingId: number;
let conversationId: number;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
  stranger = await insertUserRow(opened.db);
  await opened.db.updateTable("profiles").set({ company_name: "Volt Traders" }).where("id", "=", seller).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Bea", last_name: "Buyer" }).where("id", "=", buyer).execute();
  listingId = await insertListingRow(opened.db, seller, { title: "Hewlett-Packard 8563E spectrum analyzer" });
  ({ conversationId } = await openConversation(opened.db, buyer, listingId));
  await sendMessage(
    opened.db,
    { conversationId, senderId: buyer, body: "Is it calibrated? Report: https://example.com/cal.pdf <script>alert(1)</script>" },
    { limiter: new MemoryRateLimiter(), bus: new InProcessBus() },
  );
});
afterAll(() => opened.close());

const { request, get, post } = routeCalls({ db: () => opened.db });

describe("/messages", () => {
  it("sends visitors to sign in and back", async () => {
    expect(await get(messagesRoute, "/messages", null)).toEqual({ status: 302, location: "/login?from=%2Fmessages" });
    expect((await post(messagesRoute, "/messages", null, { conversationId: String(conversationId), body: "Hi" })).location).toMatch(/^\/login\?/);
  });

  it("is 403 for a conversation of someone else, one that does not exist, or an id that is not one", async () => {
    for (const path of [`/messages?conversation=${conversationId}`, "/messages?conversation=999999", "/messages?conversation=abc"]) {
      expect([path, await get(messagesRoute, path, stranger)]).toEqual([path, { status: 403, data: { message: MESSAGE_TEXT.forbidden } }]);
    }
  });

  it("refuses a third member's send with 403 and stores nothing", async () => {
    const before = await opened.db.selectFrom("messages").select("id").execute();
    expect(await post(messagesRoute, "/messages", stranger, { conversationId: String(conversationId), body: "Let me in" })).toEqual({
      status: 403,
      data: { message: MESSAGE_TEXT.forbidden },
    });
    expect((await post(messagesRoute, "/messages", stranger, { conversationId: "x", body: "Hi" })).status).toBe(403);
    expect(await opened.db.selectFrom("messages").select("id").execute()).toHaveLength(before.length);
  });

  it("answers a blank send with the message and the text back, and a good one with a redirect or, from a fetcher, ok", async () => {
    expect(await post(messagesRoute, "/messages", seller, { conversationId: String(conversationId), body: "   " })).toEqual({
      status: 400,
      data: { ok: false, error: MESSAGE_TEXT.blank, body: "   " },
    });
    expect(await post(messagesRoute, "/messages", seller, { conversationId: String(conversationId), body: "Yes, last month." })).toEqual({
      status: 302,
      location: `/messages?conversation=${conversationId}`,
    });
    expect(await post(messagesRoute, "/messages", seller, { conversationId: String(conversationId), body: "Anything else?", js: "1" })).toEqual({
      status: 200,
      data: { ok: true, error: null, body: "" },
    });
  });

  it("selects the first conversation, and opening it marks it read", async () => {
    const first = await get(messagesRoute, "/messages", buyer);
    expect(first.data).toMatchObject({
      explicit: false,
      selected: { conversation: { id: conversationId, otherPartyName: "Volt Traders", listingId } },
      conversations: [{ id: conversationId, unreadCount: 0, lastMessage: { excerpt: "Anything else?", fromViewer: false } }],
    });
    const chosen = await get(messagesRoute, `/messages?conversation=${conversationId}`, seller);
    expect(chosen.data).toMatchObject({ explicit: true, conversations: [{ id: conversationId, otherPartyName: "Bea Buyer" }] });
    // A pinned conversation (kept in place when another one moves to the top) is selected without being "chosen".
    const otherListing = await insertListingRow(opened.db, seller, { title: "Later listing" });
    const later = (await openConversation(opened.db, buyer, otherListing)).conversationId;
    expect((await get(messagesRoute, "/messages", buyer)).data).toMatchObject({ selected: { conversation: { id: later } } });
    expect((await get(messagesRoute, `/messages?pin=${conversationId}`, buyer)).data).toMatchObject({
      explicit: false,
      selected: { conversation: { id: conversationId } },
    });
    const none = await get(messagesRoute, "/messages?q=no-such-thing", buyer);
    expect(none.data).toMatchObject({ conversations: [], selected: null, search: "no-such-thing" });
  });
});

describe("the /messages page renders", () => {
  const render = async (path: string, as: string) => renderPage([pageRoute("/messages", messagesRoute as unknown as RouteModule)], await request(path, as));

  it("shows the list, the thread with the listing's link, and message text as text with safe links", async () => {
    const { status, text, html } = await render(`/messages?conversation=${conversationId}`, buyer);
    expect(status).toBe(200);
    expect(text).toContain("Volt Traders");
    expect(text).toContain("Hewlett-Packard 8563E spectrum analyzer");
    expect(text).toContain("Is it calibrated?");
    expect(html).toContain(`href="/listings/${listingId}"`);
    expect(html).toMatch(/<a[^>]+href="https:\/\/example\.com\/cal\.pdf"[^>]*>/);
    const link = html.match(/<a[^>]+href="https:\/\/example\.com\/cal\.pdf"[^>]*>/)![0];
    expect(link).toContain('rel="noopener noreferrer nofollow ugc"');
    expect(link).toContain('target="_blank"');
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("shows the empty states", async () => {
    const loner = await insertUserRow(opened.db);
    const empty = await render("/messages", loner);
    expect(empty.text).toContain(MESSAGE_TEXT.noConversations);
    expect(empty.text).toContain(MESSAGE_TEXT.noneSelected);
    const unmatched = await render("/messages?q=zzzz", buyer);
    expect(unmatched.text).toContain(MESSAGE_TEXT.noMatches);
    expect(unmatched.text).toContain(MESSAGE_TEXT.noneSelected);
  });
});

describe("Contact Seller (POST /listings/{id}/contact)", () => {
  it("sends visitors to sign in, then back to the page they were on", async () => {
    const params = { id: String(listingId) };
    expect(await post(contactRoute, `/listings/${listingId}/contact`, null, {}, params)).toEqual({
      status: 302,
      location: `/login?from=${encodeURIComponent(`/listings/${listingId}`)}`,
    });
    expect(await post(contactRoute, `/listings/${listingId}/contact`, null, { returnTo: "/auctions/7" }, params)).toEqual({
      status: 302,
      location: `/login?from=${encodeURIComponent("/auctions/7")}`,
    });
    expect((await post(contactRoute, `/listings/${listingId}/contact`, null, { returnTo: "//evil.example" }, params)).location).toBe(
      `/login?from=${encodeURIComponent(`/listings/${listingId}`)}`,
    );
  });

  it("opens or continues the buyer's conversation and goes to it", async () => {
    const params = { id: String(listingId) };
    expect(await post(contactRoute, `/listings/${listingId}/contact`, buyer, {}, params)).toEqual({
      status: 302,
      location: `/messages?conversation=${conversationId}`,
    });
    const fresh = await post(contactRoute, `/listings/${listingId}/contact`, stranger, {}, params);
    expect(fresh.location).toMatch(/^\/messages\?conversation=\d+$/);
    expect(fresh.location).not.toBe(`/messages?conversation=${conversationId}`);
  });

  it("is refused to the listing's seller, and 404 for listings that do not exist", async () => {
    expect(await post(contactRoute, `/listings/${listingId}/contact`, seller, {}, { id: String(listingId) })).toEqual({
      status: 403,
      data: { message: MESSAGE_TEXT.ownListing },
    });
    expect((await post(contactRoute, "/listings/987654/contact", buyer, {}, { id: "987654" })).status).toBe(404);
    expect((await post(contactRoute, "/listings/abc/contact", buyer, {}, { id: "abc" })).status).toBe(404);
  });
});

describe("the header's Messages badge (root loader)", () => {
  it("counts the member's unread messages, 0 for visitors, and drops once the conversation is opened", async () => {
    const rootRoute = await import("~/root.tsx");
    const unreadFor = async (as: string | null) => ((await get(rootRoute, "/", as)).data as { unreadMessages: number }).unreadMessages;
    const listing = await insertListingRow(opened.db, seller, { title: "Rohde & Schwarz FSV signal analyzer" });
    const opening = (await openConversation(opened.db, buyer, listing)).conversationId;
    const before = await unreadFor(seller);
    await sendMessage(
      opened.db,
      { conversationId: opening, senderId: buyer, body: "Which options are installed?" },
      { limiter: new MemoryRateLimiter(), bus: new InProcessBus() },
    );
    expect(await unreadFor(seller)).toBe(before + 1);
    expect(await unreadFor(null)).toBe(0);
    await get(messagesRoute, `/messages?conversation=${opening}`, seller);
    expect(await unreadFor(seller)).toBe(before);
  });
});

// /watchlist, Watched Items tab: sign-in first, the paged list (newest first, picture, price or current bid, time
// left, condition, status), notes edited in place (also on a sold listing, idempotent, limited in length), Remove,
// every message, and that another user's ids change nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { WATCH_NOTES_MAX, WATCHLIST_MESSAGES } from "~/schemas/watchlist.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { listWatchlist, unwatchListing, watchListing, WATCHLIST_DEFAULT_LIMIT } from "~/services/watchlist/watchlist.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { brokenDatabase, pageRoute, renderPage, ROUTE_CONTEXT as context, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/watchlist.tsx");

let opened: OpenedDatabase;
let seller: string;
const { request, answer, get, post: postTo } = routeCalls<Record<string, unknown>>({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterAll(() => opened.close());

const post = (as: string, form: Record<string, string>, path = "/watchlist") => postTo(route, path, as, form);

const notesOf = async (userId: string, listingId: number) =>
  (await opened.db.selectFrom("watchlist").select("notes").where("user_id", "=", userId).where("listing_id", "=", listingId).executeTakeFirst())?.notes;

const watchedRows = (userId: string) => opened.db.selectFrom("watchlist").select("listing_id").where("user_id", "=", userId).execute();

const page = async (path: string, as: string | null) => renderPage([pageRoute("/watchlist", route as unknown as RouteModule)], await request(path, as));

describe("who may open /watchlist", () => {
  it("sends visitors to sign in with from=/watchlist, and back to the tab they asked for", async () => {
    const plain = await get(route, "/watchlist", null);
    expect(plain).toMatchObject({ status: 302, location: "/login?from=%2Fwatchlist" });
    const tab = await get(route, "/watchlist?tab=saved-searches", null);
    expect(tab.location).toBe(`/login?${new URLSearchParams({ from: "/watchlist?tab=saved-searches" })}`);
    const posted = await postTo(route, "/watchlist", null, { intent: "remove", listingId: "1" });
    expect(posted).toMatchObject({ status: 302, location: "/login?from=%2Fwatchlist" });
  });
});

describe("the watched items list", () => {
  it("is empty at first: No watched items, with a way to browse", async () => {
    const buyer = await insertUserRow(opened.db);
    const rendered = await page("/watchlist", buyer);
    expect(rendered.status).toBe(200);
    expect(rendered.text).toContain("No watched items");
    expect(rendered.html).toContain('href="/listings"');
    expect(rendered.html).toMatch(/<a[^>]*href="\/watchlist"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/watchlist"/);
  });

  it("pages newest first, 12 to a page on the page and 50 by default in the service", async () => {
    const buyer = await insertUserRow(opened.db);
    const ids: number[] = [];
    for (let n = 0; n < 55; n += 1) {
      const id = await insertListingRow(opened.db, seller, { title: `Fluke 87V multimeter no. ${n}` });
      ids.push(id);
      await watchListing(opened.db, buyer, id);
      // Distinct watch times, oldest first.
      await opened.db
        .updateTable("watchlist")
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() })
        .where("user_id", "=", buyer)
        .where("listing_id", "=", id)
        .execute();
    }
    const first = await listWatchlist(opened.db, buyer);
    expect(first.pageSize).toBe(WATCHLIST_DEFAULT_LIMIT);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.title).toBe("Fluke 87V multimeter no. 54");
    expect(first.total).toBe(55);

    const second = await listWatchlist(opened.db, buyer, 5, 12);
    expect(second.totalPages).toBe(5);
    expect(second.items.map((item) => item.title)).toEqual([
      "Fluke 87V multimeter no. 6",
      "Fluke 87V multimeter no. 5",
      "Fluke 87V multimeter no. 4",
      "Fluke 87V multimeter no. 3",
      "Fluke 87V multimeter no. 2",
      "Fluke 87V multimeter no. 1",
      "Fluke 87V multimeter no. 0",
    ]);

    const rendered = await page("/watchlist?page=2", buyer);
    expect(rendered.text).toContain("55 watched items");
    expect(rendered.text).toContain("Fluke 87V multimeter no. 42");
    expect(rendered.text).not.toContain("Fluke 87V multimeter no. 43 ");
    expect(rendered.text).not.toContain("Fluke 87V multimeter no. 54");
    // A page past the end goes to the last page.
    const past = await get(route, "/watchlist?page=9", buyer);
    expect(past).toMatchObject({ status: 302, location: "/watchlist?page=5" });
  });

  it("shows the picture, price or current bid, time left, condition and status, linking live auctions to their lot page", async () => {
    const buyer = await insertUserRow(opened.db);
    const plain = await insertListingRow(opened.db, seller, { title: "Keysight 34465A bench multimeter", price_cents: 125_000, condition: "used_excellent" });
    await opened.db
      .insertInto("equipment_images")
      .values([
        {
          listing_id: plain,
          url: "/uploads/listings/x/second.webp",
          thumbnail_url: "/uploads/listings/x/second-thumb.webp",
          width: 800,
          height: 600,
          is_primary: 0,
          position: 0,
        },
        {
          listing_id: plain,
          url: "/uploads/listings/x/primary.webp",
          thumbnail_url: "/uploads/listings/x/primary-thumb.webp",
          width: 800,
          height: 600,
          is_primary: 1,
          position: 1,
        },
      ])
      .execute();
    const { auctionId, listingId: lot } = await insertAuctionRow(opened.db, seller, {
      starting_price_cents: 50_000,
      current_price_cents: 61_000,
      bid_count: 3,
    });
    const sold = await insertListingRow(opened.db, seller, { title: "Agilent E4980A LCR meter" });
    for (const id of [plain, lot, sold]) await watchListing(opened.db, buyer, id);
    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", sold).execute();

    const rendered = await page("/watchlist", buyer);
    expect(rendered.html).toContain('src="/uploads/listings/x/primary-thumb.webp"');
    expect(rendered.html).toContain(`href="/listings/${plain}"`);
    expect(rendered.text).toContain("Price: $1,250");
    expect(rendered.text).toContain("Used - Excellent");
    expect(rendered.html).toContain(`href="/auctions/${auctionId}"`);
    expect(rendered.text).toContain("Current bid: $610");
    expect(rendered.text).toMatch(/\b(23h 5\dm|1d 0h) left\b/);
    expect(rendered.text).toMatch(/Agilent E4980A LCR meter .*Sold/);
  });
});

describe("notes", () => {
  it("are saved in place, the same notes twice change nothing, and they stay editable once the listing is sold", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller, { title: "Rigol DS1054Z" });
    await watchListing(opened.db, buyer, id);
    const saved = await post(buyer, { intent: "notes", listingId: String(id), notes: "Ask for the\r\nprobes" });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: WATCHLIST_MESSAGES.notesSaved } });
    expect(await notesOf(buyer, id)).toBe("Ask for the\nprobes");
    expect(await post(buyer, { intent: "notes", listingId: String(id), notes: "Ask for the\r\nprobes" })).toMatchObject({ status: 200 });
    expect(await notesOf(buyer, id)).toBe("Ask for the\nprobes");
    expect(await watchedRows(buyer)).toHaveLength(1);

    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", id).execute();
    expect(await post(buyer, { intent: "notes", listingId: String(id), notes: "Missed it" })).toMatchObject({ status: 200 });
    expect(await notesOf(buyer, id)).toBe("Missed it");
    // The service agrees: watching again only updates the notes, whatever the listing's status.
    await watchListing(opened.db, buyer, id, "Watch for a relist");
    expect(await notesOf(buyer, id)).toBe("Watch for a relist");
    const rendered = await page("/watchlist", buyer);
    expect(rendered.text).toContain("Watch for a relist");
  });

  it(`are at most ${WATCH_NOTES_MAX} characters, with a message`, async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller);
    await watchListing(opened.db, buyer, id, "Before");
    const refused = await post(buyer, { intent: "notes", listingId: String(id), notes: "x".repeat(WATCH_NOTES_MAX + 1) });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fieldError: WATCHLIST_MESSAGES.notesTooLong, listingId: id } });
    // What was typed comes back, for the page without JavaScript to offer again.
    expect(refused.data?.notes).toBe("x".repeat(WATCH_NOTES_MAX + 1));
    expect(await notesOf(buyer, id)).toBe("Before");
    expect(await post(buyer, { intent: "notes", listingId: String(id), notes: "x".repeat(WATCH_NOTES_MAX) })).toMatchObject({ status: 200 });
  });

  it("of another user's entry change nothing, and do not watch the listing", async () => {
    const owner = await insertUserRow(opened.db);
    const stranger = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller);
    await watchListing(opened.db, owner, id, "Mine");
    const refused = await post(stranger, { intent: "notes", listingId: String(id), notes: "Theirs" });
    expect(refused).toMatchObject({ status: 404, data: { error: WATCHLIST_MESSAGES.notWatched } });
    expect(await notesOf(owner, id)).toBe("Mine");
    expect(await watchedRows(stranger)).toEqual([]);
  });
});

describe("Remove", () => {
  it("removes only the user's own entry, and says so", async () => {
    const owner = await insertUserRow(opened.db);
    const stranger = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller, { title: "Tektronix TDS2024C" });
    await watchListing(opened.db, owner, id);
    await watchListing(opened.db, stranger, id);
    const removed = await post(stranger, { intent: "remove", listingId: String(id), title: "Tektronix TDS2024C" });
    expect(removed).toMatchObject({ status: 200, data: { ok: true, message: "Removed “Tektronix TDS2024C” from your watchlist." } });
    expect(await watchedRows(stranger)).toEqual([]);
    expect(await watchedRows(owner)).toEqual([{ listing_id: id }]);
  });

  it("reads the spec's message when it fails", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await insertListingRow(opened.db, seller);
    await watchListing(opened.db, buyer, id);
    const failing = await request("/watchlist", buyer, { intent: "remove", listingId: String(id) });
    await getOptionalUser(failing); // signed in before the database goes away
    database.current = brokenDatabase();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await answer(async () => route.action({ request: failing, params: {}, context }));
      expect(failed).toMatchObject({ status: 500, data: { ok: false, error: WATCHLIST_MESSAGES.removeFailed } });
    } finally {
      database.current = opened.db;
      quiet.mockRestore();
    }
    await unwatchListing(opened.db, buyer, id);
  });

  it("answers a form without an intent or with a bad id with a message, never a 500", async () => {
    const buyer = await insertUserRow(opened.db);
    expect(await post(buyer, {})).toMatchObject({ status: 400, data: { error: WATCHLIST_MESSAGES.unknownAction } });
    expect(await post(buyer, { intent: "remove", listingId: "abc" })).toMatchObject({ status: 400, data: { error: WATCHLIST_MESSAGES.removeFailed } });
  });
});

// Recently viewed: a member's views of listing and lot pages, one row per listing, newest first, ten at most
// (docs/product/listings.md#search-and-browse), never their own listings, never recorded for visitors; the home page shows them to the member
// only, and the render memo can never replay a member's strip to a visitor.
import type { EntryContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { renderMemoKey } from "~/web/render-memo.server.ts";
import { recordListingView } from "~/services/listings/listing-views.server.ts";
import { recentlyViewed, recordRecentView, RECENT_VIEWS_LIMIT } from "~/services/listings/recent-views.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { pageRoute, renderPage, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const homeRoute = await import("~/routes/_index.tsx");
const listingRoute = await import("~/routes/listings.$id.tsx");
const lotRoute = await import("~/routes/auctions.$id.tsx");

const MINUTE = 60_000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

let opened: OpenedDatabase;
let seller: string;
let member: string;

beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});
beforeEach(async () => {
  seller = await insertUserRow(opened.db, undefined, "seller");
  member = await insertUserRow(opened.db);
});

const titlesOf = async (userId: string, limit?: number) => (await recentlyViewed(opened.db, userId, limit)).map((item) => item.card.title);
const rowsOf = (userId: string) => opened.db.selectFrom("recent_views").selectAll().where("user_id", "=", userId).execute();

async function listings(count: number, owner = seller): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await insertListingRow(opened.db, owner, { title: `Listing ${i}` }));
  return ids;
}

async function render(path: string, viewer: string | null) {
  const routes = [pageRoute("/", homeRoute, "home"), pageRoute("/listings/:id", listingRoute, "listing"), pageRoute("/auctions/:id", lotRoute, "lot")];
  const headers = viewer ? { Cookie: await sessionCookie(opened.db, viewer) } : undefined;
  return renderPage(routes, new Request(`http://localhost${path}`, { headers }));
}

describe("recentlyViewed", () => {
  it("lists the member's views newest first, one entry per listing however often it was opened", async () => {
    const [a, b, c] = await listings(3);
    await recordRecentView(opened.db, { userId: member, listingId: a!, ownerId: seller, now: at(1) });
    await recordRecentView(opened.db, { userId: member, listingId: b!, ownerId: seller, now: at(2) });
    await recordRecentView(opened.db, { userId: member, listingId: c!, ownerId: seller, now: at(3) });
    await recordRecentView(opened.db, { userId: member, listingId: a!, ownerId: seller, now: at(4) });
    expect(await titlesOf(member)).toEqual(["Listing 0", "Listing 2", "Listing 1"]);
    expect(await rowsOf(member)).toHaveLength(3);
  });

  it("keeps to ten by default (or the limit asked for)", async () => {
    const ids = await listings(13);
    for (const [index, id] of ids.entries()) await recordRecentView(opened.db, { userId: member, listingId: id, ownerId: seller, now: at(index) });
    expect(RECENT_VIEWS_LIMIT).toBe(10);
    expect(await titlesOf(member)).toEqual([
      "Listing 12",
      "Listing 11",
      "Listing 10",
      "Listing 9",
      "Listing 8",
      "Listing 7",
      "Listing 6",
      "Listing 5",
      "Listing 4",
      "Listing 3",
    ]);
    expect(await titlesOf(member, 2)).toEqual(["Listing 12", "Listing 11"]);
  });

  it("marks sold listings, drops drafts and archived ones, and never records the member's own listings or visitors", async () => {
    const [active, sold, draft, archived] = await listings(4);
    await opened.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", sold!).execute();
    for (const [index, id] of [active, sold, draft, archived].entries()) {
      await recordRecentView(opened.db, { userId: member, listingId: id!, ownerId: seller, now: at(index) });
    }
    await opened.db.updateTable("equipment_listings").set({ status: "draft" }).where("id", "=", draft!).execute();
    await opened.db.updateTable("equipment_listings").set({ status: "archived" }).where("id", "=", archived!).execute();
    const items = await recentlyViewed(opened.db, member);
    expect(items.map((item) => [item.card.id, item.sold])).toEqual([
      [sold, true],
      [active, false],
    ]);

    const [own] = await listings(1, member);
    await recordRecentView(opened.db, { userId: member, listingId: own!, ownerId: member, now: at(9) });
    await recordRecentView(opened.db, { userId: null, listingId: active!, ownerId: seller, now: at(9) });
    expect(await rowsOf(member)).toHaveLength(4);
    expect(await opened.db.selectFrom("recent_views").select("listing_id").where("listing_id", "=", own!).execute()).toEqual([]);
  });

  it("is kept by recordListingView for members, counted or not, and not for visitors", async () => {
    const [a, b] = await listings(2);
    await recordListingView(opened.db, { listingId: a!, ownerId: seller, userId: member, ip: "203.0.113.5", now: at(0) });
    await recordListingView(opened.db, { listingId: b!, ownerId: seller, userId: member, ip: "203.0.113.5", now: at(1) });
    // Within the view-count window: not counted again, but moved to the front.
    expect((await recordListingView(opened.db, { listingId: a!, ownerId: seller, userId: member, ip: "203.0.113.5", now: at(2) })).counted).toBe(false);
    expect(await titlesOf(member)).toEqual(["Listing 0", "Listing 1"]);
    const before = (await opened.db.selectFrom("recent_views").select("user_id").execute()).length;
    await recordListingView(opened.db, { listingId: a!, ownerId: seller, userId: null, ip: "203.0.113.9", now: at(3) });
    expect((await opened.db.selectFrom("recent_views").select("user_id").execute()).length).toBe(before);
  });
});

describe("pages", () => {
  it("a member opening a listing page and a lot page sees both on the home page, most recent first; a visitor sees none", async () => {
    const listingId = await insertListingRow(opened.db, seller, { title: "Rohde & Schwarz FSW26 analyzer" });
    const lot = await insertAuctionRow(opened.db, seller);
    await opened.db.updateTable("equipment_listings").set({ title: "Allen-Bradley ControlLogix rack" }).where("id", "=", lot.listingId).execute();

    expect((await render(`/listings/${listingId}`, member)).status).toBe(200);
    // The pages stamp the server's clock: set the first view a minute back so the order cannot tie.
    await opened.db
      .updateTable("recent_views")
      .set({ viewed_at: new Date(Date.now() - MINUTE).toISOString() })
      .where("user_id", "=", member)
      .execute();
    expect((await render(`/auctions/${lot.auctionId}`, member)).status).toBe(200);
    expect(await titlesOf(member)).toEqual(["Allen-Bradley ControlLogix rack", "Rohde & Schwarz FSW26 analyzer"]);

    const home = await render("/", member);
    expect(home.text).toContain("Recently viewed");
    expect(home.text.indexOf("Allen-Bradley ControlLogix rack")).toBeLessThan(home.text.indexOf("Rohde & Schwarz FSW26 analyzer"));

    // A visitor's views are not recorded, and the visitor's home page has no strip.
    await render(`/listings/${listingId}`, null);
    const visitorHome = await render("/", null);
    expect(visitorHome.text).not.toContain("Recently viewed");
    expect((visitorHome.loaderData as { recentlyViewed: unknown[] }).recentlyViewed).toEqual([]);
  });

  it("gives the member's home page and a visitor's different render-memo keys", async () => {
    const [a] = await listings(1);
    await recordRecentView(opened.db, { userId: member, listingId: a!, ownerId: seller });
    const memberData = (await render("/", member)).loaderData;
    const visitorData = (await render("/", null)).loaderData;
    const keyOf = (loaderData: unknown) =>
      renderMemoKey(new Request("http://localhost/"), 200, {
        staticHandlerContext: { loaderData: { "routes/_index": loaderData } },
      } as unknown as EntryContext);
    expect(keyOf(memberData)).not.toBeNull();
    expect(keyOf(memberData)).not.toBe(keyOf(visitorData));
  });
});

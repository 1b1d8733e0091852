// The viewer's display currency (docs/decisions/0069), on both engines: a member chooses it on /profile
// (POST /profile/currency), it is stored on their profile and every "≈" follows it — the listing page's price, its
// related cards, the home page's cards and the watchlist — while signed-out visitors keep their browser's
// Accept-Language and the price itself stays in the listing's currency. Figures by hand from the migration's
// starting rates (units per US dollar: EUR 0.92, GBP 0.79, JPY 150).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DISPLAY_CURRENCY_MESSAGES } from "~/lib/display-currency.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const currencyRoute = await import("~/routes/profile_.currency.tsx");
const profileRoute = await import("~/routes/profile.tsx");
const listingRoute = await import("~/routes/listings.$id.tsx");
const watchlistRoute = await import("~/routes/watchlist.tsx");
const auctionsRoute = await import("~/routes/auctions._index.tsx");
const lotRoute = await import("~/routes/auctions.$id.tsx");

let opened: OpenedDatabase;
const calls = () => routeCalls({ db: () => opened.db });
let buyer = "";
let usdListing = 0;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  buyer = await insertUserRow(opened.db, "reader@example.test", "buyer");
  const seller = await insertUserRow(opened.db, undefined, "seller");
  // $9,200.00: €8,464 at 0.92, £7,268 at 0.79, ¥1,380,000 at 150.
  usdListing = await insertListingRow(opened.db, seller, { price_cents: 920_000, currency: "USD", title: "Keysight N9020B signal analyzer" });
  await opened.db.insertInto("watchlist").values({ user_id: buyer, listing_id: usdListing }).execute();
});
afterAll(async () => {
  await opened.close();
});

async function page(route: unknown, path: string, url: string, as: string | null, acceptLanguage = "en-US") {
  const headers: Record<string, string> = { "Accept-Language": acceptLanguage };
  if (as) headers.Cookie = await sessionCookie(opened.db, as);
  return renderPage([pageRoute(path, route as RouteModule)], new Request(`http://localhost${url}`, { headers }));
}

const stored = async () =>
  (await opened.db.selectFrom("profiles").select("display_currency").where("id", "=", buyer).executeTakeFirstOrThrow()).display_currency;

describe("the display currency", () => {
  it("defaults to the browser's language, for visitors and members who chose nothing", async () => {
    const visitor = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, null, "de-DE,de;q=0.9");
    expect(visitor.text).toContain("$9,200 ≈ €8,464");
    const member = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, buyer, "en-GB");
    expect(member.text).toContain("$9,200 ≈ £7,268");
    const american = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, buyer, "en-US");
    expect(american.text).toContain("$9,200");
    expect(american.html).not.toContain("≈");
    const profile = await page(profileRoute, "/profile", "/profile", buyer, "en-GB");
    expect(profile.text).toContain("Display currency");
    expect(profile.text).toContain("From my browser's language (GBP)");
  });

  it("a member chooses one on /profile; every ≈ follows it whatever the browser says, the price stays in dollars", async () => {
    const saved = await calls().post(currencyRoute, "/profile/currency", buyer, { currency: "JPY" });
    expect(saved).toMatchObject({ status: 302, location: "/profile?currency=saved#display-currency" });
    expect(await stored()).toBe("JPY");
    const profile = await page(profileRoute, "/profile", "/profile?currency=saved", buyer, "en-GB");
    expect(profile.text).toContain(DISPLAY_CURRENCY_MESSAGES.saved("JPY"));

    const listing = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, buyer, "en-GB");
    expect(listing.text).toContain("$9,200 ≈ ¥1,380,000");
    const watchlist = await page(watchlistRoute, "/watchlist", "/watchlist", buyer, "en-GB");
    expect(watchlist.text).toContain("$9,200 ≈ ¥1,380,000");
    // A visitor on the same browser still reads their language's currency.
    const visitor = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, null, "en-GB");
    expect(visitor.text).toContain("≈ £7,268");
  });

  it("back to the browser's language, and an unknown currency is refused and changes nothing", async () => {
    const refused = await calls().post(currencyRoute, "/profile/currency", buyer, { currency: "CHF" });
    expect(refused).toMatchObject({ status: 302, location: "/profile?currency=refused#display-currency" });
    expect(await stored()).toBe("JPY");
    const shown = await page(profileRoute, "/profile", "/profile?currency=refused", buyer);
    expect(shown.text).toContain(DISPLAY_CURRENCY_MESSAGES.unknown);
    const reset = await calls().post(currencyRoute, "/profile/currency", buyer, { currency: "browser" });
    expect(reset.status).toBe(302);
    expect(await stored()).toBeNull();
    const listing = await page(listingRoute, "/listings/:id", `/listings/${usdListing}`, buyer, "de");
    expect(listing.text).toContain("≈ €8,464");
    expect((await calls().post(currencyRoute, "/profile/currency", null, { currency: "EUR" })).status).toBe(302);
  });

  it("adds the ≈ amount to the current bid on /auctions cards and the lot page, in the viewer's currency (last: its auction would be related to the listing above)", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    // €920.00 is $1,000 at 0.92 euros to the dollar.
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { starting_price_cents: 92_000, currency: "EUR" });
    await opened.db.updateTable("equipment_listings").set({ currency: "EUR", title: "Rohde & Schwarz FSV7 analyzer" }).where("id", "=", listingId).execute();
    const american = await page(auctionsRoute, "/auctions", "/auctions", null, "en-US");
    expect(american.text).toContain("€920 ≈ $1,000");
    const german = await page(auctionsRoute, "/auctions", "/auctions", null, "de-DE");
    expect(german.text).toContain("€920");
    expect(german.text).not.toContain("€920 ≈");
    // The lot page: beside the bid, which stays in euros.
    const lotPage = await page(lotRoute, "/auctions/:id", `/auctions/${auctionId}`, null, "en-GB");
    expect(lotPage.text).toMatch(/€920(\.00)? ≈ £7\d\d/);
  });
});

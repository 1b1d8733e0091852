// The lot page (/auctions/{id}) and the bid panel on listing pages: what the service reads (and settles), what the
// pages render for visitors, bidders, the leader, the seller and after the end, and that the hidden reserve
// amount never reaches a page.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { BID_HISTORY_SIZE } from "~/lib/bidding.ts";
import { findLiveAuctionForListing } from "~/services/auctions/auction-page.server.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { pageRoute, renderPage, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { getAuctionPage } from "~/flows/auction-settlement.server.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const lotRoute = await import("~/routes/auctions.$id.tsx");
const listingRoute = await import("~/routes/listings.$id.tsx");

const HOUR = 3_600_000;
/** A reserve no page may ever print: $1,234.56. */
const RESERVE_CENTS = 123_456;

let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
  await opened.db.updateTable("profiles").set({ first_name: "Alice", last_name: "archer" }).where("id", "=", alice).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Bob", last_name: "Baker" }).where("id", "=", bob).execute();
});

beforeEach(() => {
  // The scheduler's and the error boundary's logging stays out of the test output.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

/** Renders a page as the server would for `viewer` (or a visitor), returning its status, HTML, text and loader data. */
async function render(path: string, viewer: string | null = null) {
  const routes = [pageRoute("/auctions/:id", lotRoute, "lot"), pageRoute("/listings/:id", listingRoute, "listing")];
  const headers = viewer ? { Cookie: await sessionCookie(opened.db, viewer) } : undefined;
  return renderPage(routes, new Request(`http://localhost${path}`, { headers }));
}

/** The input with `name` in the HTML, as its opening tag. */
function inputTag(html: string, name: string): string {
  return html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
}

function buttonTag(html: string, label: string): string {
  return html.match(new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}(?:(?!</button>).)*</button>`, "s"))?.[0] ?? "";
}

describe("getAuctionPage", () => {
  it("reads the listing, the public state for the viewer and the newest bids, newest first", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: RESERVE_CENTS });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, maxCents: 110_000 });
    await placeBid(opened.db, { auctionId, bidderId: bob, amountCents: 102_000 });

    const page = await getAuctionPage(opened.db, auctionId, { id: alice, role: "buyer" });
    expect(page?.listing).toMatchObject({ id: listingId, title: "Tektronix MDO3104 mixed domain oscilloscope", ownerId: seller });
    expect(page?.snapshot).toMatchObject({
      auctionId,
      listingId,
      status: "active",
      currentPriceCents: 103_000,
      bidCount: 3,
      reserve: "not_met",
      viewerLeads: true,
      viewerWon: false,
    });
    expect(page?.history.map((bid) => [bid.bidderLabel, bid.amountCents, bid.isAuto])).toEqual([
      ["Alice A.", 103_000, true],
      ["Bob B.", 102_000, false],
      ["Alice A.", 100_000, false],
    ]);
    expect(page).toMatchObject({ viewerSignedIn: true, viewerIsSeller: false });
    expect(JSON.stringify(page)).not.toContain(String(RESERVE_CENTS));

    const asBob = await getAuctionPage(opened.db, auctionId, { id: bob, role: "buyer" });
    expect(asBob?.snapshot.viewerLeads).toBe(false);
    const asSeller = await getAuctionPage(opened.db, auctionId, { id: seller, role: "seller" });
    expect(asSeller).toMatchObject({ viewerIsSeller: true, snapshot: { viewerLeads: false } });
    const asVisitor = await getAuctionPage(opened.db, auctionId, null);
    expect(asVisitor).toMatchObject({ viewerSignedIn: false, viewerIsSeller: false, snapshot: { viewerLeads: false } });
  });

  it("keeps only the newest bids", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    for (let i = 0; i < BID_HISTORY_SIZE + 2; i += 1) {
      await placeBid(opened.db, { auctionId, bidderId: i % 2 === 0 ? alice : bob, amountCents: 100_000 + i * 1000 });
    }
    const page = await getAuctionPage(opened.db, auctionId, null);
    expect(page?.history).toHaveLength(BID_HISTORY_SIZE);
    expect(page?.history[0]?.amountCents).toBe(100_000 + (BID_HISTORY_SIZE + 1) * 1000);
    expect(page?.snapshot.bidCount).toBe(BID_HISTORY_SIZE + 2);
  });

  it("ends an auction whose time is up before showing it", async () => {
    const now = new Date();
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, new Date(now.getTime() - 2 * HOUR));
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: new Date(now.getTime() - 2 * HOUR) });
    await opened.db
      .updateTable("auctions")
      .set({ end_date: new Date(now.getTime() - 1000).toISOString() })
      .where("id", "=", auctionId)
      .execute();

    const page = await getAuctionPage(opened.db, auctionId, { id: alice, role: "buyer" }, now);
    expect(page?.snapshot).toMatchObject({ status: "ended", viewerWon: true });
    expect(page?.serverNow).toBe(now.toISOString());
  });

  it("has no page for a missing auction, nor for one whose listing is a draft the viewer may not see", async () => {
    expect(await getAuctionPage(opened.db, 987_654, null)).toBeNull();
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    await opened.db.updateTable("equipment_listings").set({ status: "draft" }).where("id", "=", listingId).execute();
    expect(await getAuctionPage(opened.db, auctionId, { id: bob, role: "buyer" })).toBeNull();
    expect(await getAuctionPage(opened.db, auctionId, { id: seller, role: "seller" })).not.toBeNull();
  });

  it("finds a listing's running or upcoming auction, and none once it is over", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    expect(await findLiveAuctionForListing(opened.db, listingId)).toBe(auctionId);
    await opened.db.updateTable("auctions").set({ status: "cancelled" }).where("id", "=", auctionId).execute();
    expect(await findLiveAuctionForListing(opened.db, listingId)).toBeNull();
    const { auctionId: upcoming, listingId: other } = await insertAuctionRow(opened.db, seller, {
      status: "upcoming",
      start_date: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(await findLiveAuctionForListing(opened.db, other)).toBe(upcoming);
  });
});

describe("/auctions/{id}", () => {
  it("shows a visitor the lot: clock, prices, reserve status, bids, rules, seller, and asks them to sign in to bid", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: RESERVE_CENTS });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const { status, html, text, loaderData } = await render(`/auctions/${auctionId}`);
    expect(status).toBe(200);
    expect(text).toContain("Tektronix MDO3104 mixed domain oscilloscope");
    expect(text).toMatch(/Time left 2[34]h \d+m \d+s/);
    expect(text).toContain("Current Bid $1,000");
    expect(text).toContain("Starting Price $1,000");
    expect(text).toContain("Reserve Price Reserve not met");
    expect(text).toContain("Bid history");
    expect(text).toContain("Alice A.");
    expect(text).toContain("Just now");
    expect(text).toContain("How bidding works");
    expect(text).toContain("a bid in the last 5 minutes moves the end to 5 minutes after that bid");
    expect(text).toContain("the bid placed first wins");
    expect(text).toContain("Suggested bids: $1,010, $1,020, $1,050");
    expect(html).toMatch(/<a[^>]*href="\/login\?from=%2Fauctions%2F\d+"[^>]*>Sign in to bid<\/a>/);
    expect(html).toContain(`href="/listings/${listingId}"`);
    // The reserve amount reaches neither the page nor its data.
    expect(html).not.toMatch(/1,234\.56|123456|1234\.56/);
    expect(JSON.stringify(loaderData)).not.toContain(String(RESERVE_CENTS));
  });

  it("gives a bidder the form with the first suggestion filled in, posting to the bid route", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const { html, text } = await render(`/auctions/${auctionId}`, bob);
    expect(html).toMatch(new RegExp(`<form[^>]*method="post"[^>]*action="/auctions/${auctionId}/bid"`));
    expect(inputTag(html, "amount")).toContain('value="1010"');
    expect(inputTag(html, "amount")).not.toContain("disabled");
    expect(inputTag(html, "maxAmount")).toBeTruthy();
    expect(inputTag(html, "returnTo")).toContain(`value="/auctions/${auctionId}"`);
    expect(text).toContain("Your bid ($)");
    expect(text).toContain("Maximum bid (optional)");
    expect(text).toContain("Enter $1,010 or more.");
    expect(buttonTag(html, "Place Bid")).not.toContain("disabled");
  });

  it("tells the leader they lead, with the amount and the button disabled, and lets them raise their maximum", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const { html, text } = await render(`/auctions/${auctionId}`, alice);
    expect(text).toContain("You are currently the highest bidder!");
    expect(inputTag(html, "amount")).toContain("disabled");
    expect(buttonTag(html, "Place Bid")).toContain("disabled");
    expect(text).toContain("Raise your maximum bid");
    expect(html).toContain('name="intent" value="raise-maximum"');
  });

  it("shows the seller that they cannot bid, and their controls", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const { html, text } = await render(`/auctions/${auctionId}`, seller);
    expect(text).toContain("You cannot bid on your own auction");
    expect(buttonTag(html, "Place Bid")).toContain("disabled");
    expect(text).toContain("Manage your auction");
  });

  it("reads Sold for … instead of a form once the auction is over, and offers the winner checkout", async () => {
    const start = new Date(Date.now() - 3 * HOUR);
    const { auctionId } = await insertAuctionRow(opened.db, seller, {}, start);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000, now: start });
    await opened.db
      .updateTable("auctions")
      .set({ end_date: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", auctionId)
      .execute();
    const { html, text } = await render(`/auctions/${auctionId}`, alice);
    expect(text).toContain("Auction ended");
    expect(text).toContain("Sold for $1,000");
    expect(buttonTag(html, "Place Bid")).toBe("");
    expect(text).not.toContain("Suggested bids");
    expect(html).toContain(`href="/checkout/auction/${auctionId}"`);
  });

  it("counts down to the start of an upcoming auction", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, {
      status: "upcoming",
      start_date: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const { html, text } = await render(`/auctions/${auctionId}`, bob);
    expect(text).toMatch(/Starts in [12]h \d+m \d+s/);
    expect(text).toMatch(/Starts [A-Z][a-z]{2} \d+, \d{4}, \d\d:\d\d UTC/);
    expect(text).toContain("Starting bid $1,000. Bidding opens when the auction starts.");
    expect(buttonTag(html, "Place Bid")).toBe("");
    expect(text).not.toContain("Suggested bids");
  });

  it("reads Not sold on a cancelled lot and on one whose reserve was not met, without a form", async () => {
    const cancelled = await insertAuctionRow(opened.db, seller, { status: "cancelled" });
    const page = await render(`/auctions/${cancelled.auctionId}`, bob);
    expect(page.text).toContain("Not sold");
    expect(page.text).toContain("This auction has been cancelled.");
    expect(buttonTag(page.html, "Place Bid")).toBe("");

    const start = new Date(Date.now() - 3 * HOUR);
    const unmet = await insertAuctionRow(opened.db, seller, { reserve_price_cents: RESERVE_CENTS }, start);
    await placeBid(opened.db, { auctionId: unmet.auctionId, bidderId: alice, amountCents: 100_000, now: start });
    await opened.db
      .updateTable("auctions")
      .set({ end_date: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", unmet.auctionId)
      .execute();
    const ended = await render(`/auctions/${unmet.auctionId}`, bob);
    expect(ended.text).toContain("Not sold");
    expect(ended.text).toContain("The highest bid, $1,000, did not reach the reserve price.");
    expect(buttonTag(ended.html, "Place Bid")).toBe("");
  });

  it("shows the tiered increment and when extensions end", async () => {
    const end = new Date(Date.UTC(2030, 0, 5, 14, 0));
    const { auctionId } = await insertAuctionRow(opened.db, seller, { bid_increment_fixed: 0, end_date: end.toISOString() });
    const { text } = await render(`/auctions/${auctionId}`, bob);
    expect(text).toContain("Bid increment $25 at this price");
    expect(text).toContain("Extensions end at Jan 5, 2030, 15:00 UTC");
  });

  it("offers Buy Now on a hybrid while its price is below the buy-now price", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { buy_now_price_cents: 250_000 });
    const { html, text } = await render(`/auctions/${auctionId}`, bob);
    expect(text).toContain("Buy Now for $2,500");
    expect(html).toContain(`href="/checkout/listing/${listingId}"`);
  });

  it("answers an unknown or malformed id with 404 Auction not found and a way back to the auctions", async () => {
    for (const path of ["/auctions/987654", "/auctions/abc"]) {
      const { status, html, text } = await render(path);
      expect(status).toBe(404);
      expect(text).toContain("Auction not found");
      expect(html).toMatch(/<a[^>]*href="\/auctions"[^>]*>Browse Auctions<\/a>/);
    }
  });
});

describe("/listings/{id} of an auction listing", () => {
  it("shows the same bid panel and links to the lot page", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller, { reserve_price_cents: RESERVE_CENTS });
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const { html, text, loaderData } = await render(`/listings/${listingId}`, bob);
    expect(text).toContain("Place a bid");
    expect(text).toContain("Reserve not met");
    expect(inputTag(html, "amount")).toContain('value="1010"');
    expect(inputTag(html, "returnTo")).toContain(`value="/listings/${listingId}"`);
    expect(html).toContain(`href="/auctions/${auctionId}"`);
    expect(JSON.stringify(loaderData)).not.toContain(String(RESERVE_CENTS));
  });

  it("shows no bid panel once the auction is over", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    await opened.db.updateTable("auctions").set({ status: "cancelled" }).where("id", "=", auctionId).execute();
    const { text } = await render(`/listings/${listingId}`, bob);
    expect(text).not.toContain("Place a bid");
  });
});

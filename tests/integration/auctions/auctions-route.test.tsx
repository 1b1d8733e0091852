// The /auctions route rendered on the server with its loader: cards as a visitor reads them, the empty state, and
// "Failed to load auctions" with Try Again when the database fails.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { brokenDatabase, pageRoute, renderPage } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/auctions._index.tsx");

const render = (path: string) => renderPage([pageRoute("/auctions", route)], new Request(`http://localhost${path}`));

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  database.current = undefined;
  await opened?.close();
  opened = undefined;
});

describe("/auctions page", () => {
  it("shows each auction's card with its figures, and the explainer", async () => {
    opened = createTestDatabase();
    database.current = opened.db;
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const { auctionId } = await insertAuctionRow(opened.db, seller, {
      starting_price_cents: 250_000,
      current_price_cents: 312_550,
      bid_count: 3,
      reserve_price_cents: 400_000,
    });
    const { status, html, text } = await render("/auctions");
    expect(status).toBe(200);
    expect(text).toContain("Live Auctions");
    expect(text).toContain("Showing 1 of 1 auction");
    expect(text).toMatch(/Live Tektronix MDO3104 mixed domain oscilloscope Time left 2[34]h \d+m/);
    expect(text).toContain("Current Bid $3,126 Starting Price $2,500 Bids 3 bids Reserve Reserve not met View Auction");
    expect(text).not.toContain("$4,000");
    expect(html).toContain(`href="/auctions/${auctionId}"`);
    // The watch toggle posts to the listing's watch route.
    expect(html).toMatch(/action="\/listings\/\d+\/watch"/);
    expect(text).toContain("Browse and bid");
    expect(text).toContain("Win the auction");
    expect(text).toContain("Secure payment");
  });

  it("says when nothing matches and links to all listings", async () => {
    opened = createTestDatabase();
    database.current = opened.db;
    const { status, html, text } = await render("/auctions?status=ended&category=lab_scientific");
    expect(status).toBe(200);
    expect(text).toContain("No auctions found matching your criteria.");
    expect(html).toMatch(/<a[^>]*href="\/listings"[^>]*>Browse All Listings<\/a>/);
    // The form shows the filters of the URL.
    expect(html).toMatch(/<option value="ended" selected="">Ended<\/option>/);
  });

  it("sends a page past the last one to the last page", async () => {
    opened = createTestDatabase();
    database.current = opened.db;
    const seller = await insertUserRow(opened.db, undefined, "seller");
    await insertAuctionRow(opened.db, seller);
    const { status, location } = await render("/auctions?sort=newest&page=5");
    expect(status).toBe(302);
    expect(location).toBe("/auctions?sort=newest");
  });

  it("answers a database failure with Failed to load auctions and a Try Again that reloads the same address", async () => {
    database.current = brokenDatabase();
    const { status, html, text } = await render("/auctions?status=upcoming");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load auctions");
    expect(html).toMatch(/<form method="get" action="\/auctions">/);
    expect(html).toContain('<input type="hidden" name="status" value="upcoming"/>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Try Again<\/button>/);
  });
});

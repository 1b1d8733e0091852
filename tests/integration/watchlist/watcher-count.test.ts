// Sellers see how many people watch each of their listings; buyers never see other watchers: the
// count is on the listing page and the lot page for the owner and admins, and in nobody else's page data.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { watcherCountText } from "~/lib/watchers.ts";
import { countWatchers } from "~/services/watchlist/watchers.server.ts";
import { watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { pageRoute, renderPage, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const listingRoute = await import("~/routes/listings.$id.tsx");
const lotRoute = await import("~/routes/auctions.$id.tsx");

let opened: OpenedDatabase;
let seller: string;
let admin: string;
let buyerA: string;
let buyerB: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  admin = await insertUserRow(opened.db, undefined, "admin");
  buyerA = await insertUserRow(opened.db);
  buyerB = await insertUserRow(opened.db);
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});
afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

async function render(path: string, viewer: string | null) {
  const routes = [pageRoute("/listings/:id", listingRoute, "listing"), pageRoute("/auctions/:id", lotRoute, "lot")];
  const headers = viewer ? { Cookie: await sessionCookie(opened.db, viewer) } : undefined;
  return renderPage(routes, new Request(`http://localhost${path}`, { headers }));
}

describe("watcher count", () => {
  it("reads in the singular and the plural", () => {
    expect(watcherCountText(0)).toBe("Nobody watches this listing yet");
    expect(watcherCountText(1)).toBe("1 person watches this listing");
    expect(watcherCountText(2)).toBe("2 people watch this listing");
    expect(watcherCountText(1200)).toBe("1,200 people watch this listing");
  });

  it("counts other members' entries only (not the seller watching their own listing)", async () => {
    const listingId = await insertListingRow(opened.db, seller);
    for (const userId of [buyerA, buyerB, seller]) await watchListing(opened.db, userId, listingId);
    expect(await countWatchers(opened.db, { id: listingId, ownerId: seller })).toBe(2);
  });

  it.each([
    ["listing page", async () => `/listings/${await insertListingRow(opened.db, seller)}`],
    [
      "lot page",
      async () => {
        const { auctionId } = await insertAuctionRow(opened.db, seller);
        return `/auctions/${auctionId}`;
      },
    ],
  ])("is on the %s for the owner and admins, never for a buyer or a visitor, in the page or its data", async (_name, make) => {
    const path = await make();
    const listingId = path.startsWith("/listings/")
      ? Number(path.split("/")[2])
      : (
          await opened.db
            .selectFrom("auctions")
            .select("listing_id")
            .where("id", "=", Number(path.split("/")[2]))
            .executeTakeFirstOrThrow()
        ).listing_id;

    const before = await render(path, seller);
    expect(before.text).toContain("Nobody watches this listing yet");

    await watchListing(opened.db, buyerA, listingId);
    await watchListing(opened.db, buyerB, listingId);

    for (const viewer of [seller, admin]) {
      const page = await render(path, viewer);
      expect(page.status).toBe(200);
      expect(page.text).toContain("2 people watch this listing");
      expect(page.loaderData).toMatchObject({ watcherCount: 2 });
    }

    for (const viewer of [buyerA, null]) {
      const page = await render(path, viewer);
      expect(page.status).toBe(200);
      expect(page.text).not.toMatch(/watch(es)? this listing/);
      expect(page.loaderData).toMatchObject({ watcherCount: null });
      // Neither the count nor who watches travels in the data.
      const json = JSON.stringify(page.loaderData);
      expect(json).not.toContain(buyerB);
      expect(json).not.toMatch(/watchers?"\s*:\s*\d/i);
    }
  });
});

// A lot nobody has bid on shows its opening price as "Starting bid", on the /auctions card and on the lot page;
// once someone bids, the same figure reads "Current Bid". (A "Current bid $1,000 · 0 bids" reads as a bid placed.)
import { describe, expect, it } from "vitest";
import { AuctionSummary } from "~/components/auction/AuctionSummary.tsx";
import { AuctionCard } from "~/components/auctions/AuctionCard.tsx";
import type { AuctionSnapshot } from "~/lib/auctions.ts";
import type { AuctionCardData } from "~/services/auctions/auction-list.server.ts";
import { renderPage } from "../../support/route-pages.tsx";

const NOW = Date.parse("2026-12-03T12:00:00Z");

const CARD: AuctionCardData = {
  auctionId: 7,
  listingId: 70,
  title: "Keysight 34465A multimeter",
  imageUrl: null,
  status: "active",
  startsAt: "2026-12-01T12:00:00Z",
  endsAt: "2026-12-05T12:00:00Z",
  currency: "USD",
  currentPriceCents: 100_000,
  startingPriceCents: 100_000,
  reserve: "none",
  bidCount: 0,
  version: 1,
  watching: false,
};

const SNAPSHOT: AuctionSnapshot = {
  auctionId: 7,
  listingId: 70,
  status: "active",
  currency: "USD",
  startingPriceCents: 100_000,
  currentPriceCents: 100_000,
  fixedIncrementCents: null,
  bidCount: 0,
  startsAt: "2026-12-01T12:00:00Z",
  endsAt: "2026-12-05T12:00:00Z",
  extensionCount: 0,
  autoExtend: false,
  extensionsEndAt: null,
  reserve: "none",
  buyNowPriceCents: null,
  viewerLeads: false,
  sold: false,
  viewerWon: false,
  version: 1,
};

/** The text of `Component` rendered as the server would, inside a data router (the card's watch button needs one). */
async function textOf(Component: () => JSX.Element): Promise<string> {
  const page = await renderPage([{ path: "/", Component }], new Request("http://localhost/"));
  return page.text;
}

describe("the price label of an auction", () => {
  it("reads Starting bid on the card of a lot with no bids, and Current Bid once it has one", async () => {
    const fresh = await textOf(() => <AuctionCard auction={CARD} now={NOW} />);
    expect(fresh).toContain("Starting bid $1,000");
    expect(fresh).not.toMatch(/current bid/i);
    expect(fresh).toContain("0 bids");

    const bidOn = await textOf(() => <AuctionCard auction={{ ...CARD, bidCount: 1, currentPriceCents: 105_000 }} now={NOW} />);
    expect(bidOn).toContain("Current Bid $1,050");
    expect(bidOn).not.toContain("Starting bid");
    expect(bidOn).toContain("1 bid");
  });

  it("reads Starting bid on the lot page's summary of a lot with no bids, and Current Bid once it has one", async () => {
    const serverNow = new Date(NOW).toISOString();
    const fresh = await textOf(() => <AuctionSummary snapshot={SNAPSHOT} serverNow={serverNow} />);
    expect(fresh).toContain("Starting bid $1,000");
    expect(fresh).not.toMatch(/current bid/i);

    const bidOn = await textOf(() => <AuctionSummary snapshot={{ ...SNAPSHOT, bidCount: 2, currentPriceCents: 110_000 }} serverNow={serverNow} />);
    expect(bidOn).toContain("Current Bid $1,100");
    expect(bidOn).not.toContain("Starting bid");
  });
});

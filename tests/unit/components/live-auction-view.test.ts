// The lot page's live state: older snapshots never replace newer ones, bids merge newest first without
// duplicates, and the clock and bid times read as the spec says.
import { describe, expect, it } from "vitest";
import { auctionClock } from "~/components/auction/Countdown.tsx";
import { formatBidTime } from "~/components/auction/BidHistory.tsx";
import { mergeAuctionView, type LiveAuctionView } from "~/components/auction/use-live-auction.ts";
import type { AuctionSnapshot, BidHistoryEntry } from "~/lib/auctions.ts";

const NOW = Date.parse("2026-11-21T12:00:00.000Z");

function snapshot(values: Partial<AuctionSnapshot> = {}): AuctionSnapshot {
  return {
    auctionId: 1,
    listingId: 2,
    status: "active",
    currency: "USD",
    startingPriceCents: 100_000,
    currentPriceCents: 100_000,
    fixedIncrementCents: 1000,
    extensionsEndAt: null,
    sold: false,
    bidCount: 0,
    startsAt: new Date(NOW - 3_600_000).toISOString(),
    endsAt: new Date(NOW + 90_000).toISOString(),
    extensionCount: 0,
    autoExtend: true,
    reserve: "none",
    buyNowPriceCents: null,
    viewerLeads: false,
    viewerWon: false,
    version: 1,
    ...values,
  };
}

function bid(id: number, amountCents: number): BidHistoryEntry {
  return { id, bidderLabel: "Alice A.", amountCents, isAuto: false, createdAt: new Date(NOW).toISOString() };
}

describe("mergeAuctionView", () => {
  const base: LiveAuctionView = { snapshot: snapshot({ version: 3, currentPriceCents: 102_000 }), history: [bid(3, 102_000), bid(2, 101_000)] };

  it("takes a newer snapshot and puts new bids first", () => {
    const merged = mergeAuctionView(base, { snapshot: snapshot({ version: 4, currentPriceCents: 103_000 }), history: [bid(4, 103_000)] });
    expect(merged.snapshot.currentPriceCents).toBe(103_000);
    expect(merged.history.map((entry) => entry.id)).toEqual([4, 3, 2]);
  });

  it("ignores an older snapshot but keeps its bids, once each", () => {
    const merged = mergeAuctionView(base, { snapshot: snapshot({ version: 2, currentPriceCents: 101_000 }), history: [bid(2, 101_000), bid(1, 100_000)] });
    expect(merged.snapshot.version).toBe(3);
    expect(merged.history.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it("keeps the ten newest bids", () => {
    const many = Array.from({ length: 12 }, (_, i) => bid(10 + i, 110_000 + i * 1000));
    expect(mergeAuctionView(base, { history: many }).history.map((entry) => entry.id)).toEqual([21, 20, 19, 18, 17, 16, 15, 14, 13, 12]);
  });

  it("never mixes in another auction's snapshot", () => {
    expect(mergeAuctionView(base, { snapshot: snapshot({ auctionId: 9, version: 99 }) }).snapshot.auctionId).toBe(1);
  });
});

describe("auctionClock", () => {
  it("counts down while open and reads Auction ended at the end, whatever the status still says", () => {
    expect(auctionClock(snapshot(), NOW)).toMatchObject({ phase: "open", text: "1m 30s", open: true });
    expect(auctionClock(snapshot(), NOW + 90_000)).toMatchObject({ phase: "ended", text: "Auction ended", open: false });
    expect(auctionClock(snapshot({ status: "ended" }), NOW)).toMatchObject({ text: "Auction ended", open: false });
  });

  it("counts to the start of an upcoming auction", () => {
    const upcoming = snapshot({ status: "upcoming", startsAt: new Date(NOW + 2 * 3_600_000 + 5000).toISOString() });
    expect(auctionClock(upcoming, NOW)).toMatchObject({ label: "Starts in", text: "2h 0m 5s", open: false });
  });
});

describe("formatBidTime", () => {
  it("reads Just now, minutes, hours, days up to six, then the date", () => {
    const at = (ms: number) => formatBidTime(new Date(NOW - ms).toISOString(), NOW);
    expect(at(59_000)).toBe("Just now");
    expect(at(60_000)).toBe("1 minute ago");
    expect(at(5 * 3_600_000)).toBe("5 hours ago");
    expect(at(6 * 86_400_000)).toBe("6 days ago");
    expect(at(8 * 86_400_000)).toBe("Nov 13, 2026");
  });
});

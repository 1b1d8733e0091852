// The tiered increment table: the minimum next bid at each band's edge, the seller's fixed increment,
// the suggested bids across an edge, the yen's scale, and what a typed amount with too many decimals is told.
import { describe, expect, it } from "vitest";
import { BID_INCREMENT_BANDS, BID_MESSAGES, bidIncrementAt, minimumNextBid, readBidAmount, suggestedBids, type BidPriceState } from "~/lib/bidding.ts";

const usd = (units: number) => Math.round(units * 100);
const lot = (currentUnits: number, fixed: number | null = null, currency = "USD"): BidPriceState => ({
  currency,
  startingPriceCents: usd(1),
  currentPriceCents: currentUnits * 100,
  fixedIncrementCents: fixed,
  bidCount: 1,
});

describe("the minimum next bid at each band edge (USD)", () => {
  const edges: Array<[number, number]> = [
    // [current price, minimum next bid], in dollars: just below and at every edge.
    [24.99, 25.99],
    [25, 27],
    [99.99, 101.99],
    [100, 105],
    [249.99, 254.99],
    [250, 260],
    [999.99, 1_009.99],
    [1_000, 1_025],
    [2_499.99, 2_524.99],
    [2_500, 2_550],
    [4_999.99, 5_049.99],
    [5_000, 5_100],
    [9_999.99, 10_099.99],
    [10_000, 10_250],
    [24_999.99, 25_249.99],
    [25_000, 25_500],
    [60_000, 60_500],
  ];
  for (const [current, minimum] of edges) {
    it(`$${current} → $${minimum}`, () => {
      expect(minimumNextBid({ ...lot(0), currentPriceCents: usd(current) })).toBe(usd(minimum));
    });
  }

  it("runs from $1 under $25 to $500 from $25,000", () => {
    expect(BID_INCREMENT_BANDS[0]).toEqual({ fromUnits: 0, incrementUnits: 1 });
    expect(BID_INCREMENT_BANDS.at(-1)).toEqual({ fromUnits: 25_000, incrementUnits: 500 });
  });
});

describe("the seller's fixed increment", () => {
  it("is used at every price instead of the table", () => {
    expect(minimumNextBid({ ...lot(0, 1000), currentPriceCents: usd(60_000) })).toBe(usd(60_010));
    expect(bidIncrementAt(usd(10), "USD", 1000)).toBe(1000);
  });
});

describe("before the first bid", () => {
  it("the minimum is the starting price", () => {
    expect(minimumNextBid({ ...lot(0), bidCount: 0, startingPriceCents: usd(990) })).toBe(usd(990));
  });
});

describe("suggested bids", () => {
  it("step with the band of each price they pass", () => {
    // $980 + $10 = $990, $1,000 (band edge: $25 from here), then $1,025, $1,050, $1,075.
    expect(suggestedBids({ ...lot(0), currentPriceCents: usd(980) })).toEqual([usd(990), usd(1_000), usd(1_075)]);
  });
});

describe("the yen", () => {
  it("uses the table at 100 times the units, in whole yen", () => {
    expect(bidIncrementAt(2_499, "JPY", null)).toBe(100);
    expect(bidIncrementAt(2_500_000, "JPY", null)).toBe(50_000);
  });
});

describe("a typed amount", () => {
  it("with three decimals is told to use at most two", () => {
    expect(readBidAmount("25300.555")).toEqual({ ok: false, message: BID_MESSAGES.tooManyDecimals });
    expect(readBidAmount("25,300.55")).toEqual({ ok: true, cents: 2_530_055 });
    expect(readBidAmount("abc")).toEqual({ ok: false, message: BID_MESSAGES.invalidAmount });
  });
});

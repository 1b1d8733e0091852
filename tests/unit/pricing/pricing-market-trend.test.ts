// Market trend (docs/product/pricing.md#price-guidance): above +5% rising, below -5% falling, else stable; the factor clamped to ±20%; the
// average sold price of the last 90 days against the 90 days before.
import { describe, expect, it } from "vitest";
import { marketTrend, TREND_MESSAGES, trendDirection, trendFromChange, trendMultiplier, type TrendSale } from "~/lib/pricing/market-trend.ts";

describe("direction", () => {
  it.each([
    [5.1, "rising"],
    [5.01, "rising"],
    [5, "stable"],
    [0, "stable"],
    [-5, "stable"],
    [-5.01, "falling"],
    [-40, "falling"],
    [200, "rising"],
  ] as const)("%d%% → %s", (change, direction) => {
    expect(trendDirection(change)).toBe(direction);
  });
});

describe("multiplier", () => {
  it.each([
    ["rising", 12, 1.12],
    ["rising", 20, 1.2],
    ["rising", 20.1, 1.2],
    ["rising", 75, 1.2],
    ["falling", -6, 0.94],
    ["falling", -20, 0.8],
    ["falling", -90, 0.8],
    ["stable", 4, 1],
    ["stable", -4.9, 1],
    ["stable", null, 1],
  ] as const)("%s %s%% → × %d", (direction, changePercent, multiplier) => {
    expect(trendMultiplier({ direction, changePercent })).toBeCloseTo(multiplier, 12);
  });
});

describe("trend from a change", () => {
  it("says there is not enough data without one", () => {
    expect(trendFromChange(null)).toEqual({ direction: "stable", changePercent: null, message: TREND_MESSAGES.notEnoughData });
    expect(trendFromChange(Number.NaN).changePercent).toBeNull();
  });

  it("keeps one decimal and classifies what it shows", () => {
    expect(trendFromChange(5.04)).toMatchObject({ direction: "stable", changePercent: 5 });
    expect(trendFromChange(5.05)).toMatchObject({ direction: "rising", changePercent: 5.1 });
    expect(trendFromChange(-0.04)).toMatchObject({ direction: "stable", changePercent: 0 });
    expect(Object.is(trendFromChange(-0.04).changePercent, -0)).toBe(false);
  });

  it.each([
    [12.34, "Prices are rising: comparable equipment sold for 12.3% more in the last 90 days than in the previous 90 days."],
    [-8, "Prices are falling: comparable equipment sold for 8% less in the last 90 days than in the previous 90 days."],
    [-2.5, "Prices are stable: sold prices of comparable equipment moved 2.5% against the previous 90 days."],
  ])("%d%%: %s", (change, message) => {
    expect(trendFromChange(change).message).toBe(message);
  });
});

describe("trend from sales", () => {
  const now = new Date("2026-11-22T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const sale = (days: number, dollars: number, condition = "used_good"): TrendSale => ({ date: daysAgo(days), priceCents: dollars * 100, condition });

  it("compares the average of the last 90 days with the 90 before", () => {
    const trend = marketTrend([sale(10, 1100), sale(80, 1300), sale(100, 1000), sale(170, 1000)], now);
    expect(trend).toMatchObject({ direction: "rising", changePercent: 20 });
  });

  it("puts a sale exactly 90 days ago in the earlier window and one exactly 180 days ago in neither", () => {
    const trend = marketTrend([sale(1, 900), sale(89.99, 900), sale(90, 1000), sale(179.99, 1000), sale(180, 5000)], now);
    expect(trend).toMatchObject({ direction: "falling", changePercent: -10 });
  });

  it("ignores sales older than 180 days and in the future", () => {
    const trend = marketTrend([sale(5, 1000), sale(6, 1000), sale(100, 1000), sale(101, 1000), sale(200, 10), sale(-3, 99999)], now);
    expect(trend).toMatchObject({ direction: "stable", changePercent: 0 });
  });

  it("needs two sales in each window", () => {
    expect(marketTrend([sale(5, 1000), sale(100, 1000), sale(101, 1000)], now).changePercent).toBeNull();
    expect(marketTrend([sale(5, 1000), sale(6, 1000), sale(100, 1000)], now).changePercent).toBeNull();
    expect(marketTrend([], now)).toEqual(trendFromChange(null));
  });

  it("weighs each sale by its condition, so a worn unit sold recently is not a falling market", () => {
    // Recent: parts-only $200 (≙ $1,000) and good $700 (≙ $1,000); before: two good units at $700.
    const trend = marketTrend([sale(3, 200, "parts_only"), sale(4, 700), sale(100, 700), sale(120, 700)], now);
    expect(trend).toMatchObject({ direction: "stable", changePercent: 0 });
  });
});

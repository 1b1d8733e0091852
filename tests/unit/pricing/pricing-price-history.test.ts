// The price-history chart's geometry and its words for screen readers.
import { describe, expect, it } from "vitest";
import { formatShortDate } from "~/lib/dates.ts";
import { DEFAULT_CHART_BOX, priceHistoryChart } from "~/lib/pricing/price-history.ts";
import type { PriceHistoryPoint } from "~/lib/pricing/types.ts";

const point = (date: string, dollars: number, source: PriceHistoryPoint["source"] = "sold"): PriceHistoryPoint => ({
  date: `${date}T12:00:00.000Z`,
  priceCents: dollars * 100,
  source,
});
const { padding, width, height } = DEFAULT_CHART_BOX;
const left = padding.left;
const right = width - padding.right;
const top = padding.top;
const bottom = height - padding.bottom;

describe("price history chart", () => {
  it("puts the earliest point left, the latest right, the dearest at the top and the cheapest at the bottom", () => {
    const chart = priceHistoryChart([point("2026-03-01", 1500, "listed"), point("2026-01-01", 1000), point("2026-05-01", 2000)]);
    expect(chart.points.map((p) => [p.x, p.y])).toEqual([
      [left, bottom],
      [expect.closeTo(left + (59 / 120) * (right - left), 1), (top + bottom) / 2],
      [right, top],
    ]);
    expect(chart.yTicks).toEqual([
      { y: top, label: "$2,000" },
      { y: bottom, label: "$1,000" },
    ]);
    expect(chart.xTicks).toEqual([
      { x: left, label: "Jan 1, 2026", anchor: "start" },
      { x: right, label: "May 1, 2026", anchor: "end" },
    ]);
    expect(chart.points[1]?.label).toBe("Listed Mar 1, 2026 at $1,500");
  });

  it("sums the chart up in a sentence", () => {
    const chart = priceHistoryChart([point("2026-01-01", 1000), point("2026-05-01", 2000), point("2026-03-01", 1500, "listed")]);
    expect(chart.summary).toBe("Comparable prices over time: 2 sales and 1 listing from Jan 1, 2026 to May 1, 2026, between $1,000 and $2,000.");
  });

  it("centres a single point or equal prices", () => {
    const single = priceHistoryChart([point("2026-01-01", 1000, "listed")]);
    expect(single.points[0]).toMatchObject({ x: (left + right) / 2, y: (top + bottom) / 2 });
    expect(single.summary).toBe("Comparable prices over time: 0 sales and 1 listing on Jan 1, 2026, all at $1,000.");
    expect(single.yTicks).toHaveLength(1);
    expect(single.xTicks).toHaveLength(1);
  });

  it("has nothing to draw without points or with unreadable dates", () => {
    expect(priceHistoryChart([]).points).toEqual([]);
    expect(priceHistoryChart([{ date: "not a date", priceCents: 100, source: "sold" }]).summary).toBe("No comparable prices to chart.");
  });

  it("formats dates on the UTC calendar", () => {
    expect(formatShortDate("2026-12-31T23:30:00.000Z")).toBe("Dec 31, 2026");
    expect(formatShortDate("garbage")).toBe("");
  });
});

// The price-history chart's geometry and words, kept apart from the SVG so they can be tested: where each
// comparable price sits on the chart, the axis labels, and the sentence a screen reader hears instead of the picture.
import { formatPrice } from "~/lib/money.ts";
import { formatShortDate } from "~/lib/dates.ts";
import type { PriceHistoryPoint } from "./types.ts";

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left, right, top, bottom. */
  padding: { left: number; right: number; top: number; bottom: number };
}

export const DEFAULT_CHART_BOX: ChartBox = { width: 320, height: 160, padding: { left: 56, right: 12, top: 12, bottom: 28 } };

export interface ChartPoint extends PriceHistoryPoint {
  x: number;
  y: number;
  label: string;
}

export interface ChartModel {
  points: ChartPoint[];
  /** Price labels of the top and bottom of the plot, and their y. */
  yTicks: Array<{ y: number; label: string }>;
  /** First and last dates, and their x. */
  xTicks: Array<{ x: number; label: string; anchor: "start" | "end" }>;
  summary: string;
  plot: { left: number; right: number; top: number; bottom: number };
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The chart of `history` (any order) in `box`; prices in `currency`. */
export function priceHistoryChart(history: readonly PriceHistoryPoint[], currency = "USD", box: ChartBox = DEFAULT_CHART_BOX): ChartModel {
  const plot = {
    left: box.padding.left,
    right: box.width - box.padding.right,
    top: box.padding.top,
    bottom: box.height - box.padding.bottom,
  };
  const sorted = history
    .filter((point) => Number.isFinite(Date.parse(point.date)))
    .slice()
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  if (sorted.length === 0) return { points: [], yTicks: [], xTicks: [], summary: "No comparable prices to chart.", plot };

  const times = sorted.map((point) => Date.parse(point.date));
  const prices = sorted.map((point) => point.priceCents);
  const firstTime = times[0] as number;
  const lastTime = times[times.length - 1] as number;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (time: number) =>
    lastTime === firstTime ? (plot.left + plot.right) / 2 : plot.left + ((time - firstTime) / (lastTime - firstTime)) * (plot.right - plot.left);
  const y = (price: number) => (high === low ? (plot.top + plot.bottom) / 2 : plot.bottom - ((price - low) / (high - low)) * (plot.bottom - plot.top));
  const round = (value: number) => Math.round(value * 10) / 10;

  const points = sorted.map((point, index) => ({
    ...point,
    x: round(x(times[index] as number)),
    y: round(y(point.priceCents)),
    label: `${point.source === "sold" ? "Sold" : "Listed"} ${formatShortDate(point.date)} at ${formatPrice(point.priceCents, currency)}`,
  }));
  const yTicks =
    high === low
      ? [{ y: round(y(high)), label: formatPrice(high, currency) }]
      : [
          { y: plot.top, label: formatPrice(high, currency) },
          { y: plot.bottom, label: formatPrice(low, currency) },
        ];
  const firstDate = formatShortDate(sorted[0]?.date ?? "");
  const lastDate = formatShortDate(sorted[sorted.length - 1]?.date ?? "");
  const xTicks: ChartModel["xTicks"] =
    firstTime === lastTime
      ? [{ x: round(x(firstTime)), label: firstDate, anchor: "start" }]
      : [
          { x: plot.left, label: firstDate, anchor: "start" },
          { x: plot.right, label: lastDate, anchor: "end" },
        ];

  const sold = sorted.filter((point) => point.source === "sold").length;
  const listed = sorted.length - sold;
  const parts = [count(sold, "sale", "sales"), count(listed, "listing", "listings")];
  const span = firstTime === lastTime ? `on ${firstDate}` : `from ${firstDate} to ${lastDate}`;
  const priceSpan = high === low ? `all at ${formatPrice(low, currency)}` : `between ${formatPrice(low, currency)} and ${formatPrice(high, currency)}`;
  const summary = `Comparable prices over time: ${parts.join(" and ")} ${span}, ${priceSpan}.`;
  return { points, yTicks, xTicks, summary, plot };
}

// Market trend in the price-suggestion helper (docs/product/pricing.md#price-guidance): the average sold price of the last 90 days against the
// 90 days before; above +5% rising, below -5% falling, else stable; the factor it puts on the price is clamped to ±20%.
import { conditionFactor } from "./condition-factors.ts";
import type { MarketTrend } from "./types.ts";

const TREND_WINDOW_DAYS = 90;
const TREND_THRESHOLD_PERCENT = 5;
const TREND_FACTOR_LIMIT = 0.2;
/** Each window needs at least this many sales for an average worth comparing. */
const TREND_MIN_SALES_PER_WINDOW = 2;

const DAY_MS = 86_400_000;

export const TREND_MESSAGES = {
  notEnoughData: "Not enough recent sales of comparable equipment to show a market trend.",
} as const;

export function trendDirection(changePercent: number): MarketTrend["direction"] {
  if (changePercent > TREND_THRESHOLD_PERCENT) return "rising";
  if (changePercent < -TREND_THRESHOLD_PERCENT) return "falling";
  return "stable";
}

/**
 * What the trend does to a price: rising and falling markets move it by their change, clamped to ±20%
 * (a multiplier of 0.8 to 1.2); a stable market (within ±5%, which is noise) or an unknown trend leaves it.
 */
export function trendMultiplier(trend: Pick<MarketTrend, "direction" | "changePercent">): number {
  if (trend.direction === "stable" || trend.changePercent === null) return 1;
  const factor = Math.min(TREND_FACTOR_LIMIT, Math.max(-TREND_FACTOR_LIMIT, trend.changePercent / 100));
  return 1 + factor;
}

function formatPercent(value: number): string {
  return `${Math.abs(value).toFixed(1).replace(/\.0$/, "")}%`;
}

/** The trend of a change, with its message; the percentage is kept to one decimal and classified as shown. */
export function trendFromChange(changePercent: number | null): MarketTrend {
  if (changePercent === null || !Number.isFinite(changePercent)) {
    return { direction: "stable", changePercent: null, message: TREND_MESSAGES.notEnoughData };
  }
  const shown = Math.round(changePercent * 10) / 10;
  const direction = trendDirection(shown);
  const versus = `the previous ${TREND_WINDOW_DAYS} days`;
  const message =
    direction === "rising"
      ? `Prices are rising: comparable equipment sold for ${formatPercent(shown)} more in the last ${TREND_WINDOW_DAYS} days than in ${versus}.`
      : direction === "falling"
        ? `Prices are falling: comparable equipment sold for ${formatPercent(shown)} less in the last ${TREND_WINDOW_DAYS} days than in ${versus}.`
        : `Prices are stable: sold prices of comparable equipment moved ${formatPercent(shown)} against ${versus}.`;
  return { direction, changePercent: shown === 0 ? 0 : shown, message };
}

export interface TrendSale {
  priceCents: number;
  condition: string;
  /** ISO date of the sale. */
  date: string;
}

/**
 * The market trend from sales: each sale's price is first divided by its condition factor, so a window that happens
 * to hold more worn units does not read as a falling market. The recent window is (now − 90 days, now], the prior one
 * (now − 180 days, now − 90 days]. Fewer than two sales in either window: not enough data.
 */
export function marketTrend(sales: readonly TrendSale[], now: Date): MarketTrend {
  const end = now.getTime();
  const split = end - TREND_WINDOW_DAYS * DAY_MS;
  const start = split - TREND_WINDOW_DAYS * DAY_MS;
  const recent: number[] = [];
  const prior: number[] = [];
  for (const sale of sales) {
    const at = Date.parse(sale.date);
    if (!Number.isFinite(at) || sale.priceCents <= 0) continue;
    const normalised = sale.priceCents / conditionFactor(sale.condition);
    if (at > split && at <= end) recent.push(normalised);
    else if (at > start && at <= split) prior.push(normalised);
  }
  if (recent.length < TREND_MIN_SALES_PER_WINDOW || prior.length < TREND_MIN_SALES_PER_WINDOW) return trendFromChange(null);
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const before = average(prior);
  return trendFromChange(((average(recent) - before) / before) * 100);
}

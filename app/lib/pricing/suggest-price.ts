// The price-suggestion helper of docs/product/pricing.md#price-guidance, as pure functions on integer cents. The spec's thresholds (10000, 1000)
// and steps (100, 10, 1) are whole currency units, so they are 100× larger in cents here.
//
//   price = base × condition factor × age decay × brand factor × trend multiplier,
//   clamped to [0.8 × lowest, 1.2 × highest] comparable price, rounded, with a range of 90–110%.
//
// The base is the new, mid-tier price of the equipment: the caller's known retail price when given, else the median
// of the comparables' prices each brought back to new by its own condition, age and brand factors.
import { ageDecay, ageDecayRate, equipmentAge } from "./age-decay.ts";
import { brandFactor } from "./brands.ts";
import { SALE_WEIGHT } from "./comparables.ts";
import { conditionFactor } from "./condition-factors.ts";
import { trendMultiplier } from "./market-trend.ts";
import type { MarketTrend, PriceConfidence, PriceSuggestion } from "./types.ts";

export const INSUFFICIENT_DATA_MESSAGE = "Insufficient data to provide accurate pricing.";

const CLAMP_LOW = 0.8;
const CLAMP_HIGH = 1.2;
const RANGE_LOW = 0.9;
const RANGE_HIGH = 1.1;
const HIGH_CONFIDENCE_COMPARABLES = 10;
const MEDIUM_CONFIDENCE_COMPARABLES = 5;

const UNIT = 100; // cents in a currency unit

/**
 * Spec rounding: nearest 100 at 10000 or more, nearest 10 at 1000 or more, else nearest 1 (currency units; halves
 * round up). The threshold is read on the unrounded amount, so 999.50 → 1000 and 9999 → 10000. A positive amount
 * never rounds to nothing: the least suggestion is 1.
 */
export function roundSuggestedPrice(cents: number): number {
  if (!Number.isFinite(cents) || cents <= 0) return 0;
  const step = cents >= 10_000 * UNIT ? 100 * UNIT : cents >= 1_000 * UNIT ? 10 * UNIT : UNIT;
  return Math.max(UNIT, Math.round(cents / step) * step);
}

/** Clamped to 0.8 × the lowest and 1.2 × the highest comparable price; unchanged without comparables. */
export function clampToComparables(cents: number, comparablePrices: readonly number[]): number {
  if (comparablePrices.length === 0) return cents;
  const low = CLAMP_LOW * Math.min(...comparablePrices);
  const high = CLAMP_HIGH * Math.max(...comparablePrices);
  return Math.min(high, Math.max(low, cents));
}

/** The suggested range: 90% to 110% of the recommendation, to the cent. */
export function suggestedRange(recommendedCents: number): { minCents: number; maxCents: number } {
  return { minCents: Math.round(recommendedCents * RANGE_LOW), maxCents: Math.round(recommendedCents * RANGE_HIGH) };
}

/** High with at least 10 comparables and brand, model and condition all given; medium with at least 5; else low. */
export function priceConfidence(comparablesFound: number, known: { brand: boolean; model: boolean; condition: boolean }): PriceConfidence {
  if (comparablesFound >= HIGH_CONFIDENCE_COMPARABLES && known.brand && known.model && known.condition) return "high";
  if (comparablesFound >= MEDIUM_CONFIDENCE_COMPARABLES) return "medium";
  return "low";
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The equipment being priced. */
export interface PricedItem {
  brand: string;
  model: string;
  condition: string;
  categoryId: string | null;
  year?: number | null;
}

/** What the helper needs of a comparable. */
export interface PricedComparable {
  priceCents: number;
  /** A sale weighs SALE_WEIGHT times an asking price; unknown counts as an asking price. */
  source?: "sold" | "listed";
  condition: string;
  brand: string;
  year: number | null;
}

/**
 * The age factors of the item and of one comparable. With the item's age unknown, age is left out on both sides;
 * with a comparable's age unknown, it is taken to be the item's age (its decay cancels out).
 */
function ageFactors(item: PricedItem, comparableYear: number | null, now: Date): { item: number; comparable: number } {
  const itemAge = equipmentAge(item.year, now);
  if (itemAge === null) return { item: 1, comparable: 1 };
  const rate = ageDecayRate(item.categoryId);
  const itemDecay = ageDecay(rate, itemAge);
  const comparableAge = equipmentAge(comparableYear, now);
  return { item: itemDecay, comparable: comparableAge === null ? itemDecay : ageDecay(rate, comparableAge) };
}

/** The weighted median: the value where half the total weight lies on either side (the lower middle on an exact tie, averaged). */
function weightedMedian(values: ReadonlyArray<{ value: number; weight: number }>): number {
  const sorted = values.filter((entry) => entry.weight > 0).sort((a, b) => a.value - b.value);
  if (sorted.length === 0) return Number.NaN;
  const half = sorted.reduce((sum, entry) => sum + entry.weight, 0) / 2;
  let seen = 0;
  for (let i = 0; i < sorted.length; i++) {
    seen += sorted[i]!.weight;
    if (seen > half) return sorted[i]!.value;
    if (seen === half) return (sorted[i]!.value + sorted[i + 1]!.value) / 2;
  }
  return sorted[sorted.length - 1]!.value;
}

/**
 * The new, mid-tier price the comparables imply: the median of each price divided by its own factors, a sale weighing
 * SALE_WEIGHT times an asking price.
 */
export function basePriceFromComparables(item: PricedItem, comparables: readonly PricedComparable[], now: Date): number {
  return weightedMedian(
    comparables.map((comparable) => {
      const age = ageFactors(item, comparable.year, now).comparable;
      return {
        value: comparable.priceCents / (conditionFactor(comparable.condition) * age * brandFactor(comparable.brand)),
        weight: comparable.source === "sold" ? SALE_WEIGHT : 1,
      };
    }),
  );
}

export interface SuggestPriceInput {
  item: PricedItem;
  /** The comparables kept (at most 8, best first). */
  comparables: readonly PricedComparable[];
  /** How many comparables were found before keeping 8: the confidence counts them all. */
  comparablesFound: number;
  trend: Pick<MarketTrend, "direction" | "changePercent">;
  /** The equipment's retail (new) price when the caller knows it; else the comparables give the base. */
  basePriceCents?: number | null;
  now: Date;
}

export interface SuggestPriceResult {
  suggestion: PriceSuggestion | null;
  insufficientMessage: string | null;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function confidenceMessage(confidence: PriceConfidence, comparablesFound: number): string {
  const found = plural(comparablesFound, "comparable sale or listing", "comparable sales and listings");
  if (confidence === "high") return `Based on ${found} of this brand and model on Tradebench.`;
  if (confidence === "medium") return `Based on ${found} on Tradebench.`;
  return `Based on only ${found} on Tradebench: treat this as a rough guide.`;
}

export function suggestPrice(input: SuggestPriceInput): SuggestPriceResult {
  const { item, comparables, now } = input;
  if (comparables.length === 0) return { suggestion: null, insufficientMessage: INSUFFICIENT_DATA_MESSAGE };
  const base =
    input.basePriceCents !== null && input.basePriceCents !== undefined && input.basePriceCents > 0
      ? input.basePriceCents
      : basePriceFromComparables(item, comparables, now);
  const itemAge = ageFactors(item, null, now).item;
  const raw = base * conditionFactor(item.condition) * itemAge * brandFactor(item.brand) * trendMultiplier(input.trend);
  const recommendedCents = roundSuggestedPrice(
    clampToComparables(
      raw,
      comparables.map((c) => c.priceCents),
    ),
  );
  const found = Math.max(input.comparablesFound, comparables.length);
  const confidence = priceConfidence(found, {
    brand: item.brand.trim() !== "",
    model: item.model.trim() !== "",
    condition: item.condition.trim() !== "",
  });
  return {
    suggestion: { ...suggestedRange(recommendedCents), recommendedCents, confidence, message: confidenceMessage(confidence, found) },
    insufficientMessage: null,
  };
}

// Which sales and listings count as comparables, and in what order (docs/product/pricing.md#price-guidance "Comparables kept: at most 8,
// relevance +10 brand, +15 model, +20 both").
import { brandKey } from "~/lib/brands.ts";
import { modelKey } from "./brands.ts";
import type { Comparable } from "./types.ts";

export const COMPARABLES_KEPT = 8;

const RELEVANCE = { brand: 10, model: 15, both: 20 } as const;

/**
 * The relevance of a candidate to the equipment being priced: 20 when brand and model both match, 15 for the model
 * alone (another badge on the same instrument: Agilent and Keysight), 10 for the brand alone, 0 for neither. A
 * candidate of the same category with neither is not a comparable: one category spans makers and performance classes
 * whose prices differ a hundredfold. Empty brand or model text never matches.
 */
export function comparableRelevance(
  subject: { brand: string | null | undefined; model: string | null | undefined },
  candidate: { brand: string | null | undefined; model: string | null | undefined },
): number {
  const subjectBrand = brandKey(subject.brand);
  const subjectModel = modelKey(subject.model);
  const brandMatches = subjectBrand !== "" && subjectBrand === brandKey(candidate.brand);
  const modelMatches = subjectModel !== "" && subjectModel === modelKey(candidate.model);
  if (brandMatches && modelMatches) return RELEVANCE.both;
  if (modelMatches) return RELEVANCE.model;
  if (brandMatches) return RELEVANCE.brand;
  return 0;
}

/**
 * Best first: higher relevance, then sales before listings at the same relevance (a price someone paid beats an
 * asking price), then the most recent. Ties keep the listing id order so the result is stable.
 */
function compareComparables(a: Comparable, b: Comparable): number {
  if (a.relevance !== b.relevance) return b.relevance - a.relevance;
  if (a.source !== b.source) return a.source === "sold" ? -1 : 1;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.listingId - b.listingId;
}

/** How much more a sale weighs than an asking price in the suggestion (a price paid beats a price asked). */
export const SALE_WEIGHT = 2;

/**
 * Same model first (a cheaper model of the same brand must not drag the price down): when any candidate is
 * the same model (relevance of the model, with or without the brand), only those count; the brand's other models count
 * only when nothing of the model is known.
 */
export function sameModelFirst<T>(items: readonly T[], comparableOf: (item: T) => Comparable): T[] {
  const relevant = items.filter((item) => comparableOf(item).relevance > 0);
  const sameModel = relevant.filter((item) => comparableOf(item).relevance >= RELEVANCE.model);
  return sameModel.length > 0 ? sameModel : relevant;
}

/** The comparables to keep: relevance above 0, the same model first, best first, at most 8. */
export function keepComparables(candidates: readonly Comparable[], kept = COMPARABLES_KEPT): Comparable[] {
  return keepBest(candidates, (candidate) => candidate, kept);
}

/** The same choice over anything that carries a comparable (the service keeps each one's pricing facts beside it). */
export function keepBest<T>(items: readonly T[], comparableOf: (item: T) => Comparable, kept = COMPARABLES_KEPT): T[] {
  return sameModelFirst(items, comparableOf)
    .sort((a, b) => compareComparables(comparableOf(a), comparableOf(b)))
    .slice(0, kept);
}

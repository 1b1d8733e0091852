// Every price table by condition, in one place (docs/product/pricing.md#price-guidance): the price-suggestion helper's factor tiers, the
// share-of-retail guidance for each tier, the manual form's price-hint factors, the AI mock generator's factors, and
// the demo data's asking prices. The helper names seven tiers (new, like-new, excellent, good, fair, poor,
// for-parts); Tradebench's ten canonical conditions (app/lib/conditions.ts) map onto them here, one line each.
import { CONDITION_LABELS, isCondition, toCanonicalCondition, type Condition } from "~/lib/conditions.ts";

export type ConditionTier = "new" | "like-new" | "excellent" | "good" | "fair" | "poor" | "for-parts";

/** docs/product/pricing.md#price-guidance "Condition factors". */
const CONDITION_TIER_FACTORS: Record<ConditionTier, number> = {
  new: 1,
  "like-new": 0.9,
  excellent: 0.8,
  good: 0.7,
  fair: 0.5,
  poor: 0.3,
  "for-parts": 0.2,
};

/** docs/product/pricing.md#price-guidance: "default .7", for a condition the helper does not know. */
export const DEFAULT_CONDITION_FACTOR = 0.7;

/** Which tier each canonical condition prices as. */
export const CONDITION_TIER_OF: Record<Condition, ConditionTier> = {
  new: "new",
  // Unused, in its opened box: the closest the marketplace has to "like new".
  open_box: "like-new",
  used_excellent: "excellent",
  // The listings filter groups Very Good with Good (CONDITION_GROUPS); the helper does too.
  used_very_good: "good",
  used_good: "good",
  used_fair: "fair",
  // Not working, or missing parts, or sold without a test: "poor".
  for_repair: "poor",
  incomplete: "poor",
  as_is: "poor",
  parts_only: "for-parts",
};

/** The tier of a stored or typed condition (any list's spelling), or null when it is not a known condition. */
export function conditionTier(condition: string | null | undefined): ConditionTier | null {
  if (!condition) return null;
  const canonical = isCondition(condition) ? condition : toCanonicalCondition(condition);
  return canonical ? CONDITION_TIER_OF[canonical] : null;
}

/** The helper's condition factor; unknown or missing conditions get the default 0.7. */
export function conditionFactor(condition: string | null | undefined): number {
  const tier = conditionTier(condition);
  return tier ? CONDITION_TIER_FACTORS[tier] : DEFAULT_CONDITION_FACTOR;
}

/** docs/product/pricing.md#price-guidance "Condition guidance as share of retail", as percentages (low, high) of the new price. */
const CONDITION_GUIDANCE: Record<ConditionTier, { lowPercent: number; highPercent: number; text: string }> = {
  new: { lowPercent: 100, highPercent: 100, text: "New equipment sells at or just below retail." },
  "like-new": { lowPercent: 80, highPercent: 90, text: "Like-new equipment typically sells for 80-90% of retail." },
  excellent: { lowPercent: 70, highPercent: 80, text: "Equipment in excellent condition typically sells for 70-80% of retail." },
  good: { lowPercent: 60, highPercent: 70, text: "Equipment in good condition typically sells for 60-70% of retail." },
  fair: { lowPercent: 40, highPercent: 60, text: "Equipment in fair condition typically sells for 40-60% of retail." },
  poor: { lowPercent: 20, highPercent: 40, text: "Equipment in poor condition typically sells for 20-40% of retail." },
  "for-parts": { lowPercent: 10, highPercent: 20, text: "Equipment sold for parts typically fetches 10-20% of retail." },
};

export interface ConditionGuidance {
  tier: ConditionTier;
  /** The condition as the seller chose it: "Used - Very Good". */
  conditionLabel: string;
  lowPercent: number;
  highPercent: number;
  text: string;
}

/** The guidance for a condition, or null when the condition is not known. */
export function conditionGuidance(condition: string | null | undefined): ConditionGuidance | null {
  const tier = conditionTier(condition);
  if (!tier || !condition) return null;
  const canonical = isCondition(condition) ? condition : toCanonicalCondition(condition);
  const label = canonical ? CONDITION_LABELS[canonical] : condition;
  return { tier, conditionLabel: label, ...CONDITION_GUIDANCE[tier] };
}

/** docs/product/pricing.md#price-guidance "Listing-form price hints by condition": a multiplier on the used-excellent market price. */
export const PRICE_HINT_FACTORS: Record<Condition, number> = {
  new: 1.2,
  open_box: 1.1,
  used_excellent: 1,
  used_very_good: 0.9,
  used_good: 0.8,
  used_fair: 0.7,
  for_repair: 0.5,
  incomplete: 0.4,
  parts_only: 0.3,
  as_is: 0.6,
};

/** The hint factor of a stored condition; null for a value that is not a canonical condition. */
export function priceHintFactor(condition: string | null | undefined): number | null {
  return condition && isCondition(condition) ? PRICE_HINT_FACTORS[condition] : null;
}

/**
 * docs/product/pricing.md#price-guidance, mock generator: condition factors. The spec names eight conditions; "incomplete" is priced as
 * "for repair" and "parts only" as "as-is".
 */
export const FALLBACK_CONDITION_FACTORS: Record<Condition, number> = {
  new: 1,
  open_box: 0.9,
  used_excellent: 0.8,
  used_very_good: 0.7,
  used_good: 0.6,
  used_fair: 0.5,
  for_repair: 0.3,
  incomplete: 0.3,
  parts_only: 0.2,
  as_is: 0.2,
};

/** How condition moves a used price, relative to a good used unit (the demo seed and scripts/seed-bench.ts). */
export const DEMO_CONDITION_PRICE_FACTORS: Record<Condition, number> = {
  new: 1.3,
  open_box: 1.15,
  used_excellent: 1.05,
  used_very_good: 0.97,
  used_good: 0.88,
  used_fair: 0.72,
  for_repair: 0.38,
  incomplete: 0.32,
  parts_only: 0.2,
  as_is: 0.45,
};

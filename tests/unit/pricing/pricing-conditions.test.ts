// The helper's condition factors (docs/product/pricing.md#price-guidance) over Tradebench's ten canonical conditions, the share-of-retail
// guidance and the manual form's hint factors.
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "~/lib/conditions.ts";
import {
  CONDITION_TIER_OF,
  conditionFactor,
  conditionGuidance,
  conditionTier,
  DEFAULT_CONDITION_FACTOR,
  PRICE_HINT_FACTORS,
  priceHintFactor,
} from "~/lib/pricing/condition-factors.ts";

describe("condition factor", () => {
  it.each([
    ["new", "new", 1],
    ["open_box", "like-new", 0.9],
    ["used_excellent", "excellent", 0.8],
    ["used_very_good", "good", 0.7],
    ["used_good", "good", 0.7],
    ["used_fair", "fair", 0.5],
    ["for_repair", "poor", 0.3],
    ["incomplete", "poor", 0.3],
    ["as_is", "poor", 0.3],
    ["parts_only", "for-parts", 0.2],
  ] as const)("%s prices as %s (%d)", (condition, tier, factor) => {
    expect(conditionTier(condition)).toBe(tier);
    expect(conditionFactor(condition)).toBe(factor);
  });

  it("maps every canonical condition explicitly", () => {
    expect(Object.keys(CONDITION_TIER_OF).sort()).toEqual([...CONDITIONS].sort());
  });

  it.each([
    ["like_new", 0.8],
    ["Used Good", 0.7],
    ["used-fair", 0.5],
    ["used_poor", 0.3],
    ["for_parts", 0.2],
  ])("reads other lists' spelling %s through the canonical condition (%d)", (value, factor) => {
    expect(conditionFactor(value)).toBe(factor);
  });

  it.each([["refurbished?"], ["mint"], [""], [null], [undefined]])("falls back to the default 0.7 for %s", (value) => {
    expect(conditionTier(value)).toBeNull();
    expect(conditionFactor(value)).toBe(DEFAULT_CONDITION_FACTOR);
    expect(DEFAULT_CONDITION_FACTOR).toBe(0.7);
  });
});

describe("condition guidance as share of retail", () => {
  it.each([
    ["new", 100, 100, "New equipment sells at or just below retail."],
    ["open_box", 80, 90, "Like-new equipment typically sells for 80-90% of retail."],
    ["used_excellent", 70, 80, "Equipment in excellent condition typically sells for 70-80% of retail."],
    ["used_good", 60, 70, "Equipment in good condition typically sells for 60-70% of retail."],
    ["used_fair", 40, 60, "Equipment in fair condition typically sells for 40-60% of retail."],
    ["as_is", 20, 40, "Equipment in poor condition typically sells for 20-40% of retail."],
    ["parts_only", 10, 20, "Equipment sold for parts typically fetches 10-20% of retail."],
  ] as const)("%s: %d-%d%%", (condition, low, high, text) => {
    expect(conditionGuidance(condition)).toMatchObject({ lowPercent: low, highPercent: high, text });
  });

  it("names the condition as the seller chose it", () => {
    expect(conditionGuidance("used_very_good")?.conditionLabel).toBe("Used - Very Good");
  });

  it("gives none for an unknown or missing condition", () => {
    expect(conditionGuidance("mint")).toBeNull();
    expect(conditionGuidance("")).toBeNull();
  });
});

describe("listing-form price hint factors", () => {
  it.each([
    ["new", 1.2],
    ["open_box", 1.1],
    ["used_excellent", 1],
    ["used_very_good", 0.9],
    ["used_good", 0.8],
    ["used_fair", 0.7],
    ["for_repair", 0.5],
    ["incomplete", 0.4],
    ["parts_only", 0.3],
    ["as_is", 0.6],
  ] as const)("%s × %d", (condition, factor) => {
    expect(priceHintFactor(condition)).toBe(factor);
  });

  it("covers every canonical condition and nothing else", () => {
    expect(Object.keys(PRICE_HINT_FACTORS).sort()).toEqual([...CONDITIONS].sort());
    expect(priceHintFactor("good")).toBeNull();
    expect(priceHintFactor(null)).toBeNull();
  });
});

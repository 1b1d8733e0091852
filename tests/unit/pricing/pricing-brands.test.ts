// Brand tiers (docs/product/pricing.md#price-guidance: premium 1.2, mid 1.0, budget 0.8) and the brand and model keys comparables match on.
import { describe, expect, it } from "vitest";
import { brandKey, brandSpellings } from "~/lib/brands.ts";
import { BRAND_TABLE, brandFactor, brandTier, modelKey } from "~/lib/pricing/brands.ts";

describe("brand tier", () => {
  it.each([
    ["Keysight", "premium", 1.2],
    ["Rohde & Schwarz", "premium", 1.2],
    ["R&S", "premium", 1.2],
    ["Rohde and Schwarz", "premium", 1.2],
    ["HP", "premium", 1.2],
    ["Hewlett-Packard", "premium", 1.2],
    ["NI", "premium", 1.2],
    ["LeCroy", "premium", 1.2],
    ["CAT", "premium", 1.2],
    ["Endress+Hauser", "premium", 1.2],
    ["Rigol", "budget", 0.8],
    ["SIGLENT", "budget", 0.8],
    ["GW Instek", "budget", 0.8],
    ["Uni-T", "budget", 0.8],
    ["Mean Well", "budget", 0.8],
    ["B&K Precision", "mid", 1],
    ["Omron", "mid", 1],
    ["Acme Widgets", "mid", 1],
    ["", "mid", 1],
    [null, "mid", 1],
  ])("%s is %s (%d)", (brand, tier, factor) => {
    expect(brandTier(brand)).toBe(tier);
    expect(brandFactor(brand)).toBe(factor);
  });

  it("lists real brands in both tiers, none twice", () => {
    const keys = [...BRAND_TABLE.premium, ...BRAND_TABLE.budget].map(brandKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(BRAND_TABLE.premium.length).toBeGreaterThan(20);
    expect(BRAND_TABLE.budget.length).toBeGreaterThan(10);
  });
});

describe("keys", () => {
  it.each([
    ["Rohde & Schwarz", "rohdeschwarz"],
    ["R&S", "rohdeschwarz"],
    ["  keysight ", "keysight"],
    ["Hewlett Packard", "hp"],
    ["HP", "hp"],
    ["Allen-Bradley", "allenbradley"],
    ["Rockwell Automation", "allenbradley"],
    ["", ""],
  ])("brand %s → %s", (brand, key) => {
    expect(brandKey(brand)).toBe(key);
  });

  it.each([
    ["DSOX1204G", "dsox1204g"],
    ["DSO-X 1204G", "dsox1204g"],
    ["MSO 5 (MSO58)", "mso5mso58"],
    [null, ""],
  ])("model %s → %s", (model, key) => {
    expect(modelKey(model)).toBe(key);
  });

  it("lists a brand's spellings for the database match", () => {
    expect(brandSpellings("rohdeschwarz").sort()).toEqual(["hameg", "rohdeschwarz", "rohdeundschwarz", "rs"]);
    expect(brandSpellings("omron")).toEqual(["omron"]);
    expect(brandSpellings("")).toEqual([]);
  });
});

// The built-in generator: deterministic (no random numbers), and every listing it writes meets the spec — title of at
// most 80 characters, a description of 200–400 words, specifications, 5–8 features — priced by docs/product/listings.md#ai-assistant's mock
// generator constants.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE_CATEGORIES, categoryByName } from "~/lib/ai/equipment-catalogue.ts";
import { FALLBACK_BASE_PRICE, fallbackListing, fallbackPriceCents } from "~/lib/ai/fallback.ts";
import { FALLBACK_CONDITION_FACTORS } from "~/lib/pricing/condition-factors.ts";
import { ListingTextSchema, wordCount } from "~/lib/ai/reply.ts";
import { CONDITIONS } from "~/lib/conditions.ts";

afterEach(() => vi.restoreAllMocks());

const oscilloscopes = categoryByName("Oscilloscopes");

describe("the built-in generator", () => {
  it("writes the same listing for the same equipment, without random numbers", () => {
    const random = vi.spyOn(Math, "random");
    const input = { brand: "Keysight", model: "DSOX3034T", condition: "used_good" as const, category: oscilloscopes };
    const first = fallbackListing(input);
    expect(fallbackListing({ ...input })).toEqual(first);
    expect(random).not.toHaveBeenCalled();
  });

  it("meets the spec's limits for every category and condition, known model or not", () => {
    for (const category of CATALOGUE_CATEGORIES) {
      for (const condition of CONDITIONS) {
        for (const [brand, model] of [
          ["Acme Industrial", "ZX-9000 Mk II"],
          ["Caterpillar", "320"],
        ]) {
          const listing = fallbackListing({ brand: brand!, model: model!, condition, category });
          const where = `${brand} ${model} in ${category.name}, ${condition}`;
          expect(ListingTextSchema.safeParse(listing).success, where).toBe(true);
          expect(listing.title.length, where).toBeLessThanOrEqual(80);
          const words = wordCount(listing.description);
          expect(words, where).toBeGreaterThanOrEqual(200);
          expect(words, where).toBeLessThanOrEqual(400);
          expect(listing.features.length, where).toBeGreaterThanOrEqual(5);
          expect(listing.features.length, where).toBeLessThanOrEqual(8);
          expect(listing.specifications.length, where).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it("describes a catalogue model by its published specifications", () => {
    const listing = fallbackListing({ brand: "keysight", model: "dsox 3034t", condition: "used_excellent", category: oscilloscopes });
    expect(listing.catalogueModel?.model).toBe("DSOX3034T");
    expect(listing.title).toBe("Keysight DSOX3034T 350 MHz 4-Channel Oscilloscope");
    expect(listing.specifications).toEqual(
      expect.arrayContaining([
        { key: "Bandwidth", value: "350 MHz" },
        { key: "Condition", value: "Used - Excellent" },
      ]),
    );
    expect(listing.description).toContain("bandwidth of 350 MHz");
    expect(listing.description).toContain("used in excellent condition");
  });

  it("adds the serial number and options read from the nameplate", () => {
    const listing = fallbackListing({
      brand: "Acme",
      model: "Q-1",
      condition: "used_good",
      category: oscilloscopes,
      analysis: { labels: [], objects: [], text: ["Serial: SN123", "Options: OPT-A, OPT-B"] },
    });
    expect(listing.specifications).toEqual(
      expect.arrayContaining([
        { key: "Serial Number", value: "SN123" },
        { key: "Installed Options", value: "OPT-A, OPT-B" },
      ]),
    );
    expect(listing.description).toContain("serial number SN123");
  });
});

describe("the fallback price (spec 01 §9, mock generator)", () => {
  it("is base 5000 × the brand multiplier × the condition factor, rounded by the pricing rule", () => {
    expect(FALLBACK_BASE_PRICE).toBe(5000);
    expect(FALLBACK_CONDITION_FACTORS).toMatchObject({
      new: 1,
      open_box: 0.9,
      used_excellent: 0.8,
      used_very_good: 0.7,
      used_good: 0.6,
      used_fair: 0.5,
      for_repair: 0.3,
      as_is: 0.2,
    });
    expect(fallbackPriceCents("Acme", "new", null)).toBe(500_000);
    expect(fallbackPriceCents("Rohde & Schwarz", "new", null)).toBe(650_000);
    expect(fallbackPriceCents("Keysight", "used_good", null)).toBe(360_000);
    expect(fallbackPriceCents("Agilent", "used_excellent", null)).toBe(460_000);
    expect(fallbackPriceCents("Tektronix", "for_repair", null)).toBe(165_000);
    expect(fallbackPriceCents("Fluke", "as_is", null)).toBe(100_000);
  });

  it("starts from the catalogue's used price for a known model", () => {
    const listing = fallbackListing({ brand: "Keysight", model: "DSOX3034T", condition: "used_good", category: oscilloscopes });
    const [low, high] = listing.catalogueModel!.usedGoodPrice;
    expect(listing.priceCents).toBe(Math.round((low + high) / 2 / 10) * 10 * 100);
    const fresh = fallbackListing({ brand: "Keysight", model: "DSOX3034T", condition: "new", category: oscilloscopes });
    expect(fresh.priceCents).toBeGreaterThan(listing.priceCents);
  });
});

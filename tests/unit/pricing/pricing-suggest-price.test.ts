// The price-suggestion helper of docs/product/pricing.md#price-guidance, branch by branch: rounding, clamp, range, confidence, the base from
// comparables or a known retail price, condition, age, brand and trend factors, and no suggestion without data.
import { describe, expect, it } from "vitest";
import {
  basePriceFromComparables,
  clampToComparables,
  confidenceMessage,
  INSUFFICIENT_DATA_MESSAGE,
  median,
  priceConfidence,
  roundSuggestedPrice,
  suggestedRange,
  suggestPrice,
  type PricedComparable,
  type PricedItem,
  type SuggestPriceInput,
} from "~/lib/pricing/suggest-price.ts";

const dollars = (amount: number) => Math.round(amount * 100);
const NOW = new Date("2026-11-22T12:00:00Z");
const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const STABLE = { direction: "stable", changePercent: 0 } as const;

describe("rounding rule (currency units; amounts in cents)", () => {
  it.each([
    [0, 0],
    [0.2, 1],
    [0.5, 1],
    [1.49, 1],
    [1.5, 2],
    [999.49, 999],
    [999.5, 1000],
    [1000, 1000],
    [1004.99, 1000],
    [1005, 1010],
    [9994.99, 9990],
    [9995, 10000],
    [9999, 10000],
    [10000, 10000],
    [10049, 10000],
    [10050, 10100],
    [123456, 123500],
  ])("$%d → $%d", (amount, rounded) => {
    expect(roundSuggestedPrice(dollars(amount))).toBe(dollars(rounded));
  });

  it.each([[-500], [Number.NaN], [Number.POSITIVE_INFINITY]])("%d is no price", (cents) => {
    expect(roundSuggestedPrice(cents)).toBe(0);
  });
});

describe("clamp to comparables", () => {
  const prices = [dollars(1000), dollars(1500), dollars(2000)];
  it.each([
    ["inside", 1200, 1200],
    ["below 0.8 × lowest", 700, 800],
    ["exactly 0.8 × lowest", 800, 800],
    ["above 1.2 × highest", 3000, 2400],
    ["exactly 1.2 × highest", 2400, 2400],
  ])("%s", (_, amount, clamped) => {
    expect(clampToComparables(dollars(amount), prices)).toBeCloseTo(dollars(clamped), 6);
  });

  it("leaves the price alone without comparables", () => {
    expect(clampToComparables(dollars(5), [])).toBe(dollars(5));
  });
});

describe("range", () => {
  it.each([
    [dollars(1000), dollars(900), dollars(1100)],
    [dollars(12300), dollars(11070), dollars(13530)],
    [1010, 909, 1111],
  ])("90%% to 110%% of %d", (recommended, min, max) => {
    expect(suggestedRange(recommended)).toEqual({ minCents: min, maxCents: max });
  });
});

describe("confidence", () => {
  const all = { brand: true, model: true, condition: true };
  it.each([
    [10, all, "high"],
    [25, all, "high"],
    [10, { ...all, brand: false }, "medium"],
    [10, { ...all, model: false }, "medium"],
    [10, { ...all, condition: false }, "medium"],
    [9, all, "medium"],
    [5, all, "medium"],
    [5, { brand: false, model: false, condition: false }, "medium"],
    [4, all, "low"],
    [1, all, "low"],
    [0, all, "low"],
  ] as const)("%d comparables, %o → %s", (found, known, confidence) => {
    expect(priceConfidence(found, known)).toBe(confidence);
  });

  it("says how much it rests on", () => {
    expect(confidenceMessage("high", 12)).toBe("Based on 12 comparable sales and listings of this brand and model on Tradebench.");
    expect(confidenceMessage("medium", 6)).toBe("Based on 6 comparable sales and listings on Tradebench.");
    expect(confidenceMessage("low", 1)).toBe("Based on only 1 comparable sale or listing on Tradebench: treat this as a rough guide.");
  });
});

describe("median", () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ])("%o → %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });
  it("is NaN for nothing", () => {
    expect(median([])).toBeNaN();
  });
});

const item = (values: Partial<PricedItem> = {}): PricedItem => ({
  brand: "Keysight",
  model: "DSOX1204G",
  condition: "used_good",
  categoryId: OSCILLOSCOPES,
  year: null,
  ...values,
});
const comparable = (amount: number, values: Partial<PricedComparable> = {}): PricedComparable => ({
  priceCents: dollars(amount),
  condition: "used_good",
  brand: "Keysight",
  year: null,
  ...values,
});
/** The helper with everything found kept, unless `values` says otherwise. */
function suggest(values: Partial<SuggestPriceInput>) {
  const comparables = values.comparables ?? [];
  return suggestPrice({ item: item(), comparables, comparablesFound: comparables.length, trend: STABLE, now: NOW, ...values });
}
const recommended = (values: Partial<SuggestPriceInput>) => suggest(values).suggestion?.recommendedCents;

describe("suggestion", () => {
  it("refuses without comparables, even with a retail price", () => {
    expect(suggest({ comparables: [] })).toEqual({ suggestion: null, insufficientMessage: INSUFFICIENT_DATA_MESSAGE });
    expect(suggest({ comparables: [], basePriceCents: dollars(5000) }).suggestion).toBeNull();
    expect(INSUFFICIENT_DATA_MESSAGE).toBe("Insufficient data to provide accurate pricing.");
  });

  it("prices like the comparables when they match in condition, brand and age", () => {
    const result = suggest({ comparables: [comparable(1000), comparable(1100), comparable(1200)] });
    expect(result).toEqual({
      insufficientMessage: null,
      suggestion: {
        recommendedCents: dollars(1100),
        minCents: dollars(990),
        maxCents: dollars(1210),
        confidence: "low",
        message: "Based on only 3 comparable sales and listings on Tradebench: treat this as a rough guide.",
      },
    });
  });

  it("moves the comparables' prices to the item's condition, then clamps", () => {
    // Used-good comparables at $700 imply $1,000 new; a new item is $1,000, above 1.2 × $700 = $840.
    expect(recommended({ item: item({ condition: "new", brand: "Acme" }), comparables: [comparable(700, { brand: "Acme" })] })).toBe(dollars(840));
    // For parts: $1,000 new × 0.2 = $200, below 0.8 × $1,000.
    expect(recommended({ item: item({ condition: "parts_only" }), comparables: [comparable(1000, { condition: "new" })] })).toBe(dollars(800));
    // Inside the clamp: excellent ($800 new-equivalent $1,000) priced as fair = $500 … with a $450 fair comparable beside it.
    expect(
      recommended({
        item: item({ condition: "used_fair", brand: "Acme" }),
        comparables: [comparable(800, { condition: "used_excellent", brand: "Acme" }), comparable(450, { condition: "used_fair", brand: "Acme" })],
      }),
    ).toBe(dollars(475));
  });

  it("uses the default factor 0.7 for an unknown condition on either side", () => {
    expect(recommended({ item: item({ condition: "mint" }), comparables: [comparable(1000, { condition: "whatever" })] })).toBe(dollars(1000));
  });

  it("applies brand tiers: a budget item against premium comparables", () => {
    // Keysight $1,200 → $1,000 mid-tier new-equivalent → Rigol × 0.8 = $800; Rigol $500 → $500. Median $650.
    const comparables = [comparable(1200, { brand: "Keysight" }), comparable(500, { brand: "Rigol" })];
    expect(recommended({ item: item({ brand: "Rigol" }), comparables })).toBe(dollars(650));
  });

  describe("age", () => {
    it("leaves age out when the item's year is unknown", () => {
      const comparables = [comparable(1000, { year: 2021 }), comparable(700, { year: 2016 })];
      expect(recommended({ item: item({ year: null }), comparables })).toBe(dollars(850));
    });

    it("takes a comparable of unknown year to be as old as the item", () => {
      expect(recommended({ item: item({ year: 2016 }), comparables: [comparable(1000, { year: null })] })).toBe(dollars(1000));
    });

    it("decays by the category's rate between the comparable's age and the item's", () => {
      // Oscilloscopes 0.08: a 5-year-old $1,000 unit → 10 years: × e^-0.8 / e^-0.4 = $670.32; beside a 10-year-old $700.
      const comparables = [comparable(1000, { year: 2021 }), comparable(700, { year: 2016 })];
      expect(recommended({ item: item({ year: 2016 }), comparables })).toBe(dollars(Math.round((1000 * Math.exp(-0.4) + 700) / 2)));
      // The default rate 0.06 for a category without its own.
      const other = item({ year: 2016, categoryId: "heavy_equipment_construction_excavators" });
      expect(recommended({ item: other, comparables })).toBe(dollars(Math.round((1000 * Math.exp(-0.3) + 700) / 2)));
    });

    it("floors the decay at 0.2", () => {
      // A 1990 oscilloscope (36 years: e^-2.88 = 0.056 → 0.2) against 5-year-old units at $10,000 and $2,000.
      const comparables = [comparable(10000, { year: 2021 }), comparable(2000, { year: 2021 })];
      const expected = ((10000 + 2000) / 2) * (0.2 / Math.exp(-0.4));
      expect(recommended({ item: item({ year: 1990 }), comparables })).toBe(roundSuggestedPrice(dollars(expected)));
    });
  });

  describe("a known retail price as the base", () => {
    it("multiplies the retail price by the item's factors", () => {
      // $2,000 new × excellent 0.8 × mid 1.0 = $1,600, inside [0.8 × $1,500, 1.2 × $1,700].
      const result = recommended({
        item: item({ condition: "used_excellent", brand: "Acme" }),
        basePriceCents: dollars(2000),
        comparables: [comparable(1500), comparable(1700)],
      });
      expect(result).toBe(dollars(1600));
    });

    it("applies age to the retail price when the year is known", () => {
      const result = recommended({
        item: item({ condition: "new", brand: "Acme", year: 2021 }),
        basePriceCents: dollars(2000),
        comparables: [comparable(1000), comparable(2000)],
      });
      expect(result).toBe(roundSuggestedPrice(dollars(2000 * Math.exp(-0.4))));
    });

    it("ignores a zero or missing base", () => {
      expect(recommended({ basePriceCents: 0, comparables: [comparable(1000)] })).toBe(dollars(1000));
      expect(recommended({ basePriceCents: null, comparables: [comparable(1000)] })).toBe(dollars(1000));
    });
  });

  describe("market trend", () => {
    const comparables = [comparable(1000), comparable(1000), comparable(1000)];
    it.each([
      ["rising 12%", { direction: "rising", changePercent: 12 }, 1120],
      ["rising 30%, clamped to +20%", { direction: "rising", changePercent: 30 }, 1200],
      ["falling 8%", { direction: "falling", changePercent: -8 }, 920],
      ["falling 50%, clamped to -20%", { direction: "falling", changePercent: -50 }, 800],
      ["stable 4.9%", { direction: "stable", changePercent: 4.9 }, 1000],
      ["unknown", { direction: "stable", changePercent: null }, 1000],
    ] as const)("%s", (_, trend, expected) => {
      expect(recommended({ comparables, trend })).toBe(dollars(expected));
    });

    it("is applied before the clamp", () => {
      // +20% on $1,000 = $1,200 = exactly 1.2 × the comparable; a +20% trend cannot push past it.
      expect(recommended({ comparables: [comparable(1000)], trend: { direction: "rising", changePercent: 20 } })).toBe(dollars(1200));
    });
  });

  it("rounds the result by the rule", () => {
    // $12,345 → nearest $100.
    expect(recommended({ comparables: [comparable(12345)] })).toBe(dollars(12300));
    expect(recommended({ comparables: [comparable(1234)] })).toBe(dollars(1230));
    expect(recommended({ comparables: [comparable(123.4)] })).toBe(dollars(123));
  });

  describe("confidence from everything found, not the 8 kept", () => {
    const kept = Array.from({ length: 8 }, () => comparable(1000));
    it.each([
      [12, item(), "high"],
      [12, item({ model: " " }), "medium"],
      [12, item({ brand: "" }), "medium"],
      [12, item({ condition: "" }), "medium"],
      [8, item(), "medium"],
    ] as const)("%d found → %s", (found, subject, confidence) => {
      expect(suggestPrice({ item: subject, comparables: kept, comparablesFound: found, trend: STABLE, now: NOW }).suggestion?.confidence).toBe(confidence);
    });

    it("never counts fewer than it keeps", () => {
      const result = suggestPrice({ item: item(), comparables: kept.slice(0, 5), comparablesFound: 0, trend: STABLE, now: NOW });
      expect(result.suggestion?.confidence).toBe("medium");
    });
  });

  it("derives the base from the median of new-equivalent prices", () => {
    const base = basePriceFromComparables(
      item(),
      [
        comparable(700, { condition: "used_good", brand: "Acme" }),
        comparable(900, { condition: "new", brand: "Acme" }),
        comparable(1200, { condition: "new", brand: "Keysight" }),
      ],
      NOW,
    );
    // 700 / 0.7 = 1000; 900; 1200 / 1.2 = 1000 → median 1000.
    expect(base).toBeCloseTo(dollars(1000), 6);
  });
});

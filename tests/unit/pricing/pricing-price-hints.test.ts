// The manual form's price hint (docs/product/pricing.md#price-guidance "Listing-form price hints by condition").
import { describe, expect, it } from "vitest";
import { buildPriceHintTable, priceHint, type PriceHintSample } from "~/lib/pricing/price-hints.ts";

const SCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const sample = (values: Partial<PriceHintSample>): PriceHintSample => ({
  categoryId: SCOPES,
  brand: "Keysight",
  condition: "used_excellent",
  count: 1,
  sumCents: 100_000,
  ...values,
});

describe("hint table", () => {
  it("averages prices brought to used-excellent by each condition's factor", () => {
    // $1,200 new (÷1.2 = $1,000), two used-good at $1,600 in all (÷0.8 = $2,000 for two): 3 samples averaging $1,000.
    const table = buildPriceHintTable([sample({ condition: "new", sumCents: 120_000 }), sample({ condition: "used_good", count: 2, sumCents: 160_000 })]);
    expect(table.categories[SCOPES]).toEqual({ referenceCents: 100_000, count: 3, brands: { keysight: { referenceCents: 100_000, count: 3 } } });
  });

  it("leaves out groups with fewer than 3 sales and listings", () => {
    const table = buildPriceHintTable([
      sample({ brand: "Keysight", count: 2, sumCents: 200_000 }),
      sample({ brand: "Rigol", count: 1, sumCents: 40_000 }),
      sample({ categoryId: "other", count: 2, sumCents: 10_000 }),
    ]);
    expect(table.categories[SCOPES]).toEqual({ referenceCents: 80_000, count: 3, brands: {} });
    expect(table.categories.other).toBeUndefined();
  });

  it("folds brand spellings and skips conditions outside the canonical list", () => {
    const table = buildPriceHintTable([
      sample({ brand: "R&S", count: 2, sumCents: 200_000 }),
      sample({ brand: "Rohde & Schwarz", count: 1, sumCents: 100_000 }),
      sample({ condition: "mint", count: 5, sumCents: 1 }),
      sample({ brand: "", count: 0, sumCents: 0 }),
    ]);
    expect(table.categories[SCOPES]?.brands).toEqual({ rohdeschwarz: { referenceCents: 100_000, count: 3 } });
    expect(table.categories[SCOPES]?.count).toBe(3);
  });
});

describe("hint for the form", () => {
  const table = buildPriceHintTable([
    sample({ brand: "Keysight", count: 3, sumCents: 3 * 200_000 }),
    sample({ brand: "Rigol", count: 2, sumCents: 2 * 50_000 }),
  ]);
  // Category: 5 samples averaging (600000 + 100000) / 5 = $1,400; Keysight: $2,000; Rigol has too few.

  it.each([
    ["new", 2400],
    ["open_box", 2200],
    ["used_excellent", 2000],
    ["used_very_good", 1800],
    ["used_good", 1600],
    ["used_fair", 1400],
    ["for_repair", 1000],
    ["incomplete", 800],
    ["parts_only", 600],
    ["as_is", 1200],
  ])("Keysight, %s → $%d", (condition, dollars) => {
    const hint = priceHint(table, { categoryId: SCOPES, brand: "keysight", condition, currency: "USD" });
    expect(hint).toMatchObject({ cents: dollars * 100, scope: "brand", count: 3 });
  });

  it("falls back to the category when the brand has too little data, and rounds by the helper's rule", () => {
    // $1,400 × 0.8 = $1,120.
    expect(priceHint(table, { categoryId: SCOPES, brand: "Rigol", condition: "used_good" })).toEqual({
      cents: 112_000,
      conditionLabel: "Used - Good",
      count: 5,
      scope: "category",
      text: "Similar listings in Used - Good condition sell around $1,120.",
    });
    // $1,400 × 0.3 = $420 → nearest $1.
    expect(priceHint(table, { categoryId: SCOPES, brand: "", condition: "parts_only" })?.cents).toBe(42_000);
  });

  it.each([
    ["no table", null, { categoryId: SCOPES, condition: "used_good" }],
    ["no category chosen", "table", { categoryId: "", condition: "used_good" }],
    ["no condition chosen", "table", { categoryId: SCOPES, condition: "" }],
    ["a condition outside the list", "table", { categoryId: SCOPES, condition: "good" }],
    ["a category without data", "table", { categoryId: "heavy_equipment_mining_draglines", condition: "used_good" }],
    ["another currency", "table", { categoryId: SCOPES, condition: "used_good", currency: "EUR" }],
  ] as const)("none with %s", (_, which, form) => {
    expect(priceHint(which === "table" ? table : null, form)).toBeNull();
  });
});

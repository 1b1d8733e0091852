// The manual listing form's price hint (docs/product/pricing.md#price-guidance "Listing-form price hints by condition"): what similar equipment
// sells for in the condition the seller chose. Each sale or Buy Now listing of the category is brought to its
// used-excellent price (divided by its condition's hint factor, used excellent being 1); the hint is the average of
// those, times the chosen condition's factor, rounded by the helper's rule. Brand-level figures are used when the
// brand has enough data, else the category's. Nothing is shown without data.
import { conditionLabel, isCondition } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import { brandKey } from "~/lib/brands.ts";
import { priceHintFactor } from "./condition-factors.ts";
import { roundSuggestedPrice } from "./suggest-price.ts";

/** Fewer sales and listings than this in a group: no hint from it. */
const PRICE_HINT_MIN_SAMPLES = 3;
export const PRICE_HINT_CURRENCY = "USD";

export interface PriceHintGroup {
  /** The average used-excellent price of the group, in cents. */
  referenceCents: number;
  /** How many sales and listings it averages. */
  count: number;
}

export interface PriceHintTable {
  currency: string;
  /** By category id; `brands` by brand key (app/lib/brands.ts brandKey). Groups below the minimum are left out. */
  categories: Record<string, PriceHintGroup & { brands: Record<string, PriceHintGroup> }>;
}

/** Sales or listings of one category, brand and condition: their count and the sum of their prices. */
export interface PriceHintSample {
  categoryId: string;
  brand: string;
  condition: string;
  count: number;
  sumCents: number;
}

/** Builds the table from grouped samples; samples of a condition outside the canonical list are skipped. */
export function buildPriceHintTable(samples: readonly PriceHintSample[], minSamples = PRICE_HINT_MIN_SAMPLES): PriceHintTable {
  const sums = new Map<string, { sum: number; count: number; brands: Map<string, { sum: number; count: number }> }>();
  for (const sample of samples) {
    const factor = priceHintFactor(sample.condition);
    if (factor === null || sample.count <= 0) continue;
    const normalised = sample.sumCents / factor;
    const category = sums.get(sample.categoryId) ?? { sum: 0, count: 0, brands: new Map() };
    category.sum += normalised;
    category.count += sample.count;
    const key = brandKey(sample.brand);
    if (key !== "") {
      const brand = category.brands.get(key) ?? { sum: 0, count: 0 };
      brand.sum += normalised;
      brand.count += sample.count;
      category.brands.set(key, brand);
    }
    sums.set(sample.categoryId, category);
  }
  const categories: PriceHintTable["categories"] = {};
  for (const [categoryId, category] of sums) {
    if (category.count < minSamples) continue;
    const brands: Record<string, PriceHintGroup> = {};
    for (const [key, brand] of category.brands) {
      if (brand.count >= minSamples) brands[key] = { referenceCents: Math.round(brand.sum / brand.count), count: brand.count };
    }
    categories[categoryId] = { referenceCents: Math.round(category.sum / category.count), count: category.count, brands };
  }
  return { currency: PRICE_HINT_CURRENCY, categories };
}

export interface PriceHint {
  cents: number;
  conditionLabel: string;
  count: number;
  /** Whether the figure is the brand's or the whole category's. */
  scope: "brand" | "category";
  text: string;
}

/** The hint for what the form holds now, or null when the table has nothing for it. */
export function priceHint(
  table: PriceHintTable | null | undefined,
  form: { categoryId?: string | null; brand?: string | null; condition?: string | null; currency?: string | null },
): PriceHint | null {
  if (!table || !form.categoryId || !form.condition || !isCondition(form.condition)) return null;
  if ((form.currency || PRICE_HINT_CURRENCY) !== table.currency) return null;
  const category = table.categories[form.categoryId];
  if (!category) return null;
  const brand = category.brands[brandKey(form.brand)];
  const group = brand ?? category;
  const factor = priceHintFactor(form.condition) ?? 1;
  const cents = roundSuggestedPrice(group.referenceCents * factor);
  const label = conditionLabel(form.condition);
  return {
    cents,
    conditionLabel: label,
    count: group.count,
    scope: brand ? "brand" : "category",
    text: `Similar listings in ${label} condition sell around ${formatPrice(cents, table.currency)}.`,
  };
}

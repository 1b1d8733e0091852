// Every price table by condition lives in app/lib/pricing/condition-factors.ts: each gives every one of the ten
// conditions a factor, and the figures are the spec's (docs/product/pricing.md#price-guidance) where the spec gives them.
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "~/lib/conditions.ts";
import { conditionFactor, DEMO_CONDITION_PRICE_FACTORS, FALLBACK_CONDITION_FACTORS, PRICE_HINT_FACTORS } from "~/lib/pricing/condition-factors.ts";

const TABLES = { hint: PRICE_HINT_FACTORS, mock: FALLBACK_CONDITION_FACTORS, demo: DEMO_CONDITION_PRICE_FACTORS };

describe("condition price tables", () => {
  it.each(Object.entries(TABLES))("%s prices every condition, and a new unit above one for parts", (_name, table) => {
    expect(Object.keys(table).sort()).toEqual([...CONDITIONS].sort());
    for (const condition of CONDITIONS) expect(table[condition]).toBeGreaterThan(0);
    expect(table.new).toBeGreaterThan(table.parts_only);
    expect(table.used_excellent).toBeGreaterThan(table.used_fair);
  });

  it("has the spec's figures: helper 1 → 0.2, hints 1.2 → 0.3, mock generator 1 → 0.2", () => {
    expect(CONDITIONS.map((condition) => conditionFactor(condition))).toEqual([1, 0.9, 0.8, 0.7, 0.7, 0.5, 0.3, 0.3, 0.2, 0.3]);
    expect(PRICE_HINT_FACTORS).toMatchObject({ new: 1.2, used_excellent: 1, parts_only: 0.3 });
    expect(FALLBACK_CONDITION_FACTORS).toMatchObject({ new: 1, used_good: 0.6, as_is: 0.2 });
  });
});

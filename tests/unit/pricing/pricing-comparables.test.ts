// Comparable relevance (docs/product/pricing.md#price-guidance: +10 brand, +15 model, +20 both), the order they are shown in and the cap of 8.
import { describe, expect, it } from "vitest";
import { COMPARABLES_KEPT, comparableRelevance, keepComparables } from "~/lib/pricing/comparables.ts";
import type { Comparable } from "~/lib/pricing/types.ts";

describe("relevance", () => {
  const subject = { brand: "Keysight", model: "DSOX1204G" };
  it.each([
    ["brand and model", { brand: "Keysight", model: "DSOX1204G" }, 20],
    ["brand and model, spelt differently", { brand: "KEYSIGHT", model: "dsox-1204g" }, 20],
    ["model only (another badge)", { brand: "Agilent", model: "DSOX1204G" }, 15],
    ["brand only", { brand: "Keysight", model: "MSOX3054T" }, 10],
    ["neither", { brand: "Rigol", model: "DS1054Z" }, 0],
    ["neither, blank texts", { brand: "", model: "" }, 0],
  ])("%s → %d", (_, candidate, relevance) => {
    expect(comparableRelevance(subject, candidate)).toBe(relevance);
  });

  it("never matches on empty text", () => {
    expect(comparableRelevance({ brand: "", model: "" }, { brand: "", model: "" })).toBe(0);
    expect(comparableRelevance({ brand: "Keysight", model: "" }, { brand: "Keysight", model: "" })).toBe(10);
    expect(comparableRelevance({ brand: "", model: "DS1054Z" }, { brand: "", model: "DS1054Z" })).toBe(15);
  });

  it("folds brand spellings together", () => {
    expect(comparableRelevance({ brand: "R&S", model: "FSV" }, { brand: "Rohde & Schwarz", model: "FSV" })).toBe(20);
  });
});

let nextId = 1;
function comparable(values: Partial<Comparable>): Comparable {
  const id = nextId++;
  return {
    source: "listed",
    listingId: id,
    title: `Listing ${id}`,
    priceCents: 100_000,
    condition: "used_good",
    date: "2026-10-01T00:00:00.000Z",
    url: `/listings/${id}`,
    location: null,
    imageUrl: null,
    verified: false,
    relevance: 20,
    ...values,
  };
}

describe("keeping", () => {
  it("orders by relevance, then sales before listings, then the most recent", () => {
    const a = comparable({ relevance: 10, source: "sold", date: "2026-11-01T00:00:00.000Z" });
    const b = comparable({ relevance: 20, source: "listed", date: "2026-11-10T00:00:00.000Z" });
    const c = comparable({ relevance: 20, source: "sold", date: "2026-01-01T00:00:00.000Z" });
    const d = comparable({ relevance: 20, source: "sold", date: "2026-06-01T00:00:00.000Z" });
    const e = comparable({ relevance: 15, source: "listed", date: "2026-11-20T00:00:00.000Z" });
    // The brand-only one (a) is left out while the model is known (same model first).
    expect(keepComparables([a, b, c, d, e]).map((x) => x.listingId)).toEqual([d, c, b, e].map((x) => x.listingId));
    expect(keepComparables([a]).map((x) => x.listingId)).toEqual([a.listingId]);
  });

  it("drops candidates of relevance 0", () => {
    const kept = keepComparables([comparable({ relevance: 0 }), comparable({ relevance: 10 })]);
    expect(kept.map((x) => x.relevance)).toEqual([10]);
  });

  it("keeps at most 8", () => {
    expect(COMPARABLES_KEPT).toBe(8);
    const many = Array.from({ length: 12 }, (_, index) => comparable({ date: `2026-10-${String(index + 10)}T00:00:00.000Z` }));
    const kept = keepComparables(many);
    expect(kept).toHaveLength(8);
    expect(kept[0]?.date).toBe("2026-10-21T00:00:00.000Z");
  });

  it("breaks full ties by listing id, so the order is stable", () => {
    const x = comparable({});
    const y = comparable({});
    expect(keepComparables([y, x]).map((c) => c.listingId)).toEqual([x.listingId, y.listingId]);
  });
});

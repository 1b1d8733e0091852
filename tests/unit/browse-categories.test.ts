// The eight categories buyers browse by are named once (app/reference/browse-categories.ts): the taxonomy, the home page's
// tiles and the auctions filter all read those names.
import { describe, expect, it } from "vitest";
import { AUCTION_CATEGORIES, auctionCategoryLabel } from "~/lib/auction-filters.ts";
import { BROWSE_CATEGORIES } from "~/reference/browse-categories.ts";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";

const taxonomyNames = new Map(CATEGORY_TAXONOMY.flatMap((main) => [[main.slug, main.name], ...main.subcategories.map((sub) => [sub.slug, sub.name] as const)]));

describe("browse categories", () => {
  it("are the spec's eight, in its order, each with a line on what it holds", () => {
    expect(BROWSE_CATEGORIES.map((category) => category.name)).toEqual([
      "Test & Measurement",
      "Automation & Control",
      "Electronic Components",
      "Data Acquisition",
      "Laboratory & Scientific",
      "Electrical & Power",
      "Process Equipment",
      "Heavy Equipment",
    ]);
    for (const category of BROWSE_CATEGORIES) expect(category.blurb.length).toBeGreaterThan(10);
  });

  it("are named the same in the taxonomy and in the auctions filter", () => {
    for (const category of BROWSE_CATEGORIES) expect(taxonomyNames.get(category.slug)).toBe(category.name);
    expect(AUCTION_CATEGORIES).toEqual(BROWSE_CATEGORIES.map((category) => ({ value: category.slug, label: category.name })));
    expect(auctionCategoryLabel("lab_scientific")).toBe("Laboratory & Scientific");
  });
});

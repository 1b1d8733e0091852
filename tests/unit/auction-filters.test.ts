// The /auctions URL: parsing with defaults for anything unknown, and short URLs that drop the page on a filter change.
import { describe, expect, it } from "vitest";
import { AUCTION_CATEGORIES, AUCTION_SORTS, DEFAULT_AUCTION_FILTERS, auctionsUrl, auctionsUrlWith, parseAuctionFilters } from "~/lib/auction-filters.ts";

const parse = (query: string) => parseAuctionFilters(new URLSearchParams(query));

describe("parseAuctionFilters", () => {
  it("defaults to active auctions of every category, ending soonest first, page 1", () => {
    expect(parse("")).toEqual({ status: "active", category: "", sort: "ending_soon", page: 1 });
    expect(DEFAULT_AUCTION_FILTERS).toEqual(parse(""));
  });

  it("reads every status, category and sort of the spec", () => {
    for (const status of ["active", "upcoming", "ended"] as const) expect(parse(`status=${status}`).status).toBe(status);
    for (const { value } of AUCTION_CATEGORIES) expect(parse(`category=${value}`).category).toBe(value);
    for (const { value } of AUCTION_SORTS) expect(parse(`sort=${value}`).sort).toBe(value);
    expect(parse("page=3").page).toBe(3);
  });

  it("falls back to the default for a value it does not know", () => {
    expect(parse("status=cancelled&category=oscilloscopes&sort=price:asc&page=0")).toEqual(DEFAULT_AUCTION_FILTERS);
    expect(parse("status=&category=&sort=&page=abc")).toEqual(DEFAULT_AUCTION_FILTERS);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=999999999").page).toBe(1);
  });

  it("has the spec's sort labels in its order", () => {
    expect(AUCTION_SORTS.map((sort) => sort.label)).toEqual(["Ending Soon", "Ending Latest", "Highest Bid", "Lowest Bid", "Newest", "Oldest"]);
    expect(AUCTION_CATEGORIES.map((category) => category.value)).toEqual([
      "test_measurement",
      "automation_control",
      "electronic_components",
      "data_acquisition",
      "lab_scientific",
      "electrical_power",
      "process_equipment",
      "heavy_equipment",
    ]);
  });
});

describe("auctionsUrl", () => {
  it("leaves defaults out", () => {
    expect(auctionsUrl(DEFAULT_AUCTION_FILTERS)).toBe("/auctions");
    expect(auctionsUrl({ status: "ended", category: "lab_scientific", sort: "highest_bid", page: 2 })).toBe(
      "/auctions?status=ended&category=lab_scientific&sort=highest_bid&page=2",
    );
  });

  it("round-trips through the parser", () => {
    const filters = { status: "upcoming", category: "heavy_equipment", sort: "oldest", page: 4 } as const;
    expect(parse(auctionsUrl(filters).split("?")[1])).toEqual(filters);
  });

  it("goes back to the first page when a filter changes", () => {
    const onPageThree = { ...DEFAULT_AUCTION_FILTERS, sort: "newest", page: 3 } as const;
    expect(auctionsUrlWith(onPageThree, { category: "test_measurement" })).toBe("/auctions?category=test_measurement&sort=newest");
  });
});

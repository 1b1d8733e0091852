// How /listings reads its URL: filters, price messages, sorts, pages, the pager and saved-search params.
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "~/lib/conditions.ts";
import {
  DEFAULT_SORT,
  FILTER_MESSAGES,
  filterConditions,
  asciiLowerCase,
  brandMatches,
  hasActiveFilter,
  listingsUrl,
  pageItems,
  parseListingFilters,
  savedSearchFilters,
  savedSearchHasCriteria,
  toSavedSearchParams,
} from "~/lib/listing-filters.ts";
import { SAVE_SEARCH_MESSAGES, SaveSearchSchema } from "~/schemas/saved-search.ts";

const parse = (query: string) => parseListingFilters(new URLSearchParams(query));

describe("parseListingFilters", () => {
  it("reads every parameter", () => {
    const { filters, errors } = parse(
      "category=test_measurement&condition=used_good&minPrice=100&maxPrice=2500.50&search=Tektronix%20MSO&sort=price:asc&page=3&testLevel=fully_tested&calibrated=1&brand=%20Rohde%20%20%26%20Schwarz%20",
    );
    expect(errors).toEqual({});
    expect(filters).toEqual({
      category: "test_measurement",
      condition: "used_good",
      minPrice: 100,
      maxPrice: 2500.5,
      search: "Tektronix MSO",
      sort: "price:asc",
      page: 3,
      testLevel: "fully_tested",
      calibrated: true,
      brand: "Rohde & Schwarz",
    });
  });

  it("defaults to newest first on page 1 with no filter", () => {
    const { filters, errors } = parse("");
    expect(errors).toEqual({});
    expect(filters).toEqual({ sort: DEFAULT_SORT, page: 1 });
    expect(hasActiveFilter(filters)).toBe(false);
  });

  it("trims the search and folds its spaces; blank text is no search", () => {
    expect(parse("search=%20%20keysight%20%20%2034461A%20").filters.search).toBe("keysight 34461A");
    expect(parse("search=%20%20").filters.search).toBeUndefined();
  });

  describe("prices", () => {
    it.each([
      ["minPrice=-5", { minPrice: FILTER_MESSAGES.minPrice }],
      ["minPrice=abc", { minPrice: FILTER_MESSAGES.minPrice }],
      ["minPrice=1e3", { minPrice: FILTER_MESSAGES.minPrice }],
      ["minPrice=10.001", { minPrice: FILTER_MESSAGES.minPrice }],
      ["maxPrice=-0.01", { maxPrice: FILTER_MESSAGES.maxPrice }],
      ["maxPrice=%241000", { maxPrice: FILTER_MESSAGES.maxPrice }],
      ["minPrice=x&maxPrice=y", { minPrice: FILTER_MESSAGES.minPrice, maxPrice: FILTER_MESSAGES.maxPrice }],
      ["minPrice=500&maxPrice=100", { minPrice: FILTER_MESSAGES.priceRange }],
    ])("%s is ignored with a message", (query, expected) => {
      const { filters, errors } = parse(query);
      expect(errors).toEqual(expected);
      expect(filters.minPrice).toBeUndefined();
      expect(filters.maxPrice).toBeUndefined();
    });

    it("keeps the valid one of two prices", () => {
      const { filters, errors } = parse("minPrice=abc&maxPrice=300");
      expect(errors).toEqual({ minPrice: FILTER_MESSAGES.minPrice });
      expect(filters.maxPrice).toBe(300);
    });

    it("accepts 0, whole amounts, cents and equal bounds", () => {
      expect(parse("minPrice=0&maxPrice=0").filters).toMatchObject({ minPrice: 0, maxPrice: 0 });
      expect(parse("minPrice=19.99&maxPrice=19.99").errors).toEqual({});
      expect(parse("minPrice=%20&maxPrice=").filters).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    });
  });

  it("ignores unknown conditions, test levels, sorts and bad pages", () => {
    const { filters, errors } = parse("condition=broken&testLevel=maybe&sort=views:desc&page=-2&calibrated=yes");
    expect(errors).toEqual({});
    expect(filters).toEqual({ sort: DEFAULT_SORT, page: 1 });
    expect(parse("page=2.5").filters.page).toBe(1);
    expect(parse("page=abc").filters.page).toBe(1);
  });

  it("offers Best match only when searching, and makes it the default there", () => {
    expect(parse("search=scope").filters.sort).toBe("relevance");
    expect(parse("search=scope&sort=price:desc").filters.sort).toBe("price:desc");
    expect(parse("sort=relevance").filters.sort).toBe(DEFAULT_SORT);
    expect(parse("search=scope&sort=").filters.sort).toBe("relevance");
  });
});

describe("conditions", () => {
  it("a canonical value selects itself", () => {
    for (const condition of CONDITIONS) {
      expect(filterConditions(parse(`condition=${condition}`).filters)).toEqual([condition]);
    }
  });

  it("the coarse filter values select their groups", () => {
    const groups = (value: string) => filterConditions(parse(`condition=${value}`).filters);
    expect(groups("new")).toEqual(["new"]);
    expect(groups("open_box")).toEqual(["open_box"]);
    expect(groups("excellent")).toEqual(["used_excellent"]);
    expect(groups("good")).toEqual(["used_very_good", "used_good"]);
    expect(groups("fair")).toEqual(["used_fair"]);
    expect(groups("poor")).toEqual(["for_repair", "incomplete", "parts_only", "as_is"]);
  });
});

describe("listingsUrl", () => {
  it("leaves defaults out and keeps the rest", () => {
    expect(listingsUrl({ sort: DEFAULT_SORT, page: 1 })).toBe("/listings");
    expect(listingsUrl({ search: "scope", sort: "relevance", page: 2 })).toBe("/listings?search=scope&page=2");
    expect(listingsUrl({ category: "test_measurement", minPrice: 10, calibrated: true, sort: "price:asc" })).toBe(
      "/listings?category=test_measurement&minPrice=10&calibrated=1&sort=price%3Aasc",
    );
  });

  it("round-trips through parseListingFilters", () => {
    const query =
      "search=hp+3458a&category=test_measurement&condition=good&minPrice=5&maxPrice=900.5&testLevel=powers_on&calibrated=1&brand=hewlett&sort=price:desc&page=4";
    const { filters } = parse(query);
    expect(parse(listingsUrl(filters).split("?")[1] ?? "").filters).toEqual(filters);
  });
});

describe("hasActiveFilter", () => {
  it.each(["search=x", "category=heavy_equipment", "condition=new", "minPrice=0", "maxPrice=10", "testLevel=untested", "calibrated=1", "brand=fluke"])(
    "%s counts as a filter",
    (query) => expect(hasActiveFilter(parse(query).filters)).toBe(true),
  );

  it("sort and page alone do not", () => {
    expect(hasActiveFilter(parse("sort=price:asc&page=2").filters)).toBe(false);
  });
});

describe("pageItems", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("puts ellipses where pages are left out", () => {
    expect(pageItems(1, 42)).toEqual([1, 2, 3, 4, "ellipsis", 42]);
    expect(pageItems(10, 42)).toEqual([1, "ellipsis", 9, 10, 11, "ellipsis", 42]);
    expect(pageItems(42, 42)).toEqual([1, "ellipsis", 39, 40, 41, 42]);
  });

  it("shows a single left-out page instead of an ellipsis", () => {
    expect(pageItems(4, 42)).toEqual([1, 2, 3, 4, 5, "ellipsis", 42]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 9)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 9]);
  });
});

describe("saved search params", () => {
  it("store the filters with the condition as a list", () => {
    const { filters } = parse(
      "search=fluke&category=test_measurement&condition=good&minPrice=50&testLevel=fully_tested&calibrated=1&brand=Fluke&sort=price:asc&page=2",
    );
    const params = toSavedSearchParams(filters, "Test & Measurement");
    expect(params).toEqual({
      keyword: "fluke",
      category: "test_measurement",
      categoryName: "Test & Measurement",
      minPrice: 50,
      maxPrice: null,
      condition: ["used_very_good", "used_good"],
      testLevel: "fully_tested",
      calibrated: true,
      brand: "Fluke",
    });
    expect(savedSearchHasCriteria(params)).toBe(true);
    // …and lead back to the same listings (sort and page are not part of a saved search).
    expect(savedSearchFilters(params)).toEqual(filtersWithout(filters, ["sort", "page"]));
  });

  it("a search with no criterion has none", () => {
    expect(savedSearchHasCriteria(toSavedSearchParams(parse("sort=price:asc").filters))).toBe(false);
  });

  it("a brand alone is a criterion, and searches saved before brands read as any brand", () => {
    const params = toSavedSearchParams(parse("brand=keysight").filters);
    expect(savedSearchHasCriteria(params)).toBe(true);
    expect(savedSearchFilters(params).brand).toBe("keysight");
    const older = JSON.parse(
      '{"keyword":"scope","category":null,"categoryName":null,"minPrice":null,"maxPrice":null,"condition":[],"testLevel":null,"calibrated":false}',
    );
    expect(savedSearchFilters(older).brand).toBeUndefined();
  });
});

describe("brand filter", () => {
  it("contains, ignoring the case of ASCII letters only (as SQLite's lower() does)", () => {
    expect(asciiLowerCase("Rohde & SCHWARZ ÉÀ")).toBe("rohde & schwarz ÉÀ");
    expect(brandMatches("Keysight Technologies", "SIGHT tech")).toBe(true);
    expect(brandMatches("Keysight", "keysight technologies")).toBe(false);
    expect(brandMatches("ÉLECTRO", "électro")).toBe(false);
    expect(brandMatches("Électro", "ÉLECTRO")).toBe(true);
  });
});

describe("SaveSearchSchema", () => {
  it("requires a name and trims it", () => {
    const messages = (name: unknown) => {
      const result = SaveSearchSchema.safeParse({ name });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages(undefined)).toEqual([SAVE_SEARCH_MESSAGES.nameRequired]);
    expect(messages("")).toEqual([SAVE_SEARCH_MESSAGES.nameRequired]);
    expect(messages("   ")).toEqual([SAVE_SEARCH_MESSAGES.nameRequired]);
    expect(messages("x".repeat(101))).toEqual([SAVE_SEARCH_MESSAGES.nameTooLong]);
    expect(SaveSearchSchema.parse({ name: "  Cheap scopes  " })).toEqual({ name: "Cheap scopes" });
    expect(SAVE_SEARCH_MESSAGES.nameRequired).toBe("Please enter a name for your saved search");
    expect(SAVE_SEARCH_MESSAGES.saved("Cheap scopes")).toBe('Search "Cheap scopes" saved successfully!');
  });
});

function filtersWithout<T extends object>(value: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([key, v]) => !keys.includes(key) && v !== undefined)) as Partial<T>;
}

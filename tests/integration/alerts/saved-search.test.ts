// Saving a /listings search: what is stored, and the service's rules with the messages of docs/product/alerts.md#messages.
import { DomainError } from "~/services/domain-error.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters, savedSearchFilters, listingsUrl, toSavedSearchParams, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { countSavedSearches, createSavedSearch, SAVED_SEARCH_ERRORS } from "~/services/alerts/saved-search.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let buyer: string;

const paramsOf = (query: string, categoryName: string | null = null): SavedSearchParams =>
  toSavedSearchParams(parseListingFilters(new URLSearchParams(query)).filters, categoryName);

beforeAll(async () => {
  database = createTestDatabase();
  buyer = await insertUserRow(database.db);
});

afterAll(async () => {
  await database?.close();
});

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as Error).message;
  }
  throw new Error("expected the call to be refused");
}

describe("createSavedSearch", () => {
  it("stores the name, the filters as JSON and asks to be notified of new matches", async () => {
    const query =
      "search=tektronix mso&category=test_measurement&condition=good&minPrice=1000&maxPrice=5000.5&testLevel=fully_tested&calibrated=1&brand=Tektronix&sort=price:asc&page=3";
    const saved = await createSavedSearch(database.db, { userId: buyer, name: "  Mid-range scopes  ", params: paramsOf(query, "Test & Measurement") });
    expect(saved.name).toBe("Mid-range scopes");
    const row = await database.db.selectFrom("saved_searches").selectAll().where("id", "=", saved.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: buyer, name: "Mid-range scopes", notify_on_new: 1, last_executed: null });
    const stored = JSON.parse(row.search_params) as SavedSearchParams;
    expect(stored).toEqual({
      keyword: "tektronix mso",
      category: "test_measurement",
      categoryName: "Test & Measurement",
      minPrice: 1000,
      maxPrice: 5000.5,
      condition: ["used_very_good", "used_good"],
      testLevel: "fully_tested",
      calibrated: true,
      brand: "Tektronix",
    });
    // The stored search leads back to the same listings (from page 1, in the default order).
    expect(listingsUrl(savedSearchFilters(stored))).toBe(
      "/listings?search=tektronix+mso&category=test_measurement&condition=good&minPrice=1000&maxPrice=5000.5&testLevel=fully_tested&calibrated=1&brand=Tektronix",
    );
  });

  it("keeps unset filters as null and an empty condition list", async () => {
    const saved = await createSavedSearch(database.db, { userId: buyer, name: "Anything under 100", params: paramsOf("maxPrice=100") });
    const row = await database.db.selectFrom("saved_searches").select("search_params").where("id", "=", saved.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.search_params)).toEqual({
      keyword: null,
      category: null,
      categoryName: null,
      minPrice: null,
      maxPrice: 100,
      condition: [],
      testLevel: null,
      calibrated: false,
      brand: null,
    });
  });

  it("requires a user", async () => {
    expect(await rejection(createSavedSearch(database.db, { userId: null, name: "Scopes", params: paramsOf("search=scope") }))).toBe(
      SAVED_SEARCH_ERRORS.userRequired,
    );
    expect(SAVED_SEARCH_ERRORS.userRequired).toBe("User ID is required");
  });

  it("requires search parameters with at least one criterion", async () => {
    expect(await rejection(createSavedSearch(database.db, { userId: buyer, name: "Scopes", params: null }))).toBe("Search parameters are required");
    expect(await rejection(createSavedSearch(database.db, { userId: buyer, name: "Everything", params: paramsOf("sort=price:asc&page=2") }))).toBe(
      SAVED_SEARCH_ERRORS.paramsRequired,
    );
  });

  it("requires a name that is more than spaces", async () => {
    for (const name of [undefined, "", "   \t "]) {
      expect(await rejection(createSavedSearch(database.db, { userId: buyer, name, params: paramsOf("search=scope") }))).toBe("Search name is required");
    }
  });

  it("stores nothing when refused, and counts a user's searches", async () => {
    const other = await insertUserRow(database.db);
    expect(await countSavedSearches(database.db, other)).toBe(0);
    await createSavedSearch(database.db, { userId: other, name: "", params: paramsOf("search=scope") }).catch(() => undefined);
    expect(await countSavedSearches(database.db, other)).toBe(0);
    await createSavedSearch(database.db, {
      userId: other,
      name: "PLCs",
      params: paramsOf("category=automation_control", "Automation & Control"),
      notifyOnNew: false,
    });
    expect(await countSavedSearches(database.db, other)).toBe(1);
    const row = await database.db.selectFrom("saved_searches").select("notify_on_new").where("user_id", "=", other).executeTakeFirstOrThrow();
    expect(row.notify_on_new).toBe(0);
  });
});

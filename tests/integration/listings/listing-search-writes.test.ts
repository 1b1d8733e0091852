// Searches with words stay right through listing writes, on both engines (docs/decisions/0037, 0053):
// they filter and sort the narrow copy listing_search_rows that triggers keep in step (SQLite matches the words in its
// FTS5 index, PostgreSQL in the copy's own vector). Creating, editing, closing and deleting a listing shows in the results and totals at once, for words with few
// matches (every match ranked) and words with many (only the newest are searched; Best match puts title matches first).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { deleteListing } from "~/services/listings/delete-listing.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { listingInput, OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing, updateListing } from "~/flows/listing-publication.server.ts";

const ANALYZERS = "industrial_electronics_test_measurement_spectrum_analyzers";

let database: OpenedDatabase;
let seller: string;
const uploads = new DiskStore("/nonexistent-uploads");

/** The search as /listings runs it, without the result cache (every answer computed from the listings as they are). */
const find = (query: string, options: { fewMatches?: number; matchesSearched?: number } = {}) =>
  searchListings(database.db, parseListingFilters(new URLSearchParams(query)).filters, { cached: false, ...options });
const idsOf = async (query: string, options?: { fewMatches?: number; matchesSearched?: number }) =>
  (await find(query, options)).listings.map((listing) => listing.id);
const edit = (id: number, input: ListingInput, status?: "draft" | "active" | "archived") =>
  updateListing(database.db, uploads, { id: seller, role: "seller" }, id, input, status ? { status } : {});

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
});

afterAll(async () => {
  await database?.close();
});

describe("a word with few matches", () => {
  it("finds a listing once it is created, by its new words once edited, and no longer once closed or deleted", async () => {
    const input = listingInput({ title: "Anritsu MS2830A signal analyzer", brand: "Anritsu", model: "MS2830A", categoryId: ANALYZERS, priceCents: 420_000 });
    const id = await createListing(database.db, uploads, seller, input, []);
    expect(await find("search=ms2830a")).toMatchObject({ total: 1, totalIsExact: true });
    expect(await idsOf("search=anritsu&category=test_measurement&maxPrice=5000")).toEqual([id]);

    // Edited: new title words, price, category and brand are what the search reads from now on.
    const edited = {
      ...input,
      title: "Anritsu MS2840A signal analyzer",
      model: "MS2840A",
      priceCents: 610_000,
      categoryId: OSCILLOSCOPES,
      brand: "ANRITSU Corp",
    };
    await edit(id, edited);
    expect(await idsOf("search=ms2830a")).toEqual([]);
    expect(await idsOf("search=ms2840a")).toEqual([id]);
    expect(await idsOf("search=anritsu&maxPrice=5000")).toEqual([]);
    expect(await idsOf("search=anritsu&minPrice=6000&sort=price:asc")).toEqual([id]);
    expect(await idsOf(`search=anritsu&category=${OSCILLOSCOPES}&brand=anritsu%20corp`)).toEqual([id]);

    await edit(id, edited, "archived");
    expect(await find("search=ms2840a")).toMatchObject({ total: 0, listings: [] });
    await edit(id, edited, "active");
    expect(await idsOf("search=ms2840a")).toEqual([id]);

    await deleteListing(database.db, uploads, { id: seller, role: "seller" }, id);
    expect(await find("search=ms2840a")).toMatchObject({ total: 0, listings: [] });
  });
});

describe("a word with many matches (only the newest are searched)", () => {
  // Small thresholds stand in for 2,000 and 12,000: more than 4 matches is "many", and the newest 9 are searched.
  const many = { fewMatches: 4, matchesSearched: 9 };
  const lathes: number[] = [];

  beforeAll(async () => {
    // Oldest first: two lathes by title, then six with "lathe" only in the description.
    for (const [index, title] of ["Lathe, Colchester Triumph", "Bench lathe, Myford ML7"].entries()) {
      lathes.push(await createListing(database.db, uploads, seller, listingInput({ title, description: `Workshop item ${index}`, brand: "", model: "" }), []));
    }
    for (let index = 0; index < 6; index += 1) {
      const input = listingInput({
        title: `Milling machine ${index}`,
        description: "Came out of a lathe and mill workshop.",
        brand: "",
        model: "",
        priceCents: 100_000 + index * 1000,
      });
      lathes.push(await createListing(database.db, uploads, seller, input, []));
    }
  });

  it("puts the listings with the word in their title first, then the newest", async () => {
    const found = await find("search=lathe", many);
    expect(found).toMatchObject({ total: 8, totalIsExact: true, searchedNewest: null });
    expect(found.listings.map((listing) => listing.id)).toEqual([lathes[1], lathes[0], ...lathes.slice(2).reverse()]);
  });

  it("follows edits, closing and deleting in what it finds, in which order, and in the total", async () => {
    const [, second, , third] = lathes as [number, number, number, number];
    // A description match retitled: it joins the title matches (newest of them first).
    await edit(
      third,
      listingInput({ title: "Lathe tooling set", description: "Came out of a lathe and mill workshop.", brand: "", model: "", priceCents: 5_000 }),
    );
    expect((await idsOf("search=lathe", many)).slice(0, 3)).toEqual([third, second, lathes[0]]);
    expect((await idsOf("search=lathe&sort=price:asc", many))[0]).toBe(third);

    // Closed: out of the results and the total.
    await edit(second, listingInput({ title: "Bench lathe, Myford ML7", description: "Workshop item 1", brand: "", model: "" }), "draft");
    const afterClosing = await find("search=lathe", many);
    expect(afterClosing.total).toBe(7);
    expect(afterClosing.listings.map((listing) => listing.id)).not.toContain(second);

    // Deleted: gone too; a newer match takes its place in the searched window.
    await deleteListing(database.db, uploads, { id: seller, role: "seller" }, third);
    const added = await createListing(database.db, uploads, seller, listingInput({ title: "Metal lathe, 1 m bed", brand: "", model: "" }), []);
    const afterDeleting = await find("search=lathe", many);
    expect(afterDeleting.total).toBe(7);
    expect(afterDeleting.listings[0]?.id).toBe(added);
    expect(afterDeleting.listings.map((listing) => listing.id)).not.toContain(third);
  });

  it("searches only the newest matches when there are more, and says so", async () => {
    for (let index = 0; index < 3; index += 1) {
      await createListing(database.db, uploads, seller, listingInput({ title: `Lathe chuck ${index}`, brand: "", model: "" }), []);
    }
    if (onPostgres) {
      // PostgreSQL only (SQLite keeps no such statistics): once analysed, "lathe" is known to be in every listing, so
      // its newest matches are found by walking the newest rows instead of through the GIN index.
      await sql`analyze listing_search_rows`.execute(database.db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stats, unnest(most_common_elems::text::text[]) as term
        where tablename = 'listing_search_rows' and attname = 'search_vector' and term = 'lath'`.execute(database.db);
      expect(rows[0]?.n).toBe(1);
    }
    const found = await find("search=lathe", many);
    expect(found).toMatchObject({ searchedNewest: 9, totalIsExact: false });
    // The oldest title match is past the newest nine matches: not among the results.
    expect(found.listings.map((listing) => listing.id)).not.toContain(lathes[0]);
  });
});

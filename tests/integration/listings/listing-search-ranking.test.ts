// Best match, on both engines (docs/decisions/0036, 0057): a search whose words are each in few listings scores every
// match (BM25 on SQLite, ts_rank on PostgreSQL); one with a word that many listings hold by itself puts the matches with
// every word in the title first, then the others, newest first in each, as a search with many matches does.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
const ids: Record<string, number> = {};

/** Ids of the listings found, in order; more than 3 matches of a search count as many here (2,000 in the service). */
const best = async (search: string) =>
  (await searchListings(database.db, parseListingFilters(new URLSearchParams({ search })).filters, { cached: false, fewMatches: 3 })).listings.map(
    (listing) => listing.id,
  );

beforeAll(async () => {
  database = createTestDatabase();
  const seller = await insertUserRow(database.db, undefined, "seller");
  const listing = (title: string, description: string, created: string) =>
    insertListingRow(database.db, seller, { title, description, created_at: `${created}T09:00:00.000Z` });
  // The older generator says "generator" most and in the shortest text: every score puts it first.
  ids.olderGenerator = await listing("Signal generator", "Generator. Signal generator, generator cables.", "2026-01-05");
  ids.newerGenerator = await listing(
    "Keysight N5183B MXG microwave analog signal generator",
    "Bench unit from a closed lab, with its power cord, the rack mounting kit and the original manuals for it.",
    "2026-02-05",
  );
  // "signal" alone is in five listings: a common word here.
  for (const [title, created] of [
    ["Signal analyzer", "2026-01-10"],
    ["Vector signal analyzer", "2026-01-11"],
    ["Signal conditioner", "2026-01-12"],
  ] as const) {
    await listing(title, "", created);
  }
});

afterAll(async () => {
  await database?.close();
});

it("scores every match when each word is in few listings", async () => {
  expect(await best("generator")).toEqual([ids.olderGenerator, ids.newerGenerator]);
});

it("puts title matches first, newest first, when a word is in many listings by itself", async () => {
  expect(await best("signal generator")).toEqual([ids.newerGenerator, ids.olderGenerator]);
  // The same order as a search with many matches, where nothing is scored.
  expect(await best("generator signal")).toEqual([ids.newerGenerator, ids.olderGenerator]);
});

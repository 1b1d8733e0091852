// The watch toggle's service: one row per user and listing, idempotent, only for listings a buyer may see.
import { DomainError } from "~/services/domain-error.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { unwatchListing, watchedAmong, watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let seller: string;
let buyer: string;

async function listing(status: string): Promise<number> {
  return insertListingRow(database.db, seller, { title: `Tektronix MDO3104 (${status})`, price_cents: 950_000, status });
}

async function watchRows(userId: string) {
  return database.db.selectFrom("watchlist").selectAll().where("user_id", "=", userId).execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  buyer = await insertUserRow(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe("watching a listing", () => {
  it("adds it once, however often the buyer presses Watch", async () => {
    const id = await listing("active");
    await watchListing(database.db, buyer, id);
    await watchListing(database.db, buyer, id);
    expect((await watchRows(buyer)).filter((row) => row.listing_id === id)).toHaveLength(1);
    expect(await watchedAmong(database.db, buyer, [id])).toEqual(new Set([id]));
  });

  it("watching again only updates the notes", async () => {
    const id = await listing("active");
    await watchListing(database.db, buyer, id, "Check the probe set");
    await watchListing(database.db, buyer, id, "Ask about calibration");
    const rows = (await watchRows(buyer)).filter((row) => row.listing_id === id);
    expect(rows.map((row) => row.notes)).toEqual(["Ask about calibration"]);
  });

  it("unwatching removes it, and unwatching twice is harmless", async () => {
    const id = await listing("active");
    await watchListing(database.db, buyer, id);
    await unwatchListing(database.db, buyer, id);
    await unwatchListing(database.db, buyer, id);
    expect(await watchedAmong(database.db, buyer, [id])).toEqual(new Set());
  });

  it("refuses listings that do not exist or that buyers cannot see", async () => {
    const draft = await listing("draft");
    await expect(watchListing(database.db, buyer, 987_654)).rejects.toBeInstanceOf(DomainError);
    await expect(watchListing(database.db, buyer, draft)).rejects.toBeInstanceOf(DomainError);
    expect((await watchRows(buyer)).some((row) => row.listing_id === draft)).toBe(false);
  });

  it("tells each user only about their own watches", async () => {
    const id = await listing("active");
    const other = await insertUserRow(database.db);
    await watchListing(database.db, other, id);
    expect(await watchedAmong(database.db, buyer, [id])).toEqual(new Set());
    expect(await watchedAmong(database.db, undefined, [id])).toEqual(new Set());
  });
});

// Per-process caches with several app servers on one database: an answer a server remembers is
// forgotten as soon as another server writes (two database handles stand for two servers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseVersion, openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let serverA: OpenedDatabase;
let serverB: OpenedDatabase;
let seller: string;

beforeAll(async () => {
  serverA = createTestDatabase();
  seller = await insertUserRow(serverA.db, "seller@example.test");
  serverB = openDatabase({ url: serverA.url, poolSize: 4 });
});

afterAll(async () => {
  await serverB?.close();
  await serverA?.close();
});

const everything = () => parseListingFilters(new URLSearchParams({ sort: "price:asc" })).filters;

describe("a search answer remembered by one server", () => {
  it("changes when another server adds, reprices or removes a listing", async () => {
    const first = await insertListingRow(serverA.db, seller, { title: "Rigol DS1054Z", price_cents: 30_000 });
    const before = await searchListings(serverA.db, everything());
    expect(before.listings.map((card) => card.id)).toEqual([first]);
    // Asked again with nothing written: the same answer (server A remembers which listings; their cards are read fresh).
    expect(await searchListings(serverA.db, everything())).toEqual(before);

    const second = await insertListingRow(serverB.db, seller, { title: "Keysight DSOX1204G", price_cents: 25_000 });
    const afterInsert = await searchListings(serverA.db, everything());
    expect(afterInsert.total).toBe(2);
    expect(afterInsert.listings.map((card) => card.id)).toEqual([second, first]);

    await serverB.db.updateTable("equipment_listings").set({ price_cents: 20_000 }).where("id", "=", first).execute();
    const afterReprice = await searchListings(serverA.db, everything());
    expect(afterReprice.listings.map((card) => card.id)).toEqual([first, second]);

    await serverB.db.deleteFrom("equipment_listings").where("id", "=", second).execute();
    expect((await searchListings(serverA.db, everything())).listings.map((card) => card.id)).toEqual([first]);
  });

  it("is keyed on a token that any server's committed write changes", async () => {
    const before = await databaseVersion(serverA.db);
    await insertListingRow(serverB.db, seller, { title: "Tektronix TBS1052B" });
    expect(await databaseVersion(serverA.db)).not.toEqual(before);
  });
});

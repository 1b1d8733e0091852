// What one member may keep (400 saved searches made a tab that blocked /healthz): every per-member
// collection refuses past its bound from the one table (~/lib/member-limits.ts) with its message, confirmed or not,
// and nothing is stored then; the Saved Searches tab lists one page at a time. The bounds are made small here (the
// module is replaced by one with the same messages) so each is reached in a few rows; the figures are checked apart.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type * as MemberLimits from "~/lib/member-limits.ts";
import { createSavedSearch, listSavedSearchPage } from "~/services/alerts/saved-search.server.ts";
import { followSeller } from "~/services/accounts/follows.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertListingRow, listingInput } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing } from "~/flows/listing-publication.server.ts";

const SMALL = 3;
vi.mock("~/lib/member-limits.ts", async (original) => {
  const real = await original<typeof MemberLimits>();
  const small = Object.fromEntries(
    Object.entries(real.MEMBER_LIMITS).map(([name, limit]) => [name, { ...limit, max: name === "signedInDevices" ? limit.max : 3 }]),
  );
  return { ...real, MEMBER_LIMITS: small, REAL_MEMBER_LIMITS: real.MEMBER_LIMITS, SAVED_SEARCHES_PAGE_SIZE: 2 };
});
const limits = (await import("~/lib/member-limits.ts")) as unknown as {
  MEMBER_LIMITS: typeof MemberLimits.MEMBER_LIMITS;
  REAL_MEMBER_LIMITS: typeof MemberLimits.MEMBER_LIMITS;
};

let opened: OpenedDatabase;
let uploadsDir: string;
const PARAMS = {
  keyword: "oscilloscope",
  category: null,
  categoryName: null,
  minPrice: null,
  maxPrice: null,
  condition: [],
  testLevel: null,
  calibrated: false,
  brand: null,
};

beforeAll(() => {
  opened = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-limits-"));
});
afterAll(async () => {
  await opened?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const count = async (table: "saved_searches" | "watchlist" | "follows", column: "user_id" | "follower_id", id: string) =>
  Number(
    (
      await opened.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where(column, "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the table of bounds", () => {
  it("holds the figures the messages state", () => {
    expect(Object.fromEntries(Object.entries(limits.REAL_MEMBER_LIMITS).map(([name, limit]) => [name, limit.max]))).toEqual({
      savedSearches: 50,
      watchlist: 1000,
      follows: 500,
      listingDrafts: 5000,
      signedInDevices: 20,
      passkeys: 10,
    });
    for (const limit of Object.values(limits.REAL_MEMBER_LIMITS)) expect(limit.message).toContain(limit.max.toLocaleString("en-US"));
  });
});

describe("saved searches", () => {
  it("stop at the bound with its message, for an unconfirmed account too, and store nothing more", async () => {
    const member = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
    for (let i = 0; i < SMALL; i += 1) await createSavedSearch(opened.db, { userId: member, name: `Search ${i}`, params: PARAMS });
    await expect(createSavedSearch(opened.db, { userId: member, name: "One too many", params: PARAMS })).rejects.toMatchObject({
      kind: "conflict",
      message: limits.MEMBER_LIMITS.savedSearches.message,
    });
    expect(await count("saved_searches", "user_id", member)).toBe(SMALL);
  });

  it("let only the bound through when many are saved at once", async () => {
    const member = await insertUserRow(opened.db);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createSavedSearch(opened.db, { userId: member, name: `Race ${i}`, params: PARAMS })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(SMALL);
    expect(await count("saved_searches", "user_id", member)).toBe(SMALL);
  });

  it("are listed a page at a time, newest first; a search's page can be asked for", async () => {
    const member = await insertUserRow(opened.db);
    const ids: number[] = [];
    for (let i = 0; i < SMALL; i += 1) ids.push((await createSavedSearch(opened.db, { userId: member, name: `Paged ${i}`, params: PARAMS })).id);
    const first = await listSavedSearchPage(opened.db, member, 1);
    expect(first).toMatchObject({ page: 1, total: 3, totalPages: 2 });
    expect(first.searches.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect((await listSavedSearchPage(opened.db, member, 2)).searches.map((s) => s.id)).toEqual([ids[0]]);
    expect((await listSavedSearchPage(opened.db, member, 99)).page).toBe(2);
    expect((await listSavedSearchPage(opened.db, member, 1, { containing: ids[0] })).page).toBe(2);
    // Another member's search is not theirs to page to.
    expect((await listSavedSearchPage(opened.db, await insertUserRow(opened.db), 1, { containing: ids[0] })).total).toBe(0);
  });
});

describe("the watchlist", () => {
  it("stops at the bound; watching a watched listing again still updates its notes", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const member = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
    const listings = [];
    for (let i = 0; i <= SMALL; i += 1) listings.push(await insertListingRow(opened.db, seller));
    for (const id of listings.slice(0, SMALL)) await watchListing(opened.db, member, id);
    await expect(watchListing(opened.db, member, listings[SMALL]!)).rejects.toMatchObject({
      kind: "conflict",
      message: limits.MEMBER_LIMITS.watchlist.message,
    });
    await watchListing(opened.db, member, listings[0]!, "still mine");
    expect(await count("watchlist", "user_id", member)).toBe(SMALL);
  });
});

describe("follows", () => {
  it("stop at the bound; following a followed seller again changes nothing", async () => {
    const member = await insertUserRow(opened.db);
    const sellers = [];
    for (let i = 0; i <= SMALL; i += 1) sellers.push(await insertUserRow(opened.db, undefined, "seller"));
    for (const id of sellers.slice(0, SMALL)) await followSeller(opened.db, member, id);
    await followSeller(opened.db, member, sellers[0]!);
    await expect(followSeller(opened.db, member, sellers[SMALL]!)).rejects.toMatchObject({ kind: "conflict", message: limits.MEMBER_LIMITS.follows.message });
    expect(await count("follows", "follower_id", member)).toBe(SMALL);
  });
});

describe("listing drafts", () => {
  it("stop at the bound; live listings are not counted", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const uploads = new DiskStore(uploadsDir);
    for (let i = 0; i < SMALL; i += 1) await createListing(opened.db, uploads, seller, listingInput(), [], "draft");
    await expect(createListing(opened.db, uploads, seller, listingInput(), [], "draft")).rejects.toMatchObject({
      kind: "conflict",
      message: limits.MEMBER_LIMITS.listingDrafts.message,
    });
    await createListing(opened.db, uploads, seller, listingInput(), [], "active");
    const drafts = await opened.db.selectFrom("equipment_listings").select("id").where("user_id", "=", seller).where("status", "=", "draft").execute();
    expect(drafts).toHaveLength(SMALL);
  });
});

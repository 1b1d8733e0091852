// Counting listing views: once per viewer per listing per 30 minutes, the owner never counted,
// and the visitor's IP kept only as a salted hash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { hashClientIp, recordListingView } from "~/services/listings/listing-views.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let seller: string;
let buyer: string;
let otherBuyer: string;

const T0 = new Date("2026-11-22T10:00:00.000Z");
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function newListing(): Promise<number> {
  return insertListingRow(database.db, seller, { title: "Keysight N9020A MXA signal analyzer", condition: "used_excellent", price_cents: 1_850_000 });
}

async function viewCount(listingId: number): Promise<number> {
  const row = await database.db.selectFrom("equipment_listings").select("views").where("id", "=", listingId).executeTakeFirstOrThrow();
  return row.views;
}

async function viewRows(listingId: number) {
  return database.db.selectFrom("listing_views").selectAll().where("listing_id", "=", listingId).orderBy("id").execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  buyer = await insertUserRow(database.db);
  otherBuyer = await insertUserRow(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe("recordListingView", () => {
  it("counts a visitor once within 30 minutes and again after", async () => {
    const listingId = await newListing();
    const view = (minutes: number) => recordListingView(database.db, { listingId, ownerId: seller, ip: "203.0.113.7", now: minutesAfter(minutes) });

    expect(await view(0)).toEqual({ counted: true, views: 1 });
    expect(await view(1)).toEqual({ counted: false, views: null });
    expect(await view(29)).toEqual({ counted: false, views: null });
    expect(await viewCount(listingId)).toBe(1);

    // 30 minutes after the counted view the window is over.
    expect(await view(30)).toEqual({ counted: true, views: 2 });
    expect(await view(45)).toEqual({ counted: false, views: null });
    expect(await view(61)).toEqual({ counted: true, views: 3 });
    expect(await viewCount(listingId)).toBe(3);
    expect(await viewRows(listingId)).toHaveLength(3);
  });

  it("counts two visitors with different addresses separately", async () => {
    const listingId = await newListing();
    await recordListingView(database.db, { listingId, ownerId: seller, ip: "203.0.113.8", now: T0 });
    await recordListingView(database.db, { listingId, ownerId: seller, ip: "203.0.113.9", now: minutesAfter(1) });
    await recordListingView(database.db, { listingId, ownerId: seller, ip: "2001:db8::1", now: minutesAfter(2) });
    expect(await viewCount(listingId)).toBe(3);
  });

  it("never counts the owner's own views", async () => {
    const listingId = await newListing();
    expect(await recordListingView(database.db, { listingId, ownerId: seller, userId: seller, ip: "203.0.113.10", now: T0 })).toEqual({
      counted: false,
      views: null,
    });
    expect(await recordListingView(database.db, { listingId, ownerId: seller, userId: seller, ip: "203.0.113.10", now: minutesAfter(90) })).toMatchObject({
      counted: false,
    });
    expect(await viewCount(listingId)).toBe(0);
    expect(await viewRows(listingId)).toHaveLength(0);
  });

  it("follows a signed-in viewer across addresses, and keeps them apart from visitors on the same address", async () => {
    const listingId = await newListing();
    const ip = "198.51.100.20";
    // The buyer on two networks is one viewer.
    expect((await recordListingView(database.db, { listingId, ownerId: seller, userId: buyer, ip, now: T0 })).counted).toBe(true);
    expect((await recordListingView(database.db, { listingId, ownerId: seller, userId: buyer, ip: "198.51.100.21", now: minutesAfter(5) })).counted).toBe(
      false,
    );
    // An anonymous visitor sharing the buyer's address, and another buyer on it, are other viewers.
    expect((await recordListingView(database.db, { listingId, ownerId: seller, ip, now: minutesAfter(6) })).counted).toBe(true);
    expect((await recordListingView(database.db, { listingId, ownerId: seller, userId: otherBuyer, ip, now: minutesAfter(7) })).counted).toBe(true);
    expect((await recordListingView(database.db, { listingId, ownerId: seller, ip, now: minutesAfter(8) })).counted).toBe(false);
    expect(await viewCount(listingId)).toBe(3);

    const rows = await viewRows(listingId);
    expect(rows.map((row) => row.user_id)).toEqual([buyer, null, otherBuyer]);
    // Recent views per user can be read back from the user_id column.
    expect(rows.every((row) => row.ip_hash === hashClientIp(ip))).toBe(true);
  });

  it("counts two simultaneous first views by the same viewer once", async () => {
    const listingId = await newListing();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => recordListingView(database.db, { listingId, ownerId: seller, ip: "203.0.113.30", now: T0 })),
    );
    expect(results.filter((result) => result.counted)).toHaveLength(1);
    const signedIn = await Promise.all([
      recordListingView(database.db, { listingId, ownerId: seller, userId: buyer, ip: "203.0.113.31", now: T0 }),
      recordListingView(database.db, { listingId, ownerId: seller, userId: buyer, ip: "203.0.113.32", now: T0 }),
    ]);
    expect(signedIn.filter((result) => result.counted)).toHaveLength(1);
    expect(await viewCount(listingId)).toBe(2);
    expect(await viewRows(listingId)).toHaveLength(2);
  });

  it("never stores the address itself, only a salted hash", async () => {
    const listingId = await newListing();
    const ip = "192.0.2.123";
    await recordListingView(database.db, { listingId, ownerId: seller, ip, now: T0 });
    await recordListingView(database.db, { listingId, ownerId: seller, userId: buyer, ip, now: T0 });
    const rows = await viewRows(listingId);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain("192.0.2");
    for (const row of rows) {
      expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.viewer_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Salted: not the plain SHA-256 of the address, so it cannot be looked up in a table of hashed addresses.
    const { createHash } = await import("node:crypto");
    expect(rows[0]!.ip_hash).not.toBe(createHash("sha256").update(ip).digest("hex"));
    expect(rows[0]!.viewed_at).toBe(T0.toISOString());
  });
});

// Moderation states are terminal for the seller, on both engines: a listing a moderator removed, and one
// its reports hid pending review, refuse every seller action — relist, archive and publish from /seller/listings, the
// edit form and its image manager, delete, a new auction, and ending or cancelling its auction (which would sell it
// before review, or free it to be relisted) — with the moderation message, and nothing changes. A listing manager may
// still correct someone else's listing (its status stays), and a moderator's decision lifts the hold.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { LISTING_REMOVED, LISTING_UNDER_REVIEW, MODERATION_HOLD_MESSAGES } from "~/lib/moderation.ts";
import { reportListing, reviewReportedListing } from "~/services/admin/index.server.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { deleteListing, getListingForEdit, listSellerListings } from "~/services/listings/index.server.ts";
import { removeListingImage } from "~/services/listings/edit-listing-images.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow, listingInput } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { applySellerListingAction, startListingAuction, updateListing } from "~/flows/listing-publication.server.ts";
import { cancelAuction, endAuctionEarly, ownerControlView } from "~/flows/auction-settlement.server.ts";

let opened: OpenedDatabase;
const uploads = new DiskStore("/nonexistent-uploads");
const people = { seller: "", admin: "", moderator: "", reporters: [] as string[] };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function statusOf(listingId: number): Promise<string> {
  const row = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
  return row.status;
}

async function auctionStatus(auctionId: number): Promise<string> {
  const row = await opened.db.selectFrom("auctions").select("status").where("id", "=", auctionId).executeTakeFirstOrThrow();
  return row.status;
}

/** Three confirmed, seasoned members report the listing: it is hidden pending review. */
async function hideByReports(listingId: number): Promise<void> {
  const limiter = new MemoryRateLimiter();
  for (const reporter of people.reporters) await reportListing(opened.db, { listingId, reporterId: reporter, reason: "counterfeit" }, { limiter });
  expect(await statusOf(listingId)).toBe(LISTING_UNDER_REVIEW);
}

const seller = () => ({ id: people.seller, role: "seller" as const });

/** Every seller action on the listing refuses with `message`, and the listing keeps `status`. */
async function expectEverySellerActionRefused(listingId: number, status: string, message: string): Promise<void> {
  for (const action of ["relist", "archive", "publish"] as const) {
    const outcome = await applySellerListingAction(opened.db, people.seller, action, [listingId]);
    expect(outcome, action).toEqual({ changed: [], refused: [{ id: listingId, message }] });
  }
  expect(await refusal(getListingForEdit(opened.db, seller(), listingId))).toMatchObject({ kind: "forbidden", message });
  expect(await refusal(updateListing(opened.db, uploads, seller(), listingId, listingInput(), { status: "active" }))).toMatchObject({
    kind: "forbidden",
    message,
  });
  expect(await refusal(removeListingImage(opened.db, uploads, seller(), listingId, 1))).toMatchObject({ kind: "forbidden", message });
  expect(await refusal(deleteListing(opened.db, uploads, seller(), listingId))).toMatchObject({ kind: "forbidden", message });
  const settings = {
    startingPriceCents: 50_000,
    reservePriceCents: null,
    buyNowPriceCents: null,
    bidIncrementCents: 1_000,
    durationDays: 7,
    startDate: null,
    autoExtend: true,
  };
  expect(await refusal(startListingAuction(opened.db, { sellerId: people.seller, listingId, listingType: "auction", settings }))).toMatchObject({
    kind: "forbidden",
    message,
  });
  const page = await listSellerListings(opened.db, people.seller, { status: "all", q: "", sort: "newest", page: 1 });
  const item = page.items.find((row) => row.id === listingId);
  expect(item).toMatchObject({ status, canRelist: false, canStartAuction: false });
  expect(await statusOf(listingId)).toBe(status);
}

beforeAll(async () => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});

beforeEach(async () => {
  const db = opened.db;
  for (const table of [
    "audit_events",
    "notifications",
    "listing_reports",
    "bids",
    "auctions",
    "equipment_listings",
    "sessions",
    "profiles",
    "users",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  people.admin = await insertUserRow(db, "admin@example.test", "admin");
  people.moderator = await insertUserRow(db, "moderator@example.test", "moderator");
  people.reporters = [];
  for (const n of [1, 2, 3]) people.reporters.push(await insertUserRow(db, `reporter-${n}@example.test`, "buyer"));
  // Seasoned accounts: their reports count in full (app/services/admin/report-weight.server.ts).
  const longAgo = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).toISOString();
  await db.updateTable("users").set({ created_at: longAgo }).where("id", "in", people.reporters).execute();
});

describe("a listing a moderator removed", () => {
  it("refuses every seller action, whose auction ended unsold, and stays removed", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, people.seller);
    await hideByReports(listingId);
    await reviewReportedListing(opened.db, people.moderator, listingId, { decision: "remove" });
    expect(await statusOf(listingId)).toBe(LISTING_REMOVED);
    expect(await auctionStatus(auctionId)).toBe("cancelled");
    // The probe's path: one relist POST from /seller/listings (a cancelled auction is what relist looks for).
    await expectEverySellerActionRefused(listingId, LISTING_REMOVED, MODERATION_HOLD_MESSAGES[LISTING_REMOVED]!);
  });

  it("a listing manager may still correct it, and it stays removed", async () => {
    const listingId = await insertListingRow(opened.db, people.seller, { status: LISTING_REMOVED });
    await updateListing(opened.db, uploads, { id: people.admin, role: "admin" }, listingId, listingInput({ title: "Corrected title" }), { status: "active" });
    const row = await opened.db.selectFrom("equipment_listings").select(["status", "title"]).where("id", "=", listingId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: LISTING_REMOVED, title: "Corrected title" });
  });

  it("holds a staff seller's own listing too", async () => {
    const listingId = await insertListingRow(opened.db, people.admin, { status: LISTING_REMOVED });
    const message = MODERATION_HOLD_MESSAGES[LISTING_REMOVED]!;
    expect(
      await refusal(updateListing(opened.db, uploads, { id: people.admin, role: "admin" }, listingId, listingInput(), { status: "active" })),
    ).toMatchObject({ kind: "forbidden", message });
    expect(await applySellerListingAction(opened.db, people.admin, "archive", [listingId])).toEqual({ changed: [], refused: [{ id: listingId, message }] });
    expect(await statusOf(listingId)).toBe(LISTING_REMOVED);
  });
});

describe("a listing hidden by reports pending review", () => {
  it("refuses ending and cancelling its live auction, then every other seller action", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, people.seller);
    await hideByReports(listingId);
    const message = MODERATION_HOLD_MESSAGES[LISTING_UNDER_REVIEW]!;
    // The probe's path: cancel the auction, then relist. Both refused.
    expect(await refusal(cancelAuction(opened.db, { auctionId, userId: people.seller }))).toMatchObject({ kind: "forbidden", message });
    expect(await refusal(endAuctionEarly(opened.db, { auctionId, userId: people.seller }))).toMatchObject({ kind: "forbidden", message });
    expect((await ownerControlView(opened.db, { auctionId, userId: people.seller }, "cancel"))?.refusal).toEqual({ kind: "forbidden", message });
    expect(await auctionStatus(auctionId)).toBe("active");
    await expectEverySellerActionRefused(listingId, LISTING_UNDER_REVIEW, message);
  });

  it("refuses relisting after its auction was cancelled on the seller's behalf (suspension)", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, people.seller);
    await hideByReports(listingId);
    // Staff cancel for a suspended seller: allowed, and the listing stays hidden.
    await cancelAuction(opened.db, { auctionId, userId: people.seller, byStaff: true });
    expect(await statusOf(listingId)).toBe(LISTING_UNDER_REVIEW);
    await expectEverySellerActionRefused(listingId, LISTING_UNDER_REVIEW, MODERATION_HOLD_MESSAGES[LISTING_UNDER_REVIEW]!);
  });

  it("only a moderator's decision lifts the hold: dismissed, the seller may act again", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    await hideByReports(listingId);
    await reviewReportedListing(opened.db, people.moderator, listingId, { decision: "dismiss" });
    expect(await statusOf(listingId)).toBe("active");
    expect(await applySellerListingAction(opened.db, people.seller, "archive", [listingId])).toEqual({ changed: [listingId], refused: [] });
  });
});

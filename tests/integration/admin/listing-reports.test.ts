// Listing reports and their review through the admin service, on both engines: a member reports a
// listing once while the report is open, within the rate limit, never their own; the third different reporter hides
// it from search until a moderator reviews it; the queue groups reports by listing, oldest first; each decision
// (dismiss, warn, unpublish, remove) closes the reports, is one audit row, and tells the seller (and a removed
// listing's bidders) what happened.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MODERATION_MESSAGES, REPORT_RATE_LIMIT } from "~/lib/moderation.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { countFlaggedListings, getListingReview, listFlaggedListings, reportListing, reviewReportedListing } from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const people = { moderator: "", seller: "", a: "", b: "", c: "", support: "" };
let limiter: MemoryRateLimiter;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const report = (listingId: number, reporterId: string, reason = "counterfeit", note = "") =>
  reportListing(opened.db, { listingId, reporterId, reason, note }, { limiter });

async function searchIds(): Promise<number[]> {
  const result = await searchListings(opened.db, { sort: "created_at:desc", page: 1 }, { cached: false });
  return result.listings.map((listing) => listing.id);
}

async function statusOf(listingId: number): Promise<string> {
  return (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow()).status;
}

async function noticesOf(userId: string) {
  return opened.db.selectFrom("notifications").select(["type", "title", "message"]).where("user_id", "=", userId).orderBy("id").execute();
}

async function auditOf(listingId: number) {
  return opened.db
    .selectFrom("audit_events")
    .select(["actor_user_id", "action", "detail"])
    .where("subject_type", "=", "listing")
    .where("subject_id", "=", String(listingId))
    .orderBy("id")
    .execute();
}

beforeAll(async () => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});

beforeEach(async () => {
  const db = opened.db;
  limiter = new MemoryRateLimiter();
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
  people.moderator = await insertUserRow(db, "moderator@example.test", "moderator");
  people.support = await insertUserRow(db, "support@example.test", "support");
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  people.a = await insertUserRow(db, "a@example.test", "buyer");
  people.b = await insertUserRow(db, "b@example.test", "buyer");
  people.c = await insertUserRow(db, "c@example.test", "buyer");
  // Seasoned reporters (their reports count in full towards hiding: app/services/accounts/report-weight.server.ts).
  await db.updateTable("users").set({ created_at: "2025-01-01T00:00:00.000Z" }).where("id", "in", [people.a, people.b, people.c]).execute();
  await db
    .updateTable("profiles")
    .set({ first_name: "Grace", last_name: "Hopper", company_name: "Scope Traders Ltd" })
    .where("id", "=", people.seller)
    .execute();
});

describe("reporting a listing", () => {
  it("one open report per member and listing; not one's own; unknown listings are not found", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    expect(await report(listingId, people.a, "suspicious_price", "Half the usual price")).toEqual({ hidden: false });
    const again = await refusal(report(listingId, people.a, "counterfeit"));
    expect(again.kind).toBe("conflict");
    expect(again.message).toBe(MODERATION_MESSAGES.alreadyReported);
    expect((await refusal(report(listingId, people.seller))).message).toBe(MODERATION_MESSAGES.ownListing);
    expect((await refusal(report(listingId + 1000, people.b))).kind).toBe("not_found");
    const draft = await insertListingRow(opened.db, people.seller, { status: "draft" });
    expect((await refusal(report(draft, people.b))).kind).toBe("not_found");
    expect((await refusal(report(listingId, people.b, "spam"))).field).toBe("reason");
    expect((await refusal(report(listingId, people.b, "counterfeit", "x".repeat(1001)))).field).toBe("note");
    const rows = await opened.db.selectFrom("listing_reports").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: people.a, reason: "suspicious_price", note: "Half the usual price", status: "open" });
  });

  it("a member is limited to REPORT_RATE_LIMIT reports an hour, then told to wait", async () => {
    const ids: number[] = [];
    for (let i = 0; i <= REPORT_RATE_LIMIT.limit; i += 1) ids.push(await insertListingRow(opened.db, people.seller, { title: `Probe ${i}` }));
    for (const id of ids.slice(0, REPORT_RATE_LIMIT.limit)) await report(id, people.a);
    const limited = await refusal(report(ids[REPORT_RATE_LIMIT.limit]!, people.a));
    expect(limited.kind).toBe("rate_limited");
    expect(limited.message).toMatch(/Too many attempts/);
    expect(await opened.db.selectFrom("listing_reports").select("id").execute()).toHaveLength(REPORT_RATE_LIMIT.limit);
  });
});

describe("report → hidden from search → review", () => {
  it("three different reporters hide a listing from search until a moderator dismisses the reports", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    const other = await insertListingRow(opened.db, people.seller, { title: "Fluke 87V multimeter" });
    expect(await searchIds()).toEqual(expect.arrayContaining([listingId, other]));
    await report(listingId, people.a, "counterfeit");
    await report(listingId, people.b, "counterfeit");
    expect(await searchIds()).toContain(listingId);
    expect(await report(listingId, people.c, "suspicious_price")).toEqual({ hidden: true });
    expect(await statusOf(listingId)).toBe("under_review");
    expect(await searchIds()).toEqual([other]);
    expect((await auditOf(listingId)).map((row) => row.action)).toEqual(["listing.hide_by_reports"]);

    const queue = await listFlaggedListings(opened.db, { limit: 5 });
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      listingId,
      reportCount: 3,
      reason: "counterfeit",
      sellerName: "Scope Traders Ltd",
      status: "under_review",
      priceCents: 100_000,
    });
    expect(await countFlaggedListings(opened.db)).toBe(1);

    const review = await getListingReview(opened.db, listingId);
    expect(review?.openReports).toBe(3);
    expect(review?.seller.name).toBe("Scope Traders Ltd");

    const result = await reviewReportedListing(opened.db, people.moderator, listingId, { decision: "dismiss" });
    expect(result).toMatchObject({ status: "active", closedReports: 3 });
    expect(await searchIds()).toEqual(expect.arrayContaining([listingId, other]));
    expect(await listFlaggedListings(opened.db)).toEqual([]);
    const audit = await auditOf(listingId);
    expect(audit.at(-1)).toMatchObject({ actor_user_id: people.moderator, action: "listing.dismiss" });
    expect(JSON.parse(audit.at(-1)!.detail)).toMatchObject({ old: { status: "under_review" }, new: { status: "active" }, reports: 3 });
    // After the review the same members may report it again.
    expect(await report(listingId, people.a)).toEqual({ hidden: false });
  });

  it("the queue lists listings by their oldest open report and bounds its page", async () => {
    const first = await insertListingRow(opened.db, people.seller, { title: "First" });
    const second = await insertListingRow(opened.db, people.seller, { title: "Second" });
    await reportListing(opened.db, { listingId: second, reporterId: people.a, reason: "prohibited_item" }, { limiter, now: new Date("2026-11-01T10:00:00Z") });
    await reportListing(
      opened.db,
      { listingId: first, reporterId: people.b, reason: "misleading_description" },
      { limiter, now: new Date("2026-11-02T10:00:00Z") },
    );
    await reportListing(
      opened.db,
      { listingId: first, reporterId: people.c, reason: "misleading_description" },
      { limiter, now: new Date("2026-11-03T10:00:00Z") },
    );
    const queue = await listFlaggedListings(opened.db, { limit: 1000 });
    expect(queue.map((row) => [row.listingId, row.reportCount, row.reason, row.flaggedAt])).toEqual([
      [second, 1, "prohibited_item", "2026-11-01T10:00:00.000Z"],
      [first, 2, "misleading_description", "2026-11-02T10:00:00.000Z"],
    ]);
    expect(await listFlaggedListings(opened.db, { limit: 1 })).toHaveLength(1);
  });
});

describe("a moderator's decisions", () => {
  it("only moderators decide; each decision needs open reports and (but dismiss) a message", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    expect((await refusal(reviewReportedListing(opened.db, people.moderator, listingId, { decision: "dismiss" }))).message).toBe(
      MODERATION_MESSAGES.noOpenReports,
    );
    await report(listingId, people.a);
    for (const actor of [people.support, people.a, people.seller]) {
      expect((await refusal(reviewReportedListing(opened.db, actor, listingId, { decision: "remove", message: "No" }))).kind).toBe("forbidden");
    }
    expect((await refusal(reviewReportedListing(opened.db, people.moderator, listingId, { decision: "warn" }))).field).toBe("message");
    expect(await auditOf(listingId)).toEqual([]);
    expect(await statusOf(listingId)).toBe("active");
  });

  it("warn tells the seller and puts the listing back in search", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    for (const who of [people.a, people.b, people.c]) await report(listingId, who, "misleading_description");
    await reviewReportedListing(opened.db, people.moderator, listingId, { decision: "warn", message: "List the missing probes." });
    expect(await statusOf(listingId)).toBe("active");
    expect(await noticesOf(people.seller)).toEqual([
      expect.objectContaining({ type: "system", title: "A warning about your listing", message: expect.stringContaining("List the missing probes.") }),
    ]);
    expect((await auditOf(listingId)).at(-1)?.action).toBe("listing.warn");
  });

  it("unpublish archives the listing and tells the seller why", async () => {
    const listingId = await insertListingRow(opened.db, people.seller);
    await report(listingId, people.a, "prohibited_item");
    await reviewReportedListing(opened.db, people.moderator, listingId, { decision: "unpublish", message: "Ozone-depleting refrigerant is not allowed." });
    expect(await statusOf(listingId)).toBe("archived");
    expect(await noticesOf(people.seller)).toEqual([
      expect.objectContaining({ title: "Your listing was unpublished", message: expect.stringContaining("Ozone-depleting refrigerant") }),
    ]);
    const audit = (await auditOf(listingId)).at(-1)!;
    expect(audit.action).toBe("listing.unpublish");
    expect(JSON.parse(audit.detail)).toMatchObject({ old: { status: "active" }, new: { status: "archived" } });
  });

  it("remove takes the listing down, cancels its live auction and tells the seller and every bidder", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, people.seller);
    await opened.db
      .insertInto("bids")
      .values([
        { auction_id: auctionId, user_id: people.a, amount_cents: 101_000, max_amount_cents: null, is_auto: 0 },
        { auction_id: auctionId, user_id: people.b, amount_cents: 102_000, max_amount_cents: null, is_auto: 0 },
      ])
      .execute();
    await opened.db.updateTable("auctions").set({ bid_count: 2, current_price_cents: 102_000 }).where("id", "=", auctionId).execute();
    await report(listingId, people.c, "counterfeit");
    const result = await reviewReportedListing(opened.db, people.moderator, listingId, {
      decision: "remove",
      message: "The serial number belongs to a stolen unit.",
    });
    expect(result).toMatchObject({ status: "removed", biddersNotified: 2 });
    expect(await statusOf(listingId)).toBe("removed");
    const auction = await opened.db.selectFrom("auctions").select("status").where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction.status).toBe("cancelled");
    expect(await noticesOf(people.seller)).toEqual([
      expect.objectContaining({ title: "Your listing was removed", message: expect.stringContaining("stolen unit") }),
    ]);
    for (const bidder of [people.a, people.b])
      expect(await noticesOf(bidder)).toEqual([expect.objectContaining({ type: "auction_ended", title: "Auction cancelled" })]);
    const audit = (await auditOf(listingId)).at(-1)!;
    expect(audit).toMatchObject({ actor_user_id: people.moderator, action: "listing.remove" });
    expect(JSON.parse(audit.detail)).toMatchObject({ new: { status: "removed" }, cancelledAuction: auctionId, biddersNotified: 2 });
    expect(await searchIds()).not.toContain(listingId);
  });
});

// Reports and flags weighed by the reporter's standing (three fresh accounts could hide any post or
// listing, staff's included), on both engines. Fresh accounts count less, unconfirmed and suspended ones nothing; staff's
// listings and posts are never hidden by reports, only queued for review.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { FRESH_REPORT_WEIGHT, LISTING_UNDER_REVIEW, REPORT_WEIGHT_TO_HIDE, SEASONED_REPORT_WEIGHT, SEASONED_REPORTER_DAYS } from "~/lib/moderation.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { reportersWeight, reportWeightOf } from "~/services/accounts/report-weight.server.ts";
import { countFlaggedListings, reportListing } from "~/services/admin/index.server.ts";
import { createForumTopic, flagForumPost, replyToForumTopic } from "~/services/community/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date();
const SEASONED = new Date(NOW.getTime() - 90 * DAY_MS).toISOString();

let opened: OpenedDatabase;

async function members(count: number, { seasoned }: { seasoned: boolean }): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) ids.push(await insertUserRow(opened.db, undefined, "buyer"));
  // Forum posting has new-account limits of its own: every account here is a few days old at least.
  const createdAt = seasoned ? SEASONED : new Date(NOW.getTime() - 3 * DAY_MS).toISOString();
  await opened.db.updateTable("users").set({ created_at: createdAt }).where("id", "in", ids).execute();
  return ids;
}

async function statusOf(listingId: number): Promise<string> {
  return (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow()).status;
}

async function reportBy(listingId: number, reporters: string[]): Promise<boolean> {
  const limiter = new MemoryRateLimiter();
  let hidden = false;
  for (const reporterId of reporters) hidden = (await reportListing(opened.db, { listingId, reporterId, reason: "counterfeit" }, { limiter, now: NOW })).hidden;
  return hidden;
}

beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  for (const table of [
    "audit_events",
    "listing_reports",
    "forum_post_flags",
    "forum_posts",
    "forum_topics",
    "equipment_listings",
    "sessions",
    "profiles",
    "users",
  ] as const) {
    await opened.db.deleteFrom(table).execute();
  }
});

describe("a reporter's weight", () => {
  it("follows confirmation, age and suspensions", () => {
    const base = { confirmed: true, createdAt: SEASONED, suspended: false, everSuspended: false };
    expect(reportWeightOf(base, NOW)).toBe(SEASONED_REPORT_WEIGHT);
    expect(reportWeightOf({ ...base, createdAt: new Date(NOW.getTime() - (SEASONED_REPORTER_DAYS - 1) * DAY_MS).toISOString() }, NOW)).toBe(
      FRESH_REPORT_WEIGHT,
    );
    expect(reportWeightOf({ ...base, createdAt: new Date(NOW.getTime() - SEASONED_REPORTER_DAYS * DAY_MS).toISOString() }, NOW)).toBe(SEASONED_REPORT_WEIGHT);
    expect(reportWeightOf({ ...base, everSuspended: true }, NOW)).toBe(FRESH_REPORT_WEIGHT);
    expect(reportWeightOf({ ...base, suspended: true }, NOW)).toBe(0);
    expect(reportWeightOf({ ...base, confirmed: false }, NOW)).toBe(0);
    expect(reportWeightOf({ ...base, createdAt: "not a date" }, NOW)).toBe(FRESH_REPORT_WEIGHT);
  });

  it("reads standing from the database: unconfirmed, suspended and once-suspended accounts", async () => {
    const [seasoned] = await members(1, { seasoned: true });
    const unconfirmed = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
    const suspended = await insertUserRow(opened.db, undefined, "buyer");
    const reinstated = await insertUserRow(opened.db, undefined, "buyer");
    await opened.db.updateTable("users").set({ created_at: SEASONED }).where("id", "in", [unconfirmed, suspended, reinstated]).execute();
    await opened.db.updateTable("profiles").set({ suspended_at: NOW.toISOString() }).where("id", "=", suspended).execute();
    await opened.db
      .insertInto("audit_events")
      .values({ actor_user_id: null, action: "user.suspend", subject_type: "user", subject_id: reinstated, detail: "{}" })
      .execute();
    expect(await reportersWeight(opened.db, [seasoned!], NOW)).toBe(SEASONED_REPORT_WEIGHT);
    expect(await reportersWeight(opened.db, [unconfirmed, suspended], NOW)).toBe(0);
    expect(await reportersWeight(opened.db, [reinstated, reinstated], NOW)).toBe(FRESH_REPORT_WEIGHT);
  });
});

describe("listing reports", () => {
  it("three fresh accounts no longer hide a listing; it waits in the moderators' queue", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const listingId = await insertListingRow(opened.db, seller);
    expect(await reportBy(listingId, await members(3, { seasoned: false }))).toBe(false);
    expect(await statusOf(listingId)).toBe("active");
    expect(await countFlaggedListings(opened.db)).toBe(1);
    // Fresh accounts still count: enough of them weigh as much as three seasoned members.
    const more = REPORT_WEIGHT_TO_HIDE / FRESH_REPORT_WEIGHT - 3;
    expect(await reportBy(listingId, await members(more, { seasoned: false }))).toBe(true);
    expect(await statusOf(listingId)).toBe(LISTING_UNDER_REVIEW);
  });

  it("three seasoned members hide a member's listing, never a staff member's", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const admin = await insertUserRow(opened.db, undefined, "admin");
    const sellers = await insertListingRow(opened.db, seller);
    const staffs = await insertListingRow(opened.db, admin);
    const reporters = await members(3, { seasoned: true });
    expect(await reportBy(sellers, reporters)).toBe(true);
    expect(await statusOf(sellers)).toBe(LISTING_UNDER_REVIEW);
    expect(await reportBy(staffs, reporters)).toBe(false);
    expect(await statusOf(staffs)).toBe("active");
    expect(await countFlaggedListings(opened.db)).toBe(2);
  });
});

describe("forum flags", () => {
  async function postBy(authorId: string): Promise<number> {
    const [opener] = await members(1, { seasoned: true });
    const topicId = await createForumTopic(
      opened.db,
      { userId: opener!, canModerate: false },
      { categoryId: "test-measurement", title: "Where to get a calibration certificate?", body: "Any lab near Leeds?" },
    );
    return replyToForumTopic(opened.db, { userId: authorId, canModerate: false }, topicId, "Buy cheap certificates at example.test");
  }
  const flagAll = async (postId: number, flaggers: string[]) => {
    for (const userId of flaggers) await flagForumPost(opened.db, { userId, canModerate: false }, postId);
  };
  const hidden = async (postId: number) =>
    (await opened.db.selectFrom("forum_posts").select("hidden").where("id", "=", postId).executeTakeFirstOrThrow()).hidden;

  it("three fresh accounts no longer hide a member's post; three seasoned ones do", async () => {
    const [author] = await members(1, { seasoned: true });
    const first = await postBy(author!);
    await flagAll(first, await members(3, { seasoned: false }));
    expect(await hidden(first)).toBe(0);
    const second = await postBy(author!);
    await flagAll(second, await members(3, { seasoned: true }));
    expect(await hidden(second)).toBe(1);
  });

  it("never hides a staff member's post", async () => {
    const moderator = await insertUserRow(opened.db, undefined, "moderator");
    await opened.db.updateTable("users").set({ created_at: SEASONED }).where("id", "=", moderator).execute();
    const post = await postBy(moderator);
    await flagAll(post, await members(5, { seasoned: true }));
    expect(await hidden(post)).toBe(0);
  });
});

// The moderation inbox (/admin/moderation): everything that awaits a moderator on one page, in four sections
// — flagged listings (the queue of /admin/flagged-listings), reported reviews (/admin/review-reports), pending reports
// about members (/admin/flagged-listings?tab=members) and flagged forum posts (community's flag queue). Each section
// holds at most MODERATION_INBOX_SECTION_MAX entries, in its own queue's order, with who flagged it; the rest are
// counted. The sections' totals add up to the console's "Moderation (N)". Reads only: the decisions stay with the
// domains that own each table.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { FLAGGED_LISTINGS_PAGE, FRAUD_REPORTS_PAGE, MODERATION_INBOX_NAMES_SHOWN, MODERATION_INBOX_SECTION_MAX } from "~/lib/moderation.ts";
import { REVIEW_REPORTS_PAGE_SIZE } from "~/lib/reviews.ts";
import { countFlaggedForumPosts, listFlaggedForumPosts, type FlaggedForumPost } from "../community/index.server.ts";
import { countReportedReviews, listReportedReviews, type ReportedReview } from "../reviews/index.server.ts";
import { countPendingFraudReports, listPendingFraudReports, type FraudReportEntry } from "./fraud-reports.server.ts";
import { countFlaggedListings, listFlaggedListings, sellerNameOf, type FlaggedListing } from "./listing-reports.server.ts";

export interface Reporter {
  id: string;
  name: string;
}

export interface InboxSection<Entry> {
  /** Everything of this kind that awaits a moderator. */
  total: number;
  /** The first MODERATION_INBOX_SECTION_MAX of them, in the queue's order. */
  entries: Entry[];
  /** The ones not shown ("and N more"). */
  more: number;
}

export type InboxListing = FlaggedListing & { reporters: Reporter[] };
export type InboxReview = ReportedReview & { reporters: Reporter[] };

export interface ModerationInbox {
  listings: InboxSection<InboxListing>;
  reviews: InboxSection<InboxReview>;
  members: InboxSection<FraudReportEntry>;
  forumPosts: InboxSection<FlaggedForumPost>;
  /** The sections' totals added up: the console's "Moderation (N)". */
  total: number;
}

export interface ModerationCounts {
  listings: number;
  reviews: number;
  members: number;
  forumPosts: number;
  total: number;
}

/** How many things await a moderator, per section and in all. */
export async function countAwaitingModeration(db: Kysely<Database>): Promise<ModerationCounts> {
  const [listings, reviews, members, forumPosts] = await Promise.all([
    countFlaggedListings(db),
    countReportedReviews(db),
    countPendingFraudReports(db),
    countFlaggedForumPosts(db),
  ]);
  return { listings, reviews, members, forumPosts, total: listings + reviews + members + forumPosts };
}

/** The first MODERATION_INBOX_SECTION_MAX entries of a queue served `pageSize` at a time (only the pages needed). */
async function firstEntries<Entry>(total: number, pageSize: number, page: (index: number) => Promise<Entry[]>): Promise<Entry[]> {
  const pages = Math.min(Math.ceil(Math.min(total, MODERATION_INBOX_SECTION_MAX) / pageSize), Math.ceil(MODERATION_INBOX_SECTION_MAX / pageSize));
  const fetched = await Promise.all(Array.from({ length: pages }, (_, index) => page(index)));
  return fetched.flat().slice(0, MODERATION_INBOX_SECTION_MAX);
}

function section<Entry>(total: number, entries: Entry[]): InboxSection<Entry> {
  return { total, entries, more: Math.max(0, total - entries.length) };
}

/** The first MODERATION_INBOX_NAMES_SHOWN members with an open report of each listing, earliest first. */
async function listingReporters(db: Kysely<Database>, listingIds: number[]): Promise<Map<number, Reporter[]>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("listing_reports as r")
        .innerJoin("profiles as p", "p.id", "r.reporter_id")
        .select((inner) => [
          "r.listing_id as subject",
          "r.reporter_id",
          "p.company_name",
          "p.first_name",
          "p.last_name",
          inner.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy("r.listing_id").orderBy("r.created_at").orderBy("r.id"))
            .as("place"),
        ])
        .where("r.status", "=", "open")
        .where("r.listing_id", "in", listingIds)
        .as("ranked"),
    )
    .selectAll()
    .where("place", "<=", MODERATION_INBOX_NAMES_SHOWN)
    .orderBy("subject")
    .orderBy("place")
    .execute();
  return groupReporters(rows);
}

/** The first MODERATION_INBOX_NAMES_SHOWN members with an open report of each review, earliest first. */
async function reviewReporters(db: Kysely<Database>, reviewIds: number[]): Promise<Map<number, Reporter[]>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("review_reports as r")
        .innerJoin("profiles as p", "p.id", "r.reporter_id")
        .select((inner) => [
          "r.review_id as subject",
          "r.reporter_id",
          "p.company_name",
          "p.first_name",
          "p.last_name",
          inner.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy("r.review_id").orderBy("r.created_at").orderBy("r.id"))
            .as("place"),
        ])
        .where("r.dismissed_at", "is", null)
        .where("r.review_id", "in", reviewIds)
        .as("ranked"),
    )
    .selectAll()
    .where("place", "<=", MODERATION_INBOX_NAMES_SHOWN)
    .orderBy("subject")
    .orderBy("place")
    .execute();
  return groupReporters(rows);
}

function groupReporters(
  rows: Array<{ subject: number; reporter_id: string; company_name: string | null; first_name: string; last_name: string }>,
): Map<number, Reporter[]> {
  const bySubject = new Map<number, Reporter[]>();
  for (const row of rows) {
    const list = bySubject.get(row.subject) ?? [];
    list.push({ id: row.reporter_id, name: sellerNameOf(row) || "Member" });
    bySubject.set(row.subject, list);
  }
  return bySubject;
}

/** What /admin/moderation shows: four bounded sections and their totals. */
export async function getModerationInbox(db: Kysely<Database>): Promise<ModerationInbox> {
  const counts = await countAwaitingModeration(db);
  const [listings, reviews, members, forumPosts] = await Promise.all([
    firstEntries(counts.listings, FLAGGED_LISTINGS_PAGE, (index) =>
      listFlaggedListings(db, { limit: FLAGGED_LISTINGS_PAGE, offset: index * FLAGGED_LISTINGS_PAGE }),
    ),
    firstEntries(counts.reviews, REVIEW_REPORTS_PAGE_SIZE, async (index) => (await listReportedReviews(db, index + 1)).reviews),
    firstEntries(counts.members, FRAUD_REPORTS_PAGE, (index) => listPendingFraudReports(db, { limit: FRAUD_REPORTS_PAGE, offset: index * FRAUD_REPORTS_PAGE })),
    counts.forumPosts > 0 ? listFlaggedForumPosts(db, { limit: MODERATION_INBOX_SECTION_MAX }) : Promise.resolve([]),
  ]);
  const [byListing, byReview] = await Promise.all([
    listingReporters(
      db,
      listings.map((one) => one.listingId),
    ),
    reviewReporters(
      db,
      reviews.map((one) => one.reviewId),
    ),
  ]);
  return {
    listings: section(
      counts.listings,
      listings.map((one) => ({ ...one, reporters: byListing.get(one.listingId) ?? [] })),
    ),
    reviews: section(
      counts.reviews,
      reviews.map((one) => ({ ...one, reporters: byReview.get(one.reviewId) ?? [] })),
    ),
    members: section(counts.members, members),
    forumPosts: section(counts.forumPosts, forumPosts),
    total: counts.total,
  };
}

// The moderators' list of reported reviews (/admin/review-reports): every published review with open
// reports (not hidden, reports not dismissed), the most reported first, with the reasons members gave. A moderator
// (can_moderate_content) hides the review (hideReview, audited as review.hide) or dismisses its reports (audited as
// review.reports_dismiss), which takes it off the list either way.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { REVIEW_MESSAGES, REVIEW_REPORT_REASONS_SHOWN, REVIEW_REPORTS_PAGE_SIZE, type ReviewerRole } from "~/lib/reviews.ts";
import { permissionsOfRole } from "../accounts/index.server.ts";
import { memberName, recordAuditEvent } from "../platform/index.server.ts";
import { assertNotPartyToReview } from "./reviews.server.ts";
import { DomainError } from "../domain-error.ts";

export interface ReportedReview {
  reviewId: number;
  rating: number;
  comment: string;
  reviewerRole: ReviewerRole;
  reviewerId: string;
  reviewerName: string;
  reviewedId: string;
  reviewedName: string;
  publishedAt: string;
  reportCount: number;
  latestReportAt: string;
  reasons: Array<{ reason: string; reportedAt: string }>;
}

async function requireModerator(db: Kysely<Database>, role: Role): Promise<void> {
  const permissions = await permissionsOfRole(db, role);
  if (!permissions.has("can_moderate_content")) throw new DomainError("forbidden", REVIEW_MESSAGES.notModerator);
}

/** Open reports of published reviews that are not hidden: what awaits a moderator. */
function openReviewReports(db: Kysely<Database>) {
  return db
    .selectFrom("review_reports as rr")
    .innerJoin("reviews as r", "r.id", "rr.review_id")
    .where("rr.dismissed_at", "is", null)
    .where("r.hidden_at", "is", null)
    .where("r.published_at", "is not", null);
}

/** Reviews with open reports (the queue's length; the moderation inbox's count). */
export async function countReportedReviews(db: Kysely<Database>): Promise<number> {
  const row = await openReviewReports(db)
    .select((eb) => eb.fn.count<number>("rr.review_id").distinct().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page (1-based) of reviews with open reports, and how many such reviews there are. */
export async function listReportedReviews(db: Kysely<Database>, page = 1): Promise<{ reviews: ReportedReview[]; total: number }> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * REVIEW_REPORTS_PAGE_SIZE;
  const open = openReviewReports(db);
  const [grouped, total] = await Promise.all([
    open
      .select((eb) => ["rr.review_id", eb.fn.countAll<number>().as("reports"), eb.fn.max("rr.created_at").as("latest")])
      .groupBy("rr.review_id")
      .orderBy("reports", "desc")
      .orderBy("latest", "desc")
      .orderBy("rr.review_id")
      .limit(REVIEW_REPORTS_PAGE_SIZE)
      .offset(offset)
      .execute(),
    open.select((eb) => eb.fn.count<number>("rr.review_id").distinct().as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = grouped.map((row) => row.review_id);
  if (ids.length === 0) return { reviews: [], total: Number(total.n) };
  const [reviews, reasons] = await Promise.all([
    db
      .selectFrom("reviews as r")
      .innerJoin("profiles as reviewer", "reviewer.id", "r.reviewer_id")
      .innerJoin("profiles as reviewed", "reviewed.id", "r.reviewed_id")
      .select([
        "r.id",
        "r.rating",
        "r.comment",
        "r.reviewer_role",
        "r.reviewer_id",
        "r.reviewed_id",
        "r.published_at",
        "reviewer.first_name as reviewer_first",
        "reviewer.last_name as reviewer_last",
        "reviewer.company_name as reviewer_company",
        "reviewed.first_name as reviewed_first",
        "reviewed.last_name as reviewed_last",
        "reviewed.company_name as reviewed_company",
      ])
      .where("r.id", "in", ids)
      .execute(),
    db
      .selectFrom("review_reports")
      .select(["review_id", "reason", "created_at"])
      .where("review_id", "in", ids)
      .where("dismissed_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  const byId = new Map(reviews.map((review) => [review.id, review]));
  return {
    total: Number(total.n),
    reviews: grouped.flatMap((group) => {
      const review = byId.get(group.review_id);
      if (!review) return [];
      return [
        {
          reviewId: review.id,
          rating: review.rating,
          comment: review.comment,
          reviewerRole: review.reviewer_role as ReviewerRole,
          reviewerId: review.reviewer_id,
          reviewerName: memberName(review.reviewer_first, review.reviewer_last, review.reviewer_company),
          reviewedId: review.reviewed_id,
          reviewedName: memberName(review.reviewed_first, review.reviewed_last, review.reviewed_company),
          publishedAt: review.published_at ?? "",
          reportCount: Number(group.reports),
          latestReportAt: String(group.latest),
          reasons: reasons
            .filter((one) => one.review_id === review.id)
            .slice(0, REVIEW_REPORT_REASONS_SHOWN)
            .map((one) => ({ reason: one.reason, reportedAt: one.created_at })),
        },
      ];
    }),
  };
}

/** A moderator finds nothing wrong with a reported review: its open reports are closed, recorded in audit_events. */
export async function dismissReviewReports(
  db: Kysely<Database>,
  request: { reviewId: number; moderator: { id: string; role: Role }; now?: Date },
): Promise<number> {
  const now = request.now ?? new Date();
  await requireModerator(db, request.moderator.role);
  return inWriteTransaction(db, async (trx) => {
    await assertNotPartyToReview(trx, request.reviewId, request.moderator.id);
    const closed = await trx
      .updateTable("review_reports")
      .set({ dismissed_at: now.toISOString(), dismissed_by: request.moderator.id })
      .where("review_id", "=", request.reviewId)
      .where("dismissed_at", "is", null)
      .executeTakeFirst();
    const count = Number(closed.numUpdatedRows);
    if (count === 0) throw new DomainError("not_found", REVIEW_MESSAGES.reviewNotFound);
    await recordAuditEvent(
      trx,
      { actorUserId: request.moderator.id, action: "review.reports_dismiss", subjectType: "review", subjectId: request.reviewId, detail: `${count} report(s)` },
      now,
    );
    return count;
  });
}

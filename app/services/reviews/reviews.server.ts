// Reviews after a completed order (docs/product/accounts.md#public-profile): each side of an order reviews the other once, within
// REVIEW_WINDOW_DAYS of completion. An order is complete when the buyer confirmed receipt or the inspection period
// ended ("completed"), or when a dispute was decided for the seller ("released"); a refunded or unfinished order is
// never reviewed. Reviews are double-blind: a review stays unpublished (seen by its author only) until the other
// side has reviewed too or the window ends, so neither can answer a bad review with another. The reviewed party may
// reply once to a published review. Members report reviews; a moderator hides one, recorded in audit_events.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction, isUniqueViolation } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import {
  isReviewStars,
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
  REVIEW_WINDOW_DAYS,
  type ReviewerRole,
} from "~/lib/reviews.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * DAY_MS;

/** The order as the review rules read it. */
interface OrderForReview {
  id: number;
  reference: string;
  status: string;
  buyer_id: string;
  seller_id: string;
  completed_at: string | null;
  resolved_at: string | null;
}

/** When the sale completed: receipt confirmed or inspection ended ("completed"), or a dispute released to the seller. */
function orderCompletedAt(order: Pick<OrderForReview, "status" | "completed_at" | "resolved_at">): string | null {
  if (order.status === "completed") return order.completed_at;
  if (order.status === "released") return order.resolved_at;
  return null;
}

/** The end of an order's review window, or null while the order is not complete. */
export function reviewWindowEndsAt(order: Pick<OrderForReview, "status" | "completed_at" | "resolved_at">): string | null {
  const completedAt = orderCompletedAt(order);
  return completedAt ? new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_MS).toISOString() : null;
}

function selectOrderForReview(db: Kysely<Database>) {
  return db.selectFrom("orders").select(["id", "reference", "status", "buyer_id", "seller_id", "completed_at", "resolved_at"]);
}

export type ReviewEligibility = { canReview: true; role: ReviewerRole; reviewedId: string; windowEndsAt: string } | { canReview: false; reason: DomainError };

/** Whether `userId` may review this order now, from the order and whether their side has reviewed it already. */
function eligibilityOf(order: OrderForReview | undefined, userId: string, alreadyReviewed: boolean, now: Date): ReviewEligibility {
  const refuse = (error: DomainError): ReviewEligibility => ({ canReview: false, reason: error });
  if (!order) return refuse(new DomainError("not_found", REVIEW_MESSAGES.orderNotFound));
  const role: ReviewerRole | null = order.buyer_id === userId ? "buyer" : order.seller_id === userId ? "seller" : null;
  // Someone outside the order learns nothing about it.
  if (role === null) return refuse(new DomainError("not_found", REVIEW_MESSAGES.orderNotFound));
  if (order.status === "refunded") return refuse(new DomainError("conflict", REVIEW_MESSAGES.refunded));
  const windowEndsAt = reviewWindowEndsAt(order);
  if (windowEndsAt === null) return refuse(new DomainError("conflict", REVIEW_MESSAGES.notCompleted));
  if (alreadyReviewed) return refuse(new DomainError("conflict", REVIEW_MESSAGES.alreadyReviewed));
  if (now.getTime() >= new Date(windowEndsAt).getTime()) return refuse(new DomainError("conflict", REVIEW_MESSAGES.windowOver));
  return { canReview: true, role, reviewedId: role === "buyer" ? order.seller_id : order.buyer_id, windowEndsAt };
}

async function sideHasReviewed(db: Kysely<Database>, orderId: number, role: ReviewerRole): Promise<boolean> {
  const row = await db.selectFrom("reviews").select("id").where("order_id", "=", orderId).where("reviewer_role", "=", role).executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` may review the order now (the "Leave a review" button), and if not, why. */
export async function reviewEligibility(db: Kysely<Database>, orderId: number, userId: string, now: Date = new Date()): Promise<ReviewEligibility> {
  const order = await selectOrderForReview(db).where("id", "=", orderId).executeTakeFirst();
  const role: ReviewerRole | null = !order ? null : order.buyer_id === userId ? "buyer" : order.seller_id === userId ? "seller" : null;
  const reviewed = order && role ? await sideHasReviewed(db, order.id, role) : false;
  return eligibilityOf(order, userId, reviewed, now);
}

export interface ReviewSubmission {
  orderId: number;
  reviewerId: string;
  /** 1–5 stars overall. */
  rating: number;
  /** The buyer's detailed ratings of the seller (required from the buyer, ignored from the seller). */
  itemAsDescribed?: number;
  communication?: number;
  shipping?: number;
  comment?: string;
  now?: Date;
}

function requiredStars(value: number | undefined, field: string): number {
  if (!isReviewStars(value)) throw new DomainError("invalid", REVIEW_MESSAGES.ratingRequired, { field });
  return value;
}

function boundedText(value: string | undefined, max: number, tooLong: string, field: string): string {
  const text = (value ?? "").trim();
  if (text.length > max) throw new DomainError("invalid", tooLong, { field });
  return text;
}

function publicationNotice(review: { id: number; reviewed_id: string; reviewer_role: string }, reference: string): NotificationDraft {
  const by = review.reviewer_role === "buyer" ? "buyer" : "seller";
  return {
    userId: review.reviewed_id,
    type: "review",
    title: `A review of you was published`,
    message: `The ${by} of order ${reference} reviewed you. You can read it on your profile and reply once.`,
    actionUrl: `/user/${review.reviewed_id}?tab=reviews`,
  };
}

/**
 * Records one side's review of a completed order. When the other side has already reviewed, both publish now;
 * otherwise this one waits, unpublished, for the other or for the end of the window. Refuses with DomainError.
 */
export async function submitReview(db: Kysely<Database>, submission: ReviewSubmission): Promise<{ reviewId: number; published: boolean }> {
  const now = submission.now ?? new Date();
  const stamp = now.toISOString();
  const rating = requiredStars(submission.rating, "rating");
  const comment = boundedText(submission.comment, REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong, "comment");

  const { reviewId, notifications } = await inWriteTransaction(
    db,
    async (trx) => {
      // Both sides reviewing at once queue on the order's row, so the second sees the first and publishes both.
      await forUpdate(trx, trx.selectFrom("orders").select("id").where("id", "=", submission.orderId)).execute();
      const order = await selectOrderForReview(trx).where("id", "=", submission.orderId).executeTakeFirst();
      const role: ReviewerRole | null = !order
        ? null
        : order.buyer_id === submission.reviewerId
          ? "buyer"
          : order.seller_id === submission.reviewerId
            ? "seller"
            : null;
      const eligibility = eligibilityOf(order, submission.reviewerId, order && role ? await sideHasReviewed(trx, order.id, role) : false, now);
      if (!eligibility.canReview || !order) throw eligibility.canReview ? new DomainError("not_found", REVIEW_MESSAGES.orderNotFound) : eligibility.reason;

      const detail =
        eligibility.role === "buyer"
          ? {
              item_as_described: requiredStars(submission.itemAsDescribed, "itemAsDescribed"),
              communication: requiredStars(submission.communication, "communication"),
              shipping: requiredStars(submission.shipping, "shipping"),
            }
          : { item_as_described: null, communication: null, shipping: null };
      const other = await trx
        .selectFrom("reviews")
        .select(["id", "reviewed_id", "reviewer_role", "published_at"])
        .where("order_id", "=", order.id)
        .where("reviewer_role", "=", eligibility.role === "buyer" ? "seller" : "buyer")
        .executeTakeFirst();
      const publishNow = other !== undefined;
      let inserted: { id: number };
      try {
        inserted = await trx
          .insertInto("reviews")
          .values({
            order_id: order.id,
            reviewer_id: submission.reviewerId,
            reviewed_id: eligibility.reviewedId,
            reviewer_role: eligibility.role,
            rating,
            ...detail,
            comment,
            created_at: stamp,
            window_ends_at: eligibility.windowEndsAt,
            published_at: publishNow ? stamp : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyReviewed);
        throw error;
      }
      const drafts: NotificationDraft[] = [];
      if (publishNow) {
        drafts.push(publicationNotice({ id: inserted.id, reviewed_id: eligibility.reviewedId, reviewer_role: eligibility.role }, order.reference));
        if (other.published_at === null) {
          await trx.updateTable("reviews").set({ published_at: stamp }).where("id", "=", other.id).where("published_at", "is", null).execute();
          drafts.push(publicationNotice(other, order.reference));
        }
      }
      await insertNotifications(trx, drafts, now);
      return { reviewId: inserted.id, notifications: drafts };
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(notifications);
  return { reviewId, published: notifications.length > 0 };
}

/**
 * Publishes every lone review whose window has ended (the other side never reviewed), telling each reviewed member.
 * Called by the scheduler; safe to run from several processes at once. Returns how many it published.
 */
export async function publishDueReviews(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const stamp = now.toISOString();
  const notifications = await inWriteTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom("reviews as r")
      .innerJoin("orders as o", "o.id", "r.order_id")
      .select(["r.id", "r.reviewed_id", "r.reviewer_role", "o.reference"])
      .where("r.published_at", "is", null)
      .where("r.window_ends_at", "<=", stamp)
      .orderBy("r.window_ends_at")
      .limit(limit)
      .execute();
    const drafts: NotificationDraft[] = [];
    for (const review of due) {
      const claimed = await trx
        .updateTable("reviews")
        .set({ published_at: stamp })
        .where("id", "=", review.id)
        .where("published_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) drafts.push(publicationNotice(review, review.reference));
    }
    await insertNotifications(trx, drafts, now);
    return drafts;
  });
  announceNotifications(notifications);
  return notifications.length;
}

/** The reviewed member's one reply to a published review. Refuses with DomainError. */
export async function replyToReview(db: Kysely<Database>, request: { reviewId: number; userId: string; reply: string; now?: Date }): Promise<void> {
  const stamp = (request.now ?? new Date()).toISOString();
  const reply = boundedText(request.reply, REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong, "reply");
  if (!reply) throw new DomainError("invalid", REVIEW_MESSAGES.replyRequired, { field: "reply" });
  await inWriteTransaction(db, async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .select(["id", "reviewer_id", "reviewed_id", "published_at", "hidden_at", "reply"])
      .where("id", "=", request.reviewId)
      .executeTakeFirst();
    // An unpublished or hidden review is not there for anyone but its author (and moderators).
    const visibleToCaller =
      review && review.hidden_at === null && (review.published_at !== null || review.reviewer_id === request.userId || review.reviewed_id === request.userId);
    if (!review || !visibleToCaller) throw new DomainError("not_found", REVIEW_MESSAGES.reviewNotFound);
    if (review.reviewed_id !== request.userId) throw new DomainError("forbidden", REVIEW_MESSAGES.notYours);
    if (review.published_at === null) throw new DomainError("not_found", REVIEW_MESSAGES.reviewNotFound);
    if (review.reply !== null) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyReplied);
    const claimed = await trx
      .updateTable("reviews")
      .set({ reply, replied_at: stamp })
      .where("id", "=", review.id)
      .where("reply", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyReplied);
  });
}

/** A member reports a published review to the moderators, once per review. Refuses with DomainError. */
export async function reportReview(db: Kysely<Database>, request: { reviewId: number; reporterId: string; reason: string; now?: Date }): Promise<void> {
  const reason = boundedText(request.reason, REVIEW_REPORT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong, "reason");
  if (!reason) throw new DomainError("invalid", REVIEW_MESSAGES.reasonRequired, { field: "reason" });
  const review = await db
    .selectFrom("reviews")
    .select(["id", "reviewer_id", "published_at", "hidden_at"])
    .where("id", "=", request.reviewId)
    .executeTakeFirst();
  if (!review || review.published_at === null || review.hidden_at !== null) throw new DomainError("not_found", REVIEW_MESSAGES.reviewNotFound);
  if (review.reviewer_id === request.reporterId) throw new DomainError("forbidden", REVIEW_MESSAGES.cannotReportOwn);
  try {
    await db
      .insertInto("review_reports")
      .values({ review_id: review.id, reporter_id: request.reporterId, reason, created_at: (request.now ?? new Date()).toISOString() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", REVIEW_MESSAGES.alreadyReported);
    throw error;
  }
}

/**
 * Refuses a moderator who is a party to the review: its author, the member it is about, or one of its open reports'
 * reporters (separation of duties). An unknown review passes (the decision then answers not found).
 */
export async function assertNotPartyToReview(db: Kysely<Database>, reviewId: number, moderatorId: string): Promise<void> {
  const review = await db.selectFrom("reviews").select(["reviewer_id", "reviewed_id"]).where("id", "=", reviewId).executeTakeFirst();
  if (!review) return;
  const reporters = await db.selectFrom("review_reports").select("reporter_id").where("review_id", "=", reviewId).where("dismissed_at", "is", null).execute();
  assertNotAParty("review", moderatorId, [review.reviewer_id, review.reviewed_id, ...reporters.map((row) => row.reporter_id)]);
}

/** A moderator (can_moderate_content) hides a review from every profile and summary, recorded in audit_events. */
export async function hideReview(
  db: Kysely<Database>,
  request: { reviewId: number; moderator: { id: string; role: Role }; reason: string; now?: Date },
): Promise<void> {
  const now = request.now ?? new Date();
  const permissions = await permissionsOfRole(db, request.moderator.role);
  if (!permissions.has("can_moderate_content")) throw new DomainError("forbidden", REVIEW_MESSAGES.notModerator);
  const reason = boundedText(request.reason, REVIEW_REPORT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong, "reason");
  if (!reason) throw new DomainError("invalid", REVIEW_MESSAGES.reasonRequired, { field: "reason" });
  await inWriteTransaction(db, async (trx) => {
    // Not on a review one wrote or is the subject of, nor one one reported (separation of duties).
    await assertNotPartyToReview(trx, request.reviewId, request.moderator.id);
    const changed = await trx
      .updateTable("reviews")
      .set({ hidden_at: now.toISOString(), hidden_by: request.moderator.id, hidden_reason: reason })
      .where("id", "=", request.reviewId)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new DomainError("not_found", REVIEW_MESSAGES.reviewNotFound);
    await recordAuditEvent(
      trx,
      { actorUserId: request.moderator.id, action: "review.hide", subjectType: "review", subjectId: request.reviewId, detail: reason },
      now,
    );
  });
}

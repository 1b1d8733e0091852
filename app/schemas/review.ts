// The review form: overall stars, the buyer's three detailed ratings, an optional comment. Shared by the
// form and the action; the service checks again which ratings this side must give.
import { z } from "zod";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX } from "~/lib/reviews.ts";

const stars = z
  .string({ required_error: REVIEW_MESSAGES.ratingRequired })
  .trim()
  .regex(/^[1-5]$/, REVIEW_MESSAGES.ratingRequired)
  .transform(Number);

export const ReviewSchema = z.object({
  rating: stars,
  itemAsDescribed: stars.optional(),
  communication: stars.optional(),
  shipping: stars.optional(),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong).optional(),
});
export type ReviewForm = z.infer<typeof ReviewSchema>;

/** The Reviews tab of a profile: the reviewed member's one reply, or a member's report of a review. */
export const ReviewResponseSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("reply"),
    reviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    reply: z
      .string({ required_error: REVIEW_MESSAGES.replyRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.replyRequired)
      .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
  }),
  z.object({
    intent: z.literal("report"),
    reviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    reason: z
      .string({ required_error: REVIEW_MESSAGES.reasonRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.reasonRequired)
      .max(REVIEW_REPORT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
  }),
]);
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

/** /admin/review-reports: a moderator hides a reported review (with the reason) or dismisses its reports. */
export const ReviewModerationSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hide"),
    reviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    reason: z
      .string({ required_error: REVIEW_MESSAGES.reasonRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.reasonRequired)
      .max(REVIEW_REPORT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
  }),
  z.object({ intent: z.literal("dismiss"), reviewId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);

// The review form (issue 22): overall stars, the buyer's three detailed ratings, an optional comment. Shared by the
// form and the action; the service checks again which ratings this side must give.
import { z } from "zod";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "~/lib/reviews.ts";

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

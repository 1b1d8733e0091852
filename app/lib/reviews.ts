// Reviews after a completed order, as the review form, the profile and the order page read them
// (client-safe): the window, the bounds, the rating scale and the messages of the review rules.

/** How long after an order completes each side may review the other; a lone review publishes when it ends. */
export const REVIEW_WINDOW_DAYS = 60;
/** The most characters of a review's comment, and of the reviewed party's reply. */
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REPORT_REASON_MAX = 1000;
/** Reviews shown per page of a profile's Reviews tab. */
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;
export type ReviewStars = (typeof REVIEW_STARS)[number];

/** The side of the order the reviewer was on: the buyer reviews the seller, the seller reviews the buyer. */
export type ReviewerRole = "buyer" | "seller";

/** The buyer's detailed ratings of the seller, besides the overall one. */
export const SELLER_RATING_ASPECTS = [
  { key: "itemAsDescribed", label: "Item as described" },
  { key: "communication", label: "Communication" },
  { key: "shipping", label: "Shipping" },
] as const;
export type SellerRatingAspect = (typeof SELLER_RATING_ASPECTS)[number]["key"];

export function isReviewStars(value: unknown): value is ReviewStars {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5;
}

export const REVIEW_MESSAGES = {
  orderNotFound: "Order not found",
  notAParty: "Only the buyer and the seller of an order can review it",
  notCompleted: "You can review this order once it is complete: after the buyer confirms receipt or the inspection period ends",
  refunded: "A refunded order cannot be reviewed",
  windowOver: `The ${REVIEW_WINDOW_DAYS}-day review window of this order has ended`,
  alreadyReviewed: "You have already reviewed this order",
  ratingRequired: "Choose from 1 to 5 stars",
  commentTooLong: `Keep the comment to ${REVIEW_COMMENT_MAX.toLocaleString("en-US")} characters`,
  reviewNotFound: "Review not found",
  notYours: "Only the member who was reviewed can reply to this review",
  notPublished: "You can reply once the review is published",
  alreadyReplied: "You have already replied to this review",
  replyRequired: "Write your reply",
  replyTooLong: `Keep the reply to ${REVIEW_REPLY_MAX.toLocaleString("en-US")} characters`,
  reasonRequired: "Say what is wrong with this review",
  reasonTooLong: `Keep the reason to ${REVIEW_REPORT_REASON_MAX.toLocaleString("en-US")} characters`,
  cannotReportOwn: "You cannot report a review you wrote",
  alreadyReported: "You have already reported this review",
  notModerator: "Only a moderator can hide a review",
} as const;

/** Reported reviews on one page of /admin/review-reports; reasons shown per review. */
export const REVIEW_REPORTS_PAGE_SIZE = 20;
export const REVIEW_REPORT_REASONS_SHOWN = 10;

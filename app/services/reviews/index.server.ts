// What the reviews domain offers to routes and the web layer. Reviews: each side of a completed order reviews the other once (double-blind), the reply, reports and hiding, and the rating a member's reviews add up to.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { listReceivedReviews, ratingSummary, type RatingSummary, type ReceivedReview } from "./rating-summary.server.ts";
export { countReportedReviews, dismissReviewReports, listReportedReviews, type ReportedReview } from "./review-reports.server.ts";
export { reviewsDueFor } from "./reviews-due.server.ts";
export { hideReview, publishDueReviews, replyToReview, reportReview, reviewEligibility, submitReview } from "./reviews.server.ts";

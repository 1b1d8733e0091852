// Listing reports and their review (docs/product/admin.md#dashboard Flagged Listings, docs/product/admin.md#moderation Flagged listing). A signed-in
// member reports someone else's listing once (while their report is open), within REPORT_RATE_LIMIT; once its open
// reporters weigh REPORT_WEIGHT_TO_HIDE (by account standing; never a staff member's listing) an active listing is put "under_review", a status every search already leaves
// out (they read status = 'active'), so hiding costs the search nothing. Moderators (can_moderate_content) see the
// queue oldest first, grouped by listing, and decide: dismiss, warn the seller, unpublish (archived) or remove (the
// listing's live auction cancelled, its bidders told). Each decision closes the listing's open reports and is one
// audit_events row, written with the moderator's other changes in one transaction; the seller hears why.
//
// The parts live beside this file, one module each; this one names what the admin domain offers of them.
export { claimReportAttempt, reportListing, type ListingReportInput } from "./report-listing.server.ts";
export { countFlaggedListings, listFlaggedListings, sellerNameOf, type FlaggedListing } from "./flagged-listings.server.ts";
export { type ListingReportEntry, type ListingReview } from "./listing-review.server.ts";
export { reviewReportedListing, type ListingReviewInput, type ListingReviewResult } from "./listing-review-decisions.server.ts";

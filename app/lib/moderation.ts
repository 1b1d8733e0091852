// Reports and moderation (docs/product/admin.md#moderation Flagged listing, Fraud report): the reasons, bounds and
// words that the report forms, the moderators' pages and the services share. Client-safe: no server imports.

/** docs/product/admin.md#moderation Flagged listing: flag_reason. */
export const LISTING_REPORT_REASONS = ["prohibited_item", "misleading_description", "suspicious_price", "counterfeit"] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];
export const LISTING_REPORT_REASON_LABELS: Record<ListingReportReason, string> = {
  prohibited_item: "Prohibited item",
  misleading_description: "Misleading description",
  suspicious_price: "Suspicious price",
  counterfeit: "Counterfeit",
};

/** Why a member reports another member (the spec names only the report's status; these are Tradebench's). */
export const FRAUD_REPORT_REASONS = ["non_delivery", "payment_fraud", "counterfeit_goods", "impersonation", "other"] as const;
export type FraudReportReason = (typeof FRAUD_REPORT_REASONS)[number];
export const FRAUD_REPORT_REASON_LABELS: Record<FraudReportReason, string> = {
  non_delivery: "Took payment and never shipped",
  payment_fraud: "Payment fraud or a fake payment",
  counterfeit_goods: "Sells counterfeit equipment",
  impersonation: "Pretends to be another company or person",
  other: "Something else",
};

/** The longest note a report may carry. */
export const REPORT_NOTE_MAX = 1000;
/** Listings reported by this many different members are hidden from search until a moderator reviews them. */
const REPORTERS_TO_HIDE = 3;
/**
 * Reports and forum flags are weighed by the reporter's standing (three fresh accounts must not hide what
 * they like). A seasoned member — confirmed, at least SEASONED_REPORTER_DAYS old, never suspended — weighs
 * SEASONED_REPORT_WEIGHT; a newer account, or one suspended before, FRESH_REPORT_WEIGHT; an unconfirmed or suspended
 * one nothing. Content is hidden pending review once its reporters weigh REPORT_WEIGHT_TO_HIDE (REPORTERS_TO_HIDE
 * seasoned members); staff's content is never hidden by reports, only queued for another moderator.
 */
export const SEASONED_REPORTER_DAYS = 14;
export const SEASONED_REPORT_WEIGHT = 4;
export const FRESH_REPORT_WEIGHT = 1;
export const REPORT_WEIGHT_TO_HIDE = REPORTERS_TO_HIDE * SEASONED_REPORT_WEIGHT;
/** Reports (of listings and of members together) one member may send per hour. */
export const REPORT_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;

/** A listing hidden from search by its reports, waiting for a moderator (not a status a seller can choose). */
export const LISTING_UNDER_REVIEW = "under_review";
/** A listing a moderator removed: the seller cannot put it back on sale. */
export const LISTING_REMOVED = "removed";
/** The statuses moderation gives a listing, with their labels (the seller's and the moderators' pages show them). */
export const MODERATION_STATUS_LABELS: Record<string, string> = {
  [LISTING_UNDER_REVIEW]: "Under review",
  [LISTING_REMOVED]: "Removed",
};

/** Statuses only a moderator's decision lifts: the seller may not relist, edit, cancel, archive, publish or delete. */
const MODERATED_LISTING_STATUSES: readonly string[] = [LISTING_UNDER_REVIEW, LISTING_REMOVED];

/** Whether a listing in `status` is held by moderation (under review or removed). */
export function isModeratedStatus(status: string): boolean {
  return MODERATED_LISTING_STATUSES.includes(status);
}

/** What a seller is told when they try to change a listing moderation holds. */
export const MODERATION_HOLD_MESSAGES: Record<string, string> = {
  [LISTING_UNDER_REVIEW]:
    "This listing is under review by our moderators after members reported it. Only a moderator's decision can put it back on sale or change it; you will be told the outcome.",
  [LISTING_REMOVED]: "Our moderators removed this listing. It cannot be relisted, edited or put back on sale; contact support if you think this is a mistake.",
};

/** The seller's refusal for a listing in `status`, or null when moderation does not hold it. */
export function moderationHoldMessage(status: string): string | null {
  return MODERATION_HOLD_MESSAGES[status] ?? null;
}

/** What a moderator's review of a reported listing decides. */
export const LISTING_REVIEW_DECISIONS = ["dismiss", "warn", "unpublish", "remove"] as const;
export type ListingReviewDecision = (typeof LISTING_REVIEW_DECISIONS)[number];
export const LISTING_REVIEW_DECISION_LABELS: Record<ListingReviewDecision, string> = {
  dismiss: "Dismiss the reports",
  warn: "Warn the seller",
  unpublish: "Unpublish the listing",
  remove: "Remove the listing",
};
/** The longest message a moderator writes to the seller. */
export const MODERATOR_MESSAGE_MAX = 1000;

/** /admin/listings: the longest title or seller text searched. */
export const ADMIN_LISTINGS_TEXT_MAX = 100;
/** /admin/categories: the longest name staff give a category. */
export const CATEGORY_NAME_MAX = 80;

/** Flagged listings per page of the queue; the dashboard shows fewer. */
export const FLAGGED_LISTINGS_PAGE = 25;
export const FRAUD_REPORTS_PAGE = 25;

/** The moderation inbox (/admin/moderation): entries shown per section; the rest are counted ("and N more"). */
export const MODERATION_INBOX_SECTION_MAX = 50;
/** Flaggers or reporters named per inbox entry; the others are counted. */
export const MODERATION_INBOX_NAMES_SHOWN = 5;
/** The longest reason a moderator gives for restoring or removing a flagged forum post. */
export const FORUM_DECISION_REASON_MAX = 500;

/** What the moderation inbox and its forum-post decisions say. */
export const MODERATION_INBOX_MESSAGES = {
  reasonRequired: "Say why the post is removed.",
  reasonTooLong: `Keep the reason under ${FORUM_DECISION_REASON_MAX} characters.`,
  decisionRequired: "Choose Restore or Remove.",
  postNotFlagged: "This post has no flags awaiting a moderator.",
  restored: "The post is visible again and its flags are cleared.",
  removed: "The post is removed: it stays hidden and leaves the queue.",
  nothingWaiting: "Nothing is waiting for a moderator.",
} as const;

export const MODERATION_MESSAGES = {
  reported: "Thank you. Your report was sent to our moderators, who will review this listing.",
  alreadyReported: "You have already reported this listing. Our moderators will review it.",
  ownListing: "You cannot report your own listing.",
  listingNotFound: "Listing not found",
  reasonRequired: "Choose why you are reporting this listing.",
  noteTooLong: `Keep the note under ${REPORT_NOTE_MAX} characters.`,
  memberReported: "Thank you. Your report was sent to our trust and safety team.",
  memberAlreadyReported: "You have already reported this member. Our team will look at it.",
  ownAccount: "You cannot report yourself.",
  memberNotFound: "User not found",
  memberReasonRequired: "Choose what happened.",
  notModerator: "Only moderators can review reported listings.",
  noOpenReports: "This listing has no open reports.",
  decisionRequired: "Choose what to do with the listing.",
  messageRequired: "Write the seller a short explanation.",
  messageTooLong: `Keep the message under ${MODERATOR_MESSAGE_MAX} characters.`,
  dismissed: "Reports dismissed. The listing is back in search.",
  warned: "The seller was warned. The listing is back in search.",
  unpublished: "The listing was unpublished and the seller was told why.",
  removed: "The listing was removed and the seller was told.",
  fraudResolved: "The report was closed.",
  fraudNotFound: "Report not found",
  flaggedLoadFailed: "Failed to load flagged listings",
  noFlagged: "No flagged listings at this time.",
  noFraudReports: "No member reports are waiting.",
} as const;

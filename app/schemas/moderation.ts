// The report forms (listing, member) and the moderators' forms (review a listing, close a member report, the admin
// listings and categories pages), shared by the forms and their actions.
import { z } from "zod";
import {
  FRAUD_REPORT_REASONS,
  LISTING_REPORT_REASONS,
  LISTING_REVIEW_DECISIONS,
  MODERATION_MESSAGES,
  MODERATOR_MESSAGE_MAX,
  REPORT_NOTE_MAX,
  FORUM_DECISION_REASON_MAX,
  MODERATION_INBOX_MESSAGES,
} from "~/lib/moderation.ts";

const note = z.string().trim().max(REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong).optional().default("");

export const ListingReportSchema = z.object({
  reason: z.enum(LISTING_REPORT_REASONS, { errorMap: () => ({ message: MODERATION_MESSAGES.reasonRequired }) }),
  note,
});

export const FraudReportSchema = z.object({
  reason: z.enum(FRAUD_REPORT_REASONS, { errorMap: () => ({ message: MODERATION_MESSAGES.memberReasonRequired }) }),
  note,
});

export const ListingReviewSchema = z.object({
  decision: z.enum(LISTING_REVIEW_DECISIONS, { errorMap: () => ({ message: MODERATION_MESSAGES.decisionRequired }) }),
  message: z.string().trim().max(MODERATOR_MESSAGE_MAX, MODERATION_MESSAGES.messageTooLong).optional().default(""),
});

export const FraudReportDecisionSchema = z.object({
  reportId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  decision: z.enum(["dismiss", "confirm"]),
});

const FeatureListingSchema = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  featured: z.enum(["1", "0"]),
});

const categoryId = z.string().trim().min(1).max(200);
const categoryName = z.string({ required_error: "Enter a name." }).trim().min(1, "Enter a name.").max(80, "Keep the name under 80 characters.");

/** /admin/categories?q=…: the search over the categories' names (an over-long one is refused). */
export const CategorySearchSchema = z.object({
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
});

/** /admin/categories: one change per post, named by `intent`. */
export const CategoryChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), categoryId, name: categoryName }),
  z.object({ intent: z.literal("hide"), categoryId }),
  z.object({ intent: z.literal("show"), categoryId }),
  z.object({ intent: z.literal("add"), parentId: categoryId, name: categoryName }),
  z.object({ intent: z.literal("delete"), categoryId }),
]);

/** /admin/listings' bulk take-down: the ticked listings (at most 100) or a whole import, with the reason. */
const TakeDownListingsSchema = z.object({
  intent: z.literal("take-down"),
  decision: z.enum(["unpublish", "remove"], { errorMap: () => ({ message: "Choose Unpublish or Remove." }) }),
  reason: z.string().max(500, "Keep the reason under 500 characters.").optional().default(""),
  listingIds: z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(100, "Choose at most 100 listings at once, or take down a whole import.")
    .optional()
    .default([]),
  importId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const AdminListingsActionSchema = z.union([TakeDownListingsSchema, FeatureListingSchema]);

/** /admin/moderation: a moderator restores or removes a flagged forum post; removing needs a reason. */
export const FlaggedPostDecisionSchema = z
  .object({
    postId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    decision: z.enum(["restore", "remove"], { errorMap: () => ({ message: MODERATION_INBOX_MESSAGES.decisionRequired }) }),
    reason: z.string().trim().max(FORUM_DECISION_REASON_MAX, MODERATION_INBOX_MESSAGES.reasonTooLong).optional().default(""),
  })
  .refine((value) => value.decision !== "remove" || value.reason.length > 0, { message: MODERATION_INBOX_MESSAGES.reasonRequired, path: ["reason"] });

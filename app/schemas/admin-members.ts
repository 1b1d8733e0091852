// The forms of a member's page and of the role editor: suspend or reinstate (with an optional
// reason), and one role's permissions (a list of checkboxes, bounded by the number of permissions there are).
import { z } from "zod";
import { MEMBER_MESSAGES, RESTORE_END_DAYS, RESTORE_LIST_MAX, SUSPENSION_REASON_MAX_LENGTH } from "~/lib/admin-members.ts";
import { PERMISSIONS } from "~/lib/permissions.ts";
import { ROLES } from "~/lib/roles.ts";

export const MemberSuspensionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("suspend"),
      reason: z.string().trim().max(SUSPENSION_REASON_MAX_LENGTH, MEMBER_MESSAGES.reasonTooLong).optional().default(""),
    }),
    z.object({ intent: z.literal("reinstate") }),
    // Restoring what the suspension cancelled: the auctions ticked, and optionally a new end for all of them.
    z.object({
      intent: z.literal("restore"),
      auctionId: z
        .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
        .max(RESTORE_LIST_MAX, MEMBER_MESSAGES.restoreChooseAuctions)
        .optional()
        .default([]),
      endInDays: z.coerce
        .number({ invalid_type_error: MEMBER_MESSAGES.restoreEndDays })
        .int(MEMBER_MESSAGES.restoreEndDays)
        .min(RESTORE_END_DAYS.min, MEMBER_MESSAGES.restoreEndDays)
        .max(RESTORE_END_DAYS.max, MEMBER_MESSAGES.restoreEndDays)
        .optional(),
    }),
  ],
  { errorMap: () => ({ message: "Please choose what to do." }) },
);

export const RolePermissionsSchema = z.object({
  role: z.enum(ROLES, { errorMap: () => ({ message: "Choose one of the roles listed." }) }),
  permissions: z
    .array(z.enum(PERMISSIONS, { errorMap: () => ({ message: MEMBER_MESSAGES.unknownPermission }) }))
    .max(PERMISSIONS.length, MEMBER_MESSAGES.unknownPermission)
    .optional()
    .default([]),
});

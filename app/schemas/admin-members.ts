// The forms of a member's page and of the role editor (issue 19 §1, §3): suspend or reinstate (with an optional
// reason), and one role's permissions (a list of checkboxes, bounded by the number of permissions there are).
import { z } from "zod";
import { MEMBER_MESSAGES, SUSPENSION_REASON_MAX_LENGTH } from "~/lib/admin-members.ts";
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

// The administration's forms and queries (docs/product/admin.md#roles-and-permissions): the users list's search, role filter and
// page, the edit of a member's role and fee exemption (empty is 0; anything but a plain percentage is refused), and the audit log's filters.
import { parseDay } from "~/lib/strict-numbers.ts";
import { z } from "zod";
import { ADMIN_MESSAGES, ADMIN_SEARCH_MAX_LENGTH, AUDIT_LOG_FILTER_MAX_LENGTH, feeExemptionFromInput } from "~/lib/admin.ts";
import { ROLES } from "~/lib/roles.ts";

const role = z.enum(ROLES, { errorMap: () => ({ message: "Choose one of the roles listed." }) });

/** One member's role and fee exemption, as the edit form on /admin/users sends them. */
export const ChangeUserAccessSchema = z.object({
  intent: z.literal("change-access", { errorMap: () => ({ message: "Please choose what to do." }) }),
  userId: z.string({ required_error: "Please choose a member." }).trim().min(1, "Please choose a member.").max(64, "Please choose a member."),
  role,
  feeExemption: z
    .string()
    .max(20, ADMIN_MESSAGES.feeExemptionRange)
    .optional()
    .transform((value, context) => {
      const percentage = feeExemptionFromInput(value);
      if (percentage === null) context.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_MESSAGES.feeExemptionRange });
      return percentage ?? 0;
    }),
});

/** The users list's address: ?q=…&role=…&page=… (anything unknown is dropped, an over-long search refused). */
export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`).optional(),
  role: role.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  // A real calendar day from 1900 (not 0000-01-01, nor 2026-02-30, which Date.parse rolls over): app/lib/strict-numbers.ts.
  .refine((value) => parseDay(value) !== null, "Enter a real date.")
  .optional();

/** The audit log's address: ?actor=…&action=…&from=YYYY-MM-DD&until=YYYY-MM-DD&after=<cursor>. */
export const AuditLogQuerySchema = z.object({
  actor: z.string().trim().max(AUDIT_LOG_FILTER_MAX_LENGTH, `Filter by at most ${AUDIT_LOG_FILTER_MAX_LENGTH} characters.`).optional(),
  action: z.string().trim().max(AUDIT_LOG_FILTER_MAX_LENGTH, `Filter by at most ${AUDIT_LOG_FILTER_MAX_LENGTH} characters.`).optional(),
  from: day,
  until: day,
  after: z.string().max(64).optional(),
});

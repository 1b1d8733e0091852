// The staff decision on a held bulk import (/admin/bulk-imports): approve, or reject with the reason the
// seller reads. The reason's bounds are the service's (app/services/admin/bulk-import-review.server.ts).
import { z } from "zod";

export const IMPORT_REVIEW_REASON_MAX = 500;

export const ImportReviewDecisionSchema = z.object({
  importId: z.coerce.number({ invalid_type_error: "Choose an import." }).int().positive().max(Number.MAX_SAFE_INTEGER),
  decision: z.enum(["approve", "reject"], { errorMap: () => ({ message: "Choose Approve or Reject." }) }),
  note: z.string().trim().max(IMPORT_REVIEW_REASON_MAX, `Keep the reason under ${IMPORT_REVIEW_REASON_MAX} characters.`).optional().default(""),
});

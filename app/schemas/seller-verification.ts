// The verification application form (/profile/verification) and the staff decision (/admin/verifications), shared by
// the forms and the actions.
import { z } from "zod";
import { VERIFICATION_APPLICATION_MESSAGES as M, VERIFICATION_REASON_MAX } from "~/lib/seller-verification.ts";

const text = (required: string, max: number) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string({ required_error: required }).min(1, required).max(max, M.tooLong));

export const VerificationApplicationSchema = z.object({
  companyName: text(M.companyRequired, 200),
  registrationNumber: text(M.registrationRequired, 100),
  country: text(M.countryRequired, 100),
  address: text(M.addressRequired, 500),
});
export type VerificationApplicationInput = z.infer<typeof VerificationApplicationSchema>;

const applicationId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const VerificationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), applicationId }),
  z.object({
    intent: z.literal("reject"),
    applicationId,
    reason: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z.string({ required_error: M.reasonRequired }).min(1, M.reasonRequired).max(VERIFICATION_REASON_MAX, M.tooLong),
    ),
  }),
]);
export type VerificationDecision = z.infer<typeof VerificationDecisionSchema>;

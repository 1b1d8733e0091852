// The promo-code forms of the console (issue 19 §4, spec 02 §2.15, §5): create (the code upper-cased, a value of at
// least 0 in percent or dollars, max uses blank for unlimited or at least 1, optional validity dates read as UTC),
// generate a code, deactivate one. The service checks everything again; these give the form its field messages.
import { z } from "zod";
import { PROMO_CODE_MAX_LENGTH, PROMO_DESCRIPTION_MAX_LENGTH, PROMO_DISCOUNT_TYPES, PROMO_MAX_USES_LIMIT, PROMO_MESSAGES, PROMO_PREFIX_MAX_LENGTH } from "~/lib/promotions.ts";

/** A date and time from a datetime-local field, read as UTC ("" → none). */
const utcDateTime = z
  .string()
  .trim()
  .max(40, "Enter a valid date and time.")
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`;
    const time = Date.parse(withZone);
    if (Number.isNaN(time)) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a valid date and time." });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

/** The create form's fields. The value is in percent or dollars; the action stores hundredths (promoValueFromForm). */
export const CreatePromoCodeSchema = z.object({
  intent: z.literal("create"),
  code: z
    .string({ required_error: PROMO_MESSAGES.codeRequired })
    .trim()
    .min(1, PROMO_MESSAGES.codeRequired)
    .max(PROMO_CODE_MAX_LENGTH, PROMO_MESSAGES.codeFormat)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]+$/, PROMO_MESSAGES.codeFormat)),
  description: z.string().trim().max(PROMO_DESCRIPTION_MAX_LENGTH, PROMO_MESSAGES.descriptionTooLong).optional().default(""),
  discountType: z.enum(PROMO_DISCOUNT_TYPES, { errorMap: () => ({ message: "Choose percentage or fixed." }) }),
  value: z.coerce
    .number({ invalid_type_error: PROMO_MESSAGES.valueRange, required_error: PROMO_MESSAGES.valueRange })
    .finite(PROMO_MESSAGES.valueRange)
    .min(0, PROMO_MESSAGES.valueRange)
    .max(100_000, PROMO_MESSAGES.fixedRange),
  maxUses: z
    .string()
    .trim()
    .max(12, PROMO_MESSAGES.maxUsesRange)
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1 || number > PROMO_MAX_USES_LIMIT) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: PROMO_MESSAGES.maxUsesRange });
        return z.NEVER;
      }
      return number;
    }),
  validFrom: utcDateTime,
  validUntil: utcDateTime,
});

/** A percentage (12.5) or a dollar amount (5.25) as the service stores it: hundredths of a percent, or cents. */
export function promoValueFromForm(value: number): number {
  return Math.round(value * 100);
}

export const GeneratePromoCodeSchema = z.object({
  intent: z.literal("generate"),
  prefix: z
    .string()
    .trim()
    .max(PROMO_PREFIX_MAX_LENGTH, `Use up to ${PROMO_PREFIX_MAX_LENGTH} letters, digits, - or _ for the prefix.`)
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined)),
});

export const DeactivatePromoCodeSchema = z.object({
  intent: z.literal("deactivate"),
  promoCodeId: z.coerce.number({ invalid_type_error: PROMO_MESSAGES.notFound }).int().min(1, PROMO_MESSAGES.notFound).max(Number.MAX_SAFE_INTEGER, PROMO_MESSAGES.notFound),
});

export const PromoCodeActionSchema = z.discriminatedUnion("intent", [CreatePromoCodeSchema, GeneratePromoCodeSchema, DeactivatePromoCodeSchema], {
  errorMap: () => ({ message: "Please choose what to do." }),
});

// The promo-code forms of the console (docs/product/admin.md#promo-codes): create (the code upper-cased, a value of at
// least 0 in percent or dollars, max uses blank for unlimited or at least 1, optional validity dates read as UTC),
// generate a code, deactivate one. The service checks everything again; these give the form its field messages.
import { z } from "zod";
import { parseDecimal, parseUtcDateTime, parseWholeNumber } from "~/lib/strict-numbers.ts";
import {
  PROMO_CODE_MAX_LENGTH,
  PROMO_DESCRIPTION_MAX_LENGTH,
  PROMO_DISCOUNT_TYPES,
  PROMO_MAX_USES_LIMIT,
  PROMO_MESSAGES,
  PROMO_PREFIX_MAX_LENGTH,
} from "~/lib/promotions.ts";

/** A date and time from a datetime-local field, read as UTC ("" → none; the strict reading of app/lib/strict-numbers.ts). */
const utcDateTime = z
  .string()
  .trim()
  .max(40, "Enter a valid date and time.")
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const time = parseUtcDateTime(value);
    if (time === null) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a valid date and time." });
      return z.NEVER;
    }
    return time;
  });

/** The create form's fields. The value is in percent or dollars; the action stores hundredths (promoValueFromForm). */
const CreatePromoCodeSchema = z.object({
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
  // Digits with up to two decimals, nothing else (not 0x10, 1e3 or +5): app/lib/strict-numbers.ts.
  value: z
    .string({ required_error: PROMO_MESSAGES.valueRange })
    .max(20, PROMO_MESSAGES.valueRange)
    .transform((value, context) => {
      const number = parseDecimal(value, { decimals: 2, min: 0, max: Number.MAX_SAFE_INTEGER });
      const message =
        value.trim() === "" || /^\s*-\d/.test(value)
          ? PROMO_MESSAGES.valueRange
          : number === null
            ? PROMO_MESSAGES.valueFormat
            : number > 100_000
              ? PROMO_MESSAGES.fixedRange
              : null;
      if (message !== null) {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return number!;
    }),
  maxUses: z
    .string()
    .trim()
    .max(12, PROMO_MESSAGES.maxUsesRange)
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const number = parseWholeNumber(value, 1, PROMO_MAX_USES_LIMIT);
      if (number === null) {
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

const GeneratePromoCodeSchema = z.object({
  intent: z.literal("generate"),
  prefix: z
    .string()
    .trim()
    .max(PROMO_PREFIX_MAX_LENGTH, `Use up to ${PROMO_PREFIX_MAX_LENGTH} letters, digits, - or _ for the prefix.`)
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined)),
});

const DeactivatePromoCodeSchema = z.object({
  intent: z.literal("deactivate"),
  promoCodeId: z.coerce
    .number({ invalid_type_error: PROMO_MESSAGES.notFound })
    .int()
    .min(1, PROMO_MESSAGES.notFound)
    .max(Number.MAX_SAFE_INTEGER, PROMO_MESSAGES.notFound),
});

export const PromoCodeActionSchema = z.discriminatedUnion("intent", [CreatePromoCodeSchema, GeneratePromoCodeSchema, DeactivatePromoCodeSchema], {
  errorMap: () => ({ message: "Please choose what to do." }),
});

// The Make Offer forms: the buyer's offer, the answers on /offers, and the seller's offer settings of the
// listing form. Shared by the forms and the actions; amounts are typed as money ("850" or "850.50") and read in
// hundredths of a unit: the actions convert them to the currency's minor units (offerAmountInCurrency; ¥ has none).
import { z } from "zod";
import { OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES, OFFER_REASON_MAX_LENGTH } from "~/lib/offers.ts";
import { hundredthsToMinorUnits, MONEY_MESSAGES } from "~/lib/money.ts";
import { parseMoneyCents } from "./listing.ts";

const AMOUNT_INVALID = "Enter an amount such as 850 or 850.50";

/**
 * An amount read by these schemas (hundredths of a unit) in minor units of the offer's currency, or the message that
 * refuses it ("JPY has no decimals: …").
 */
export function offerAmountInCurrency(hundredths: number, currency: string): { ok: true; cents: number } | { ok: false; message: string } {
  const cents = hundredthsToMinorUnits(hundredths, currency);
  return cents === null ? { ok: false, message: MONEY_MESSAGES.noDecimals(currency) } : { ok: true, cents };
}

/** A required amount of money as cents. */
const amountCents = z
  .string({ required_error: OFFER_MESSAGES.amountRequired })
  .trim()
  .min(1, OFFER_MESSAGES.amountRequired)
  .max(16, AMOUNT_INVALID)
  .transform((text, ctx) => {
    const cents = parseMoneyCents(text);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_INVALID });
      return z.NEVER;
    }
    return cents;
  });

/** An optional amount of money as cents, null when left empty. */
const optionalAmountCents = (message: string) =>
  z
    .string()
    .trim()
    .max(16, message)
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const cents = parseMoneyCents(text);
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return cents;
    });

const message = z.string().max(OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES.messageTooLong).optional().default("");

/** A buyer's offer from the listing page's Make Offer form. */
export const MakeOfferSchema = z.object({ amount: amountCents, message });

/** An answer on /offers: which offer, what to do, and the counter's amount or the decline's reason. */
export const OfferAnswerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), offerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({ intent: z.literal("withdraw"), offerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({
    intent: z.literal("decline"),
    offerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    reason: z.string().max(OFFER_REASON_MAX_LENGTH, OFFER_MESSAGES.reasonTooLong).optional().default(""),
  }),
  z.object({ intent: z.literal("counter"), offerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), amount: amountCents, message }),
]);

/** The seller's offer settings as the listing form sends them (beside the listing's own fields). */
export const OfferSettingsSchema = z.object({
  acceptsOffers: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  autoAcceptPrice: optionalAmountCents("Enter the auto-accept price as an amount such as 850, or leave it empty"),
  autoDeclinePrice: optionalAmountCents("Enter the auto-decline price as an amount such as 500, or leave it empty"),
  /** "Yes, keep these prices": automatic prices below half the price are saved only when ticked. */
  confirmLowPrices: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

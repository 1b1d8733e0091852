// Checkout and order forms: the shipping address and the transitions of the buyer-protection flow.
import { z } from "zod";
import { DISPUTE_MESSAGES } from "~/lib/disputes.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseDay, parseMoneyMinorUnits } from "~/lib/strict-numbers.ts";

const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default("");

export const ShippingAddressSchema = z.object({
  shippingName: required("Full name", 120),
  shippingCompany: optional("Company", 120),
  shippingAddress: required("Street address", 200),
  shippingCity: required("City", 100),
  shippingState: optional("State / region", 100),
  shippingZip: required("ZIP / postal code", 20),
  shippingCountry: required("Country", 100),
  shippingPhone: z
    .string()
    .trim()
    .max(40, "Phone must be at most 40 characters")
    .regex(/^[+()\d\s.-]*$/, "Please enter a valid phone number")
    .optional()
    .default(""),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

const text = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);
const optionalNote = z.string().trim().max(2000, "Please keep this under 2000 characters").optional().default("");

/** The most a money field of the order forms takes, in the currency's main unit (ten billion). */
const MONEY_FIELD_MAX = 10_000_000_000;

/** An amount typed as 1234.50 (digits, at most two decimals), as minor units. */
const moneyField = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .max(20, ORDER_MESSAGES.amountFormat)
    .transform((value, context) => {
      const minor = parseMoneyMinorUnits(value, { min: 0.01, max: MONEY_FIELD_MAX });
      if (minor === null) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: ORDER_MESSAGES.amountFormat });
        return z.NEVER;
      }
      return minor;
    });

/** "I have checked": the confirmation step of a money decision, a checkbox the form sends as "on". */
const confirmedField = z.literal("on", { errorMap: () => ({ message: ORDER_MESSAGES.confirmRequired }) });

/** One form per transition; `intent` names it. */
export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("confirm_payment"),
    amountReceived: moneyField(ORDER_MESSAGES.amountReceivedRequired),
    valueDate: z
      .string({ required_error: ORDER_MESSAGES.valueDateRequired })
      .trim()
      .min(1, ORDER_MESSAGES.valueDateRequired)
      .max(10, ORDER_MESSAGES.valueDateFormat)
      .refine((value) => parseDay(value) !== null, ORDER_MESSAGES.valueDateFormat),
    confirmed: confirmedField,
    note: optionalNote,
  }),
  z.object({
    intent: z.literal("ship"),
    carrier: text(ORDER_MESSAGES.carrierRequired, 80),
    trackingNumber: text(ORDER_MESSAGES.trackingRequired, 80),
  }),
  z.object({ intent: z.literal("mark_delivered"), note: optionalNote }),
  // "Confirm receipt" releases money, so it asks first: a tick the form carries, checked here.
  z.object({
    intent: z.literal("confirm_receipt"),
    note: optionalNote,
    confirmed: z.literal("yes", { errorMap: () => ({ message: DISPUTE_MESSAGES.confirmRequired }) }),
  }),
  z.object({ intent: z.literal("open_dispute"), reason: text(ORDER_MESSAGES.reasonRequired, 2000) }),
  z.object({
    intent: z.literal("refund"),
    note: text(ORDER_MESSAGES.noteRequired, 2000),
    // Empty: the whole amount; otherwise the partial refund the referee decided.
    refundAmount: z.union([z.literal("").transform(() => undefined), moneyField(ORDER_MESSAGES.amountFormat)]).optional(),
    confirmed: confirmedField,
  }),
  z.object({ intent: z.literal("release"), note: text(ORDER_MESSAGES.noteRequired, 2000), confirmed: confirmedField }),
  z.object({ intent: z.literal("cancel"), note: optionalNote }),
]);
export type OrderActionInput = z.infer<typeof OrderActionSchema>;

/** "?page=3" → 3; anything else → 1. */
export function parsePage(value: string | null): number {
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

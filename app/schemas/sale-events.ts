// The request to bid in a sale event (docs/product/sale-events.md): company optional, a phone number the house can
// reach, what the bidder means to buy and the bidding limit they ask for (digits with up to two decimals, in the
// event's currency). The domain refuses what needs the event itself (a limit where the deposit is a percentage of it).
import { z } from "zod";
import { readBidAmount } from "~/lib/bidding.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";

export const BID_REQUEST_LIMITS = { company: 120, phone: 40, intendedPurchases: 2000, requestedLimit: 20 } as const;

const BID_REQUEST_MESSAGES = {
  phoneInvalid: "Please enter a valid phone number",
  limitInvalid: "Enter the limit as an amount, e.g. 25000 or 25000.00",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
} as const;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, BID_REQUEST_MESSAGES.tooLong(label, max))
    .optional()
    .transform((value) => value ?? "");

export const BidRequestSchema = z.object({
  company: text("Company", BID_REQUEST_LIMITS.company),
  phone: text("Phone", BID_REQUEST_LIMITS.phone)
    .refine((value) => value.length > 0, SALE_EVENT_MESSAGES.phoneRequired)
    .refine((value) => value.length === 0 || /^\+?[0-9 ()./-]{3,40}$/.test(value), BID_REQUEST_MESSAGES.phoneInvalid),
  intendedPurchases: text("Intended purchases", BID_REQUEST_LIMITS.intendedPurchases),
  /** The limit as typed; the action reads it in the event's currency. */
  requestedLimit: text("Requested limit", BID_REQUEST_LIMITS.requestedLimit).refine(
    (value) => value.length === 0 || readBidAmount(value).ok,
    BID_REQUEST_MESSAGES.limitInvalid,
  ),
});
export type BidRequest = z.infer<typeof BidRequestSchema>;

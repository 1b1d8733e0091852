// The bid form (docs/product/auctions.md#bidding Bids): an amount with digits and up to 2 decimals, an optional maximum for proxy
// bidding, and where to go back to when the browser posts it without JavaScript.
import { safeReturnPath } from "~/lib/safe-return.ts";
import { z } from "zod";
import { BID_FORM_MESSAGES, type BidResult } from "~/lib/bid-form.ts";
import { BID_MESSAGES, parseBidAmount, readBidAmount } from "~/lib/bidding.ts";

export { BID_FORM_MESSAGES, type BidActionData, type BidField, type BidFlash, type BidResult } from "~/lib/bid-form.ts";

/** "bid": a new bid; "raise-maximum": the leader raises their maximum (the amount is then at most the maximum). */
const BID_INTENTS = ["bid", "raise-maximum"] as const;
export type BidIntent = (typeof BID_INTENTS)[number];

const optionalText = z.preprocess((value) => (typeof value === "string" ? value : undefined), z.string().max(40).optional());

export const BidFormSchema = z
  .object({
    amount: optionalText,
    maxAmount: optionalText,
    intent: z.enum(BID_INTENTS).catch("bid"),
  })
  .transform((form, ctx) => {
    const maxText = form.maxAmount?.trim() ?? "";
    const maxCents = maxText === "" ? null : parseBidAmount(maxText);
    if ((maxText !== "" || form.intent === "raise-maximum") && maxCents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["maxAmount"], message: BID_FORM_MESSAGES.invalidMaximum });
      return z.NEVER;
    }
    const amountReading = readBidAmount(form.amount ?? "");
    let amountCents = amountReading.ok ? amountReading.cents : null;
    if (form.intent === "raise-maximum" && maxCents !== null) {
      // The panel sends the lowest acceptable bid with the new maximum: should someone have taken the lead
      // meanwhile, the maximum still bids for the viewer from there.
      amountCents = amountCents === null ? maxCents : Math.min(amountCents, maxCents);
    }
    if (amountCents === null) {
      const message = amountReading.ok ? BID_MESSAGES.invalidAmount : amountReading.message;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message });
      return z.NEVER;
    }
    // Hundredths of a unit whatever the lot's currency: the bid's answer converts them with the lot's (app/web/bid-form.server.ts).
    return { amountCents, maxCents, intent: form.intent };
  });
export type BidForm = z.infer<typeof BidFormSchema>;

/** Where a bid form posted without JavaScript goes back to: a lot or listing page of this site, else `fallback`. */
export function bidReturnPath(value: unknown, fallback: string): string {
  const path = safeReturnPath(value, fallback);
  return /^\/(auctions|listings)\/\d+\/?(\?|#|$)/.test(path) ? path.replace(/#.*$/, "") : fallback;
}

/** What the bidder reads after an accepted bid (docs/product/auctions.md#messages: "Your bid of {amount} has been placed!"). */
export function bidOutcomeMessage(result: BidResult, bidCents: number, currency: string): string {
  if (result === "maximum_raised") return BID_MESSAGES.maximumRaised(bidCents, currency);
  const placed = BID_MESSAGES.placed(bidCents, currency);
  return result === "outbid" ? `${placed} ${BID_MESSAGES.outbidAtOnce}` : placed;
}

export const AUCTION_PAGE_MESSAGES = {
  notFound: "Auction not found",
  loadFailed: "Failed to load auction details. Please try again.",
} as const;

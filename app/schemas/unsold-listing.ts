// The choices of an unsold listing (decision 0073): its auction ended without a sale or was cancelled, and its
// seller relists it as an auction (the same terms with fresh dates, or new terms on /create-auction), switches it to
// Buy It Now at a price, or ends it. The words the page, the seller's list and the services share.
import { z } from "zod";
import { parseMoneyCents } from "./listing.ts";
import { SELLER_LISTINGS_MESSAGES } from "./seller-listings.ts";

export const UNSOLD_LISTING_MESSAGES = {
  notFound: "Listing not found",
  notUnsold: SELLER_LISTINGS_MESSAGES.relistOnlyUnsoldAuction,
  liveAuction: "This listing already has a live auction",
  noAuction: SELLER_LISTINGS_MESSAGES.relistNeedsTerms,
  chooseAction: "Please choose what to do with this listing.",
  priceRequired: "Valid price is required for buy now listings",
  relisted: "Your auction has started again with the same terms.",
  switched: "Your listing is for sale at a fixed price.",
  ended: "Your listing has ended; you find it under Archived.",
} as const;

export type UnsoldListingAction = "auction" | "buy_now" | "end";

export const UnsoldListingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("auction") }),
    z.object({
      intent: z.literal("buy_now"),
      price: z
        .string({ message: UNSOLD_LISTING_MESSAGES.priceRequired })
        .max(20, UNSOLD_LISTING_MESSAGES.priceRequired)
        .transform((raw, ctx) => {
          const cents = parseMoneyCents(raw);
          if (cents === null) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNSOLD_LISTING_MESSAGES.priceRequired });
            return z.NEVER;
          }
          return cents;
        }),
    }),
    z.object({ intent: z.literal("end") }),
  ],
  { errorMap: () => ({ message: UNSOLD_LISTING_MESSAGES.chooseAction }) },
);
export type UnsoldListingActionInput = z.infer<typeof UnsoldListingActionSchema>;

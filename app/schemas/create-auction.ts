// /create-auction: a seller picks one of their own active or draft listings without a live auction and
// starts an auction for it with the manual form's auction settings — the same fields, rules and messages (docs/product/auctions.md#bidding),
// from AuctionTypeFieldsSchema in ./listing.ts (one rule, one place).
import { z } from "zod";
import { AuctionTypeFieldsSchema } from "./listing.ts";

export const CREATE_AUCTION_MESSAGES = {
  listingRequired: "Please choose one of your listings",
  typeRequired: "Please choose Auction or Auction with Buy Now",
  alreadyLive: "This listing already has a live auction",
  notEligible: "Only your active, draft or unsold listings can be auctioned",
  noListings: "You have no active, draft or unsold listing without a live auction.",
  started: "Your auction has started.",
  scheduled: "Your auction is scheduled.",
} as const;

/** The most listings the form's list offers (newest first); the one named in ?listing= is always offered. */
export const CREATE_AUCTION_CHOICES_LIMIT = 200;

export const CreateAuctionSchema = z
  .object({
    listingId: z
      .string({ message: CREATE_AUCTION_MESSAGES.listingRequired })
      .regex(/^[1-9][0-9]{0,15}$/, CREATE_AUCTION_MESSAGES.listingRequired)
      .transform(Number),
  })
  .and(AuctionTypeFieldsSchema)
  .superRefine((value, ctx) => {
    if (value.listingType === "buy_now") ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["listingType"], message: CREATE_AUCTION_MESSAGES.typeRequired });
  });
export type CreateAuctionInput = z.input<typeof CreateAuctionSchema>;

// The bid form's result types and messages, apart from its zod schema (app/schemas/bid.ts re-exports them): the bid
// panel is on every listing and lot page, and importing them from the schema would bundle zod there.
import type { AuctionSnapshot } from "~/lib/auctions.ts";

export type BidResult = "leading" | "outbid" | "maximum_raised";

export type BidField = "amount" | "maxAmount";

/** What POST /auctions/{id}/bid answers (as JSON, or as data to the bid panel's fetcher). */
export type BidActionData =
  { ok: true; message: string; result: BidResult; bidCents: number; snapshot: AuctionSnapshot } | { ok: false; error: string; field?: BidField };

/** The outcome of a bid posted without JavaScript, shown once on the page the form was on. */
export interface BidFlash {
  auctionId: number;
  ok: boolean;
  message: string;
  /** What the bidder typed, to refill the form after a refusal. */
  amount?: string;
  maxAmount?: string;
}

export const BID_FORM_MESSAGES = {
  invalidMaximum: "Please enter a valid maximum bid",
  notSignedIn: "User not authenticated",
} as const;

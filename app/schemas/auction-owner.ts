// Input of the owner's auction controls (/auctions/{id}/end and /auctions/{id}/cancel): the auction id in the path
// and the confirmation box, which must be ticked before an auction is ended early or cancelled.
import { z } from "zod";

export const OWNER_CONTROL_MESSAGES = {
  confirmLabel: "I understand bidders will be told",
  confirmRequired: "Please tick “I understand bidders will be told” to confirm.",
} as const;

/** What the owner did, as carried back to the lot page in ?outcome=. */
const OWNER_OUTCOMES = ["sold", "reserve_not_met", "no_bids", "cancelled"] as const;
export type OwnerOutcome = (typeof OWNER_OUTCOMES)[number];

export const OWNER_OUTCOME_MESSAGES: Record<OwnerOutcome, string> = {
  sold: "The auction has ended. The highest bidder won and has been asked to pay; the order is under your sales.",
  reserve_not_met: "The auction has ended. The highest bid did not reach your reserve price, so nothing was sold; the listing is active again.",
  no_bids: "The auction has ended without bids. The listing is active again.",
  cancelled: "The auction has been cancelled. Bidders have been told and the listing is active again.",
};

export function ownerOutcomeOf(value: string | null | undefined): OwnerOutcome | null {
  return (OWNER_OUTCOMES as readonly string[]).includes(value ?? "") ? (value as OwnerOutcome) : null;
}

/** The confirmation box: ticked sends "yes". */
export const OwnerControlFormSchema = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: OWNER_CONTROL_MESSAGES.confirmRequired }) }),
});

// The "Start selling" form of /profile/start-selling: a buyer becomes a seller. It asks what sign-up asks a
// seller (an optional company name) and the agreement sign-up takes by "Create account", here as an explicit tick,
// since the buyer agreed to buy, not to sell.
import { z } from "zod";

/** What the audit log calls a buyer becoming a seller. */
export const BECOME_SELLER_AUDIT_ACTION = "user.become_seller";

export const BECOME_SELLER_MESSAGES = {
  acceptTerms: "Tick the box to confirm you accept the Terms of Service and the Prohibited Conduct Policy as a seller.",
  companyTooLong: "Company name is too long",
  alreadySeller: "Your account is already a seller's account: your listings are on your seller dashboard.",
  staffCannotSell: "Staff accounts cannot become sellers. Sell from a separate member account.",
  onlyBuyers: "Only a buyer's account can become a seller's account.",
  done: "Your account is now a seller's account: you can list equipment and start auctions.",
} as const;

export const StartSellingSchema = z.object({
  companyName: z.string().trim().max(120, BECOME_SELLER_MESSAGES.companyTooLong).optional().default(""),
  acceptTerms: z.literal("on", { errorMap: () => ({ message: BECOME_SELLER_MESSAGES.acceptTerms }) }),
});

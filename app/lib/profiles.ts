// Public profiles, as the profile page and the service both read them (client-safe).

/** Profile listing pages hold at most this many listings. */
export const PROFILE_LISTINGS_PAGE_SIZE = 12;

/** Profile auction pages hold at most this many auctions. */
export const PROFILE_AUCTIONS_PAGE_SIZE = 12;

/** The seller's response figures look back this far (conversations with activity in the period). */
export const RESPONSE_FIGURES_DAYS = 90;
/** A first message younger than this, not yet answered, is not counted either way: the seller still has time. */
export const RESPONSE_GRACE_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** "within an hour", "within 5 hours", "within 2 days": how quickly a seller usually answers (the median). */
export function formatResponseTime(ms: number | null): string {
  if (ms === null) return "—";
  if (ms <= HOUR_MS) return "within an hour";
  if (ms < 24 * HOUR_MS) return `within ${Math.ceil(ms / HOUR_MS)} hours`;
  const days = Math.ceil(ms / (24 * HOUR_MS));
  return days === 1 ? "within a day" : `within ${days} days`;
}

/** "92%", or "—" before anyone has written. */
export function formatResponseRate(percent: number | null): string {
  return percent === null ? "—" : `${percent}%`;
}

/** Seller verification: the words of the staff form and the service's refusals. */
export const VERIFICATION_MESSAGES = {
  forbidden: "You do not have permission to do this.",
  memberNotFound: "User not found",
  notSeller: "Only sellers can be verified.",
  badDate: "Enter the verification date as YYYY-MM-DD, not in the future.",
  verified: "The seller is marked verified.",
  unverified: "The seller is no longer marked verified.",
} as const;

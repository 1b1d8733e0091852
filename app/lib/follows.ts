// Following a seller: client-safe words and bounds shared by the profile, /watchlist and the service.

/** Sellers one page of the watchlist's Following tab lists. */
export const FOLLOWING_PAGE_SIZE = 24;

export const FOLLOW_MESSAGES = {
  memberNotFound: "User not found",
  notSeller: "Only sellers can be followed.",
  ownProfile: "You cannot follow yourself.",
  followed: "You follow this seller now. You will hear when they list something new.",
  unfollowed: "You no longer follow this seller.",
} as const;

export const FOLLOWED_SELLER_ALERT_TITLE = "New listings from a seller you follow";

/** "Acme Test lists 2 new items" — the notice of a batch of a followed seller's new listings. */
export function followedSellerAlertMessage(count: number, sellerName: string): string {
  return count === 1 ? `${sellerName} listed something new.` : `${sellerName} listed ${count} new items.`;
}

// How much of each kind one member may keep (one member could stall the server with 400 saved searches).
// One table: the services refuse past each bound with its message (a DomainError conflict, beside nothing), confirmed
// or not; signing in past the device bound signs the oldest device out instead of refusing. Pages list these in pages.
// docs/decisions/0065 says how the figures were chosen.

export const MEMBER_LIMITS = {
  savedSearches: {
    max: 50,
    message: "You have saved 50 searches, the most one account can keep. Delete one on your watchlist to save another.",
  },
  watchlist: {
    max: 1000,
    message: "Your watchlist holds 1,000 items, the most one account can keep. Remove one to watch another.",
  },
  follows: {
    max: 500,
    message: "You follow 500 sellers, the most one account can follow. Unfollow one to follow another.",
  },
  listingDrafts: {
    max: 5000,
    message: "You have 5,000 draft listings, the most one account can keep. Publish or delete some drafts first.",
  },
  /** Passkeys registered as a second factor (docs/decisions/0071). */
  passkeys: {
    max: 10,
    message: "You have 10 passkeys, the most one account can keep. Remove one to add another.",
  },
  /** Signing in on one more device signs the one signed in longest ago out (see /profile's signed-in devices). */
  signedInDevices: {
    max: 20,
    message: "You can be signed in on at most 20 devices: the one signed in longest ago was signed out.",
  },
} as const;

export type MemberCollection = keyof typeof MEMBER_LIMITS;

/** Saved searches listed on one page of the watchlist's Saved Searches tab. */
export const SAVED_SEARCHES_PAGE_SIZE = 20;

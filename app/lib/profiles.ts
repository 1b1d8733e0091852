// Public profiles (issue 22), as the profile page and the service both read them (client-safe).

/** Profile listing pages hold at most this many listings. */
export const PROFILE_LISTINGS_PAGE_SIZE = 12;

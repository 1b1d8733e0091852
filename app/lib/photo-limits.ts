// How large a photo may be and how many a listing holds: read by the pickers in the browser and by the server's checks
// (listing photos, the AI wizard's photos), so the two can never disagree.

export const MAX_PHOTO_MB = 10;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
/** Photos one listing may have. */
export const MAX_LISTING_IMAGES = 12;

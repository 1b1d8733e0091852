// Input of the listing detail page: the id in the path and the picture chosen without JavaScript (?image=N).
import { z } from "zod";

export { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";

/** A listing id as it appears in /listings/{id}: digits only, a positive safe integer. */
export const ListingIdParam = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((id) => Number.isSafeInteger(id) && id > 0);

/** ?image=N, 1-based; anything else shows the first (primary) picture. */
export const GalleryImageParam = z.coerce.number().int().min(1).max(1000).catch(1);

export function parseListingId(value: string | undefined): number | null {
  const parsed = ListingIdParam.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/** The 0-based index of the picture to show first, clamped to the pictures there are. */
export function galleryStartIndex(value: string | null, imageCount: number): number {
  if (imageCount === 0) return 0;
  const position = GalleryImageParam.parse(value ?? undefined);
  return Math.min(position, imageCount) - 1;
}

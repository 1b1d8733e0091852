// Input of the listing detail page: the picture chosen without JavaScript (?image=N); the id in the path is read by
// app/web/route-params.server.ts like every route id.
import { z } from "zod";

/** ?image=N, 1-based; anything else shows the first (primary) picture. */
const GalleryImageParam = z.coerce.number().int().min(1).max(1000).catch(1);

/** The 0-based index of the picture to show first, clamped to the pictures there are. */
export function galleryStartIndex(value: string | null, imageCount: number): number {
  if (imageCount === 0) return 0;
  const position = GalleryImageParam.parse(value ?? undefined);
  return Math.min(position, imageCount) - 1;
}

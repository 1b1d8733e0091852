// What the listing form's image picker accepts and says (the server checks the same: 10 MB each, 12 in all).
import type { ImageRules } from "~/components/forms/image-rules.ts";
import { MAX_PHOTO_BYTES, MAX_PHOTO_MB } from "~/lib/photo-limits.ts";

export function listingImageRules(maxFiles: number, existingCount: number): ImageRules {
  return { room: Math.max(0, maxFiles - existingCount), maxFileBytes: MAX_PHOTO_BYTES, tooMany: `A listing can have at most ${maxFiles} images` };
}

export function listingImageHelp(maxFiles: number, existingCount: number): string {
  const room = Math.max(0, maxFiles - existingCount);
  return (
    `JPEG, PNG, WebP, GIF and other picture files, up to ${MAX_PHOTO_MB} MB each, at most ${maxFiles} per listing` +
    `${existingCount > 0 ? ` (${room} more can be added)` : ""}. Files with the same name and size are added once.` +
    `${existingCount === 0 ? " The first image is the primary one." : ""}`
  );
}

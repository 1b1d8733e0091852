// Images arriving with a listing form: sizes, the 12-image limit, repeats and content are checked before anything is
// written; the refused files are reported by name beside the image picker.
import type { ListingImage } from "#db/schema.ts";
import type { ReceivedFile } from "../uploads.ts";
import { isImageRefusal } from "../platform/index.server.ts";
import { LISTING_IMAGE_MESSAGES, MAX_LISTING_IMAGES, prepareListingImage, type PreparedImage } from "./listing-images.server.ts";

export interface CheckedUploads {
  /** Converted pictures ready to attach. */
  images: PreparedImage[];
  /** One message per refused file, naming it. */
  errors: string[];
  /** How many files repeated another (same name and size) and were skipped. */
  duplicates: number;
}

/**
 * Checks the files of a form: sizes, the 12-image limit (counting images the listing already has),
 * repeats, and the content (decoded by sharp, never trusted from the name). Nothing is written.
 */
export async function checkListingUploads(files: ReceivedFile[], existingCount = 0): Promise<CheckedUploads> {
  const errors: string[] = [];
  const images: PreparedImage[] = [];
  const fresh = files.filter((file) => file.status !== "duplicate");
  for (const file of fresh) {
    if (file.status === "too_big") errors.push(LISTING_IMAGE_MESSAGES.tooBig(file.name));
  }
  if (existingCount + fresh.length > MAX_LISTING_IMAGES) errors.push(LISTING_IMAGE_MESSAGES.tooMany);
  for (const file of fresh) {
    if (file.status !== "kept" || !file.bytes) continue;
    try {
      images.push(await prepareListingImage({ name: file.name, bytes: file.bytes }));
    } catch (error) {
      // The picture itself was refused (not an image, too many pixels): name the file and go on with the others.
      if (!isImageRefusal(error)) throw error;
      errors.push(`${file.name}: ${error.message}`);
    }
  }
  return { images, errors, duplicates: files.length - fresh.length };
}

/**
 * The rule of withoutDuplicates (same name and same size) for a file still being received, whose bytes
 * may not have been kept: it repeats a file kept earlier in this form or an image the listing already has.
 */
export function repeatsAnImage(
  file: { name: string; size: number },
  kept: ReadonlyArray<{ name: string; size: number }>,
  stored: ReadonlyArray<Pick<ListingImage, "original_name" | "original_size">> = [],
): boolean {
  return kept.some((k) => k.name === file.name && k.size === file.size) || stored.some((s) => s.original_name === file.name && s.original_size === file.size);
}

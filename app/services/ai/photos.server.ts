// The seller's photos as the vision model gets them: turned upright, at most 1024 pixels on the long edge, JPEG,
// as data URLs. A 12-megapixel JPEG is decoded at a fraction of its size (sharp's shrink-on-load); what remains is
// reading the compressed data, about 40 ms of CPU for a 1.6 MB photo, so the photos are shrunk side by side.
import { ANALYSIS_PHOTO_EDGE } from "~/lib/analysis-photo-size.ts";
import { loadSharp, MAX_INPUT_PIXELS } from "~/services/platform/index.server.ts";

// The longest edge sent to the model, ANALYSIS_PHOTO_EDGE, lives in app/lib: the AI wizard's browser shrinks the photos
// to it before upload (decision 0035), so most photos arrive at that size already.
/** Photos read per generation: the first ones (the first is the primary photo). */
const ANALYSIS_MAX_PHOTOS = 4;
const JPEG_QUALITY = 80;
/** Photos shrunk at once (each uses one of libuv's threads). */
const CONCURRENCY = 4;

export interface AnalysisPhoto {
  /** data:image/jpeg;base64,… */
  dataUrl: string;
  width: number;
  height: number;
  /** The JPEG's size in bytes. */
  bytes: number;
}

/** Shrinks already made for these very bytes (the route's check of the photos and the generation share them). */
const shrunk = new WeakMap<Uint8Array, Promise<AnalysisPhoto>>();

/** One photo at most ANALYSIS_PHOTO_EDGE pixels on its long edge; throws if the bytes are not a picture. */
export function analysisPhoto(bytes: Uint8Array): Promise<AnalysisPhoto> {
  let photo = shrunk.get(bytes);
  if (!photo) {
    photo = shrink(bytes);
    shrunk.set(bytes, photo);
  }
  return photo;
}

async function shrink(bytes: Uint8Array): Promise<AnalysisPhoto> {
  const sharp = await loadSharp();
  const input = { limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true };
  // Turning upright costs a tenth of the work, and most photos need none: only when the EXIF orientation says so.
  const { orientation = 1 } = await sharp(bytes, input).metadata();
  let image = sharp(bytes, input);
  if (orientation > 1) image = image.rotate();
  const { data, info } = await image
    .resize(ANALYSIS_PHOTO_EDGE, ANALYSIS_PHOTO_EDGE, { fit: "inside", withoutEnlargement: true, fastShrinkOnLoad: true })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { dataUrl: `data:image/jpeg;base64,${data.toString("base64")}`, width: info.width, height: info.height, bytes: data.length };
}

/** The first ANALYSIS_MAX_PHOTOS photos, shrunk; a photo that cannot be read is left out. */
export async function analysisPhotos(photos: readonly Uint8Array[]): Promise<AnalysisPhoto[]> {
  const chosen = photos.slice(0, ANALYSIS_MAX_PHOTOS);
  const results: Array<AnalysisPhoto | null> = new Array<AnalysisPhoto | null>(chosen.length).fill(null);
  let next = 0;
  async function worker() {
    while (next < chosen.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await analysisPhoto(chosen[index]!);
      } catch {
        results[index] = null;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chosen.length) }, worker));
  return results.filter((photo): photo is AnalysisPhoto => photo !== null);
}

/**
 * The positions of the photos whose content does not decode (a truncated JPEG, a polyglot), for the route to refuse
 * them as the listing form does. The photos the model will see are shrunk once, here, and the generation reuses
 * that work; the others are decoded at a small size.
 */
export async function unreadablePhotos(photos: readonly Uint8Array[]): Promise<number[]> {
  const sharp = await loadSharp();
  const unreadable: number[] = [];
  let next = 0;
  async function worker() {
    while (next < photos.length) {
      const index = next;
      next += 1;
      const bytes = photos[index]!;
      try {
        if (index < ANALYSIS_MAX_PHOTOS) await analysisPhoto(bytes);
        else
          await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true })
            .resize(64, 64, { fit: "inside", fastShrinkOnLoad: true })
            .raw()
            .toBuffer();
      } catch {
        unreadable.push(index);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, photos.length) }, worker));
  return unreadable.sort((a, b) => a - b);
}

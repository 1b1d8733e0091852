// How large a photo the AI wizard sends for analysis: the browser shrinks each photo to what the vision
// model gets — ANALYSIS_PHOTO_EDGE pixels on the long edge, and never more than ANALYSIS_UPLOAD_MAX_PIXELS — before the
// generation request, so the server decodes a fraction of a 12-megapixel photo; the listing itself is made from the
// original files. The browser effect is app/components/ai-wizard/shrink-photo.ts; the server shrinks to the same edge
// (app/services/ai/photos.server.ts) whatever arrives. Decision 0035.

/** The longest edge of a photo the vision model gets (the server's own shrink, and the browser's copy). */
export const ANALYSIS_PHOTO_EDGE = 1024;
/** The ceiling of a copy sent for analysis: 2 megapixels, whatever the model's edge becomes. */
export const ANALYSIS_UPLOAD_MAX_PIXELS = 2_000_000;
/**
 * The copy's format and quality. JPEG: every browser encodes it, and sharp decodes it fastest. 0.9: the server encodes
 * it once more at the same size, so the copy keeps the nameplate's fine print sharp.
 */
export const ANALYSIS_UPLOAD_TYPE = "image/jpeg";
export const ANALYSIS_UPLOAD_QUALITY = 0.9;

export interface TargetSize {
  width: number;
  height: number;
  /** Whether the size differs from the photo's own (false: send the photo as it is). */
  shrunk: boolean;
}

function checkPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${value}`);
}

/**
 * The largest size with the photo's proportions (to within a pixel) whose area is at most `maxPixels`; the photo's
 * own size when it already fits. Never enlarges, never below 1 × 1. Throws RangeError for sizes that are not
 * positive integers.
 */
export function fitWithinPixels(width: number, height: number, maxPixels: number = ANALYSIS_UPLOAD_MAX_PIXELS): TargetSize {
  checkPositiveInteger("width", width);
  checkPositiveInteger("height", height);
  checkPositiveInteger("maxPixels", maxPixels);
  if (width * height <= maxPixels) return { width, height, shrunk: false };
  const scale = Math.sqrt(maxPixels / (width * height));
  let targetWidth = Math.max(1, Math.floor(width * scale));
  let targetHeight = Math.max(1, Math.floor(height * scale));
  // A very thin photo: the short side stays at one pixel, so the long side gives way.
  if (targetWidth * targetHeight > maxPixels) {
    if (targetWidth >= targetHeight) targetWidth = Math.floor(maxPixels / targetHeight);
    else targetHeight = Math.floor(maxPixels / targetWidth);
  }
  return { width: targetWidth, height: targetHeight, shrunk: true };
}

/**
 * The size within both `maxEdge` on the long side and `maxPixels` in area, proportions kept (the short side rounded,
 * as the server's resize rounds it). Never enlarges, never below 1 × 1.
 */
export function fitWithin(width: number, height: number, limits: { maxEdge: number; maxPixels: number }): TargetSize {
  checkPositiveInteger("maxEdge", limits.maxEdge);
  const byPixels = fitWithinPixels(width, height, limits.maxPixels);
  // A one-pixel strip holds at most maxPixels along its length.
  const maxEdge = Math.min(limits.maxEdge, limits.maxPixels);
  if (Math.max(byPixels.width, byPixels.height) <= maxEdge) return byPixels;
  const rounded = Math.round((Math.min(width, height) * maxEdge) / Math.max(width, height));
  const short = Math.max(1, Math.min(rounded, Math.floor(limits.maxPixels / maxEdge)));
  return width >= height ? { width: maxEdge, height: short, shrunk: true } : { width: short, height: maxEdge, shrunk: true };
}

/** The size of the copy the wizard sends for analysis: the model's edge, at most 2 megapixels. */
export function analysisUploadSize(width: number, height: number): TargetSize {
  return fitWithin(width, height, { maxEdge: ANALYSIS_PHOTO_EDGE, maxPixels: ANALYSIS_UPLOAD_MAX_PIXELS });
}

// How large a photo the AI wizard sends for analysis (issue 17 §6): the browser shrinks each photo to at most
// ANALYSIS_UPLOAD_MAX_PIXELS before the generation request, so the server decodes a fraction of a 12-megapixel
// photo; the listing itself is made from the original files. The browser effect is
// app/components/ai-wizard/shrink-photo.ts; this is the pure rule it follows.

/** Pixels of a photo sent for analysis: 2 megapixels (the model sees at most 1024 px on the long edge). */
export const ANALYSIS_UPLOAD_MAX_PIXELS = 2_000_000;
/** The shrunk copy's format and quality (JPEG: every browser encodes it, and sharp decodes it fastest). */
export const ANALYSIS_UPLOAD_TYPE = "image/jpeg";
export const ANALYSIS_UPLOAD_QUALITY = 0.85;

export interface TargetSize {
  width: number;
  height: number;
  /** Whether the size differs from the photo's own (false: send the photo as it is). */
  shrunk: boolean;
}

/**
 * The largest size with the photo's proportions (to within a pixel) whose area is at most `maxPixels`; the photo's
 * own size when it already fits. Never enlarges, never below 1 × 1. Throws RangeError for sizes that are not
 * positive integers.
 */
export function fitWithinPixels(width: number, height: number, maxPixels: number = ANALYSIS_UPLOAD_MAX_PIXELS): TargetSize {
  for (const [name, value] of [
    ["width", width],
    ["height", height],
    ["maxPixels", maxPixels],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${value}`);
  }
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

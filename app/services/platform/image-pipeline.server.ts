// Uploaded pictures in, safe WebP out: the content is read by sharp (never trusted from the file name),
// decompression bombs are refused before decoding, EXIF is dropped and the picture is turned upright.
import sharp from "sharp";

/** Formats we accept, as sharp names them. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff", "heif"]);
/** 60 megapixels: more than any camera a seller uses, far less than a pixel bomb. */
export const MAX_INPUT_PIXELS = 60_000_000;

export const IMAGE_MESSAGES = {
  notAnImage: "Only image files are accepted",
  tooManyPixels: "This image is too large to process (over 60 megapixels)",
} as const;

export class ImageRejectedError extends Error {}

/** Throws ImageRejectedError unless the bytes are a picture of an accepted format and size. */
export async function inspectImage(bytes: Uint8Array): Promise<{ format: string; width: number; height: number }> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  }
  const { format, width, height } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) {
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  }
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError(IMAGE_MESSAGES.tooManyPixels);
  return { format, width, height };
}

export interface WebpRendition {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Decodes, turns upright, strips metadata and re-encodes within `maxEdge` pixels. */
export async function toWebp(bytes: Uint8Array, maxEdge: number, quality = 80): Promise<WebpRendition> {
  try {
    const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(maxEdge, maxEdge, { fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // A file whose header reads as an image but whose body does not decode (a polyglot, a truncated file).
    throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  }
}

// Uploaded pictures in, safe WebP out: the content is read by sharp (never trusted from the file name),
// decompression bombs are refused before decoding, EXIF is dropped and the picture is turned upright.
import type sharp from "sharp";
import { DomainError, isDomainError } from "../domain-error.ts";

let sharpModule: Promise<typeof sharp> | undefined;

/**
 * sharp (libvips), loaded when the first picture arrives rather than when the server starts: most requests never
 * touch a picture (start fast).
 */
export function loadSharp(): Promise<typeof sharp> {
  sharpModule ??= import("sharp").then((module) => module.default);
  return sharpModule;
}

/** Formats we accept, as sharp names them. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff", "heif"]);
/** 60 megapixels: more than any camera a seller uses, far less than a pixel bomb. */
export const MAX_INPUT_PIXELS = 60_000_000;

export const IMAGE_MESSAGES = {
  notAnImage: "Only image files are accepted",
  tooManyPixels: "This image is too large to process (over 60 megapixels)",
} as const;

/** The codes of a refused picture, for callers that word the refusal their own way (naming the file). */
export const IMAGE_REFUSAL_CODES = { notAnImage: "not_an_image", tooManyPixels: "too_many_pixels" } as const;

function notAnImage(): DomainError {
  return new DomainError("invalid", IMAGE_MESSAGES.notAnImage, { code: IMAGE_REFUSAL_CODES.notAnImage });
}

/** Whether `error` is the refusal of a picture (not an image, too many pixels) rather than a failure. */
export function isImageRefusal(error: unknown): error is DomainError {
  return isDomainError(error) && (error.code === IMAGE_REFUSAL_CODES.notAnImage || error.code === IMAGE_REFUSAL_CODES.tooManyPixels);
}

/** Refuses (DomainError "invalid") unless the bytes are a picture of an accepted format and size. */
export async function inspectImage(bytes: Uint8Array): Promise<{ format: string; width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { format, width, height } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) {
    throw notAnImage();
  }
  if (width * height > MAX_INPUT_PIXELS) throw new DomainError("invalid", IMAGE_MESSAGES.tooManyPixels, { code: IMAGE_REFUSAL_CODES.tooManyPixels });
  return { format, width, height };
}

export interface WebpRendition {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Decodes, turns upright, strips metadata and re-encodes within `maxEdge` pixels. */
export async function toWebp(bytes: Uint8Array, maxEdge: number, quality = 80): Promise<WebpRendition> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(maxEdge, maxEdge, { fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // A file whose header reads as an image but whose body does not decode (a polyglot, a truncated file).
    throw notAnImage();
  }
}

// Listing pictures: stored as WebP (≤ 1600 px) plus a 400 px thumbnail in the upload store under the key
// listings/{listingId}/{random}.webp, never overwriting; the first picture of a listing is primary.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database, ListingImage } from "#db/schema.ts";
import { MAX_LISTING_IMAGES, MAX_PHOTO_BYTES } from "~/lib/photo-limits.ts";
import { inspectImage, toWebp } from "../platform/index.server.ts";
import type { UploadStore } from "../storage/index.server.ts";

export { MAX_LISTING_IMAGES };
export const MAX_IMAGE_BYTES = MAX_PHOTO_BYTES;
export const FULL_IMAGE_EDGE = 1600;
export const THUMBNAIL_EDGE = 400;
const LISTING_IMAGE_URL_PREFIX = "/uploads/listings/";
/** docs/product/listings.md#photos: pictures are cached for 3600 s (the app's route and, on object storage, the object's own header). */
export const LISTING_IMAGE_CACHE_CONTROL = "public, max-age=3600";

export const LISTING_IMAGE_MESSAGES = {
  tooBig: (name: string) => `${name} is larger than 10 MB`,
  tooMany: `A listing can have at most ${MAX_LISTING_IMAGES} images`,
} as const;

export interface ImageUpload {
  /** The file name as the browser sent it. */
  name: string;
  bytes: Uint8Array;
}

export interface PreparedImage {
  name: string;
  size: number;
  full: { bytes: Buffer; width: number; height: number };
  thumbnail: { bytes: Buffer };
}

/** Checks and converts one upload; refuses (isImageRefusal) with the user's message. */
export async function prepareListingImage(upload: ImageUpload): Promise<PreparedImage> {
  await inspectImage(upload.bytes);
  const full = await toWebp(upload.bytes, FULL_IMAGE_EDGE);
  const thumbnail = await toWebp(full.bytes, THUMBNAIL_EDGE, 75);
  return { name: upload.name, size: upload.bytes.byteLength, full, thumbnail: { bytes: thumbnail.bytes } };
}

/** The store folder of a listing's pictures. */
function listingPrefix(listingId: number): string {
  return `listings/${listingId}/`;
}

/**
 * Writes prepared images under the listing's folder of the store and inserts their rows after the existing ones (the
 * first becomes primary only if the listing has none), inside the caller's transaction. Every key written is pushed
 * to `written` at once, so a caller whose transaction fails removes exactly those files.
 */
export async function storeListingImages(
  trx: Kysely<Database>,
  uploads: UploadStore,
  listingId: number,
  images: PreparedImage[],
  written: string[],
): Promise<void> {
  if (images.length === 0) return;
  const existing = await trx
    .selectFrom("equipment_images")
    .select((eb) => [eb.fn.max("position").as("last"), eb.fn.max("is_primary").as("has_primary")])
    .where("listing_id", "=", listingId)
    .executeTakeFirst();
  let position = existing?.last === null || existing?.last === undefined ? 0 : Number(existing.last) + 1;
  let needsPrimary = !existing?.has_primary;
  for (const image of images) {
    const id = crypto.randomUUID();
    const full = listingImageKey(String(listingId), `${id}.webp`);
    const thumbnail = listingImageKey(String(listingId), `${id}-thumb.webp`);
    if (!full || !thumbnail) throw new Error(`No image key for listing ${listingId}`);
    // A fresh random name each time: nothing is ever overwritten.
    const stored = { contentType: "image/webp", cacheControl: LISTING_IMAGE_CACHE_CONTROL };
    written.push(full);
    await uploads.put(full, image.full.bytes, stored);
    written.push(thumbnail);
    await uploads.put(thumbnail, image.thumbnail.bytes, stored);
    await trx
      .insertInto("equipment_images")
      .values({
        listing_id: listingId,
        url: `${LISTING_IMAGE_URL_PREFIX}${listingId}/${id}.webp`,
        thumbnail_url: `${LISTING_IMAGE_URL_PREFIX}${listingId}/${id}-thumb.webp`,
        width: image.full.width,
        height: image.full.height,
        is_primary: needsPrimary ? 1 : 0,
        position: position++,
        original_name: image.name,
        original_size: image.size,
      })
      .execute();
    needsPrimary = false;
  }
}

/**
 * Removes files written by a transaction that then failed (on the disk, their folder too when nothing else is in it:
 * files of another save to the same listing stay). A key pushed just before a put that failed is removed as well.
 */
async function removeWrittenFiles(uploads: UploadStore, keys: string[]): Promise<void> {
  for (const key of keys) await uploads.delete(key).catch(() => undefined);
}

/** Runs `work` in one write transaction; if anything fails, the files it wrote to `uploads` are removed again. */
export async function withFilesInTransaction<T>(
  db: Kysely<Database>,
  uploads: UploadStore,
  work: (trx: Kysely<Database>, written: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await inWriteTransaction(db, async (trx) => {
      // PostgreSQL may roll an attempt back (serialization failure) and run `work` again: the files the rolled-back
      // attempt wrote name no row, so they go before the next attempt writes its own.
      await removeWrittenFiles(uploads, written.splice(0));
      return work(trx, written);
    });
  } catch (error) {
    await removeWrittenFiles(uploads, written);
    throw error;
  }
}

/** Stores prepared images for a listing in their own write transaction (the demo seed; forms use storeListingImages). */
export async function attachListingImages(db: Kysely<Database>, uploads: UploadStore, listingId: number, images: PreparedImage[]): Promise<void> {
  await withFilesInTransaction(db, uploads, (trx, written) => storeListingImages(trx, uploads, listingId, images, written));
}

export async function listListingImages(db: Kysely<Database>, listingId: number): Promise<ListingImage[]> {
  return db.selectFrom("equipment_images").selectAll().where("listing_id", "=", listingId).orderBy("position").orderBy("id").execute();
}

/** Removes a listing's whole picture folder (after the listing is deleted). */
export async function removeListingImageFiles(uploads: UploadStore, listingId: number): Promise<void> {
  await uploads.deletePrefix(listingPrefix(listingId));
}

/** The store key behind a public image path, or null for anything that is not one of ours. */
export function listingImageKey(listingId: string, name: string): string | null {
  if (!/^\d+$/.test(listingId) || !/^[0-9a-f-]{36}(-thumb)?\.webp$/.test(name)) return null;
  return `listings/${listingId}/${name}`;
}

/** The store key of a stored image row's address (for removal). */
export function imageKeyOf(url: string): string | null {
  if (!url.startsWith(LISTING_IMAGE_URL_PREFIX)) return null;
  const [listingId, name, ...rest] = url.slice(LISTING_IMAGE_URL_PREFIX.length).split("/");
  return rest.length > 0 ? null : listingImageKey(listingId ?? "", name ?? "");
}

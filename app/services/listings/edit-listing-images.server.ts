// The image manager of the edit form: remove an image, move it, make it the cover. Owner or admin.
import type { Kysely } from "kysely";
import type { Database, ListingImage } from "#db/schema.ts";
import type { UploadStore } from "../storage/index.server.ts";
import { imageKeyOf, listListingImages } from "./listing-images.server.ts";
import { findEditableListing, listingNotFound, type Actor } from "./listing-policy.server.ts";

async function touch(db: Kysely<Database>, listingId: number): Promise<void> {
  await db.updateTable("equipment_listings").set({ updated_at: new Date().toISOString() }).where("id", "=", listingId).execute();
}

async function imagesOf(db: Kysely<Database>, actor: Actor, listingId: number, imageId: number) {
  await findEditableListing(db, actor, listingId);
  const images = await listListingImages(db, listingId);
  const index = images.findIndex((image) => image.id === imageId);
  if (index < 0) throw listingNotFound();
  return { images, index };
}

/** Writes positions 0..n-1 in the given order. */
async function renumber(db: Kysely<Database>, ordered: ListingImage[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, image] of ordered.entries()) {
      await trx.updateTable("equipment_images").set({ position }).where("id", "=", image.id).execute();
    }
  });
}

/** Removes one image and its files; if it was the primary one, the first remaining image becomes primary. */
export async function removeListingImage(db: Kysely<Database>, uploads: UploadStore, actor: Actor, listingId: number, imageId: number): Promise<void> {
  const { images, index } = await imagesOf(db, actor, listingId, imageId);
  const image = images[index]!;
  const rest = images.filter((other) => other.id !== imageId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("equipment_images").where("id", "=", imageId).execute();
    if (image.is_primary && rest[0]) {
      await trx.updateTable("equipment_images").set({ is_primary: 1 }).where("id", "=", rest[0].id).execute();
    }
  });
  await renumber(db, rest);
  await touch(db, listingId);
  for (const url of [image.url, image.thumbnail_url]) {
    const key = imageKeyOf(url);
    if (key) await uploads.delete(key);
  }
}

/** Moves an image one place earlier or later in the gallery. */
export async function moveListingImage(db: Kysely<Database>, actor: Actor, listingId: number, imageId: number, direction: "up" | "down"): Promise<void> {
  const { images, index } = await imagesOf(db, actor, listingId, imageId);
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= images.length) return;
  const ordered = [...images];
  [ordered[index], ordered[target]] = [ordered[target]!, ordered[index]!];
  await renumber(db, ordered);
  await touch(db, listingId);
}

/** Makes one image the primary (cover) image of its listing. */
export async function setPrimaryListingImage(db: Kysely<Database>, actor: Actor, listingId: number, imageId: number): Promise<void> {
  await imagesOf(db, actor, listingId, imageId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("equipment_images").set({ is_primary: 0 }).where("listing_id", "=", listingId).execute();
    await trx.updateTable("equipment_images").set({ is_primary: 1 }).where("id", "=", imageId).execute();
  });
  await touch(db, listingId);
}

// Creating, editing and deleting listings, and who may do it (spec 01 §5 Ownership, Images; §6).
// The owner edits and deletes; admins may edit too (docs/decisions/0005-listing-ownership.md).
import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import type { Database, Listing, ListingImage } from "#db/schema.ts";
import { centsToInput } from "~/lib/money.ts";
import { isAdminRole, type Role } from "~/lib/roles.ts";
import type { ReceivedFile } from "~/lib/multipart.server.ts";
import { LISTING_MESSAGES, type EditableStatus, type ListingInput } from "~/schemas/listing.ts";
import { ImageRejectedError } from "./image-pipeline.server.ts";
import {
  attachListingImages,
  imageFileOf,
  LISTING_IMAGE_MESSAGES,
  listListingImages,
  MAX_LISTING_IMAGES,
  prepareListingImage,
  removeListingImageFiles,
  type PreparedImage,
} from "./listing-images.server.ts";

/** Who is acting: the signed-in user's id and role. */
export interface Actor {
  id: string;
  role: Role;
}

export class ListingNotFoundError extends Error {
  constructor() {
    super(LISTING_MESSAGES.notFound);
  }
}

/** The actor may not do this to the listing; the message is the spec's. */
export class ListingPermissionError extends Error {}

/** A field the schema cannot check alone (the category must exist). */
export class ListingFieldError extends Error {
  constructor(
    readonly field: "categoryId",
    message: string,
  ) {
    super(message);
  }
}

/** Too many images for one listing. */
export class ListingImageLimitError extends Error {
  constructor() {
    super(LISTING_IMAGE_MESSAGES.tooMany);
  }
}

export function canEditListing(actor: Actor, listing: Pick<Listing, "user_id">): boolean {
  return listing.user_id === actor.id || isAdminRole(actor.role);
}

/** Only the owner deletes (spec 01 §5, §6). */
export function canDeleteListing(actor: Actor, listing: Pick<Listing, "user_id">): boolean {
  return listing.user_id === actor.id;
}

async function findListing(db: Kysely<Database>, listingId: number): Promise<Listing> {
  if (!Number.isSafeInteger(listingId) || listingId <= 0) throw new ListingNotFoundError();
  const listing = await db.selectFrom("equipment_listings").selectAll().where("id", "=", listingId).executeTakeFirst();
  if (!listing) throw new ListingNotFoundError();
  return listing;
}

/** The listing if `actor` may edit it; ListingNotFoundError or ListingPermissionError otherwise. */
export async function findEditableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canEditListing(actor, listing)) throw new ListingPermissionError(LISTING_MESSAGES.updateForbidden);
  return listing;
}

/** The listing if `actor` may delete it; ListingNotFoundError or ListingPermissionError otherwise. */
export async function findDeletableListing(db: Kysely<Database>, actor: Actor, listingId: number): Promise<Listing> {
  const listing = await findListing(db, listingId);
  if (!canDeleteListing(actor, listing)) throw new ListingPermissionError(LISTING_MESSAGES.deleteForbidden);
  return listing;
}

export interface ListingForEdit {
  listing: Listing;
  images: ListingImage[];
  /** Whether the actor may also delete it (the owner). */
  canDelete: boolean;
}

export async function getListingForEdit(db: Kysely<Database>, actor: Actor, listingId: number): Promise<ListingForEdit> {
  const listing = await findEditableListing(db, actor, listingId);
  return { listing, images: await listListingImages(db, listingId), canDelete: canDeleteListing(actor, listing) };
}

async function assertCategoryExists(db: Kysely<Database>, categoryId: string): Promise<void> {
  const found = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!found) throw new ListingFieldError("categoryId", LISTING_MESSAGES.categoryUnknown);
}

/** Whether the category id names a category (for checking a form before anything is written). */
export async function categoryExists(db: Kysely<Database>, categoryId: string): Promise<boolean> {
  const found = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  return Boolean(found);
}

function listingColumns(input: ListingInput) {
  return {
    title: input.title,
    description: input.description,
    brand: input.brand,
    model: input.model,
    category_id: input.categoryId,
    condition: input.condition,
    listing_type: input.listingType,
    price_cents: input.priceCents,
    // Hybrid listings carry a separate buy-now price; buy_now listings keep it empty (spec 01 §3).
    buy_now_price_cents: null,
    currency: input.currency,
    location: input.location,
    year: input.year,
    serial_number: input.serialNumber,
    specifications: JSON.stringify(Object.fromEntries(input.specifications)),
    features: JSON.stringify(input.features),
    test_level: input.testLevel,
    calibration_date: input.calibrationDate,
    calibration_due: input.calibrationDue,
    calibration_accredited: input.calibrationAccredited ? 1 : 0,
    installed_options: input.installedOptions,
  };
}

// ------------------------------------------------------------------------------------------------
// Images arriving with a form

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
      if (!(error instanceof ImageRejectedError)) throw error;
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
  return (
    kept.some((k) => k.name === file.name && k.size === file.size) ||
    stored.some((s) => s.original_name === file.name && s.original_size === file.size)
  );
}

// ------------------------------------------------------------------------------------------------
// Create, update, delete

/**
 * Creates a listing and stores its images (the first becomes primary). If storing the images fails,
 * the listing is removed again, so a failed creation leaves nothing behind.
 */
export async function createListing(
  db: Kysely<Database>,
  uploadsDir: string,
  userId: string,
  input: ListingInput,
  images: PreparedImage[],
  status: "draft" | "active" = "active",
): Promise<number> {
  if (images.length > MAX_LISTING_IMAGES) throw new ListingImageLimitError();
  await assertCategoryExists(db, input.categoryId);
  const row = await db
    .insertInto("equipment_listings")
    .values({ user_id: userId, ...listingColumns(input), status, ai_generated: 0, is_featured: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  try {
    await attachListingImages(db, uploadsDir, row.id, images);
  } catch (error) {
    await db.deleteFrom("equipment_listings").where("id", "=", row.id).execute();
    await removeListingImageFiles(uploadsDir, row.id);
    throw error;
  }
  return row.id;
}

/**
 * Saves the edit form: every field, the status (a sold listing stays sold) and new images appended after
 * the existing ones (the first becomes primary only if the listing had none).
 */
export async function updateListing(
  db: Kysely<Database>,
  uploadsDir: string,
  actor: Actor,
  listingId: number,
  input: ListingInput,
  options: { status?: EditableStatus; images?: PreparedImage[] } = {},
): Promise<void> {
  const listing = await findEditableListing(db, actor, listingId);
  const images = options.images ?? [];
  const existing = await listListingImages(db, listingId);
  if (existing.length + images.length > MAX_LISTING_IMAGES) throw new ListingImageLimitError();
  await assertCategoryExists(db, input.categoryId);
  const status = listing.status === "sold" ? "sold" : (options.status ?? listing.status);
  await db
    .updateTable("equipment_listings")
    .set({ ...listingColumns(input), status, updated_at: new Date().toISOString() })
    .where("id", "=", listingId)
    .execute();
  await attachListingImages(db, uploadsDir, listingId, images);
}

/** Deletes a listing (images, views and watchlist rows go with it) and its picture folder. Owner only. */
export async function deleteListing(db: Kysely<Database>, uploadsDir: string, actor: Actor, listingId: number): Promise<void> {
  await findDeletableListing(db, actor, listingId);
  await db.deleteFrom("equipment_listings").where("id", "=", listingId).execute();
  await removeListingImageFiles(uploadsDir, listingId);
}

// ------------------------------------------------------------------------------------------------
// The image manager of the edit form

async function touch(db: Kysely<Database>, listingId: number): Promise<void> {
  await db.updateTable("equipment_listings").set({ updated_at: new Date().toISOString() }).where("id", "=", listingId).execute();
}

async function imagesOf(db: Kysely<Database>, actor: Actor, listingId: number, imageId: number) {
  await findEditableListing(db, actor, listingId);
  const images = await listListingImages(db, listingId);
  const index = images.findIndex((image) => image.id === imageId);
  if (index < 0) throw new ListingNotFoundError();
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
export async function removeListingImage(
  db: Kysely<Database>,
  uploadsDir: string,
  actor: Actor,
  listingId: number,
  imageId: number,
): Promise<void> {
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
    const file = imageFileOf(uploadsDir, url);
    if (file) await fs.rm(file, { force: true });
  }
}

/** Moves an image one place earlier or later in the gallery. */
export async function moveListingImage(
  db: Kysely<Database>,
  actor: Actor,
  listingId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<void> {
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

// ------------------------------------------------------------------------------------------------
// Reading stored values back into the form

/** A stored listing as the edit form's default values. */
export function listingFormDefaults(listing: Listing) {
  const specifications = parseSpecifications(listing.specifications);
  const features = parseFeatures(listing.features);
  return {
    title: listing.title,
    description: listing.description,
    categoryId: listing.category_id,
    listingType: listing.listing_type,
    price: centsToInput(listing.price_cents),
    currency: listing.currency,
    condition: listing.condition,
    brand: listing.brand,
    model: listing.model,
    location: listing.location,
    year: listing.year === null ? "" : String(listing.year),
    serialNumber: listing.serial_number,
    features,
    specifications: specifications.map(([key, value]) => ({ key, value })),
    testLevel: listing.test_level ?? "",
    calibrationDate: listing.calibration_date ?? "",
    calibrationDue: listing.calibration_due ?? "",
    calibrationAccredited: listing.calibration_accredited ? "on" : undefined,
    installedOptions: listing.installed_options,
    status: listing.status,
  };
}

export function parseSpecifications(text: string): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return [];
    return Object.entries(value).map(([key, v]) => [key, String(v)]);
  } catch {
    return [];
  }
}

export function parseFeatures(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

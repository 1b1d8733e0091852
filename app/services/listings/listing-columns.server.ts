// The listing form's values as equipment_listings columns, and the one rule the schema cannot check alone: the
// category must exist. Shared by creating and updating a listing.
import type { Kysely } from "kysely";
import type { Database, EquipmentListingsTable } from "#db/schema.ts";
import { LISTING_MESSAGES, type ListingInput } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";

/** Whether the category id names a category (for checking a form before anything is written). */
export async function categoryExists(db: Kysely<Database>, categoryId: string): Promise<boolean> {
  const found = await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  return Boolean(found);
}

export async function assertCategoryExists(db: Kysely<Database>, categoryId: string): Promise<void> {
  if (!(await categoryExists(db, categoryId))) throw new DomainError("invalid", LISTING_MESSAGES.categoryUnknown, { field: "categoryId" });
}

export function listingColumns(input: ListingInput) {
  return {
    title: input.title,
    description: input.description,
    brand: input.brand,
    model: input.model,
    category_id: input.categoryId,
    condition: input.condition,
    listing_type: input.listingType,
    // Auction and hybrid listings: the auction's starting price (docs/product/listings.md#listing-types).
    price_cents: input.priceCents,
    // Only hybrid listings carry a separate buy-now price.
    buy_now_price_cents: input.listingType === "hybrid" ? (input.buyNowPriceCents ?? input.auction?.buyNowPriceCents ?? null) : null,
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

/** Too many images for one listing (the field is the form's image picker). */
export function tooManyImages(message: string): DomainError {
  return new DomainError("invalid", message, { field: "images", code: "too_many_images" });
}

/**
 * Every column of a listing row that the application reads, for selecting a whole listing. Not `selectAll()`: on
 * PostgreSQL the table also holds the search index's generated `search_vector` (migration 2026-11-26T0900), which
 * no caller wants carried around (or sent to a browser).
 */
export const LISTING_ROW_COLUMNS = [
  "id",
  "user_id",
  "title",
  "description",
  "brand",
  "model",
  "category_id",
  "condition",
  "listing_type",
  "price_cents",
  "buy_now_price_cents",
  "currency",
  "location",
  "year",
  "serial_number",
  "specifications",
  "features",
  "status",
  "ai_generated",
  "comparable_listings",
  "views",
  "is_featured",
  "featured_until",
  "test_level",
  "calibration_date",
  "calibration_due",
  "calibration_accredited",
  "installed_options",
  "created_at",
  "updated_at",
] as const satisfies ReadonlyArray<keyof EquipmentListingsTable>;

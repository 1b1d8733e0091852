// One listing as its detail page shows it: images, seller, category chain, and who may see it.
import { isCalibrationOverdue } from "~/lib/calibration.ts";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";
import { fromTemplate } from "#db/query-templates.ts";
import { listingActor, ownerOrManager, visibleTo, type Actor } from "./listing-policy.server.ts";

/** How many related listings the detail page offers (docs/product/listings.md#search-and-browse). */
const RELATED_LISTINGS = 4;

/** Who is looking: the signed-in user's id and role (the listing policy's actor). */
export type ListingViewer = Actor;

export interface ListingDetailImage {
  id: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  isPrimary: boolean;
}

export interface ListingDetailCategory {
  id: string;
  name: string;
}

export interface ListingSeller {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string;
  avatarUrl: string | null;
  isVerified: boolean;
  /** The seller's rating from buyers' published reviews: how many, and the mean (null with none). */
  ratingCount: number;
  ratingAverage: number | null;
}

/** The published, not hidden reviews buyers gave the listing's seller (correlated with the listing row `l`). */
function sellerReviews(eb: ExpressionBuilder<Database & { l: Database["equipment_listings"] }, "l">) {
  return eb
    .selectFrom("reviews as rv")
    .whereRef("rv.reviewed_id", "=", "l.user_id")
    .where("rv.reviewer_role", "=", "buyer")
    .where("rv.published_at", "is not", null)
    .where("rv.hidden_at", "is", null);
}

export interface ListingDetail {
  id: number;
  ownerId: string;
  title: string;
  description: string;
  brand: string;
  model: string;
  categoryId: string;
  /** Main category → subcategory → item, as far as the listing's category goes. */
  categoryPath: ListingDetailCategory[];
  condition: string;
  listingType: string;
  priceCents: number;
  buyNowPriceCents: number | null;
  currency: string;
  location: string;
  year: number | null;
  serialNumber: string;
  /** Name/value rows in the seller's order. */
  specifications: Array<{ name: string; value: string }>;
  features: string[];
  status: string;
  views: number;
  isFeatured: boolean;
  testLevel: string | null;
  calibrationDate: string | null;
  calibrationDue: string | null;
  /** The due date is past (server clock): the page flags it. */
  calibrationOverdue: boolean;
  calibrationAccredited: boolean;
  installedOptions: string;
  createdAt: string;
  updatedAt: string;
  /** The primary image first, then the others in their order. */
  images: ListingDetailImage[];
  seller: ListingSeller;
}

/** Owner or a holder of can_manage_listings: may open the edit screen. */
export async function canManageListing(db: Kysely<Database>, listing: { ownerId: string }, viewer: ListingViewer | null): Promise<boolean> {
  return ownerOrManager(listing, await listingActor(db, viewer));
}

function parseSpecifications(text: string): Array<{ name: string; value: string }> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([name, value]) => name.trim() !== "" && value !== null && value !== undefined && String(value).trim() !== "")
      .map(([name, value]) => ({ name: name.trim(), value: String(value).trim() }));
  } catch {
    return [];
  }
}

function parseFeatures(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((line): line is string => typeof line === "string" && line.trim() !== "").map((line) => line.trim());
  } catch {
    return [];
  }
}

/**
 * The listing with id `id` as `viewer` may see it, or null when there is none or it is hidden from them.
 * Three queries, run side by side: the listing with its seller and category chain, its images, and the viewer's
 * permissions.
 */
export async function getListingDetail(db: Kysely<Database>, id: number, viewer: ListingViewer | null): Promise<ListingDetail | null> {
  const [row, images, acting] = await Promise.all([
    db
      .selectFrom("equipment_listings as l")
      .innerJoin("profiles as seller", "seller.id", "l.user_id")
      .leftJoin("categories as item", "item.id", "l.category_id")
      .leftJoin("categories as parent", "parent.id", "item.parent_id")
      .leftJoin("categories as grandparent", "grandparent.id", "parent.parent_id")
      .select((eb) => [
        "l.id",
        "l.user_id",
        "l.title",
        "l.description",
        "l.brand",
        "l.model",
        "l.category_id",
        "l.condition",
        "l.listing_type",
        "l.price_cents",
        "l.buy_now_price_cents",
        "l.currency",
        "l.location",
        "l.year",
        "l.serial_number",
        "l.specifications",
        "l.features",
        "l.status",
        "l.views",
        "l.is_featured",
        "l.test_level",
        "l.calibration_date",
        "l.calibration_due",
        "l.calibration_accredited",
        "l.installed_options",
        "l.created_at",
        "l.updated_at",
        "seller.first_name as seller_first_name",
        "seller.last_name as seller_last_name",
        "seller.company_name as seller_company_name",
        "seller.avatar_url as seller_avatar_url",
        "seller.is_verified as seller_is_verified",
        "item.id as category_id_0",
        "item.name as category_name_0",
        "parent.id as category_id_1",
        "parent.name as category_name_1",
        "grandparent.id as category_id_2",
        "grandparent.name as category_name_2",
        // The seller's rating in the same query: the reviews index (reviewed_id, published_at) answers it.
        sellerReviews(eb)
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .as("seller_rating_count"),
        sellerReviews(eb)
          .select(sql<number | null>`round(avg(rv.rating), 2)`.as("a"))
          .as("seller_rating_average"),
      ])
      .where("l.id", "=", id)
      .executeTakeFirst(),
    db
      .selectFrom("equipment_images")
      .select(["id", "url", "thumbnail_url", "width", "height", "is_primary"])
      .where("listing_id", "=", id)
      .orderBy("is_primary", "desc")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    listingActor(db, viewer),
  ]);
  if (!row || !visibleTo({ status: row.status, ownerId: row.user_id }, acting)) return null;

  const categoryPath: ListingDetailCategory[] = [];
  for (const [categoryId, name] of [
    [row.category_id_2, row.category_name_2],
    [row.category_id_1, row.category_name_1],
    [row.category_id_0, row.category_name_0],
  ] as const) {
    if (categoryId && name) categoryPath.push({ id: categoryId, name });
  }

  return {
    id: row.id,
    ownerId: row.user_id,
    title: row.title,
    description: row.description,
    brand: row.brand,
    model: row.model,
    categoryId: row.category_id,
    categoryPath,
    condition: row.condition,
    listingType: row.listing_type,
    priceCents: row.price_cents,
    buyNowPriceCents: row.buy_now_price_cents,
    currency: row.currency,
    location: row.location,
    year: row.year,
    serialNumber: row.serial_number,
    specifications: parseSpecifications(row.specifications),
    features: parseFeatures(row.features),
    status: row.status,
    views: row.views,
    isFeatured: row.is_featured === 1,
    testLevel: row.test_level,
    calibrationDate: row.calibration_date,
    calibrationDue: row.calibration_due,
    calibrationOverdue: isCalibrationOverdue(row.calibration_due),
    calibrationAccredited: row.calibration_accredited === 1,
    installedOptions: row.installed_options,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: images.map((image) => ({
      id: image.id,
      url: image.url,
      thumbnailUrl: image.thumbnail_url,
      width: image.width,
      height: image.height,
      isPrimary: image.is_primary === 1,
    })),
    seller: {
      id: row.user_id,
      firstName: row.seller_first_name,
      lastName: row.seller_last_name,
      companyName: row.seller_company_name,
      avatarUrl: row.seller_avatar_url,
      isVerified: row.seller_is_verified === 1,
      ratingCount: Number(row.seller_rating_count ?? 0),
      ratingAverage: row.seller_rating_average === null ? null : Number(row.seller_rating_average),
    },
  };
}

/** Up to `limit` other active listings of the same category, newest first. */
export async function relatedListings(
  db: Kysely<Database>,
  listing: { id: number; categoryId: string },
  limit: number = RELATED_LISTINGS,
): Promise<ListingCardData[]> {
  // Compiled once per limit (db/query-templates.ts): building it cost more than running it.
  const query = fromTemplate(db, `related listings, ${limit}`, ["string", "number"], [listing.categoryId, listing.id], (database, [categoryId, id]) =>
    selectListingCards(database)
      .where("l.status", "=", "active")
      .where("l.category_id", "=", categoryId as string)
      .where("l.id", "!=", id as number)
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc")
      .limit(limit),
  );
  const { rows } = await db.executeQuery(query);
  return rows.map(toListingCard);
}

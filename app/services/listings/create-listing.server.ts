// Creating a listing (docs/product/listings.md#listing-types): an auction or hybrid listing and its auction are written in one transaction
// with the listing's images: all or nothing (docs/product/listings.md#states describes an old product that only logged a failed auction;
// this one never leaves half).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isAuctionListingType, LISTING_MESSAGES, type ListingInput } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";
import { auctionSettingsOf, insertAuction } from "./listing-auction.server.ts";
import type { ListingPublished } from "./listing-published.server.ts";
import { assertCategoryExists, listingColumns, tooManyImages } from "./listing-columns.server.ts";
import type { UploadStore } from "../storage/index.server.ts";
import { LISTING_IMAGE_MESSAGES, MAX_LISTING_IMAGES, storeListingImages, withFilesInTransaction, type PreparedImage } from "./listing-images.server.ts";
import { assertRoomFor } from "../member-limits.server.ts";

/** What a listing made with the AI wizard adds to storeNewListing (app/services/ai/ai-listing-create.server.ts). */
export interface CreateListingExtras {
  aiGenerated?: boolean;
  /** JSON array of the comparable listings its price was based on. */
  comparableListings?: string;
  /** Further writes inside the listing's transaction, after the listing, its images and its auction. */
  withinTransaction?: (trx: Kysely<Database>, created: { listingId: number; auctionId: number | null }) => Promise<void>;
}

/**
 * Creates a listing, stores its images (the first becomes primary) and, for auction and hybrid listings, creates its
 * auction: all in one transaction, so a failure at any step leaves no listing, image row, picture file or auction.
 * Returns what the post-listing flow tells after the commit (createListing in app/flows runs both).
 */
export async function storeNewListing(
  db: Kysely<Database>,
  uploads: UploadStore,
  userId: string,
  input: ListingInput,
  images: PreparedImage[],
  status: "draft" | "active" = "active",
  now: Date = new Date(),
  extras: CreateListingExtras = {},
): Promise<ListingPublished> {
  if (images.length > MAX_LISTING_IMAGES) throw tooManyImages(LISTING_IMAGE_MESSAGES.tooMany);
  await assertCategoryExists(db, input.categoryId);
  const auction = isAuctionListingType(input.listingType) ? auctionSettingsOf(input) : null;
  if (auction && status !== "active") throw new DomainError("invalid", LISTING_MESSAGES.auctionMustBeActive, { field: "status" });
  const created = await withFilesInTransaction(db, uploads, async (trx, written) => {
    if (status === "draft") {
      const drafts = await trx
        .selectFrom("equipment_listings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("status", "=", "draft")
        .executeTakeFirstOrThrow();
      assertRoomFor("listingDrafts", Number(drafts.n));
    }
    const row = await trx
      .insertInto("equipment_listings")
      .values({
        user_id: userId,
        ...listingColumns(input),
        status,
        ai_generated: extras.aiGenerated ? 1 : 0,
        is_featured: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        ...(extras.comparableListings === undefined ? {} : { comparable_listings: extras.comparableListings }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await storeListingImages(trx, uploads, row.id, images, written);
    const inserted =
      auction && isAuctionListingType(input.listingType) ? await insertAuction(trx, row.id, input.currency, input.listingType, auction, now) : null;
    await extras.withinTransaction?.(trx, { listingId: row.id, auctionId: inserted?.id ?? null });
    return { listingId: row.id, auction: inserted };
  });
  return {
    listingId: created.listingId,
    startedAuctionId: created.auction?.status === "active" ? created.auction.id : null,
    becameActive: status === "active",
  };
}

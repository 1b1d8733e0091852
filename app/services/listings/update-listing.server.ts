// Saving the edit form (docs/product/listings.md#create-form): every field, the status, new images and the listing's auction, in one
// transaction. The owner edits; holders of can_manage_listings may edit too, but only the owner creates an auction or
// changes its settings.
import type { Kysely } from "kysely";
import { toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { isModeratedStatus } from "~/lib/moderation.ts";
import { isAuctionListingType, LISTING_MESSAGES, type EditableStatus, type ListingInput } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";
import type { UploadStore } from "../storage/index.server.ts";
import { auctionChanges, auctionSettingsOf, findLiveAuction, insertAuction } from "./listing-auction.server.ts";
import type { ListingPublished } from "./listing-published.server.ts";
import { assertCategoryExists, listingColumns, tooManyImages } from "./listing-columns.server.ts";
import {
  LISTING_IMAGE_MESSAGES,
  listListingImages,
  MAX_LISTING_IMAGES,
  storeListingImages,
  withFilesInTransaction,
  type PreparedImage,
} from "./listing-images.server.ts";
import { findEditableListing, isOwner, type Actor } from "./listing-policy.server.ts";

export interface UpdateListingOptions {
  status?: EditableStatus;
  images?: PreparedImage[];
  /** Start a new auction on an auction or hybrid listing whose last auction is over. */
  startAuction?: boolean;
  now?: Date;
  /** Further writes inside the edit's transaction, after the listing and its images (the watchers' price-drop alerts). */
  withinTransaction?: (trx: Kysely<Database>, edit: ListingPriceEdit) => Promise<void>;
}

/** The listing's price and status before and after an edit, as the edit's transaction wrote them. */
export interface ListingPriceEdit {
  listingId: number;
  title: string;
  ownerId: string;
  actorId: string;
  before: { priceCents: number; currency: string };
  after: { priceCents: number; currency: string; status: string };
}

/**
 * Saves the edit form: every field, the status (a sold listing stays sold) and new images appended after the
 * existing ones (the first becomes primary only if the listing had none), in one transaction.
 *
 * Auctions (only the owner creates one or changes its settings): a listing with a live auction keeps its type and
 * stays active, and its auction's settings change only while it has no bids. A buy-now listing turned into an
 * auction or hybrid listing gets its auction now, as does one whose last auction is over when `startAuction` is set.
 * Returns what the post-listing flow tells after the commit (updateListing in app/flows runs both).
 */
export async function storeListingEdit(
  db: Kysely<Database>,
  uploads: UploadStore,
  actor: Actor,
  listingId: number,
  input: ListingInput,
  options: UpdateListingOptions = {},
): Promise<ListingPublished> {
  const before = await findEditableListing(db, actor, listingId);
  const images = options.images ?? [];
  const now = options.now ?? new Date();
  await assertCategoryExists(db, input.categoryId);
  let storedStatus = before.status;
  const started = await withFilesInTransaction(db, uploads, async (trx, written) => {
    // Read again inside the transaction: a bid or the scheduler may have changed things since the form was loaded.
    const listing = await findEditableListing(trx, actor, listingId);
    const existing = await listListingImages(trx, listingId);
    if (existing.length + images.length > MAX_LISTING_IMAGES) throw tooManyImages(LISTING_IMAGE_MESSAGES.tooMany);
    // Sold stays sold; a listing under review or removed by a moderator keeps that status (only a moderator changes it;
    // its seller is refused by findEditableListing, a listing manager may correct it).
    // Starting a new auction on an unsold listing puts it back on sale, as relisting it does.
    const kept = listing.status === "unsold" && options.startAuction ? "active" : listing.status;
    const status = listing.status === "sold" || isModeratedStatus(listing.status) ? listing.status : (options.status ?? kept);
    const byOwner = isOwner({ ownerId: listing.user_id }, actor.id);
    const live = await findLiveAuction(trx, listingId);
    let startedAuction: { id: number; status: "active" | "upcoming" } | null = null;

    if (live) {
      if (input.listingType !== listing.listing_type || !isAuctionListingType(input.listingType)) {
        throw new DomainError("conflict", LISTING_MESSAGES.auctionTypeLocked, { field: "listingType" });
      }
      if (status !== "active") throw new DomainError("conflict", LISTING_MESSAGES.auctionKeepsActive, { field: "status" });
      const changes = auctionChanges(live, input.listingType, auctionSettingsOf(input));
      if (changes) {
        if (!byOwner) throw new DomainError("forbidden", LISTING_MESSAGES.auctionSettingsForbidden);
        if (live.bid_count > 0) throw new DomainError("conflict", LISTING_MESSAGES.auctionHasBids);
        if (live.status === "active" && new Date(changes.end_date).getTime() <= now.getTime()) {
          throw new DomainError("invalid", LISTING_MESSAGES.auctionEndsInPast, { field: "duration" });
        }
        const result = await trx
          .updateTable("auctions")
          .set((eb) => ({ ...changes, version: eb("version", "+", 1), updated_at: toDbTime(now) }))
          .where("id", "=", live.id)
          .where("version", "=", live.version)
          .where("bid_count", "=", 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new DomainError("conflict", LISTING_MESSAGES.auctionHasBids);
      }
    } else if (isAuctionListingType(input.listingType) && (!isAuctionListingType(listing.listing_type) || options.startAuction)) {
      if (listing.status === "sold") throw new DomainError("conflict", LISTING_MESSAGES.soldNotAuctioned, { field: "listingType" });
      if (!byOwner) throw new DomainError("forbidden", LISTING_MESSAGES.auctionCreateForbidden);
      if (status !== "active") throw new DomainError("invalid", LISTING_MESSAGES.auctionMustBeActive, { field: "status" });
      startedAuction = await insertAuction(trx, listingId, input.currency, input.listingType, auctionSettingsOf(input), now);
    }

    // An auction or hybrid listing "active" with no auction to bid in would be a dead end: without a live or
    // newly started auction it is unsold, waiting for its seller to relist it, switch it to Buy It Now or end it.
    const stored = status === "active" && isAuctionListingType(input.listingType) && !live && !startedAuction ? "unsold" : status;
    await trx
      .updateTable("equipment_listings")
      .set({ ...listingColumns(input), status: stored, updated_at: toDbTime(now) })
      .where("id", "=", listingId)
      .execute();
    storedStatus = stored;
    await storeListingImages(trx, uploads, listingId, images, written);
    await options.withinTransaction?.(trx, {
      listingId,
      title: input.title,
      ownerId: listing.user_id,
      actorId: actor.id,
      before: { priceCents: listing.price_cents, currency: listing.currency },
      after: { priceCents: input.priceCents, currency: input.currency, status: stored },
    });
    return startedAuction;
  });
  return {
    listingId,
    startedAuctionId: started?.status === "active" ? started.id : null,
    // A listing that becomes active is new to saved searches.
    becameActive: before.status !== "active" && storedStatus === "active",
  };
}

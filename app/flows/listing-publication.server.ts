// Post-listing work: a listing write (the listings domain, or the AI creator's listing) and what its commit tells the
// rest of the marketplace. Open auction pages and lists hear of an auction it started (auctions); saved searches hear
// of a listing that went on sale (alerts, after the commit; their errors are logged, never the seller's); watchers hear
// of a price drop, written inside the edit's own transaction (alerts and notifications).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { AiListingCreateValues } from "~/schemas/ai-listing-create.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import type { SellerListingAction } from "~/schemas/seller-listings.ts";
import { storeAiListing, type AiListingCreated } from "../services/ai/index.server.ts";
import { alertSavedSearchesOfListing, priceDropAlerts } from "../services/alerts/index.server.ts";
import { announceAuctionStarted } from "../services/auctions/index.server.ts";
import {
  relisted,
  relistInTransaction,
  storeListingAuctionStart,
  storeListingEdit,
  storeNewListing,
  storeSellerListingAction,
  storeUnsoldAsBuyNow,
  type Actor,
  type BulkOutcome,
  type CreateListingExtras,
  type ListingPublished,
  type PreparedImage,
  type StartListingAuctionInput,
  type UnsoldRequest,
  type UpdateListingOptions,
} from "../services/listings/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../services/notifications/index.server.ts";
import type { UploadStore } from "../services/storage/index.server.ts";

/** After a listing write commits: the auction it started goes live on open pages, then saved searches hear of the listing. */
async function tellListingPublished(db: Kysely<Database>, published: ListingPublished, now: Date): Promise<void> {
  if (published.startedAuctionId !== null) await announceAuctionStarted(db, published.startedAuctionId);
  if (published.becameActive) await alertSavedSearchesOfListing(db, published.listingId, now);
}

/** Creates a listing (with its images and, for an auction or hybrid listing, its auction), then tells of it. */
export async function createListing(
  db: Kysely<Database>,
  uploads: UploadStore,
  userId: string,
  input: ListingInput,
  images: PreparedImage[],
  status: "draft" | "active" = "active",
  now: Date = new Date(),
  extras: CreateListingExtras = {},
): Promise<number> {
  const published = await storeNewListing(db, uploads, userId, input, images, status, now, extras);
  await tellListingPublished(db, published, now);
  return published.listingId;
}

/** Creates the AI wizard's listing, then tells of it. */
export async function createAiListing(
  db: Kysely<Database>,
  uploads: UploadStore,
  actor: Actor,
  values: AiListingCreateValues,
  images: PreparedImage[],
  now: Date = new Date(),
): Promise<AiListingCreated> {
  const { created, published } = await storeAiListing(db, uploads, actor, values, images, now);
  await tellListingPublished(db, published, now);
  return created;
}

/**
 * Saves the edit form; inside its transaction the watchers of a listing whose price dropped get their alert, announced
 * after the commit with the rest of the edit's news.
 */
export async function updateListing(
  db: Kysely<Database>,
  uploads: UploadStore,
  actor: Actor,
  listingId: number,
  input: ListingInput,
  options: Omit<UpdateListingOptions, "withinTransaction"> = {},
): Promise<void> {
  const now = options.now ?? new Date();
  let watcherAlerts: NotificationDraft[] = [];
  const published = await storeListingEdit(db, uploads, actor, listingId, input, {
    ...options,
    now,
    withinTransaction: async (trx, edit) => {
      watcherAlerts = await priceDropAlerts(trx, edit);
      await insertNotifications(trx, watcherAlerts, now);
    },
  });
  announceNotifications(watcherAlerts);
  await tellListingPublished(db, published, now);
}

/** A seller's bulk action on their listings, then the news of those it published or relisted. */
export async function applySellerListingAction(
  db: Kysely<Database>,
  sellerId: string,
  action: SellerListingAction,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<BulkOutcome> {
  const { outcome, published } = await storeSellerListingAction(db, sellerId, action, ids, now);
  for (const listing of published) await tellListingPublished(db, listing, now);
  return outcome;
}

/** Starts an auction on one of the seller's listings, then tells of it. */
export async function startListingAuction(
  db: Kysely<Database>,
  input: StartListingAuctionInput,
): Promise<{ auctionId: number; status: "active" | "upcoming" }> {
  const now = input.now ?? new Date();
  const { started, published } = await storeListingAuctionStart(db, { ...input, now });
  await tellListingPublished(db, published, now);
  return started;
}

/** Relists an unsold listing as an auction on its last auction's terms, starting now, then tells of it. */
export async function relistUnsoldAsAuction(db: Kysely<Database>, request: UnsoldRequest): Promise<{ auctionId: number }> {
  const now = request.now ?? new Date();
  const auctionId = await inWriteTransaction(db, (trx) => relistInTransaction(trx, request.sellerId, request.listingId, now));
  await tellListingPublished(db, relisted(request.listingId, auctionId), now);
  return { auctionId };
}

/** Switches an unsold listing to Buy It Now, then tells saved searches of it. */
export async function switchUnsoldToBuyNow(db: Kysely<Database>, request: UnsoldRequest & { priceCents: number }): Promise<void> {
  const now = request.now ?? new Date();
  await tellListingPublished(db, await storeUnsoldAsBuyNow(db, { ...request, now }), now);
}

// Creating, editing and deleting listings, and who may do it (spec 01 §5 Ownership, Images; §6).
// The owner edits and deletes; admins may edit too (docs/decisions/0005-listing-ownership.md).
// An auction or hybrid listing and its auction are written in one transaction with the listing's images: all or
// nothing (spec 01 §4 describes an old product that only logged a failed auction; this one never leaves half).
import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import { inWriteTransaction, toDbTime } from "#db/dialect.ts";
import type { Auction, Database, Listing, ListingImage } from "#db/schema.ts";
import { DEFAULT_AUCTION_DURATION_DAYS, LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { centsToInput } from "~/lib/money.ts";
import { isAdminRole, type Role } from "~/lib/roles.ts";
import type { ReceivedFile } from "~/web/multipart.server.ts";
import {
  AUCTION_FORM_DEFAULTS,
  isAuctionListingType,
  KEEP_DURATION,
  LISTING_MESSAGES,
  type AuctionSettings,
  type EditableStatus,
  type ListingInput,
  type LiveAuctionSummary,
} from "~/schemas/listing.ts";
import { announceAuctionChange, findAuctionRow, toLiveState } from "../auctions/auction-state.server.ts";
import { ImageRejectedError } from "../platform/image-pipeline.server.ts";
import { alertSavedSearchesOfListing } from "../alerts/saved-search-alerts.server.ts";
import {
  imageFileOf,
  LISTING_IMAGE_MESSAGES,
  listListingImages,
  MAX_LISTING_IMAGES,
  prepareListingImage,
  removeListingImageFiles,
  storeListingImages,
  withFilesInTransaction,
  type PreparedImage,
} from "./listing-images.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../messaging/notifications.server.ts";
import { priceDropAlerts } from "../alerts/watcher-alerts.server.ts";

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

/**
 * A field the schema cannot check alone: the category must exist, and an auction's rules depend on what is stored
 * (a live auction keeps its type; its settings change only while it has no bids). `field` null: the whole form.
 */
export class ListingFieldError extends Error {
  constructor(
    readonly field: "categoryId" | "listingType" | "status" | "duration" | null,
    message: string,
  ) {
    super(message);
  }
}

/** The listing cannot be deleted as things stand (its auction has bids, or it has an order). */
export class ListingDeleteRefusedError extends Error {}

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
  /** The newest auction of an auction or hybrid listing (live or over), else null. */
  auction: Auction | null;
  /** Whether the actor may also delete it (the owner). */
  canDelete: boolean;
  /** Why it cannot be deleted now (bids, an order), or null. */
  deleteBlocker: string | null;
}

export async function getListingForEdit(db: Kysely<Database>, actor: Actor, listingId: number): Promise<ListingForEdit> {
  const listing = await findEditableListing(db, actor, listingId);
  const canDelete = canDeleteListing(actor, listing);
  return {
    listing,
    images: await listListingImages(db, listingId),
    auction: (await latestAuction(db, listingId)) ?? null,
    canDelete,
    deleteBlocker: canDelete ? await listingDeletionBlocker(db, listingId) : null,
  };
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
    // Auction and hybrid listings: the auction's starting price (spec 01 §3).
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

// ------------------------------------------------------------------------------------------------
// Auctions of auction and hybrid listings

const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings of an auction or hybrid listing; a listing input of those types without them is a programming error. */
function auctionSettingsOf(input: ListingInput): AuctionSettings {
  if (!input.auction) throw new Error(`A ${input.listingType} listing needs its auction settings`);
  return input.auction;
}

/** The listing's upcoming or active auction, if any (at most one: a unique index says so). */
export async function findLiveAuction(db: Kysely<Database>, listingId: number): Promise<Auction | undefined> {
  return db
    .selectFrom("auctions")
    .selectAll()
    .where("listing_id", "=", listingId)
    .where("status", "in", LIVE_AUCTION_STATUSES)
    .executeTakeFirst();
}

/**
 * Inserts the auction of a new auction or hybrid listing: starting now (active) or at the chosen future start
 * (upcoming), ending `durationDays` after its start, its current price the starting price until the first bid.
 */
async function insertAuction(
  trx: Kysely<Database>,
  listingId: number,
  currency: string,
  listingType: "auction" | "hybrid",
  settings: AuctionSettings,
  now: Date,
): Promise<{ id: number; status: "active" | "upcoming" }> {
  const chosen = settings.startDate ? new Date(settings.startDate) : null;
  const upcoming = chosen !== null && chosen.getTime() > now.getTime();
  const start = upcoming ? chosen : now;
  const days = settings.durationDays ?? DEFAULT_AUCTION_DURATION_DAYS;
  const status = upcoming ? "upcoming" : "active";
  const row = await trx
    .insertInto("auctions")
    .values({
      listing_id: listingId,
      start_date: toDbTime(start),
      end_date: toDbTime(new Date(start.getTime() + days * DAY_MS)),
      starting_price_cents: settings.startingPriceCents,
      reserve_price_cents: settings.reservePriceCents,
      current_price_cents: settings.startingPriceCents,
      bid_increment_cents: settings.bidIncrementCents,
      buy_now_price_cents: listingType === "hybrid" ? settings.buyNowPriceCents : null,
      currency,
      status,
      auto_extend: settings.autoExtend ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, status };
}

/** Tells open auction pages and lists that an auction went live (after the commit; a failure here changes nothing stored). */
async function announceStarted(db: Kysely<Database>, auctionId: number): Promise<void> {
  try {
    const row = await findAuctionRow(db, auctionId);
    if (row) announceAuctionChange({ reason: "started", state: toLiveState(row), newBids: [] });
  } catch (error) {
    console.error("Announcing a new auction failed", error);
  }
}

/** What the edit form changes on a live auction, or null when its settings stay as they are. */
function auctionChanges(live: Auction, listingType: "auction" | "hybrid", settings: AuctionSettings) {
  const buyNow = listingType === "hybrid" ? settings.buyNowPriceCents : null;
  const start = new Date(live.start_date).getTime();
  const endDate = settings.durationDays === null ? live.end_date : toDbTime(new Date(start + settings.durationDays * DAY_MS));
  const changed =
    settings.startingPriceCents !== live.starting_price_cents ||
    settings.reservePriceCents !== live.reserve_price_cents ||
    buyNow !== live.buy_now_price_cents ||
    settings.bidIncrementCents !== live.bid_increment_cents ||
    (settings.autoExtend ? 1 : 0) !== live.auto_extend ||
    new Date(endDate).getTime() !== new Date(live.end_date).getTime();
  if (!changed) return null;
  return {
    starting_price_cents: settings.startingPriceCents,
    // No bid exists when settings change, so the current price is the starting price.
    current_price_cents: settings.startingPriceCents,
    reserve_price_cents: settings.reservePriceCents,
    buy_now_price_cents: buyNow,
    bid_increment_cents: settings.bidIncrementCents,
    auto_extend: settings.autoExtend ? 1 : 0,
    end_date: endDate,
  };
}

// ------------------------------------------------------------------------------------------------
// Storing pictures inside the listing's transaction

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

/** What a listing made with the AI wizard adds to createListing (app/services/ai/ai-listing-create.server.ts). */
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
 */
export async function createListing(
  db: Kysely<Database>,
  uploadsDir: string,
  userId: string,
  input: ListingInput,
  images: PreparedImage[],
  status: "draft" | "active" = "active",
  now: Date = new Date(),
  extras: CreateListingExtras = {},
): Promise<number> {
  if (images.length > MAX_LISTING_IMAGES) throw new ListingImageLimitError();
  await assertCategoryExists(db, input.categoryId);
  const auction = isAuctionListingType(input.listingType) ? auctionSettingsOf(input) : null;
  if (auction && status !== "active") throw new ListingFieldError("status", LISTING_MESSAGES.auctionMustBeActive);
  const created = await withFilesInTransaction(db, async (trx, written) => {
    const row = await trx
      .insertInto("equipment_listings")
      .values({
        user_id: userId,
        ...listingColumns(input),
        status,
        ai_generated: extras.aiGenerated ? 1 : 0,
        is_featured: 0,
        ...(extras.comparableListings === undefined ? {} : { comparable_listings: extras.comparableListings }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await storeListingImages(trx, uploadsDir, row.id, images, written);
    const inserted =
      auction && isAuctionListingType(input.listingType)
        ? await insertAuction(trx, row.id, input.currency, input.listingType, auction, now)
        : null;
    await extras.withinTransaction?.(trx, { listingId: row.id, auctionId: inserted?.id ?? null });
    return { listingId: row.id, auction: inserted };
  });
  if (created.auction?.status === "active") await announceStarted(db, created.auction.id);
  if (status === "active") await alertSavedSearchesOfListing(db, created.listingId, now);
  return created.listingId;
}

export interface UpdateListingOptions {
  status?: EditableStatus;
  images?: PreparedImage[];
  /** Start a new auction on an auction or hybrid listing whose last auction is over. */
  startAuction?: boolean;
  now?: Date;
}

/**
 * Saves the edit form: every field, the status (a sold listing stays sold) and new images appended after the
 * existing ones (the first becomes primary only if the listing had none), in one transaction.
 *
 * Auctions (only the owner creates one or changes its settings): a listing with a live auction keeps its type and
 * stays active, and its auction's settings change only while it has no bids. A buy-now listing turned into an
 * auction or hybrid listing gets its auction now, as does one whose last auction is over when `startAuction` is set.
 */
export async function updateListing(
  db: Kysely<Database>,
  uploadsDir: string,
  actor: Actor,
  listingId: number,
  input: ListingInput,
  options: UpdateListingOptions = {},
): Promise<void> {
  const before = await findEditableListing(db, actor, listingId);
  const images = options.images ?? [];
  const now = options.now ?? new Date();
  await assertCategoryExists(db, input.categoryId);
  let watcherAlerts: NotificationDraft[] = [];
  const started = await withFilesInTransaction(db, async (trx, written) => {
    // Read again inside the transaction: a bid or the scheduler may have changed things since the form was loaded.
    const listing = await findEditableListing(trx, actor, listingId);
    const existing = await listListingImages(trx, listingId);
    if (existing.length + images.length > MAX_LISTING_IMAGES) throw new ListingImageLimitError();
    const status = listing.status === "sold" ? "sold" : (options.status ?? listing.status);
    const isOwner = listing.user_id === actor.id;
    const live = await findLiveAuction(trx, listingId);
    let startedAuction: { id: number; status: "active" | "upcoming" } | null = null;

    if (live) {
      if (input.listingType !== listing.listing_type) throw new ListingFieldError("listingType", LISTING_MESSAGES.auctionTypeLocked);
      if (status !== "active") throw new ListingFieldError("status", LISTING_MESSAGES.auctionKeepsActive);
      if (!isAuctionListingType(input.listingType)) throw new ListingFieldError("listingType", LISTING_MESSAGES.auctionTypeLocked);
      const changes = auctionChanges(live, input.listingType, auctionSettingsOf(input));
      if (changes) {
        if (!isOwner) throw new ListingPermissionError(LISTING_MESSAGES.auctionSettingsForbidden);
        if (live.bid_count > 0) throw new ListingFieldError(null, LISTING_MESSAGES.auctionHasBids);
        if (live.status === "active" && new Date(changes.end_date).getTime() <= now.getTime()) {
          throw new ListingFieldError("duration", LISTING_MESSAGES.auctionEndsInPast);
        }
        const result = await trx
          .updateTable("auctions")
          .set((eb) => ({ ...changes, version: eb("version", "+", 1), updated_at: toDbTime(now) }))
          .where("id", "=", live.id)
          .where("version", "=", live.version)
          .where("bid_count", "=", 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new ListingFieldError(null, LISTING_MESSAGES.auctionHasBids);
      }
    } else if (isAuctionListingType(input.listingType) && (!isAuctionListingType(listing.listing_type) || options.startAuction)) {
      if (listing.status === "sold") throw new ListingFieldError("listingType", LISTING_MESSAGES.soldNotAuctioned);
      if (!isOwner) throw new ListingPermissionError(LISTING_MESSAGES.auctionCreateForbidden);
      if (status !== "active") throw new ListingFieldError("status", LISTING_MESSAGES.auctionMustBeActive);
      startedAuction = await insertAuction(trx, listingId, input.currency, input.listingType, auctionSettingsOf(input), now);
    }

    await trx
      .updateTable("equipment_listings")
      .set({ ...listingColumns(input), status, updated_at: toDbTime(now) })
      .where("id", "=", listingId)
      .execute();
    await storeListingImages(trx, uploadsDir, listingId, images, written);
    watcherAlerts = await priceDropAlerts(trx, {
      listingId,
      title: input.title,
      ownerId: listing.user_id,
      actorId: actor.id,
      before: { priceCents: listing.price_cents, currency: listing.currency },
      after: { priceCents: input.priceCents, currency: input.currency, status },
    });
    await insertNotifications(trx, watcherAlerts, now);
    return startedAuction;
  });
  announceNotifications(watcherAlerts);
  if (started?.status === "active") await announceStarted(db, started.id);
  // A listing that becomes active is new to saved searches (errors are logged, never the seller's).
  if (before.status !== "active" && options.status === "active") await alertSavedSearchesOfListing(db, listingId, now);
}

/** Why the listing cannot be deleted now, or null when it can: its live auction has bids, or it has an order. */
export async function listingDeletionBlocker(db: Kysely<Database>, listingId: number): Promise<string | null> {
  const order = await db.selectFrom("orders").select("id").where("listing_id", "=", listingId).limit(1).executeTakeFirst();
  if (order) return LISTING_MESSAGES.deleteHasOrder;
  const bidOn = await db
    .selectFrom("auctions")
    .select("id")
    .where("listing_id", "=", listingId)
    .where("status", "in", LIVE_AUCTION_STATUSES)
    .where("bid_count", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return bidOn ? LISTING_MESSAGES.deleteHasBids : null;
}

/**
 * Deletes a listing (images, views, watchlist rows and auctions without bids go with it) and its picture folder.
 * Owner only. Refused with ListingDeleteRefusedError while its live auction has bids (cancel it first) or an
 * order exists (the database would refuse too: orders keep their listing).
 */
export async function deleteListing(db: Kysely<Database>, uploadsDir: string, actor: Actor, listingId: number): Promise<void> {
  await findDeletableListing(db, actor, listingId);
  await inWriteTransaction(db, async (trx) => {
    const blocker = await listingDeletionBlocker(trx, listingId);
    if (blocker) throw new ListingDeleteRefusedError(blocker);
    await trx.deleteFrom("equipment_listings").where("id", "=", listingId).execute();
  });
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

/** Whole days between two instants, for showing a stored auction's length. */
function wholeDays(from: string, to: string): number {
  return Math.round((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS);
}

/**
 * A stored listing as the edit form's default values. With a live auction its settings come from the auction (the
 * duration choice keeps its end); otherwise the form offers the defaults (7 days, $10, auto-extend on), or the last
 * auction's increment and auto-extend.
 */
export function listingFormDefaults(listing: Listing, auction?: Pick<Auction, "status" | "start_date" | "end_date" | "reserve_price_cents" | "bid_increment_cents" | "buy_now_price_cents" | "auto_extend" | "starting_price_cents"> | null) {
  const specifications = parseSpecifications(listing.specifications);
  const features = parseFeatures(listing.features);
  const live = auction && (auction.status === "upcoming" || auction.status === "active") ? auction : null;
  const auctionType = isAuctionListingType(listing.listing_type);
  return {
    title: listing.title,
    description: listing.description,
    categoryId: listing.category_id,
    listingType: listing.listing_type,
    price: auctionType ? "" : centsToInput(listing.price_cents),
    startingPrice: live ? centsToInput(live.starting_price_cents) : auctionType ? centsToInput(listing.price_cents) : "",
    reservePrice: live ? centsToInput(live.reserve_price_cents) : "",
    buyNowPrice: live ? centsToInput(live.buy_now_price_cents) : centsToInput(listing.buy_now_price_cents),
    duration: live ? KEEP_DURATION : AUCTION_FORM_DEFAULTS.duration,
    bidIncrement: auction ? centsToInput(auction.bid_increment_cents) : AUCTION_FORM_DEFAULTS.bidIncrement,
    autoExtend: (auction ? auction.auto_extend === 1 : true) ? AUCTION_FORM_DEFAULTS.autoExtend : undefined,
    startDate: "",
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

export function liveAuctionSummary(auction: Auction | undefined | null): LiveAuctionSummary | null {
  if (!auction || (auction.status !== "upcoming" && auction.status !== "active")) return null;
  return {
    id: auction.id,
    status: auction.status,
    startsAt: auction.start_date,
    endsAt: auction.end_date,
    bidCount: auction.bid_count,
    days: wholeDays(auction.start_date, auction.end_date),
  };
}

/** The newest auction of a listing (live or over), for the edit form. */
export async function latestAuction(db: Kysely<Database>, listingId: number): Promise<Auction | undefined> {
  return db.selectFrom("auctions").selectAll().where("listing_id", "=", listingId).orderBy("id", "desc").limit(1).executeTakeFirst();
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

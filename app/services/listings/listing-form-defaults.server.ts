// Reading a stored listing back into the edit form: what the form shows, with its images, its auction and whether
// (and why not) it may be deleted.
import type { Kysely } from "kysely";
import type { Auction, Database, Listing, ListingImage } from "#db/schema.ts";
import { centsToInput } from "~/lib/money.ts";
import { AUCTION_FORM_DEFAULTS, isAuctionListingType, KEEP_DURATION } from "~/schemas/listing.ts";
import { listingDeletionBlocker } from "./delete-listing.server.ts";
import { latestAuction } from "./listing-auction.server.ts";
import { listListingImages } from "./listing-images.server.ts";
import { canDeleteListing, findEditableListing, type Actor } from "./listing-policy.server.ts";

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

/**
 * A stored listing as the edit form's default values. With a live auction its settings come from the auction (the
 * duration choice keeps its end); otherwise the form offers the defaults (7 days, $10, auto-extend on), or the last
 * auction's increment and auto-extend.
 */
export function listingFormDefaults(
  listing: Listing,
  auction?: Pick<
    Auction,
    | "status"
    | "start_date"
    | "end_date"
    | "reserve_price_cents"
    | "bid_increment_cents"
    | "bid_increment_fixed"
    | "buy_now_price_cents"
    | "auto_extend"
    | "starting_price_cents"
  > | null,
) {
  const specifications = parseSpecifications(listing.specifications);
  const features = parseFeatures(listing.features);
  const live = auction && (auction.status === "upcoming" || auction.status === "active") ? auction : null;
  const auctionType = isAuctionListingType(listing.listing_type);
  return {
    title: listing.title,
    description: listing.description,
    categoryId: listing.category_id,
    listingType: listing.listing_type,
    price: auctionType ? "" : centsToInput(listing.price_cents, listing.currency),
    startingPrice: live ? centsToInput(live.starting_price_cents, listing.currency) : auctionType ? centsToInput(listing.price_cents, listing.currency) : "",
    reservePrice: live ? centsToInput(live.reserve_price_cents, listing.currency) : "",
    buyNowPrice: live ? centsToInput(live.buy_now_price_cents, listing.currency) : centsToInput(listing.buy_now_price_cents, listing.currency),
    duration: live ? KEEP_DURATION : AUCTION_FORM_DEFAULTS.duration,
    bidIncrement:
      auction && auction.bid_increment_fixed === 1 ? centsToInput(auction.bid_increment_cents, listing.currency) : AUCTION_FORM_DEFAULTS.bidIncrement,
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
    // An unsold listing is edited as one to keep on sale: saved as an auction without a new auction it stays unsold.
    status: listing.status === "unsold" ? "active" : listing.status,
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

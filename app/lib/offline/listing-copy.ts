// The copies kept for offline use, made from what the pages already read: one mapper for the listing page, the
// auction lot page and the offline snapshot, so a copy reads the same wherever it was taken. Pure and client-safe
// (types only from the services).
import type { ListingCardData } from "~/services/listings/index.server.ts";
import type { SellerPanelData } from "~/components/listing-detail/SellerPanel.tsx";
import { publicName } from "~/lib/user.ts";
import { LIVE_AUCTION_STATUSES } from "../auctions.ts";
import { conditionLabel } from "../conditions.ts";
import { isListingType } from "../listing-types.ts";
import type { OfflineListing, OfflineListingCard } from "./contracts.ts";

/** What a copy is made of: the listing as its detail page reads it (ListingDetail fits). */
export interface OfflineListingSource {
  id: number;
  title: string;
  listingType: string;
  status: string;
  currency: string;
  priceCents: number;
  buyNowPriceCents: number | null;
  condition: string;
  brand: string;
  model: string;
  /** Main category first; the last one names the listing's category. */
  categoryPath: Array<{ name: string }>;
  location: string;
  description: string;
  specifications: Array<{ name: string; value: string }>;
  features: string[];
  seller: SellerPanelData;
  /** Primary first (as getListingDetail orders them). */
  images: Array<{ url: string }>;
}

/** The listing's auction as the lot page reads it (an AuctionSnapshot fits), or its latest one. */
export interface OfflineAuctionSource {
  auctionId: number;
  /** upcoming, active, ended, cancelled */
  status: string;
  currentPriceCents: number;
  endsAt: string;
}

const LIVE: readonly string[] = LIVE_AUCTION_STATUSES;

function listingTypeOf(value: string): OfflineListing["listingType"] {
  return isListingType(value) ? value : "buy_now";
}

function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Whether the auction still takes bids (or will): then the copy shows its current bid and links to the lot. */
function isLiveAuction(auction: { status: string } | null | undefined): boolean {
  return auction !== null && auction !== undefined && LIVE.includes(auction.status);
}

/**
 * A listing as it is kept offline. The price is the fixed or Buy Now price (null for an auction without Buy Now);
 * the current bid and the lot link only while the auction is upcoming or running. An ended auction keeps its id
 * and end, so the offline page can still answer /auctions/{id}.
 */
export function toOfflineListing(listing: OfflineListingSource, auction: OfflineAuctionSource | null): OfflineListing {
  const listingType = listingTypeOf(listing.listingType);
  const live = isLiveAuction(auction) && listing.status === "active";
  let priceCents: number | null = listing.priceCents;
  if (listingType === "auction") priceCents = null;
  else if (listingType === "hybrid") priceCents = listing.buyNowPriceCents;
  return {
    id: listing.id,
    title: listing.title,
    url: live && auction ? `/auctions/${auction.auctionId}` : `/listings/${listing.id}`,
    listingType,
    status: listing.status,
    currency: listing.currency,
    priceCents,
    currentBidCents: live && auction ? auction.currentPriceCents : null,
    auctionId: auction?.auctionId ?? null,
    auctionEndsAt: auction?.endsAt ?? null,
    condition: conditionLabel(listing.condition),
    brand: textOrNull(listing.brand),
    model: textOrNull(listing.model),
    categoryName: listing.categoryPath.at(-1)?.name ?? null,
    location: textOrNull(listing.location),
    description: listing.description,
    specifications: listing.specifications.map((row) => ({ key: row.name, value: row.value })),
    features: [...listing.features],
    sellerName: publicName(listing.seller, "Tradebench seller"),
    imageUrls: listing.images.map((image) => image.url),
  };
}

/** One search result as a card: the current bid of a live auction, else the price (as the /listings cards show). */
export function toOfflineListingCard(card: ListingCardData): OfflineListingCard {
  return {
    id: card.id,
    title: card.title,
    url: `/listings/${card.id}`,
    currency: card.currency,
    priceCents: card.auction ? null : card.priceCents,
    currentBidCents: card.auction ? card.auction.currentPriceCents : null,
    condition: conditionLabel(card.condition),
    imageUrl: card.imageUrl,
  };
}

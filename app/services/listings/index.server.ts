// What the listings domain offers to routes and the web layer. Listings: creating, editing and deleting them with their images and auction, who may see or change them, search, cards and detail pages, views, categories and the home page's figures.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { type CategoryNode, categoryScope, findCategory, listCategoryTree } from "./category.server.ts";
export { type CreateListingExtras, storeNewListing } from "./create-listing.server.ts";
export { deleteListing, listingDeletionBlocker } from "./delete-listing.server.ts";
export { moveListingImage, removeListingImage, setPrimaryListingImage } from "./edit-listing-images.server.ts";
export { endExpiredFeaturings, featureListing, FEATURING_MESSAGES, featuringState, listPlatformFees, platformFeesOwed } from "./feature-listing.server.ts";
export { featuredListings } from "./featured-listings.server.ts";
export { getListingAnalytics } from "./listing-analytics.server.ts";
export { liveAuctionSummary } from "./listing-auction.server.ts";
export { type ListingCardData, primaryThumbnail } from "./listing-cards.server.ts";
export { categoryExists } from "./listing-columns.server.ts";
export { canManageListing, getListingDetail, type ListingDetail, type ListingViewer, relatedListings } from "./listing-detail.server.ts";
export { getListingForEdit, listingFormDefaults } from "./listing-form-defaults.server.ts";
export {
  LISTING_IMAGE_CACHE_CONTROL,
  listingImageKey,
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
  type PreparedImage,
  prepareListingImage,
} from "./listing-images.server.ts";
export {
  type Actor,
  findDeletableListing,
  isOwner,
  moderationHold,
  ownedListing,
  PUBLIC_LISTING_STATUSES,
  visibleTo,
  watchableBy,
} from "./listing-policy.server.ts";
export { type CategoryIndex, forgetCategoryIndex, getCategoryIndex } from "./category-index.server.ts";
export { searchListings, twelveMonthsBefore } from "./listing-search.server.ts";
export { checkListingUploads, repeatsAnImage } from "./listing-uploads.server.ts";
export { type ListingPublished } from "./listing-published.server.ts";
export { recordListingView, VIEW_WINDOW_MS } from "./listing-views.server.ts";
export { computeAiStats, getMarketplaceStats } from "./marketplace-stats.server.ts";
export { recentlyViewed, recordRecentView } from "./recent-views.server.ts";
export { POPULAR_SEARCHES_LIMIT, popularSearches, prunePastSearchVisitors, recordSearch } from "./search-query.server.ts";
export { type BulkOutcome, listSellerListings, sellerListingFields, storeSellerListingAction } from "./seller-listings.server.ts";
export { listAuctionableListings, type StartListingAuctionInput, storeListingAuctionStart } from "./start-listing-auction.server.ts";
export { publishedTestimonials, type Testimonial } from "./testimonials.server.ts";
export { endUnsoldListing, relisted, relistInTransaction, storeUnsoldAsBuyNow, type UnsoldRequest, unsoldListingView } from "./unsold-listing.server.ts";
export { storeListingEdit, type UpdateListingOptions } from "./update-listing.server.ts";

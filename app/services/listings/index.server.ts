// What the listings domain offers to routes and the web layer. Listings: creating, editing and deleting them with their images and auction, who may see or change them, search, cards and detail pages, views, categories and the home page's figures.
// Routes import services through this index; services import each other's files directly.
export * from "./bulk-csv.server.ts";
export * from "./bulk-import-jobs.server.ts";
export * from "./bulk-import.server.ts";
export * from "./category.server.ts";
export * from "./create-listing.server.ts";
export * from "./delete-listing.server.ts";
export * from "./edit-listing-images.server.ts";
export * from "./featured-listings.server.ts";
export * from "./listing-analytics.server.ts";
export * from "./listing-auction.server.ts";
export * from "./listing-cards.server.ts";
export * from "./listing-columns.server.ts";
export * from "./listing-detail.server.ts";
export * from "./listing-form-defaults.server.ts";
export * from "./listing-images.server.ts";
export * from "./listing-policy.server.ts";
export * from "./listing-search.server.ts";
export * from "./listing-uploads.server.ts";
export * from "./listing-views.server.ts";
export * from "./marketplace-stats.server.ts";
export * from "./recent-views.server.ts";
export * from "./search-query.server.ts";
export * from "./seller-listings.server.ts";
export * from "./start-listing-auction.server.ts";
export * from "./testimonials.server.ts";
export * from "./update-listing.server.ts";

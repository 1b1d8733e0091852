// What the flows offer to routes and the web layer: work that spans service domains (the scheduler's jobs, a member's public profile, bulk-import jobs,
// post-listing work, an auction's settlement and the auction scheduler, a sale event's catalogue reaching its auctions).
// A flow may import any domain; no domain imports a flow (scripts/domain-graph.mjs --check, ESLint's layer rules).
export { runScheduledWork } from "./scheduled-work.server.ts";
export {
  profileAuctions,
  profileListings,
  publicProfile,
  type MoneyTotal,
  type ProfileAuction,
  type ProfileListing,
  type PublicProfile,
} from "./public-profile.server.ts";
export { kickBulkImportJob, startBulkAi, type BulkProgressEvent } from "./bulk-import-jobs.server.ts";
export {
  applySellerListingAction,
  createAiListing,
  createListing,
  relistUnsoldAsAuction,
  startListingAuction,
  switchUnsoldToBuyNow,
  updateListing,
} from "./listing-publication.server.ts";
export { cancelAuction, endAuctionEarly, getAuctionPage, getAuctionPanel, ownerControlView } from "./auction-settlement.server.ts";
export { startAuctionScheduler } from "./auction-scheduler.server.ts";
export { cancelSaleEventWithLots, publishSaleEventCatalogue, saveSaleEvent, setSaleEventLots } from "./sale-event-catalogue.server.ts";

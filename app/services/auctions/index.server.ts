// What the auctions domain offers to routes and the web layer. Auctions: the bidding engine and its rules, the auction's state and lifecycle (start, end, settle), the lot page and the auction list.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  announceRestoredAuction,
  cancelAuction,
  endAuctionEarly,
  LIFECYCLE_MESSAGES,
  type OwnerAction,
  ownerControlView,
  type OwnerRequest,
  restoreCancelledAuction,
  startAuctionScheduler,
} from "./auction-lifecycle.server.ts";
export { type AuctionCardData, listAuctions } from "./auction-list.server.ts";
export { findLiveAuctionForListing, getAuctionPage, getAuctionPanel } from "./auction-page.server.ts";
export {
  announceAuctionChange,
  type AuctionChange,
  auctionCurrency,
  type AuctionRow,
  buyNowOpen,
  findAuctionRow,
  findLiveAuctionRow,
  forViewer,
  lockLiveAuctionOf,
  selectAuctionRow,
  toLiveState,
} from "./auction-state.server.ts";
export { AUCTION_NOT_FOUND, placeBid } from "./bidding.server.ts";
export { type LotClose, releaseLotClose, scheduleLotClose } from "./lot-schedule.server.ts";

// What the auctions domain offers to routes and the web layer. Auctions: the bidding engine and its rules, the auction's state and lifecycle (start, the claim of an end, the owner's controls, restoring a cancelled auction; settlement with its order is app/flows'), the lot page and the auction list.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  announceCommitted,
  type AuctionPassTally,
  type CommittedAuctionChange,
  DECIDES_ON_LOCKED_AUCTION,
  forEachAuction,
} from "./auction-lifecycle.server.ts";
export { type AuctionCardData, listAuctions } from "./auction-list.server.ts";
export { type AuctionPageData, type AuctionPanelData, findAuctionPage, findAuctionPanel, findLiveAuctionForListing } from "./auction-page.server.ts";
export {
  announceAuctionChange,
  announceAuctionStarted,
  type AuctionChange,
  auctionCurrency,
  type AuctionRow,
  buyNowOpen,
  findAuctionRow,
  findLiveAuctionRow,
  forViewer,
  lockAuction,
  lockLiveAuctionOf,
  selectAuctionRow,
  toLiveState,
} from "./auction-state.server.ts";
export { AUCTION_NOT_FOUND, placeBid } from "./bidding.server.ts";
export { auctionsDueToEnd, claimAuctionEnd, type EndedAuction, endNotifications, saleTypeOfAuction } from "./end-auction.server.ts";
export {
  cancelRunningAuction,
  LIFECYCLE_MESSAGES,
  type OwnerAction,
  ownedAuctionRow,
  ownerControlState,
  type OwnerControlView,
  type OwnerRequest,
} from "./owner-controls.server.ts";
export { announceRestoredAuction, restoreCancelledAuction } from "./restore-auction.server.ts";
export { startAuction, startDueAuctionsTallied } from "./start-due-auctions.server.ts";
export { type LotClose, releaseLotClose, scheduleLotClose } from "./lot-schedule.server.ts";

// What the sale-events domain offers to routes, the web layer, flows and the auctions domain. Sale events: a house's
// timed sale of its auction lots in catalogue order with staggered closes, its bidders' registrations, deposits and
// limits, and the gate a lot's bid passes. Imports only accounts and platform (through their faces), app/lib and db;
// the lots' auction rows are written by app/flows/sale-event-catalogue.server.ts.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  bidderList,
  bidderRegistrationOf,
  type BidRequestForm,
  confirmDeposit,
  decideBidder,
  recordDeposit,
  requestToBid,
  type SaleEventBidder,
  setBiddingLimit,
} from "./sale-event-bidders.server.ts";
export { type EventBidGate, type EventBidQuestion, eventBidGate } from "./sale-event-bid-gate.server.ts";
export {
  type CatalogueLot,
  closingNext,
  listSaleEvents,
  type LotPosition,
  lotPositionOf,
  type LotStatus,
  saleEventCatalogue,
  type SaleEventFilters,
  type SaleEventView,
  type ViewerLotStatus,
} from "./sale-event-catalogue.server.ts";
export {
  cancelSaleEvent,
  createSaleEvent,
  type LotScheduleEntry,
  lotSchedule,
  publishSaleEvent,
  type SaleEventInput,
  type SaleEventPatch,
  updateSaleEvent,
} from "./sale-event-editing.server.ts";
export { type LotPlacement, setEventLots } from "./sale-event-lots.server.ts";
export {
  houseNames,
  type LotEventTerms,
  lotEventTerms,
  type OwnRegistration,
  ownRegistration,
  type SaleEventFilterOptions,
  saleEventFilterOptions,
} from "./sale-event-pages.server.ts";
export {
  checkLotCsvRows,
  type DepositAwaiting,
  depositsAwaitingConfirmation,
  houseLotCandidates,
  houseSaleEvent,
  houseSaleEvents,
  type LotCandidate,
  type LotCsvRow,
} from "./sale-event-house.server.ts";

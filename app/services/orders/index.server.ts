// What the orders domain offers to routes and the web layer. Orders: checkout of a listing or a won auction, and the escrow order flow from payment to completion or dispute.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { buyNow, confirmAuctionCheckout, getAuctionCheckout, getBuyNowCheckout } from "./checkout.server.ts";
export { disputeThread, markDelivered, orderEvidenceKey, postDisputeMessage } from "./disputes.server.ts";
export { makeOffer } from "./make-offer.server.ts";
export { confirmOfferCheckout, getOfferCheckout } from "./offer-checkout.server.ts";
export { cancelUnpaidOfferOrders, expireDueOffers } from "./offer-deadlines.server.ts";
export { respondToOffer } from "./offer-responses.server.ts";
export { checkOfferSettings, getOfferSettings, offerAmountCurrency, type OfferSettings, saveOfferSettings } from "./offer-settings.server.ts";
export { getOfferPanel, listNegotiations, type OffersTab } from "./offer-thread.server.ts";
export { createOrder } from "./order-creation.server.ts";
export { actOnDeskOrder, listDeskOrders, staffNotesOf } from "./order-desk.server.ts";
export { transitionOrder } from "./order-flow.server.ts";
export { completeInspectedOrders } from "./order-inspection.server.ts";
export { canViewOrder, orderAuthority } from "./order-permissions.server.ts";
export {
  DEMO_ESCROW_ACCOUNT,
  DEMO_MARKER_EMAIL,
  escrowDesk,
  type EscrowDeskItem,
  getOrderDetail,
  getOrderForViewer,
  listPurchases,
  listSales,
  type OrderListItem,
  type OrderTimelineEntry,
  paymentAccount,
} from "./orders.server.ts";

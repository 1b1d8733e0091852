// Make Offer: a buyer offers below the price of a listing whose seller takes offers; the seller accepts,
// declines or counters, the buyer answers a counter the same way; every offer and counter expires 48 hours after it
// was made unless answered; the maker may withdraw an open one. Accepting (by either side, or by the seller's
// auto-accept price) sells the item in one write transaction: the listing stops selling, every other open offer on it
// is declined with a notice and a pending order is created at the agreed amount with the fee schedule's fee. It locks
// the rows it decides on in the order Buy Now does (a hybrid's live auction, then the listing, then the offer), and
// claims the listing by a conditional update, so of two acceptances — or an acceptance and a Buy Now — exactly one wins.
//
// One negotiation is a chain of rows: the buyer's offer, then counters, each with parent_offer_id set and
// root_offer_id naming the first. Only the chain's last row can be open. Rows whose expires_at has passed count as
// expired for every rule at once; the scheduler (expireDueOffers) then marks them and tells both parties, once.
//
// The steps live beside this file, one module each; this one names what the orders domain offers of them.
export { makeOffer, type MakeOfferRequest } from "./make-offer.server.ts";
export type { OfferOutcome } from "./offer-negotiation.server.ts";
export { respondToOffer, type OfferResponse } from "./offer-responses.server.ts";
export { cancelUnpaidOfferOrders, expireDueOffers } from "./offer-deadlines.server.ts";
export { countOffersAwaitingAnswer, getOfferPanel, listNegotiations, type OfferPanel, type OffersTab } from "./offer-thread.server.ts";
export { saveOfferSettings, type OfferSettings } from "./offer-settings.server.ts";
export { type OfferCheckout } from "./offer-checkout.server.ts";

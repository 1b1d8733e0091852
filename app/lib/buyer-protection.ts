// Buyer protection's claim windows and policy figures (docs/product/orders.md#states, docs/product/orders.md#buyer-protection), defined once for the policy pages, the FAQ and
// (where the order flow enforces one) the orders code. The inspection period, the seller's response window and the
// refund time are the order flow's own figures and live with the fee schedule in ./fees.ts.
import { INSPECTION_PERIOD_DAYS } from "./fees.ts";

/** How long after an event a buyer may file each kind of claim. */
export const CLAIM_WINDOWS = {
  /** Not as described, damaged or not working: within the inspection period after delivery (the order page's dispute button). */
  itemConditionDaysAfterDelivery: INSPECTION_PERIOD_DAYS,
  /** Never arrived: counted from the delivery date the seller gave (through support, with the order's tracking). */
  nonDeliveryDaysAfterExpectedDelivery: 30,
  /** Counterfeit or not genuine: after delivery (through support, with evidence). */
  counterfeitDaysAfterDelivery: 14,
} as const;

/** Appeals against an enforcement decision are normally reviewed within this many business days (docs/product/platform.md#public-pages). */
export const APPEAL_REVIEW_BUSINESS_DAYS = 5;

// The success fee schedule: the one place it is defined. Shown to buyers and sellers at checkout and on
// orders (and later on the pricing page), and used to charge every order. See docs/decisions/0011-fee-schedule.md.

import type { ListingType } from "./listing-types.ts";

/** A sale has the type of the listing it came from (app/lib/listing-types.ts has the list and the names). */
export type SaleType = ListingType;

/** Success fee in basis points of the sale amount (spec 02 §9): charged only on a sale; listing is free. */
export const SUCCESS_FEE_RATE_BP: Record<SaleType, number> = {
  buy_now: 250,
  auction: 350,
  hybrid: 300,
};

export interface SuccessFee {
  /** The rate charged after the seller's exemption, in basis points. */
  rateBp: number;
  feeCents: number;
}

/**
 * The seller's success fee on a sale: the schedule's rate for the sale type, reduced by the seller's fee exemption
 * (0–100 percent, from their profile), rounded half up to the cent.
 */
export function successFee(amountCents: number, saleType: SaleType, feeExemptionPercent = 0): SuccessFee {
  const exemption = Math.min(100, Math.max(0, Number.isFinite(feeExemptionPercent) ? feeExemptionPercent : 0));
  const rateBp = Math.round((SUCCESS_FEE_RATE_BP[saleType] * (100 - exemption)) / 100);
  return { rateBp, feeCents: Math.round((amountCents * rateBp) / 10_000) };
}

/** What the seller receives when the escrow releases: the price less the success fee. */
export function sellerProceeds(amountCents: number, feeCents: number): number {
  return amountCents - feeCents;
}

/** "2.5%", "3%": a rate in basis points as buyers read it. */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/** Buyer protection windows (spec 02 §4, §9). */
export const INSPECTION_PERIOD_DAYS = 7;
export const SELLER_RESPONSE_BUSINESS_DAYS = 3;
export const REFUND_BUSINESS_DAYS = "3–5";

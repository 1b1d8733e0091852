// The success fee schedule: the one place it is defined. Shown to buyers and sellers at checkout and on
// orders (and later on the pricing page), and used to charge every order. See docs/decisions/0011-fee-schedule.md.

import type { ListingType } from "./listing-types.ts";
import { promoDiscountCents } from "./promotions.ts";

/** A sale has the type of the listing it came from (app/lib/listing-types.ts has the list and the names). */
export type SaleType = ListingType;

/** The price of featuring a listing: per day, for one of a few durations. */
export interface FeaturedListingPrice {
  label: string;
  dayPriceCents: number;
  currency: string;
  durations: number[];
  description: string;
}

/** What featuring a listing for `days` days costs, in minor units of the schedule's currency. */
export function featuredListingCharge(days: number, price: FeaturedListingPrice = FEE_SCHEDULE.featuredListing): number {
  return days * price.dayPriceCents;
}

/** "7, 14 or 30": a list of day counts in words. */
export function featuredDurationsText(durations: readonly number[]): string {
  if (durations.length <= 1) return durations.join("");
  return `${durations.slice(0, -1).join(", ")} or ${durations[durations.length - 1]}`;
}

/** A way to pay for an order and what Tradebench adds for it (a share in basis points plus a fixed amount per payment). */
export interface PaymentMethodFee {
  label: string;
  rateBp: number;
  fixedCents: number;
  description: string;
}

/**
 * The whole price list (docs/product/orders.md#fees), read by checkout and orders (the success fee) and rendered by /pricing, so a rate
 * changed here is charged and shown alike. Only what the code does is listed: see docs/decisions/0038-policy-pages-and-the-price-list.md.
 */
export const FEE_SCHEDULE = {
  /** Listing is free; the seller pays only when the item sells. */
  listingFeeCents: 0,
  /** Success fee in basis points of the sale amount, by the type of the listing that sold. */
  successFeeBp: { buy_now: 250, auction: 350, hybrid: 300 } as Record<SaleType, number>,
  /** The buyer pays the price; payment is by bank transfer into escrow (decision 0014), with no Tradebench fee on it. */
  paymentMethods: [
    {
      label: "Bank transfer into escrow",
      rateBp: 0,
      fixedCents: 0,
      description: "Quote the order's payment reference. Your own bank's transfer charges are yours.",
    },
  ] as PaymentMethodFee[],
  /**
   * Featuring a listing: the seller buys it for one of `durations` days from the listing page or
   * /seller/listings, at `dayPriceCents` a day in `currency`, owed as a platform fee; it ends by itself. Featured
   * listings take turns in the home page's Featured Equipment (FEATURED_ROTATION in app/lib/featuring.ts) and carry
   * the Featured badge wherever they are listed.
   */
  featuredListing: {
    label: "Featured listing",
    dayPriceCents: 100,
    currency: "USD",
    durations: [7, 14, 30],
    description: "Your listing takes turns with the other featured listings in Featured Equipment on the home page, and carries the Featured badge in search.",
  } as FeaturedListingPrice,
  /** Bulk CSV import: a fee per started block of listings; staff imports are free. */
  bulkImport: { blockSize: 25, priceCentsPerBlock: 500 },
  /** The AI listing assistant costs nothing. */
  aiAssistantPriceCents: 0,
};

/** Success fee in basis points of the sale amount (docs/product/orders.md#fees): charged only on a sale; listing is free. */
export const SUCCESS_FEE_RATE_BP: Record<SaleType, number> = FEE_SCHEDULE.successFeeBp;

export interface SuccessFee {
  /** The rate charged after the seller's exemption, in basis points. */
  rateBp: number;
  feeCents: number;
}

/**
 * The seller's success fee on a sale: the schedule's rate for the sale type, reduced by the seller's fee exemption
 * (0–100 percent, from their profile), rounded half up to the cent.
 */
export function successFee(
  amountCents: number,
  saleType: SaleType,
  feeExemptionPercent = 0,
  rates: Readonly<Record<SaleType, number>> = SUCCESS_FEE_RATE_BP,
): SuccessFee {
  const exemption = Math.min(100, Math.max(0, Number.isFinite(feeExemptionPercent) ? feeExemptionPercent : 0));
  const rateBp = Math.round((rates[saleType] * (100 - exemption)) / 100);
  return { rateBp, feeCents: Math.round((amountCents * rateBp) / 10_000) };
}

/** What the seller receives when the escrow releases: the price less the success fee. */
export function sellerProceeds(amountCents: number, feeCents: number): number {
  return amountCents - feeCents;
}

/** The bulk import fee for `count` listings: each started block of the schedule's size costs its price (docs/product/orders.md#fees). */
export function bulkImportFeeCents(count: number, schedule: Pick<typeof FEE_SCHEDULE, "bulkImport"> = FEE_SCHEDULE): number {
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.ceil(count / schedule.bulkImport.blockSize) * schedule.bulkImport.priceCentsPerBlock;
}

/** "2.5%", "3%": a rate in basis points as buyers read it. */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/** Buyer protection windows (docs/product/orders.md#states, docs/product/orders.md#buyer-protection). */
export const INSPECTION_PERIOD_DAYS = 7;
export const SELLER_RESPONSE_BUSINESS_DAYS = 3;
export const REFUND_BUSINESS_DAYS = "3–5";

/** A promo code's discount as the fee arithmetic reads it: a percentage in hundredths of a percent, or cents off. */
export interface FeeDiscount {
  type: "percentage" | "fixed";
  /** percentage: 0–10000 (hundredths of a percent); fixed: cents. */
  value: number;
}

export interface BulkImportCharge {
  /** ceil(count / 25) × $5. */
  feeCents: number;
  /** What the seller's fee exemption takes off. */
  exemptionCents: number;
  /** What the promo code takes off (after the exemption). */
  discountCents: number;
  /** What is charged: never below 0; 0 when the fee is waived. */
  totalCents: number;
  waived: boolean;
}

/**
 * The bulk import charge (docs/product/listings.md#bulk-import): the block fee, less the seller's fee exemption percent, less
 * the promo discount (a percentage of what is left, or a fixed amount), never below 0; an importer whose role holds
 * can_waive_bulk_fees (`feeWaived`) pays nothing. Percentages round half up to the cent.
 */
export function bulkImportCharge(input: { count: number; feeExemptionPercent?: number; feeWaived?: boolean; discount?: FeeDiscount | null }): BulkImportCharge {
  const feeCents = bulkImportFeeCents(input.count);
  if (input.feeWaived) return { feeCents, exemptionCents: feeCents, discountCents: 0, totalCents: 0, waived: true };
  const raw = input.feeExemptionPercent ?? 0;
  const exemption = Math.min(100, Math.max(0, Number.isFinite(raw) ? raw : 0));
  const exemptionCents = Math.round((feeCents * exemption) / 100);
  const afterExemption = feeCents - exemptionCents;
  // The promo code's discount on what is left: the one rule of app/lib/promotions.ts (never more than the amount).
  const discount = input.discount;
  const discountCents =
    discount && Number.isFinite(discount.value)
      ? promoDiscountCents(afterExemption, { discountType: discount.type, discountValue: Math.round(discount.value) })
      : 0;
  return { feeCents, exemptionCents, discountCents, totalCents: afterExemption - discountCents, waived: false };
}

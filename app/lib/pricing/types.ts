// Price guidance shapes shared by the pricing service, the AI draft (app/lib/ai/draft.ts), the wizard and the
// pricing components. Amounts are integer cents; dates are ISO-8601 strings.

export type PriceConfidence = "high" | "medium" | "low";

/** The price-suggestion helper's recommendation (docs/product/pricing.md#price-guidance "Pricing recommendation"). */
export interface PriceSuggestion {
  minCents: number;
  maxCents: number;
  recommendedCents: number;
  confidence: PriceConfidence;
  message: string;
}

/** A comparable listing from Tradebench's own data: a sold order or an active listing. */
export interface Comparable {
  source: "sold" | "listed";
  listingId: number;
  title: string;
  priceCents: number;
  condition: string;
  /** When it sold (source "sold") or was listed (source "listed"). */
  date: string;
  url: string;
  location: string | null;
  imageUrl: string | null;
  /** The seller's profile is verified. */
  verified: boolean;
  relevance: number;
  /**
   * Set when it was priced in another currency: its own price, which `priceCents` converts through the exchange-rate
   * table (docs/decisions/0062). Absent from comparables stored before.
   */
  original?: { priceCents: number; currency: string };
}

export interface MarketTrend {
  direction: "rising" | "falling" | "stable";
  /** Change of the average sold price, last 90 days against the 90 before; null when there is not enough data. */
  changePercent: number | null;
  message: string;
}

export interface PriceHistoryPoint {
  date: string;
  priceCents: number;
  source: "sold" | "listed";
}

export interface PriceGuidance {
  suggestion: PriceSuggestion | null;
  /** "Insufficient data to provide accurate pricing." when no suggestion can be made, else null. */
  insufficientMessage: string | null;
  /** At most 8, best first. */
  comparables: Comparable[];
  trend: MarketTrend;
  history: PriceHistoryPoint[];
}

// "≈ €920": the approximate amount of a listing price in the viewer's currency, or null when the price
// is in that currency already or a rate is missing. The one function the ≈ note of every buyer-facing price uses
// (app/components/ApproxPrice.tsx, the watchlist's views), on money.ts's conversion and formatting. Client-safe.
import { approxAmount, formatApproxPrice, type ApproxPrices } from "./money.ts";

export function approxPriceText(approx: ApproxPrices | undefined, minorUnits: number, currency: string): string | null {
  const amount = approxAmount(approx, minorUnits, currency);
  return amount === null || !approx ? null : formatApproxPrice(amount, approx.currency);
}

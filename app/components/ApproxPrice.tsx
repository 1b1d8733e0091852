// "≈ €920" beside a listing price in another currency than the viewer's (docs/decisions/0069): the one
// component every buyer-facing price uses (cards, the listing page, recently viewed, the watchlist). Nothing when the
// price is already in the viewer's currency or a rate is missing. The price itself (and checkout) stays in the
// listing's currency; `approx` comes from app/web/viewer-currency.server.ts.
import { approxPriceText } from "~/lib/approx-price.ts";
import type { ApproxPrices } from "~/lib/money.ts";

export const APPROX_PRICE_TITLE = "Converted at the marketplace's exchange rates; you pay in the listing's currency";

export function ApproxPrice({
  approx,
  minorUnits,
  currency,
  className,
}: {
  approx: ApproxPrices | undefined;
  minorUnits: number;
  currency: string;
  className?: string;
}) {
  const text = approxPriceText(approx, minorUnits, currency);
  if (text === null) return null;
  return (
    <span className={className} title={APPROX_PRICE_TITLE} data-testid="approx-price">
      {" "}
      {text}
    </span>
  );
}

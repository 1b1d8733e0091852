// Money of several currencies on the admin pages (docs/decisions/0062): each currency's own total, and the converted
// sum labelled as converted. Never one figure that adds C$ to US$ as if they were the same.
import { Text } from "@chakra-ui/react";
import { convertedLabel, type MoneyTotals } from "~/lib/admin-dashboard.ts";
import { formatPrice } from "~/lib/money.ts";

/** "US$3,550 · C$3,550" — each currency's amount (or fee) as paid. */
function perCurrencyText(totals: MoneyTotals, which: "amountCents" | "feeCents"): string {
  return totals.byCurrency.map((row) => formatPrice(row[which], row.currency)).join(" · ");
}

/** The help line under a converted figure: what each currency holds, and how the sum was converted. */
export function CurrencyTotalsHelp({ totals, which }: { totals: MoneyTotals; which: "amountCents" | "feeCents" }) {
  if (totals.byCurrency.length === 0) return null;
  return (
    <>
      <Text as="span" display="block">
        {perCurrencyText(totals, which)}
      </Text>
      <Text as="span" display="block">
        {convertedLabel(totals)}
      </Text>
    </>
  );
}

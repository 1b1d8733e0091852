// The manual listing form's price hint: "Similar listings in Used - Good condition sell around $1,200." It follows
// the category, brand and condition fields; a polite live region announces the new figure. Empty without data.
import { Text } from "@chakra-ui/react";
import type { PriceHint } from "~/lib/pricing/price-hints.ts";

export function PriceHintNote({ hint }: { hint: PriceHint | null }) {
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite" data-price-hint={hint ? hint.cents : undefined}>
      {hint ? (
        <>
          {hint.text}{" "}
          {hint.scope === "brand"
            ? `Based on ${hint.count} sales and listings of this brand in the category on Tradebench.`
            : `Based on ${hint.count} sales and listings in the category on Tradebench.`}
        </>
      ) : null}
    </Text>
  );
}

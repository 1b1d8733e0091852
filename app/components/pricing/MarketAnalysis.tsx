// The market analysis panel of the AI wizard's review step (docs/product/pricing.md#price-guidance step 2): the first 4 comparables, a "+N more"
// note, and the chart of comparable prices over time; with none, the spec's words.
import { Badge, Box, HStack, Heading, Image, Link, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useId } from "react";
import { ImagePlaceholderIcon, ShieldCheckIcon } from "~/components/icons.tsx";
import { conditionLabel } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import { formatShortDate } from "~/lib/dates.ts";
import type { Comparable, PriceGuidance } from "~/lib/pricing/types.ts";
import { PriceHistoryChart } from "./PriceHistoryChart.tsx";

/** docs/product/pricing.md#price-guidance: market analysis items 4. */
const MARKET_ANALYSIS_ITEMS = 4;
export const NO_COMPARABLES_MESSAGE = "No comparable listings found. Our AI has generated a price based on equipment type and condition.";

function ComparableItem({ comparable, currency }: { comparable: Comparable; currency: string }) {
  const sold = comparable.source === "sold";
  return (
    <HStack as="li" align="start" gap="3" borderWidth="1px" rounded="md" p="2" minW="0" data-source={comparable.source}>
      <Box
        flexShrink={0}
        w="14"
        h="14"
        rounded="sm"
        overflow="hidden"
        bg="bg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
        color="fg.muted"
      >
        {comparable.imageUrl ? <Image src={comparable.imageUrl} alt="" w="full" h="full" objectFit="cover" loading="lazy" /> : <ImagePlaceholderIcon />}
      </Box>
      <Stack gap="1" minW="0" flex="1">
        <Link href={comparable.url} target="_blank" rel="noopener" fontWeight="medium" lineClamp={2} wordBreak="break-word">
          {comparable.title}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Link>
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="bold">{formatPrice(comparable.priceCents, currency)}</Text>
          <Badge colorPalette={sold ? "green" : "blue"} variant="subtle">
            {sold ? "Sold" : "Listed"}
          </Badge>
          <Badge variant="outline">{conditionLabel(comparable.condition)}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {sold ? "Sold" : "Listed"} {formatShortDate(comparable.date)}
          {comparable.location ? ` · ${comparable.location}` : ""}
        </Text>
        {comparable.verified ? (
          <HStack gap="1" fontSize="sm" color="green.fg">
            <ShieldCheckIcon />
            <Text as="span">Verified seller</Text>
          </HStack>
        ) : null}
      </Stack>
    </HStack>
  );
}

export function MarketAnalysis({ guidance, currency = "USD" }: { guidance: PriceGuidance; currency?: string }) {
  const headingId = useId();
  const shown = guidance.comparables.slice(0, MARKET_ANALYSIS_ITEMS);
  const more = guidance.comparables.length - shown.length;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="lg" p={{ base: "3", md: "5" }} minW="0">
      <Stack gap="4">
        <Heading as="h3" size="md" id={headingId}>
          Market analysis
        </Heading>
        {shown.length === 0 ? (
          <Text>{NO_COMPARABLES_MESSAGE}</Text>
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              Comparable sales and listings on Tradebench, most relevant first.
            </Text>
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
              {shown.map((comparable) => (
                <ComparableItem key={`${comparable.source}-${comparable.listingId}-${comparable.date}`} comparable={comparable} currency={currency} />
              ))}
            </Stack>
            {more > 0 ? (
              <Text fontSize="sm" color="fg.muted" data-more={more}>
                +{more} more comparable {more === 1 ? "listing" : "listings"}
              </Text>
            ) : null}
            {guidance.history.length >= 2 ? <PriceHistoryChart history={guidance.history} currency={currency} title="Comparable prices over time" /> : null}
          </>
        )}
      </Stack>
    </Box>
  );
}

// The lot at a glance: status badge, clock, current bid, starting price, reserve status (never the amount) and
// bid count. Kept current by the page's live snapshot.
import { Badge, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { AUCTION_STATUS_LABELS, AUCTION_STATUS_PALETTES, RESERVE_LABELS, type AuctionSnapshot } from "~/lib/auctions.ts";
import { effectiveIncrement, formatBidMoney } from "~/lib/bidding.ts";
import { formatCount } from "~/lib/money.ts";
import { Countdown } from "./Countdown.tsx";

export function AuctionStatusBadge({ status }: { status: AuctionSnapshot["status"] }) {
  return (
    // Chakra's green.600 under white text is below AA contrast: the live badge uses green.700.
    <Badge
      size="lg"
      variant="solid"
      colorPalette={AUCTION_STATUS_PALETTES[status]}
      bg={AUCTION_STATUS_PALETTES[status] === "green" ? "green.700" : undefined}
      data-testid="auction-status"
    >
      {AUCTION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function AuctionSummary({ snapshot, serverNow }: { snapshot: AuctionSnapshot; serverNow: string }) {
  const noBids = snapshot.bidCount === 0;
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {noBids ? "Starting bid" : "Current Bid"}
          </Text>
          {/* Announced when another bid moves it. */}
          <Text
            fontSize="3xl"
            fontWeight="bold"
            color="blue.fg"
            lineHeight="1.1"
            fontVariantNumeric="tabular-nums"
            aria-live="polite"
            aria-atomic="true"
            data-testid="auction-current-bid"
          >
            {formatBidMoney(snapshot.currentPriceCents, snapshot.currency)}
          </Text>
        </Stack>
        <Countdown snapshot={snapshot} serverNow={serverNow} />
      </HStack>
      <DataList.Root orientation="horizontal" gap="2" size="md" aria-label="Auction details">
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <AuctionStatusBadge status={snapshot.status} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Starting Price</DataList.ItemLabel>
          <DataList.ItemValue>{formatBidMoney(snapshot.startingPriceCents, snapshot.currency)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Reserve Price</DataList.ItemLabel>
          <DataList.ItemValue data-testid="auction-reserve">{RESERVE_LABELS[snapshot.reserve]}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Bids</DataList.ItemLabel>
          <DataList.ItemValue data-testid="auction-bid-count">{formatCount(snapshot.bidCount)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Bid increment</DataList.ItemLabel>
          <DataList.ItemValue>{formatBidMoney(effectiveIncrement(snapshot.bidIncrementCents), snapshot.currency)}</DataList.ItemValue>
        </DataList.Item>
        {snapshot.buyNowPriceCents !== null ? (
          <DataList.Item>
            <DataList.ItemLabel>Buy Now price</DataList.ItemLabel>
            <DataList.ItemValue>{formatBidMoney(snapshot.buyNowPriceCents, snapshot.currency)}</DataList.ItemValue>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      {snapshot.extensionCount > 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="auction-extended">
          Extended {snapshot.extensionCount === 1 ? "once" : `${snapshot.extensionCount} times`} by late bids.
        </Text>
      ) : null}
    </Stack>
  );
}

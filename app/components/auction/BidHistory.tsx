// The newest bids (docs/product/auctions.md#bidding: 10), bidders as first name and last initial, bids placed from a maximum marked.
import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { BidHistoryEntry } from "~/lib/auctions.ts";
import { BID_HISTORY_SIZE, formatBidMoney } from "~/lib/bidding.ts";
import { useServerNow } from "~/components/live/use-live-auctions.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";

/** docs/product/platform.md#formats relative time: "Just now" under a minute, then minutes, hours, days up to 6, then the date. */
export function formatBidTime(iso: string, nowMs: number): string {
  return formatRelativeTime(iso, nowMs);
}

export function BidHistory({ history, bidCount, currency, serverNow }: { history: BidHistoryEntry[]; bidCount: number; currency: string; serverNow: string }) {
  // Relative times only change by the minute; a slower tick is enough.
  const now = useServerNow(serverNow, 15_000);
  return (
    <Stack as="section" gap="3" aria-labelledby="bid-history-heading">
      <Heading as="h2" size="lg" id="bid-history-heading">
        Bid history
      </Heading>
      {history.length === 0 ? (
        <Text color="fg.muted">No bids yet. Be the first to bid.</Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            {bidCount > BID_HISTORY_SIZE ? `The ${BID_HISTORY_SIZE} newest of ${bidCount} bids.` : `${bidCount} bid${bidCount === 1 ? "" : "s"}.`}
          </Text>
          <Stack as="ol" gap="0" listStyleType="none" borderWidth="1px" rounded="md" data-testid="bid-history">
            {history.map((bid, index) => (
              <HStack
                as="li"
                key={bid.id}
                justify="space-between"
                gap="3"
                px="4"
                py="2.5"
                borderTopWidth={index === 0 ? "0" : "1px"}
                bg={index === 0 ? "bg.subtle" : undefined}
                data-testid="bid-history-entry"
              >
                <Stack gap="0" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {bid.bidderLabel}
                    </Text>
                    {bid.isAuto ? (
                      <Badge size="sm" colorPalette="purple" variant="subtle" title="Placed automatically from this bidder's maximum bid">
                        Auto bid
                      </Badge>
                    ) : null}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    <time dateTime={bid.createdAt}>{formatBidTime(bid.createdAt, now)}</time>
                  </Text>
                </Stack>
                <Text fontWeight="bold" fontVariantNumeric="tabular-nums" flexShrink={0}>
                  {formatBidMoney(bid.amountCents, currency)}
                </Text>
              </HStack>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

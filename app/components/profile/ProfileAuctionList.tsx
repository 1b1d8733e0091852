// The public profile's Auctions tab: a seller's auctions with status, current price, bids and end date.
import { Badge, Box, HStack, Image, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";
import { formatPrice } from "~/lib/money.ts";
import type { ProfileAuction } from "~/flows/index.server.ts";

/** docs/product/accounts.md#public-profile: active and upcoming auctions in colour, any other status grey. */
const AUCTION_STATUS_COLOURS: Record<string, string> = { active: "green", upcoming: "blue" };

export function ProfileAuctionList({ auctions }: { auctions: ProfileAuction[] }) {
  return auctions.length === 0 ? (
    <Text color="fg.muted">No auctions yet</Text>
  ) : (
    <Stack as="ul" gap="3" listStyleType="none">
      {auctions.map((auction) => (
        <HStack as="li" key={auction.id} gap="4" borderBottomWidth="1px" py="2" align="start">
          {auction.thumbnailUrl ? (
            <Image src={auction.thumbnailUrl} alt="" boxSize="16" objectFit="cover" rounded="md" />
          ) : (
            <Box boxSize="16" bg="bg.muted" rounded="md" aria-hidden="true" />
          )}
          <Stack gap="1" flex="1">
            <Link asChild color="blue.fg" fontWeight="semibold">
              <RemixLink to={`/auctions/${auction.id}`}>{auction.title}</RemixLink>
            </Link>
            <HStack gap="3" flexWrap="wrap" fontSize="sm">
              <Badge colorPalette={AUCTION_STATUS_COLOURS[auction.status] ?? "gray"}>{auction.status}</Badge>
              <Text>Current price {formatPrice(auction.currentPriceCents, auction.currency)}</Text>
              <Text color="fg.muted">
                {auction.bidCount} {auction.bidCount === 1 ? "bid" : "bids"} · Ends {formatShortDate(auction.endDate)}
              </Text>
            </HStack>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

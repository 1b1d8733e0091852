// "Closing next": the event's next lots to close, each with its own close time and a countdown in its last hour.
import { Card, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "~/components/AppLink.tsx";
import { useServerNow } from "~/components/live/use-live-auctions.ts";
import { formatBidMoney } from "~/lib/bidding.ts";
import { LotClose } from "./LotClose.tsx";

export interface ClosingLot {
  auctionId: number;
  lotNumber: number;
  title: string;
  closesAt: string;
  currentPriceCents: number;
  bidCount: number;
}

export function ClosingNext({ lots, currency, serverNow }: { lots: ClosingLot[]; currency: string; serverNow: string }) {
  const now = useServerNow(serverNow);
  if (lots.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="closing-next-heading">
      <Heading as="h2" size="lg" id="closing-next-heading">
        Closing next
      </Heading>
      <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: 5 }} gap="3" listStyleType="none">
        {lots.map((lot) => (
          <li key={lot.auctionId}>
            <Card.Root variant="outline" size="sm" height="full">
              <Card.Body gap="1" fontSize="sm">
                <Text fontWeight="semibold">Lot {lot.lotNumber}</Text>
                <Link asChild colorPalette="blue" variant="underline" overflowWrap="anywhere">
                  <AppLink to={`/auctions/${lot.auctionId}`}>{lot.title}</AppLink>
                </Link>
                <Text>
                  {formatBidMoney(lot.currentPriceCents, currency)} · {lot.bidCount} {lot.bidCount === 1 ? "bid" : "bids"}
                </Text>
                <Text as="div" color="fg.muted">
                  <LotClose closesAt={lot.closesAt} open now={now} />
                </Text>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

// On a lot page whose auction is a lot of a sale event: "Lot 17 of 240 in {event}", the previous and next lots, the
// lot's own close time and the buyer's premium, with what the current bid would cost ("You will pay … + premium …").
import { Card, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "~/components/AppLink.tsx";
import { formatEventTime, lotOfText, premiumText } from "~/lib/sale-event-pages.ts";
import { buyersPremiumCents, premiumMessage } from "~/lib/sale-events.ts";

export interface LotEventContextData {
  eventId: number;
  eventTitle: string;
  lotNumber: number;
  lotCount: number;
  previousAuctionId: number | null;
  nextAuctionId: number | null;
  currency: string;
  premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null;
}

export function LotEventContext({ context, closesAt, bidCents }: { context: LotEventContextData; closesAt: string; bidCents: number }) {
  const premium = context.premium ? buyersPremiumCents(bidCents, { percent: context.premium.percentBps, ...context.premium }) : 0;
  return (
    <Card.Root as="section" variant="subtle" aria-label="Sale event" data-testid="lot-event-context">
      <Card.Body gap="2">
        <Text fontWeight="semibold">
          <Link asChild colorPalette="blue" variant="underline">
            <AppLink to={`/sale-events/${context.eventId}`}>{lotOfText(context.lotNumber, context.lotCount, context.eventTitle)}</AppLink>
          </Link>
        </Text>
        <Text fontSize="sm">
          This lot closes <time dateTime={closesAt}>{formatEventTime(closesAt)}</time>
        </Text>
        <Stack gap="1" fontSize="sm">
          <Text>{premiumText(context.premium, context.currency)}</Text>
          {premium > 0 ? <Text data-testid="premium-message">{premiumMessage(bidCents, premium, context.currency)}</Text> : null}
        </Stack>
        <HStack as="nav" aria-label="Other lots" gap="4" fontSize="sm">
          {context.previousAuctionId !== null ? (
            <Link asChild colorPalette="blue" variant="underline">
              <AppLink to={`/auctions/${context.previousAuctionId}`} rel="prev">
                Previous lot
              </AppLink>
            </Link>
          ) : null}
          {context.nextAuctionId !== null ? (
            <Link asChild colorPalette="blue" variant="underline">
              <AppLink to={`/auctions/${context.nextAuctionId}`} rel="next">
                Next lot
              </AppLink>
            </Link>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

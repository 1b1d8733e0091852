// One sale event in the /sale-events listing: title, house, location, lot count, the close schedule and the status.
import { Badge, Card, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "~/components/AppLink.tsx";
import { formatCount } from "~/lib/money.ts";
import { closeScheduleText, formatEventTime, SALE_EVENT_STATUS_LABELS } from "~/lib/sale-event-pages.ts";
import type { SaleEventStatus } from "~/lib/sale-events.ts";

export interface SaleEventCardData {
  id: number;
  title: string;
  house: string;
  location: string;
  lotCount: number;
  startsAt: string;
  firstCloseAt: string;
  closeIntervalSeconds: number;
  status: SaleEventStatus;
}

export const STATUS_PALETTE: Readonly<Record<SaleEventStatus, string>> = {
  draft: "gray",
  scheduled: "blue",
  live: "green",
  closing: "orange",
  closed: "gray",
  cancelled: "red",
};

export function SaleEventCard({ event }: { event: SaleEventCardData }) {
  return (
    <Card.Root as="article" variant="outline" height="full" data-testid="sale-event-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Heading as="h2" size="md" overflowWrap="anywhere">
            <Link asChild colorPalette="blue" variant="underline">
              <AppLink to={`/sale-events/${event.id}`}>{event.title}</AppLink>
            </Link>
          </Heading>
          <Badge colorPalette={STATUS_PALETTE[event.status]} variant="solid" flexShrink="0">
            {SALE_EVENT_STATUS_LABELS[event.status]}
          </Badge>
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Text>
            By <strong>{event.house}</strong>
            {event.location ? ` · ${event.location}` : ""}
          </Text>
          <Text>
            {formatCount(event.lotCount)} {event.lotCount === 1 ? "lot" : "lots"}
            {event.status === "scheduled" ? ` · Bidding opens ${formatEventTime(event.startsAt)}` : ""}
          </Text>
          <Text color="fg.muted">{closeScheduleText(event.firstCloseAt, event.closeIntervalSeconds)}</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
